"""The players' view: ``st-console player`` and ``st-console serve`` (INTERFACE.md)."""
