"""The wordindex command line (installed as ``wordindex.cli``).

All user interaction lives here: parsing, prompts, rendering. Commands call
the library in ``wordindex`` and turn its named errors into one line.
"""
