"""The games of the library, one folder each."""
