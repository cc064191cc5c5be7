"""Start-up cost of hoyle: the CPU time of ``import hoyle``, ``hoyle --help`` and ``hoyle odds poker``.

Each case runs in a fresh interpreter ``--runs`` times; the figure is the minimum CPU time (user + system) of the
child process, which a loaded machine inflates least.  ``import hoyle`` is also timed inside the child by
``time.process_time`` around the import alone, without the interpreter's own start-up.

Bytecode is cached in a temporary directory (``PYTHONPYCACHEPREFIX``; warmed by one run first), as an installed
package has it; ``--no-bytecode`` times a checkout run with ``PYTHONDONTWRITEBYTECODE`` instead, where every
module is compiled from source at each start.

    python bench/startup.py [--runs N] [--no-bytecode]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile

_IMPORT = "import time; t = time.process_time(); import hoyle; print(time.process_time() - t)"

CASES: dict[str, list[str]] = {
    "python -c pass (the interpreter alone)": ["-c", "pass"],
    "python -c 'import hoyle'": ["-c", "import hoyle"],
    "hoyle --help": ["-m", "hoyle.cli", "--help"],
    "hoyle odds poker": ["-m", "hoyle.cli", "odds", "poker"],
    "hoyle odds poker --mistigris": ["-m", "hoyle.cli", "odds", "poker", "--mistigris"],
}


def _child_cpu(args: list[str], env: dict[str, str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *args], env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7, help="runs of each case; the minimum is reported")
    ap.add_argument("--no-bytecode", action="store_true", help="compile from source each time (no .pyc)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ)
        if args.no_bytecode:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        else:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = cache
            for case in CASES.values():  # warm the bytecode cache
                _child_cpu(case, env)
        inside = min(
            float(
                subprocess.run(
                    [sys.executable, "-c", _IMPORT], env=env, check=True, text=True, capture_output=True
                ).stdout
            )
            for _ in range(args.runs)
        )
        print(f"{'import hoyle, timed inside the process':45} {inside * 1000:7.1f} ms CPU")
        for name, case in CASES.items():
            best = min(_child_cpu(case, env) for _ in range(args.runs))
            print(f"{name:45} {best * 1000:7.1f} ms CPU (whole process)")


if __name__ == "__main__":
    main()
