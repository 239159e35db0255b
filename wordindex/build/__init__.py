"""Building an index: reading a word list, the scratch file, the derived tables, the loaders and the
atomic swap.
"""
