#!/usr/bin/python3
"""Differential fuzzer: random autograd programs run by autogradviz and by PyTorch 1.13.

    nice -n 10 /usr/bin/python3 tests/fuzz/differential/diff_fuzz.py --minutes 30 \\
        --binary build/app/autogradviz --out /tmp/diverging [--seed S] [--reduce]

Each program (program_gen.py: ops on random shapes and dtypes, views and in-place ops on
them, hooks, retain_grad, backward with and without retain_graph, torch.autograd.grad,
no_grad / inference_mode, detach, requires_grad_, and errors on purpose) is written to a
temporary folder and run with `BINARY --run prog.py` and with real PyTorch. The two runs
are compared as tests/conformance compares them (outputs.py): stdout, the exit code, and
what of stderr the script determines. PyTorch runs in a fork server (torch_forkserver.py)
that imports torch once; a divergence is confirmed with a fresh `/usr/bin/python3
prog.py` the first time its signature is seen, printed as the first differing line, and saved to --out as
`s<seed>_<index>.py` with the engine's and PyTorch's outputs beside it (`--reduce` also
saves `..._min.py`, shrunk block by block). Program (seed, index) is always the same text:

    /usr/bin/python3 tests/fuzz/differential/program_gen.py SEED INDEX > prog.py

Options: --minutes N (wall time, default 5), --count N (stop after N programs instead),
--seed S (default: from the clock, printed), --start I (first index), --binary PATH
(default build/app/autogradviz), --out DIR (default ./diff_fuzz_out), --timeout SECONDS
per program and side (default 30), --fresh (no fork server: `python3 prog.py` every time),
--reduce, --quiet; --reduce-file PROG shrinks one saved program and prints it. At the end it prints the programs run and the divergences found
(with how many distinct signatures); the exit status is 1 when any diverged.
"""

import argparse
import os
import shutil
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from outputs import compare, digest  # noqa: E402
from program_gen import generate  # noqa: E402
from reduce import reduce_program  # noqa: E402
from runners import EngineRunner, ForkTorchRunner, FreshTorchRunner  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
SCRIPT = "prog.py"


class Differ:
    """Runs a program text on both sides and compares."""

    def __init__(self, engine, torch_runner, fresh_torch, workdir):
        self.engine = engine
        self.torch = torch_runner
        self.fresh = fresh_torch
        self.path = os.path.join(workdir, SCRIPT)
        self.confirmed = set()  # signatures a fresh PyTorch has shown already

    def write(self, source):
        with open(self.path, "w", encoding="utf-8") as f:
            f.write(source)

    def check(self, source, confirm=True):
        """(divergence or None, PyTorch's result, the engine's result)."""
        self.write(source)
        expected = self.torch.run(self.path)
        actual = self.engine.run(self.path)
        found = compare(digest(expected, SCRIPT), digest(actual, SCRIPT))
        if found and confirm and self.fresh is not self.torch and found.signature() not in self.confirmed:
            expected = self.fresh.run(self.path)
            found = compare(digest(expected, SCRIPT), digest(actual, SCRIPT))
            if found:
                self.confirmed.add(found.signature())
        return found, expected, actual


def save(out_dir, stem, source, expected, actual, divergence):
    os.makedirs(out_dir, exist_ok=True)
    base = os.path.join(out_dir, stem)
    with open(base + ".py", "w", encoding="utf-8") as f:
        f.write(source)
    for suffix, text in ((".torch.out", expected.stdout), (".torch.err", expected.stderr),
                         (".engine.out", actual.stdout), (".engine.err", actual.stderr)):
        with open(base + suffix, "w", encoding="utf-8") as f:
            f.write(text)
    with open(base + ".diff", "w", encoding="utf-8") as f:
        f.write("exit codes: pytorch %d, engine %d\n%s\n" % (expected.code, actual.code, divergence.describe()))
    return base + ".py"


