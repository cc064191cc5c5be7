"""The search bot's solving process: positions in on stdin, their values out on stdout.

Run by :mod:`hoyle.bots.search` as ``python -m hoyle.bots._solve_worker``.  Each request is a pickled
``(position, cards)`` behind its length (8 bytes, big-endian); each answer the pickled
``("ok", (seats, minimise, {card: tricks}))`` or ``("error", (exception type name, message))``.
Only the parent writes to this process, so unpickling its requests trusts no one else.
"""

from __future__ import annotations

import pickle
import sys
from typing import IO, Any


def read_message(f: IO[bytes]) -> Any:
    """One length-prefixed pickle from ``f``; ``EOFError`` at the end of the stream."""
    head = f.read(8)
    if len(head) < 8:
        raise EOFError("the stream ended")
    size = int.from_bytes(head, "big")
    body = f.read(size)
    if len(body) < size:
        raise EOFError("the stream ended inside a message")
    return pickle.loads(body)


def write_message(f: IO[bytes], obj: Any) -> None:
    body = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    f.write(len(body).to_bytes(8, "big") + body)
    f.flush()


def main() -> None:
    from ..solver import solve_position

    inp, out = sys.stdin.buffer, sys.stdout.buffer
    while True:
        try:
            pos, cards = read_message(inp)
        except EOFError:
            return
        try:
            s = solve_position(pos, cards=cards)
            values = {int(a.card): v for a, v in s.tricks.items() if a.card is not None}
            write_message(out, ("ok", (s.seats, s.minimise, values)))
        except Exception as exc:
            write_message(out, ("error", (type(exc).__name__, str(exc))))


if __name__ == "__main__":
    main()
