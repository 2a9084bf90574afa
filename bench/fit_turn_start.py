"""What the plans' play-outs say about simple's options at a solo turn's start (issue 27).

    # from the worktree root; `fit` needs numpy (the bots do not)
    python bench/fit_turn_start.py play --games 40 --seed 2000 --step 2 --out /tmp/t/a.jsonl
    python bench/fit_turn_start.py fit /tmp/t/*.jsonl --ridge 100 --out /tmp/t/w.json
    python bench/fit_turn_start.py eval --weights /tmp/t/w.json --level simple0 \
        --games 400 --seed 0 > /tmp/t/after.jsonl
    python bench/paired.py before.jsonl /tmp/t/after.jsonl

`play` plays simple (settling one step deep, as in the plans' play-outs)
solo against Hal at easy. At each of our turn starts with a choice it takes
simple's `--top` best options and plays each on as ai/plan.py does: on
`--samples` determinizations of our view (ai/determinize.py), every option
sharing each sample's dice and play-out choices, by simple for two rounds,
judged there by ai/value.py (or by the final margin, a strict win counted).
It writes one JSON line per decision: for each option, the standing simple
ranked it by, ai/value.py's `vector` where simple's turn ends, and the
play-outs' margins. Seeds from 2000 on: the evaluation seeds (0-399) stay
unseen.

`fit` fits, within each decision (so whatever the decision's options share
cancels), the play-outs' mean margin less simple's standing on the
standardized `vector` (ridge `--ridge`; `--leave-out` features stay
uncorrected), holding out every fifth game's seeds in turn to report how
much better the corrected ranking's first option plays out than simple's,
and writes the weights in `vector`'s own units.

`eval` plays solo games at easy with simple's ranking of a solo turn's
start corrected by those weights (patched into ai/rules.py and ai/plan.py in
this process only), one bench/ai.py line per game: `--level simple0` is
simple settling one step deep (the plans' play-out policy), `plan` the plan
level at `--iterations` play-outs. It was not kept (bench/AI_RESULTS.md,
"turns27"): ai/ is unchanged.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.determinize import determinize  # noqa: E402
from ai.plan import play_out  # noqa: E402
from ai.rules import ranked_options, simple_choice  # noqa: E402
from ai.value import FEATURES, WEIGHTS_FILE, vector  # noqa: E402
from engine.decision import Action  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.state import GameOptions  # noqa: E402


def decisions_of(seed: int, top: int, samples: int):
    """One game's turn-start decisions with their options' play-outs."""
    g = Game.new(GameOptions(players=1, difficulty="easy"), seed)
    rng = random.Random(f"gen:{seed}")
    while not g.is_over:
        d = g.decision
        assert d is not None
        if d.seat == 0 and d.kind == "turn" and not g.state.turn and len(d.options) > 1:
            yield _options_played_on(g, rng, top, samples)
        g.apply(Action(d.seat, simple_choice(g, rng)))


def _options_played_on(g: Game, rng: random.Random, top: int, samples: int) -> dict:
    from ai.rules import _after, _settle

    view = g.view(0)
    options = []
    for _, option in ranked_options(g, rng)[:top]:
        h = _after(g, 0, option)
        standing = _settle(h, 0)
        options.append({"option": option, "standing": standing, "x": vector(h, 0), "q": []})
        h.release()
    for _ in range(samples):
        sample = determinize(view, rng)
        dice, choices = rng.getrandbits(62), rng.getrandbits(62)
        for o in options:
            x = sample.copy()
            x.state.seed, x.state.rng_counter = dice, 0  # the same dice for every option
            x.apply(Action(0, o["option"]))
            o["q"].append(play_out(x, 0, random.Random(choices)))
        sample.release()
    return {"round": g.state.round, "options": options}


def cmd_play(args: argparse.Namespace) -> None:
    with open(args.out, "a") as out:
        for seed in range(args.seed, args.seed + args.games * args.step, args.step):
            for row in decisions_of(seed, args.top, args.samples):
                out.write(json.dumps({"seed": seed, **row}) + "\n")
                out.flush()
            print(f"seed {seed} done", file=sys.stderr, flush=True)


def cmd_fit(args: argparse.Namespace) -> None:
    import numpy as np

    shipped = json.loads(WEIGHTS_FILE.read_text())
    mean, scale = np.array(shipped["mean"]), np.array(shipped["scale"])
    rows = [json.loads(line) for path in args.files for line in Path(path).read_text().splitlines()]
    data = []
    for r in rows:
        o = r["options"]
        if len(o) < 2:
            continue
        standing = np.array([x["standing"] for x in o])
        q = np.array([np.mean(x["q"]) for x in o])
        z = (np.array([x["x"] for x in o]) - mean) / scale
        z[:, [FEATURES.index(k) for k in args.leave_out]] = 0.0  # not corrected
        data.append((standing, q, z, r["seed"]))

    def fit(idx: list[int]) -> np.ndarray:
        a = np.concatenate([data[i][2] - data[i][2].mean(0) for i in idx])
        gap = [data[i][1] - data[i][0] for i in idx]
        y = np.concatenate([v - v.mean() for v in gap])
        return np.linalg.solve(a.T @ a + args.ridge * np.eye(a.shape[1]), a.T @ y)

    seeds = sorted({d[3] for d in data})
    gains = []
    for k in range(5):
        held = set(seeds[k::5])
        w = fit([i for i, d in enumerate(data) if d[3] not in held])
        for standing, q, z, seed in data:
            if seed in held:
                gains.append(q[np.argmax(standing + z @ w)] - q[np.argmax(standing)])
    g = np.array(gains)
    best = np.mean([q.max() - q[np.argmax(s)] for s, q, _, _ in data])
    print(
        json.dumps(
            {
                "decisions": len(data),
                "held_out_gain": round(float(g.mean()), 3),
                "standard_error": round(float(g.std() / np.sqrt(len(g))), 3),
                "best_option_gain": round(float(best), 3),
            }
        )
    )
    w = fit(list(range(len(data)))) / scale  # in vector's own units
    Path(args.out).write_text(
        json.dumps({"features": list(FEATURES), "weights": [round(float(x), 5) for x in w]}) + "\n"
    )


def corrected_ranking(weights: list[float]):
    """ai/rules.py `ranked_options` with the weights' correction added where
    a solo turn's start ends our turn (nowhere else)."""
    from ai import rules

    def ranked(g: Game, rng: random.Random | None, depth: int = 0, late=None):
        d = g.decision
        assert d is not None
        start = g.state.hal is not None and d.kind == "turn" and not g.state.turn
        scored = []
        for k, o in enumerate(d.options):
            h = rules._after(g, d.seat, o.id)
            tie = rng.random() * 1e-6 if rng is not None else -k * 1e-9
            v = rules._settle(h, d.seat, depth, late) + rules._bias(o.id) + tie
            if start and not h.is_over:
                v += sum(w * x for w, x in zip(weights, vector(h, d.seat), strict=True))
            scored.append((v, o.id))
            h.release()
        return sorted(scored, reverse=True)

    return ranked


