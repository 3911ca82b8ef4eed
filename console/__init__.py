"""The ST Console: the Textual app and the command line. Imports engine and saves."""
