"""boggle on the word index."""
