"""Revisions of the room's schema, oldest first."""
