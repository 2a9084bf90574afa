"""The search's speed and simple's time per decision against an older tree,
in the same run (issue 26: at least 3x the engine of commit 00d343b).

    git worktree add /tmp/base26 00d343b
    python bench/speed_baseline.py /tmp/base26 [--runs 3] [--seed 0]
    python bench/speed_baseline.py /tmp/base26 --same-positions 150 --seeds 8

Each run measures the baseline tree, then this one, alternately, so a busy
machine slows both alike; times are CPU seconds. Both trees are measured by
the same code, compiled in a fresh process whose imports (engine, ai) come
from the tree measured:

- by default, this tree's bench/ai.py `search_speed` and `simple_speed` (what
  `python bench/ai.py --only speed` prints). Their positions come from random
  play under each tree's newest rules, so the two trees search different
  positions (and a 1 s budget or an early stop weighs them differently);
- `--same-positions N`: the same positions in both trees (random play under
  rules version 3, the baseline's newest; seeds 0 to `--seeds` - 1, solo and
  2-4 players, the moments `search_speed` uses), each searched with N
  play-outs and no early stop: engine decisions per CPU second over all of them.
"""

from __future__ import annotations

import argparse
import ast
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # same_positions runs in the measured tree's process, with its imports
    from ai import Budget
    from ai.search import search
    from engine import Action, Game, GameOptions

HERE = Path(__file__).resolve().parent.parent
MEASURES = ("search_speed", "simple_speed")

# Run in the measured tree, with that tree's imports.
_CHILD = """
import json, random, sys, time
tree, source, seed, same, seeds = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:])
sys.path.insert(0, tree)
from ai import Budget
from ai.search import search
from engine import Action, Game, GameOptions
names = dict(random=random, time=time, Budget=Budget, search=search, Action=Action,
             Game=Game, GameOptions=GameOptions)
exec(compile(source, "bench/ai.py", "exec"), names)
if same:
    print(json.dumps({"same_positions": names["same_positions"](same, seeds)}))
else:
    print(json.dumps({"search_speed": names["search_speed"](1.0, seed),
                      "simple_cpu_per_decision": names["simple_speed"](seed)}))
"""


def same_positions(iterations: int, seeds: int) -> dict:
    """Decisions per CPU second of fixed-budget searches from the same
    positions in either tree (rules version 3; run in the measured tree)."""
    decisions = searches = 0
    spent = 0.0
    for seed in range(seeds):
        for players, steps in ((1, 20), (2, 30), (3, 60), (4, 90)):
            difficulty = "easy" if players == 1 else None
            options = GameOptions(players=players, difficulty=difficulty, rules_version=3)
            g = Game.new(options, seed)
            r = random.Random(seed)
            for _ in range(steps):
                if g.is_over:
                    break
                d = g.decision
                g.apply(Action(d.seat, r.choice(d.options).id))
            if g.is_over or len(g.decision.options) < 2:
                continue
            view = g.view(g.decision.seat)
            t0 = time.process_time()
            res = search(view, random.Random(seed), Budget(iterations=iterations), False)
            spent += time.process_time() - t0
            decisions += res.decisions
            searches += 1
    return {
        "searches": searches,
        "decisions": decisions,
        "seconds": round(spent, 2),
        "decisions_per_second": round(decisions / spent),
    }


def measuring_source() -> str:
    """bench/ai.py's measuring functions and `same_positions`, as source."""
    path = HERE / "bench" / "ai.py"
    tree = ast.parse(path.read_text())
    found = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in MEASURES]
    assert len(found) == len(MEASURES), "bench/ai.py lost a measuring function"
    ours = ast.parse(Path(__file__).read_text())
    found += [n for n in ours.body if isinstance(n, ast.FunctionDef) and n.name == "same_positions"]
    return "from __future__ import annotations\n\n" + "\n\n".join(ast.unparse(n) for n in found)


def measure(tree: Path, source: str, seed: int, same: int, seeds: int) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(tree), source, str(seed), str(same), str(seeds)],
        cwd=tree,
        capture_output=True,
        text=True,
    )
    if out.returncode:
        raise SystemExit(f"{tree}: the measurement failed\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("baseline", type=Path, help="a worktree of the older commit")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0, help="the positions' seed (bench/ai.py: 0)")
    parser.add_argument("--same-positions", type=int, default=0, metavar="N", help="play-outs")
    parser.add_argument("--seeds", type=int, default=8, help="with --same-positions")
    args = parser.parse_args()
    source = measuring_source()
    key = "same_positions" if args.same_positions else "search_speed"
    ratios, simple = [], []
    for run in range(args.runs):
        both = [
            measure(tree, source, args.seed, args.same_positions, args.seeds)
            for tree in (args.baseline.resolve(), HERE)
        ]
        base, ours = both
        ratio = ours[key]["decisions_per_second"] / base[key]["decisions_per_second"]
        ratios.append(ratio)
        if not args.same_positions:
            simple.append(
                base["simple_cpu_per_decision"]["mean_ms"]
                / ours["simple_cpu_per_decision"]["mean_ms"]
            )
        print(json.dumps({"run": run + 1, "baseline": base, "ours": ours}), flush=True)
        print(json.dumps({"run": run + 1, "decisions_per_second_ratio": round(ratio, 2)}))
    summary: dict = {
        key + "_ratio": {
            "min": round(min(ratios), 2),
            "median": round(statistics.median(ratios), 2),
        }
    }
    if simple:
        summary["simple_mean_ms_ratio_baseline_over_ours"] = round(statistics.median(simple), 2)
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
