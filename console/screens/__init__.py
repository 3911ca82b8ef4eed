"""Screens of the console: the shell every scene screen shares, one screen per rule family,
and the dialogs (``ModalScreen[T]`` returning with ``dismiss``)."""
