"""The modules the fifth game's declaration names: importing one registers that part."""