def cmd_eval(args: argparse.Namespace) -> None:
    import ai.plan
    import ai.rules
    from ai.arena import play_game
    from ai.budget import Budget

    data = json.loads(Path(args.weights).read_text())
    assert tuple(data["features"]) == FEATURES, "weights for other features"
    ai.rules.ranked_options = ai.plan.ranked_options = corrected_ranking(data["weights"])
    level = args.level
    if level == "simple0":
        ai.rules.ALONE_DEPTH = 0
        level = "simple"
    options = GameOptions(players=1, difficulty="easy")
    for seed in range(args.seed, args.seed + args.games):
        r = play_game(options, seed, [level], Budget(iterations=args.iterations))
        print(json.dumps({"vs_hal": "easy", **r.to_json()}), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--seed", type=int, default=3000)
    p.add_argument("--step", type=int, default=1, help="seed step (two processes: 2)")
    p.add_argument("--top", type=int, default=5)
    p.add_argument("--samples", type=int, default=8)
    p.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--ridge", type=float, default=100.0)
    f.add_argument(
        "--leave-out",
        type=lambda text: text.split(","),
        default=[],
        help="features the correction leaves alone (comma-separated)",
    )
    f.add_argument("--out", required=True)
    e = sub.add_parser("eval")
    e.add_argument("--weights", required=True)
    e.add_argument("--level", choices=("simple0", "simple", "plan"), default="simple0")
    e.add_argument("--iterations", type=int, default=12, help="the plan level's play-outs")
    e.add_argument("--games", type=int, default=400)
    e.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    {"play": cmd_play, "fit": cmd_fit, "eval": cmd_eval}[args.cmd](args)


if __name__ == "__main__":
    main()
