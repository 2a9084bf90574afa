"""The search's speed and simple's time per decision against an older tree,
in the same run (issue 26: at least 3x the engine of commit 00d343b).

    git worktree add /tmp/base26 00d343b
    python bench/speed_baseline.py /tmp/base26 [--runs 3]

Each run measures the baseline tree, then this one, alternately, so a busy
machine slows both alike. Both are measured by the same code: this tree's
bench/ai.py `search_speed` and `simple_speed` (CPU seconds), compiled in a
fresh process whose imports (engine, ai) come from the tree measured.
"""

from __future__ import annotations

import argparse
import ast
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
MEASURES = ("search_speed", "simple_speed")

# Run in the measured tree: bench/ai.py's two functions, with that tree's imports.
_CHILD = """
import json, random, sys, time
tree, source = sys.argv[1], sys.argv[2]
sys.path.insert(0, tree)
from ai import Budget
from ai.search import search
from engine import Action, Game, GameOptions
names = dict(random=random, time=time, Budget=Budget, search=search, Action=Action,
             Game=Game, GameOptions=GameOptions)
exec(compile(source, "bench/ai.py", "exec"), names)
print(json.dumps({"search_speed": names["search_speed"](1.0, 0),
                  "simple_cpu_per_decision": names["simple_speed"](0)}))
"""


def measuring_source() -> str:
    """bench/ai.py's measuring functions, as source."""
    path = HERE / "bench" / "ai.py"
    tree = ast.parse(path.read_text())
    found = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name in MEASURES]
    assert len(found) == len(MEASURES), "bench/ai.py lost a measuring function"
    return "from __future__ import annotations\n\n" + "\n\n".join(ast.unparse(n) for n in found)


def measure(tree: Path, source: str) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(tree), source],
        cwd=tree,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("baseline", type=Path, help="a worktree of the older commit")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    source = measuring_source()
    ratios, simple = [], []
    for run in range(args.runs):
        base = measure(args.baseline.resolve(), source)
        ours = measure(HERE, source)
        ratio = (
            ours["search_speed"]["decisions_per_second"]
            / base["search_speed"]["decisions_per_second"]
        )
        ratios.append(ratio)
        simple.append(
            base["simple_cpu_per_decision"]["mean_ms"] / ours["simple_cpu_per_decision"]["mean_ms"]
        )
        print(json.dumps({"run": run + 1, "baseline": base, "ours": ours}), flush=True)
        print(json.dumps({"run": run + 1, "decisions_per_second_ratio": round(ratio, 2)}))
    print(
        json.dumps(
            {
                "search_decisions_per_second_ratio": {
                    "min": round(min(ratios), 2),
                    "median": round(statistics.median(ratios), 2),
                },
                "simple_mean_ms_ratio_baseline_over_ours": round(statistics.median(simple), 2),
            }
        )
    )


if __name__ == "__main__":
    main()
