"""The hrdeck command line: a thin typer app over `generator` and `engine`."""

__version__ = "0.1.0"
