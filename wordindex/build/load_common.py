"""What the build's stages share: the batch size."""

#: Rows (and words) handled at once everywhere in a build: words whose features are computed and
#: loaded together, rows between two progress reports, word steps the helper writes.
BATCH = 20_000
