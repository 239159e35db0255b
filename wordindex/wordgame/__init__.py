"""wordgame on the word index."""