def reduce_file(differ, path, reference, workdir):
    """--reduce-file: prints the smallest program that diverges as PROG does."""
    try:
        with open(path, encoding="utf-8") as f:
            source = f.read()
        found = differ.check(source)[0]
        if not found:
            print("%s does not diverge" % path)
            return 0
        sig = found.signature()
        small = reduce_program(source, lambda text: (lambda d: d is not None and d.signature() == sig)(
            differ.check(text, confirm=False)[0]))
        print(small, end="")
        print("# " + differ.check(small)[0].describe().replace("\n", "\n# "))
        return 1
    finally:
        reference.close()
        shutil.rmtree(workdir, ignore_errors=True)


def parse_args(argv):
    p = argparse.ArgumentParser(description="Differential fuzzer: autogradviz against PyTorch 1.13.")
    p.add_argument("--minutes", type=float, default=5.0)
    p.add_argument("--count", type=int, default=None)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--binary", default=os.path.join(ROOT, "build", "app", "autogradviz"))
    p.add_argument("--out", default="diff_fuzz_out")
    p.add_argument("--timeout", type=float, default=30.0)
    p.add_argument("--fresh", action="store_true")
    p.add_argument("--reduce", action="store_true")
    p.add_argument("--quiet", action="store_true")
    p.add_argument("--reduce-file", metavar="PROG", help="shrink this diverging program and print it")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    seed = args.seed if args.seed is not None else int(time.time()) % 100000
    if not os.access(args.binary, os.X_OK):
        sys.exit("no engine binary at %s (--binary)" % args.binary)
    print("diff_fuzz: seed %d, binary %s, %s" % (
        seed, args.binary, "%d programs" % args.count if args.count is not None else "%g minutes" % args.minutes),
        flush=True)
    workdir = tempfile.mkdtemp(prefix="diff_fuzz_")
    engine = EngineRunner(args.binary, args.timeout)
    fresh = FreshTorchRunner(args.timeout)
    reference = fresh if args.fresh else ForkTorchRunner(args.timeout)
    differ = Differ(engine, reference, fresh, workdir)
    if args.reduce_file:
        return reduce_file(differ, args.reduce_file, reference, workdir)
    deadline = time.monotonic() + args.minutes * 60
    programs = divergences = 0
    signatures = {}
    index = args.start
    try:
        while (programs < args.count) if args.count is not None else (time.monotonic() < deadline):
            source = generate(seed, index)
            found, expected, actual = differ.check(source)
            programs += 1
            if found:
                divergences += 1
                sig = found.signature()
                first = sig not in signatures
                signatures.setdefault(sig, []).append(index)
                stem = "s%d_%d" % (seed, index)
                path = save(args.out, stem, source, expected, actual, found)
                print("DIVERGENCE seed %d index %d%s -> %s\n%s" % (
                    seed, index, "" if first else " (seen before)", path, found.describe()), flush=True)
                if args.reduce and first:
                    small = reduce_program(
                        source, lambda text: (lambda d: d is not None and d.signature() == sig)(
                            differ.check(text, confirm=False)[0]))
                    small_found, e2, a2 = differ.check(small)
                    if small_found:
                        print("  reduced to %s" % save(args.out, stem + "_min", small, e2, a2, small_found), flush=True)
            elif not args.quiet and programs % 50 == 0:
                print("... %d programs, %d divergences" % (programs, divergences), flush=True)
            index += 1
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    finally:
        reference.close()
        shutil.rmtree(workdir, ignore_errors=True)
    print("diff_fuzz: seed %d, indices %d..%d: %d programs run, %d divergences (%d distinct)" % (
        seed, args.start, index - 1, programs, divergences, len(signatures)))
    for sig, indices in signatures.items():
        print("  %4d x  %s   e.g. index %d" % (len(indices), sig, indices[0]))
    return 1 if divergences else 0


if __name__ == "__main__":
    sys.exit(main())
