"""hangman on the word index."""
