"""A learned solo judgement (issue 27): self-play with exploration, a small network, the games.

    # numpy is needed here (not by the bots): a Python with numpy, from the worktree root
    python bench/fit_value.py play --games 1200 --seed 20000 --eps 0.25 --out /tmp/v/g0.npz
    python bench/fit_value.py play --level plan --eps 0 --games 140 --seed 32000 --out /tmp/v/p0.npz
    python bench/fit_value.py fit /tmp/v/g0.npz --hidden 8 --l2 0.01 --steps 400 \
        --td-rounds 2 --lam 0.8 --out /tmp/v/net.json
    python bench/fit_value.py blend /tmp/v/net.json 0.3 /tmp/v/blend.json
    python bench/fit_value.py branch --games 100 --seed 40000 --out /tmp/v/b0.npz
    python bench/fit_value.py fit-pairs /tmp/v/b0.npz --ridge 1.0 --out /tmp/v/pairs.json
    python bench/fit_value.py eval --weights /tmp/v/net.json --games 100 --seed 0
    python bench/fit_value.py eval --weights linear --level strong --iterations 100

ai/solo.py judges a solo position by a linear fit of the final margin over
simple's own games, and every refit of it stayed at simple's level. This
script tries judgements that are not that (bench/AI_RESULTS.md, "value27"
section, has what they measured; none was better, so ai/ is unchanged):

`play` plays simple solo against Hal at easy, judging with `--weights` (a
JSON made here, or `linear`: ai/solo.py). At each decision with a choice,
with probability `--eps` the option is drawn instead from a softmax over
simple's own ranking (`--temp` VP), so the games pass through positions simple
would not reach by itself. It records `vector` (ai/solo.py's features and
the EXTRA ones below) at every decision, and the game's final margin.
Fitting seeds start at 20000: the evaluation seeds (0-399) stay unseen.
`--level plan --eps 0` records the plan level's own games instead (12
play-outs a turn start: about 10 s a game; "fitplan27").

`fit` trains `Net` (standardized inputs, a linear part beside `--hidden`
tanh units) on such files by full-batch Adam with an L2 penalty, holding out
every fifth game to stop early, optionally refitting on TD(lambda) targets;
it prints the held-out R^2 beside plain least squares and ai/solo.py's
weights on the same positions. `blend` moves ai/solo.py's weights only part
of the way toward a network.

`branch` asks a different question: at a share of simple's decisions, each
of its `--top` options is played on (simple, sharing the engine's random
draws) to our next turn, where the position is recorded, and on to the end;
`fit-pairs` fits the options' final margins within each decision (so what
differs between games cancels), ridge toward today's weights: which way of
judging a position ranks a decision's options by what they lead to.

`eval` is bench/ai.py's against-Hal run with the bots judging by `--weights`
(patched into ai/value.py, or for `linear` ai/rules.py, ai/plan.py and
ai/search.py, in this process only).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import ai.plan  # noqa: E402
import ai.rules  # noqa: E402
import ai.search  # noqa: E402
import ai.value  # noqa: E402
from ai import choose, determinize, solo  # noqa: E402
from ai.arena import play_game  # noqa: E402
from ai.budget import Budget  # noqa: E402
from ai.rules import ranked_options  # noqa: E402
from ai.solo import final_margin  # noqa: E402
from ai.value import EXTRA, FEATURES, Net, vector  # noqa: E402
from engine import Action, Game, GameOptions  # noqa: E402


def use(weights: str) -> None:
    """Judge solo positions with `weights` in this process. A network file
    replaces the network ai/value.py's `solo_margin` reads, so it is judged
    as the bots judge (plus ai/grid.py's card-play potential, the real margin
    once over); `linear` (ai/solo.py's fit alone) replaces `solo_margin`
    where simple's look-ahead, the plans' play-outs and the search read it."""
    if weights == "linear":
        for module in (ai.rules, ai.plan, ai.search):
            module.solo_margin = solo.linear_margin
        return
    loaded = Net(json.loads(Path(weights).read_text()))
    ai.value.net = lambda: loaded


def explore(game: Game, rng: random.Random, temp: float) -> tuple[str, str]:
    """An option drawn from a softmax over simple's ranking of this seat's
    view, and simple's own choice in that ranking."""
    d = game.decision
    assert d is not None
    sample = determinize(game.view(d.seat), rng)
    ranked = ranked_options(sample, rng)
    sample.release()
    top = ranked[0][0]
    weights = [math.exp((v - top) / temp) for v, _ in ranked]
    return rng.choices([i for _, i in ranked], weights)[0], ranked[0][1]


def play_one(
    seed: int, eps: float, temp: float, level: str = "simple"
) -> tuple[list[list[float]], list[bool], float]:
    """The positions of one game, whether each decision's option was an
    exploration's (not `level`'s), and the final margin. Without a budget
    the plan level makes its default 12 play-outs a turn start."""
    game = Game.new(GameOptions(players=1, difficulty="easy"), seed)
    rng = random.Random(f"fit_value:{seed}")
    rows = []
    explored = []
    while not game.is_over:
        d = game.decision
        assert d is not None
        if len(d.options) == 1:
            game.apply(Action(d.seat, d.options[0].id))
            continue
        rows.append(vector(game, 0))
        if rng.random() < eps:
            option, own = explore(game, rng, temp)
        else:
            option = own = choose(game.view(d.seat), rng=rng, level=level)
        explored.append(option != own)
        game.apply(Action(d.seat, option))
    return rows, explored, final_margin(game)


def _to_our_next_turn(game: Game, rng: random.Random) -> Game:
    """Simple finishes the turn; Hal replies; stop when our next turn asks."""
    turn = (game.state.round, game.state.current)
    while not game.is_over:
        d = game.decision
        assert d is not None
        if (game.state.round, game.state.current) != turn:
            break
        game.apply(Action(d.seat, choose(game.view(d.seat), rng=rng, level="simple")))
    return game


def _to_the_end(game: Game, rng: random.Random) -> float:
    while not game.is_over:
        d = game.decision
        assert d is not None
        game.apply(Action(d.seat, choose(game.view(d.seat), rng=rng, level="simple")))
    return final_margin(game)


def branch_one(seed: int, rate: float, top: int) -> list[tuple[int, list[float], float]]:
    """Groups of (decision, the position at our next turn after an option,
    the final margin simple reaches from there), for simple's `top` options at
    a share `rate` of the decisions of one game. All branches of a decision
    share the engine's random draws (the copy keeps the seed and counter)."""
    game = Game.new(GameOptions(players=1, difficulty="easy"), seed)
    rng = random.Random(f"fit_value:branch:{seed}")
    out = []
    k = 0
    while not game.is_over:
        d = game.decision
        assert d is not None
        if len(d.options) > 1 and rng.random() < rate:
            sample = determinize(game.view(d.seat), rng)
            ranked = [i for _, i in ranked_options(sample, rng)[:top]]
            sample.release()
            group = []
            branch_seed = rng.getrandbits(32)
            for option in ranked:
                h = game.copy()
                h.apply(Action(d.seat, option))
                h = _to_our_next_turn(h, random.Random(branch_seed))
                if h.is_over:
                    group = []
                    break  # judged exactly by the bot: nothing to learn here
                x = vector(h, 0)
                group.append((seed * 1000 + k, x, _to_the_end(h, random.Random(branch_seed))))
            out += group
            k += 1
        game.apply(Action(d.seat, choose(game.view(d.seat), rng=rng, level="simple")))
    return out


def cmd_branch(args: argparse.Namespace) -> None:
    use(args.weights)
    rows = []
    start = time.perf_counter()
    for k in range(args.games):
        rows += branch_one(args.seed + k, args.rate, args.top)
        if (k + 1) % 20 == 0:
            print(
                f"{k + 1} games, {len(rows)} rows, {time.perf_counter() - start:.0f} s", flush=True
            )
    np.savez_compressed(
        args.out,
        x=np.array([x for _, x, _ in rows]),
        y=np.array([y for _, _, y in rows]),
        group=np.array([g for g, _, _ in rows]),
    )
    print(f"{len(rows)} rows in {len({g for g, _, _ in rows})} decisions")


def cmd_fit_pairs(args: argparse.Namespace) -> None:
    """Linear weights from the branches: within each decision, the options'
    final margins against their positions (decision means removed, so what
    differs between games cancels), ridge toward today's weights."""
    parts = [np.load(f) for f in args.data]
    x = np.concatenate([p["x"] for p in parts])
    y = np.concatenate([p["y"] for p in parts])
    if args.plain:  # play files: one group per game, nothing removed
        group = np.concatenate([p["game"] for p in parts]) * 1000
    else:
        group = np.concatenate([p["group"] for p in parts])
    old = base_weights(args.base)
    held = (group // 1000) % 5 == 0

    def demeaned(mask):
        xs, ys = x[mask].copy(), y[mask].copy()
        if args.plain:
            return np.c_[xs, np.ones(len(xs))], ys
        gs = group[mask]
        for g in np.unique(gs):
            m = gs == g
            xs[m] -= xs[m].mean(0)
            ys[m] -= ys[m].mean()
        return xs, ys

    tx, ty = demeaned(~held)
    hx, hy = demeaned(held)
    a = tx.T @ tx
    d = np.diag(np.diag(a)) * args.ridge + np.eye(len(a)) * args.floor
    start = np.r_[old["lin"], old["bias"]] if args.plain else old["lin"]
    fitted = np.linalg.solve(a + d, tx.T @ ty + d @ start)
    for name, w in (("today", start), ("fit", fitted)):
        sse = ((hy - hx @ w) ** 2).sum()
        sst = ((hy - hy.mean()) ** 2).sum()
        print(f"{name}: held-out (within-decision unless plain) R^2 {1 - sse / sst:.3f}")
    step = args.step
    lin = (1 - step) * old["lin"] + step * fitted[: len(old["lin"])]
    bias = float((y - x @ lin).mean())
    print(f"{len(y)} rows, {len(np.unique(group))} decisions; step {step}")
    for name, a0, a1 in zip(FEATURES, old["lin"], lin, strict=True):
        print(f"  {name:18s} {a0:7.3f} -> {a1:7.3f}")
    k = len(FEATURES)
    out = {
        "features": list(FEATURES),
        "mean": [0.0] * k,
        "scale": [1.0] * k,
        "w1": [],
        "b1": [],
        "w2": [],
        "lin": lin.tolist(),
        "bias": bias,
    }
    Path(args.out).write_text(json.dumps(out))
    print(f"wrote {args.out}")


def base_weights(path: str) -> dict:
    """A linear judgement over ai.FEATURES: ai/solo.py's (`linear`) or a file's."""
    if path == "linear":
        lin = [solo.WEIGHTS[k] for k in solo.FEATURES] + [0.0] * len(EXTRA)
        return {"lin": np.array(lin), "bias": solo.CONSTANT}
    data = json.loads(Path(path).read_text())
    assert not data["w1"] and not any(data["mean"]), "a linear file"
    return {"lin": np.array(data["lin"]), "bias": data["bias"]}


def cmd_play(args: argparse.Namespace) -> None:
    use(args.weights)
    xs, ys, gid, flags = [], [], [], []
    margins = []
    start = time.perf_counter()
    for k in range(args.games):
        seed = args.seed + k
        rows, explored, final = play_one(seed, args.eps, args.temp, args.level)
        xs += rows
        flags += explored
        ys += [final] * len(rows)
        gid += [seed] * len(rows)
        margins.append(final)
        if (k + 1) % 100 == 0:
            print(f"{k + 1} games, {time.perf_counter() - start:.0f} s", flush=True)
    np.savez_compressed(
        args.out, x=np.array(xs), y=np.array(ys), game=np.array(gid), explored=np.array(flags)
    )
    wins = sum(m > 0 for m in margins)
    print(
        f"{len(xs)} positions from {args.games} games: {wins} wins, "
        f"mean margin {sum(margins) / len(margins):.2f}"
    )


def predictor(data: dict):
    """Net's function, on many rows at once."""
    mean, scale = np.array(data["mean"]), np.array(data["scale"])
    w1, b1, w2 = np.array(data["w1"]), np.array(data["b1"]), np.array(data["w2"])
    lin, bias = np.array(data["lin"]), data["bias"]

    def predict(x: np.ndarray) -> np.ndarray:
        z = (x - mean) / scale
        return z @ lin + np.tanh(z @ w1.T + b1) @ w2 + bias

    return predict


def lambda_returns(
    v: np.ndarray, y: np.ndarray, game: np.ndarray, lam: float, cut: np.ndarray
) -> np.ndarray:
    """G_t = (1 - lam) v_{t+1} + lam G_{t+1}, G of the last position = the
    final margin, within each game (rows are in play order, game by game).
    Where `cut` (an exploration chose the option at t+1, not simple), what
    followed is not simple's play: G_t = v_{t+1} (the trace is cut there)."""
    out = np.empty_like(y)
    carried = 0.0  # what row t-1 bootstraps from at t
    for t in range(len(y) - 1, -1, -1):
        last = t == len(y) - 1 or game[t + 1] != game[t]
        out[t] = y[t] if last else (1 - lam) * v[t + 1] + lam * carried
        carried = v[t] if cut[t] else out[t]
    return out


def _r2(y: np.ndarray, p: np.ndarray) -> float:
    return float(1 - ((y - p) ** 2).sum() / ((y - y.mean()) ** 2).sum())


def train(
    x: np.ndarray,
    y: np.ndarray,
    hidden: int,
    l2: float,
    steps: int,
    rng: np.random.Generator,
    hold: tuple[np.ndarray, np.ndarray] | None = None,
) -> tuple[dict, int]:
    """Full-batch Adam on mean squared error; the best held-out step's weights."""
    mean = x.mean(0)
    scale = x.std(0)
    scale[scale < 1e-6] = 1.0
    z = (x - mean) / scale
    n, k = z.shape
    params = {
        "w1": rng.normal(0, 1 / math.sqrt(k), (hidden, k)),
        "b1": np.zeros(hidden),
        "w2": rng.normal(0, 0.1, hidden),
        "lin": np.zeros(k),
        "bias": np.array(y.mean()),
    }
    m = {key: np.zeros_like(v) for key, v in params.items()}
    v2 = {key: np.zeros_like(v) for key, v in params.items()}
    lr, b1, b2 = 0.01, 0.9, 0.999
    best, best_loss, best_step = None, float("inf"), 0
    if hold is not None:
        hz = (hold[0] - mean) / scale
    for t in range(1, steps + 1):
        h = np.tanh(z @ params["w1"].T + params["b1"])
        p = z @ params["lin"] + h @ params["w2"] + params["bias"]
        e = (p - y) * (2 / n)
        dh = np.outer(e, params["w2"]) * (1 - h * h)
        grads = {
            "w1": dh.T @ z + 2 * l2 * params["w1"],
            "b1": dh.sum(0),
            "w2": h.T @ e + 2 * l2 * params["w2"],
            "lin": z.T @ e,
            "bias": np.array(e.sum()),
        }
        for key in params:
            m[key] = b1 * m[key] + (1 - b1) * grads[key]
            v2[key] = b2 * v2[key] + (1 - b2) * grads[key] ** 2
            mh = m[key] / (1 - b1**t)
            vh = v2[key] / (1 - b2**t)
            params[key] = params[key] - lr * mh / (np.sqrt(vh) + 1e-8)
        if hold is not None and (t % 25 == 0 or t == steps):
            hh = np.tanh(hz @ params["w1"].T + params["b1"])
            hp = hz @ params["lin"] + hh @ params["w2"] + params["bias"]
            loss = float(((hp - hold[1]) ** 2).mean())
            if loss < best_loss:
                best_loss, best_step = loss, t
                best = {key: np.array(val) for key, val in params.items()}
    if best is None:
        best = params
        best_step = steps
    out = {
        "features": list(FEATURES),
        "mean": mean.tolist(),
        "scale": scale.tolist(),
        "w1": best["w1"].tolist(),
        "b1": best["b1"].tolist(),
        "w2": best["w2"].tolist(),
        "lin": best["lin"].tolist(),
        "bias": float(best["bias"]),
    }
    return out, best_step


def cmd_fit(args: argparse.Namespace) -> None:
    parts = [np.load(f) for f in args.data]
    x = np.concatenate([p["x"] for p in parts])
    y = np.concatenate([p["y"] for p in parts])
    game = np.concatenate([p["game"] for p in parts])
    explored = np.concatenate(
        [p["explored"] if "explored" in p else np.zeros(len(p["y"]), bool) for p in parts]
    )
    if not args.cut:
        explored[:] = False
    held = (game % 5) == 0
    rng = np.random.default_rng(args.seed)
    net_json, best_step = train(
        x[~held], y[~held], args.hidden, args.l2, args.steps, rng, (x[held], y[held])
    )
    for _ in range(args.td_rounds):
        # TD(lambda): each position's target mixes the network's judgement of
        # the positions after it with the final margin, less noisy than the
        # final margin alone (the dice of the rest of the game).
        # (rows whose option an exploration chose are left out: their
        # outcome is not simple's from there)
        target = lambda_returns(predictor(net_json)(x), y, game, args.lam, explored)
        fit = ~held & ~explored
        net_json, best_step = train(
            x[fit], target[fit], args.hidden, args.l2, args.steps, rng, (x[held], y[held])
        )
    net = predictor(net_json)
    lin_x = np.c_[x[~held], np.ones((~held).sum())]
    w, *_ = np.linalg.lstsq(lin_x, y[~held], rcond=None)
    shipped = np.array(
        [
            solo.CONSTANT + sum(solo.WEIGHTS[k] * row[i] for i, k in enumerate(solo.FEATURES))
            for row in x[held]
        ]
    )
    print(
        f"{len(y)} positions, {len(set(game.tolist()))} games; held out {held.sum()}; "
        f"best step {best_step}"
    )
    print(
        f"held-out R^2: network {_r2(y[held], net(x[held])):.3f}, "
        f"least squares {_r2(y[held], np.c_[x[held], np.ones(held.sum())] @ w):.3f}, "
        f"ai/solo.py {_r2(y[held], shipped):.3f}; "
        f"network on its training games {_r2(y[~held], net(x[~held])):.3f}"
    )
    if args.all:  # refit on every game for the shipped weights, same number of steps
        net_json, _ = train(x, y, args.hidden, args.l2, best_step, rng)
    Path(args.out).write_text(json.dumps(net_json))
    print(f"wrote {args.out}")


def cmd_blend(args: argparse.Namespace) -> None:
    """ai/solo.py's weights moved `step` of the way toward a network."""
    data = json.loads(Path(args.net).read_text())
    old = [solo.WEIGHTS[k] for k in solo.FEATURES] + [0.0] * len(EXTRA)
    step = args.step
    # the old weights in the network's standardized inputs: w x = w scale z + w mean
    data["lin"] = [
        step * a + (1 - step) * w * sc
        for a, w, sc in zip(data["lin"], old, data["scale"], strict=True)
    ]
    data["bias"] = step * data["bias"] + (1 - step) * (
        solo.CONSTANT + sum(w * m for w, m in zip(old, data["mean"], strict=True))
    )
    data["w2"] = [step * v for v in data["w2"]]
    Path(args.out).write_text(json.dumps(data))


def cmd_eval(args: argparse.Namespace) -> None:
    use(args.weights)
    options = GameOptions(players=1, difficulty="easy")
    wins = ties = 0
    margins, gained, rounds = [], [], []
    for k in range(args.games):
        r = play_game(options, args.seed + k, [args.level], Budget(iterations=args.iterations))
        wins += r.scores[0] > (r.hal or 0)
        ties += r.scores[0] == r.hal
        margins.append(r.scores[0] - (r.hal or 0))
        gained.append(r.gained(0))
        rounds.append(r.rounds)
    n = args.games
    print(
        json.dumps(
            {
                "weights": args.weights,
                "level": args.level,
                "seed": args.seed,
                "games": n,
                "wins": wins,
                "ties": ties,
                "mean_margin": round(sum(margins) / n, 2),
                "vp_per_round": round(sum(gained) / n, 2),
                "mean_rounds": round(sum(rounds) / n, 2),
            }
        ),
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("play")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=20000)
    p.add_argument("--eps", type=float, default=0.3)
    p.add_argument("--temp", type=float, default=1.5)
    p.add_argument("--weights", default="linear")
    p.add_argument("--level", default="simple", help="who plays: simple, or plan (12 play-outs)")
    p.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("data", nargs="+")
    f.add_argument("--hidden", type=int, default=16)
    f.add_argument("--l2", type=float, default=1e-3)
    f.add_argument("--steps", type=int, default=1500)
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--all", action="store_true", help="refit on every game before writing")
    f.add_argument("--td-rounds", type=int, default=0, help="refits on TD(lambda) targets")
    f.add_argument("--lam", type=float, default=0.7)
    f.add_argument("--cut", action="store_true", help="cut the TD traces at explorations")
    f.add_argument("--out", required=True)
    e = sub.add_parser("eval")
    e.add_argument("--weights", default="linear")
    e.add_argument("--games", type=int, default=100)
    e.add_argument("--seed", type=int, default=0)
    e.add_argument("--level", default="simple")
    e.add_argument("--iterations", type=int, default=100, help="strong's play-outs")
    bl = sub.add_parser("blend")
    bl.add_argument("net")
    bl.add_argument("step", type=float)
    bl.add_argument("out")
    b = sub.add_parser("branch")
    b.add_argument("--games", type=int, default=200)
    b.add_argument("--seed", type=int, default=40000)
    b.add_argument("--rate", type=float, default=0.2)
    b.add_argument("--top", type=int, default=3)
    b.add_argument("--weights", default="linear")
    b.add_argument("--out", required=True)
    fp = sub.add_parser("fit-pairs")
    fp.add_argument("data", nargs="+")
    fp.add_argument("--base", default="linear")
    fp.add_argument("--ridge", type=float, default=0.1)
    fp.add_argument("--floor", type=float, default=1.0)
    fp.add_argument("--step", type=float, default=1.0)
    fp.add_argument("--plain", action="store_true", help="play files: fit the final margin")
    fp.add_argument("--out", required=True)
    args = parser.parse_args()
    commands = {"play": cmd_play, "fit": cmd_fit, "eval": cmd_eval}
    commands |= {"branch": cmd_branch, "fit-pairs": cmd_fit_pairs, "blend": cmd_blend}
    commands[args.cmd](args)


if __name__ == "__main__":
    main()
