"""Questions about words on an opened index: patterns, lookups, prefix walks and commonness levels."""
