from hrdeck.cli import main

main()
