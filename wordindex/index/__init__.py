"""The index as stored: its schema and migrations, where it lives, opening it, its generations and the
copy a server worker holds in memory.
"""
