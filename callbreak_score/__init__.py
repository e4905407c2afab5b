"""callbreak-score: a command-line score tracker for Call Break."""

__version__ = "0.1.0"
