#!/usr/bin/env python3
"""Two solvers side by side: this checkout's and another revision's.

    python3 scripts/solver-compare.py BASE [--rules IDS] [--deals N] [--rounds K]

Builds `solver-bench` at BASE (a commit, branch or tag) in a worktree of
its own under target/compare/, and this checkout's as it is, then runs the
two alternately, K rounds each over deals 1..=N, so that both see the same
load on a busy machine. It prints, per rule set, each binary's median, p99
and worst time (the median of each figure over the rounds), the ratio new /
old, and whether the two count the same positions and give the same
verdict on every deal (a deal one left undecided may be decided by the
other, but no win may turn into a loss or back; a change that only makes
the search faster counts the same positions too). It prints figures and
asserts nothing but the verdicts.
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRESETS = "classic,easy,medium,hard,relaxed,traditional,par"


def run(cmd, **kw):
    return subprocess.run(cmd, check=True, **kw)


def build(worktree, target):
    env = dict(os.environ, CARGO_TARGET_DIR=target)
    run(["cargo", "build", "--release", "--offline", "-q", "-p", "pyramid-engine",
         "--bin", "solver-bench"], cwd=worktree, env=env)
    return os.path.join(target, "release", "solver-bench")


def bench(binary, rules, deals, results):
    """One run: {rules: (median, p99, max)} in ms, and the results file."""
    out = run([binary, "--deals", str(deals), "--rules", rules, "--results", results],
              capture_output=True, text=True).stdout
    figures = {}
    for line in out.splitlines()[1:]:
        cols = line.split()
        if len(cols) >= 7 and cols[0] != "(peak":
            figures[cols[0]] = tuple(float(c) for c in cols[4:7])
    return figures


def outcomes(path):
    """{(rules, deal): (outcome, nodes)} from a results file."""
    with open(path) as f:
        return {(c[0], c[1]): (c[2], c[3]) for c in (line.split() for line in f)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base", help="the revision to compare with")
    parser.add_argument("--rules", default=PRESETS)
    parser.add_argument("--deals", type=int, default=10000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    if args.deals < 1 or args.rounds < 1:
        sys.exit("solver-compare: --deals and --rounds take a whole number of at least 1")

    compare = os.path.join(ROOT, "target", "compare")
    os.makedirs(compare, exist_ok=True)
    base_tree = os.path.join(compare, "base")
    if os.path.exists(base_tree):
        run(["git", "worktree", "remove", "--force", base_tree], cwd=ROOT)
    run(["git", "worktree", "add", "-q", "--detach", base_tree, args.base], cwd=ROOT)
    try:
        old = build(base_tree, os.path.join(compare, "target-base"))
        new = build(ROOT, os.path.join(ROOT, "target"))
        runs = {"old": [], "new": []}
        with tempfile.TemporaryDirectory() as tmp:
            files = {}
            for i in range(args.rounds):
                for name, binary in (("old", old), ("new", new)):
                    files[name] = os.path.join(tmp, f"{name}.txt")
                    runs[name].append(bench(binary, args.rules, args.deals, files[name]))
                    print(f"round {i + 1} of {args.rounds}: {name} done", file=sys.stderr)
            a, b = outcomes(files["old"]), outcomes(files["new"])
    finally:
        run(["git", "worktree", "remove", "--force", base_tree], cwd=ROOT)

    print(f"deals 1..={args.deals}, {args.rounds} alternate rounds; old = {args.base}, new = this checkout")
    print(f"{'rules':<40} {'old median/p99/max ms':>24} {'new median/p99/max ms':>24} {'new/old median':>15}  positions")
    verdicts_differ = []
    for rules in runs["new"][0]:
        fig = {n: [statistics.median(r[rules][k] for r in runs[n]) for k in range(3)] for n in runs}
        keys = [k for k in b if k[0] == rules]
        # A deal the old search left undecided may be decided now.
        changed = [k for k in keys
                   if {a.get(k, ("", ""))[0], b[k][0]} == {"win", "loss"}]
        verdicts_differ += changed
        same_nodes = all(a.get(k, ("", ""))[1] == b[k][1] for k in keys)
        ratio = fig["new"][0] / fig["old"][0] if fig["old"][0] else float("nan")
        print(f"{rules:<40} {'/'.join(f'{v:g}' for v in fig['old']):>24} "
              f"{'/'.join(f'{v:g}' for v in fig['new']):>24} {ratio:>15.2f}  "
              f"{'the same' if same_nodes else 'differ'}")
    if verdicts_differ:
        shown = ", ".join(f"{r} {d}" for r, d in verdicts_differ[:10])
        sys.exit(f"solver-compare: the verdicts differ on {len(verdicts_differ)} deals: {shown}")


if __name__ == "__main__":
    main()
