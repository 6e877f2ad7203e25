#!/usr/bin/python3
"""Self-test of the differential fuzzer, run by CTest as diff_fuzz_selftest (a few seconds):

    /usr/bin/python3 tests/fuzz/differential/selftest.py --binary build/app/autogradviz

1. program (seed, index) is the same text every time, and valid Python;
2. generated programs run under the engine to their end: no crash, no timeout, exit
   status 0 or 1 (1 only for a program that ends with an uncaught error on purpose);
3. the runner finds no divergence where there is none: a plain program and one that dies
   with an uncaught error (its traceback names the script by different paths);
4. the runner finds a divergence that is there: a line printing the name of torch's C
   module (`torch._C` in PyTorch, `_agv_torch` in the engine) injected at the start of a
   generated program is reported as the first divergence, at that line, with both texts.
"""

import argparse
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from diff_fuzz import Differ  # noqa: E402
from program_gen import BLOCK_MARK, PRELUDE, generate  # noqa: E402
from runners import EngineRunner, ForkTorchRunner, FreshTorchRunner  # noqa: E402

SEEDS = [(1, 0), (1, 1), (2, 5), (3, 7), (2024, 0)]
INJECTED = "print(torch._C.__name__)"


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def test_deterministic_and_valid():
    for seed, index in SEEDS:
        text = generate(seed, index)
        check(text == generate(seed, index), "program (%d, %d) is not reproducible" % (seed, index))
        compile(text, "prog.py", "exec")
        check(BLOCK_MARK in text, "program (%d, %d) has no blocks" % (seed, index))
    check(generate(1, 0) != generate(1, 1), "two indices gave the same program")


def test_runs_under_engine(engine, workdir):
    path = os.path.join(workdir, "prog.py")
    for seed, index in SEEDS:
        text = generate(seed, index)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        result = engine.run(path)
        ends_uncaught = "uncaught" in text
        check(not result.timed_out, "program (%d, %d) timed out under the engine" % (seed, index))
        check(result.code in ((0, 1) if ends_uncaught else (0,)),
              "program (%d, %d) exited %d under the engine:\n%s" % (seed, index, result.code, result.stderr[-2000:]))
        check(result.stdout.count("\n") > 5, "program (%d, %d) printed almost nothing" % (seed, index))


def test_no_false_divergence(differ):
    plain = PRELUDE.format(torch_seed=0) + "show('x', torch.tensor([1.5, -2.0]) * 2)\nprint('done')\n"
    found = differ.check(plain)[0]
    check(found is None, "a plain program diverged: %s" % (found and found.describe()))
    failing = PRELUDE.format(torch_seed=0) + "print('before')\ntorch.ones(2).view(3)\n"
    found, expected, actual = differ.check(failing)
    check(expected.code == 1 and actual.code == 1, "the failing program did not fail on both sides")
    check(found is None, "an uncaught error diverged: %s" % (found and found.describe()))


def test_injected_divergence(differ):
    text = generate(*SEEDS[0])
    head, sep, tail = text.partition("\n" + BLOCK_MARK)
    injected = head + "\n" + INJECTED + sep + tail
    found = differ.check(injected, confirm=False)[0]
    check(found is not None, "the injected divergence was not found")
    check(found.where == "stdout" and found.line == 1,
          "the injected divergence was reported elsewhere: %s" % found.describe())
    check(found.expected == "torch._C" and found.actual == "_agv_torch",
          "the injected divergence has the wrong texts: %s" % found.describe())


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="diff_fuzz_selftest_")
    engine = EngineRunner(args.binary, timeout=30)
    reference = ForkTorchRunner(timeout=30)
    differ = Differ(engine, reference, FreshTorchRunner(timeout=30), workdir)
    try:
        for test in (test_deterministic_and_valid, lambda: test_runs_under_engine(engine, workdir),
                     lambda: test_no_false_divergence(differ), lambda: test_injected_divergence(differ)):
            test()
    finally:
        reference.close()
        shutil.rmtree(workdir, ignore_errors=True)
    print("diff_fuzz selftest: ok")


if __name__ == "__main__":
    main()
