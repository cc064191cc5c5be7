"""Every game hoyle plays; importing this package registers them all."""

from . import whist

__all__ = ["whist"]
