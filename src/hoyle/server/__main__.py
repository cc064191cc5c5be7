"""``python -m hoyle.server``: the room with every knob (see :mod:`hoyle.server.main`)."""

from .main import main

if __name__ == "__main__":
    main()
