#!/usr/bin/env python3
"""The strength matrix of the search bots (docs/ai.md): for each game with
two seats, mcts against random, against greedy, and against itself at a
quarter of its budget, with the seats alternated on the same seeds.

It drives `tabula run --json` (so it measures exactly what users run), spreads
the games over --jobs processes and prints a Markdown table: the first
kind's share of the wins with its 95 % Wilson interval, and the time each
side took per decision as measured by `tabula run`. A shared win counts as a
half; a game without a winner as nothing to either side.

  bench/strength.py --games 100 --jobs 2 > strength.md
  bench/strength.py --packs dorn --budget dorn=mcts:iterations=20:depth=20 --games 20

A benchmark, not a test: it asserts nothing and takes long (tens of minutes
per game at 100 games per pairing; a Dorn game between searching seats runs
to a thousand choices). With --cache DIR every batch of games is kept there
as it finishes and a run with the same arguments takes up where one stopped;
the table shows what is finished, and a pairing still short of its games says
how many it has.
"""
import argparse
import concurrent.futures
import hashlib
import json
import math
import os
import subprocess
import sys
import time

# The budget of `mcts` per game: iterations that stay under 100 ms per
# decision on average on one core (bench/ismcts_bench), with playouts cut at
# 20 choices and scored by the pack's rating.
BUDGETS = {
    "dungeon-lords": "mcts:iterations=120:depth=20",
    "thunderstone-dragonspire": "mcts:iterations=60:depth=20:prior=3",
    "prophecy": "mcts:iterations=100:depth=20",
    "dorn": "mcts:iterations=12:depth=20",
}


def quarter(kind):
    parts = kind.split(":")
    out = []
    for p in parts:
        if p.startswith("iterations="):
            p = "iterations=%d" % max(1, int(p.split("=")[1]) // 4)
        elif p.startswith("ms="):
            p = "ms=%d" % max(1, int(p.split("=")[1]) // 4)
        out.append(p)
    return ":".join(out)


def wilson(p, n, z=1.96):
    if n == 0:
        return (0.0, 1.0)
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def cache_path(cache, pack, seats, seed, games):
    key = "%s|%s|%d|%d" % (pack, ",".join(seats), seed, games)
    return os.path.join(cache, hashlib.sha1(key.encode()).hexdigest()[:16] + ".json") if cache else None


def run_chunk(tabula, pack, seats, seed, games, cache):
    path = cache_path(cache, pack, seats, seed, games)
    if path and os.path.exists(path):
        with open(path) as f:
            return json.load(f), True
    cmd = [tabula, "run", pack, "--seats", ",".join(seats), "--games", str(games), "--seed", str(seed), "--json"]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0 and not out.stdout.strip():
        raise RuntimeError("%s failed: %s" % (" ".join(cmd), out.stderr.strip()))
    r = json.loads(out.stdout)
    if path:
        with open(path + ".tmp", "w") as f:
            json.dump(r, f)
        os.replace(path + ".tmp", path)
    return r, False


def chunks(seed, games, per):
    per = max(1, per)
    s = 0
    while s < games:
        k = min(per, games - s)
        yield seed + s, k
        s += k


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--tabula", default=os.path.join(os.path.dirname(__file__), "..", "build", "tools", "tabula"))
    ap.add_argument("--packs", default=",".join(BUDGETS), help="comma-separated packs (default: the four games)")
    ap.add_argument("--games", type=int, default=100, help="games per pairing, half in each seat order (default 100)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes at once (default: the cores)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--budget", action="append", default=[], metavar="PACK=KIND",
                    help="the mcts kind for a pack, e.g. dorn=mcts:iterations=30:depth=20")
    ap.add_argument("--pairings", default="random,greedy,quarter",
                    help="opponents of the full budget (default random,greedy,quarter)")
    ap.add_argument("--json", metavar="FILE", help="also write every figure as JSON")
    ap.add_argument("--cache", metavar="DIR", help="keep each batch's result here; a rerun resumes")
    ap.add_argument("--chunk", type=int, default=10, help="games per `tabula run` (default 10)")
    a = ap.parse_args()
    budgets = dict(BUDGETS)
    for b in a.budget:
        pack, _, kind = b.partition("=")
        if not kind.startswith("mcts"):
            ap.error("--budget %s: give PACK=mcts:..." % b)
        budgets[pack] = kind
    packs = [p for p in a.packs.split(",") if p]
    for p in packs:
        if p not in budgets:
            budgets[p] = "mcts:iterations=100:depth=20"
    half = a.games // 2
    if half < 1:
        ap.error("--games must be at least 2 (half in each seat order)")

    # Every (pack, pairing, order, seed range) is one job.
    tasks = []
    for pack in packs:
        full = budgets[pack]
        for opp in a.pairings.split(","):
            other = quarter(full) if opp == "quarter" else opp
            for order in (0, 1):
                seats = [full, other] if order == 0 else [other, full]
                for seed, k in chunks(a.seed, half, a.chunk):
                    tasks.append((pack, opp, full, other, order, seats, seed, k))
    if a.cache:
        os.makedirs(a.cache, exist_ok=True)
    results = {}
    t0 = time.time()
    done = ran = 0
    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
            futs = {pool.submit(run_chunk, a.tabula, t[0], t[5], t[6], t[7], a.cache): t for t in tasks}
            for f in concurrent.futures.as_completed(futs):
                t = futs[f]
                r, cached = f.result()
                results.setdefault((t[0], t[1]), []).append((t, r))
                done += 1
                ran += not cached
                el = time.time() - t0
                left = el / ran * (len(tasks) - done) if ran else 0
                print("[%d/%d] %s %s vs %s seeds %d-%d (%.0f s elapsed, about %.0f s left)" %
                      (done, len(tasks), t[0], t[5][0], t[5][1], t[6], t[6] + t[7] - 1, el, left),
                      file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("interrupted: the table shows the batches finished", file=sys.stderr)

    rows = []
    for pack in packs:
        for opp in a.pairings.split(","):
            games = credit = 0.0
            think = {0: [0, 0.0, 0.0], 1: [0, 0.0, 0.0]}  # side: decisions, ms total, longest
            unfinished = errors = 0
            for t, r in results.get((pack, opp), []):
                order = t[4]
                me = 0 if order == 0 else 1
                decided = r["games_with_winners"]
                games += decided
                credit += r["per_seat"][me]["win_share"] * decided if decided else 0
                unfinished += r["games"] - r["finished"]
                errors += r["script_errors"]
                for seat in (0, 1):
                    side = 0 if seat == me else 1
                    ps = r["per_seat"][seat]
                    think[side][0] += ps["decisions"]
                    think[side][1] += ps["ms_per_decision"] * ps["decisions"]
                    think[side][2] = max(think[side][2], ps["ms_longest_decision"])
            p = credit / games if games else 0.0
            lo, hi = wilson(p, int(games))
            ms = [think[s][1] / think[s][0] if think[s][0] else 0.0 for s in (0, 1)]
            rows.append({"pack": pack, "full": budgets[pack], "opponent": opp if opp != "quarter" else quarter(budgets[pack]),
                         "pairing": opp, "games": int(games), "wanted": 2 * half, "share": p, "low": lo, "high": hi,
                         "ms_per_decision": ms[0], "ms_longest": think[0][2], "opponent_ms_per_decision": ms[1],
                         "unfinished": unfinished, "script_errors": errors})
    print("| game | mcts budget | against | games | mcts wins | 95 % interval | ms per decision (longest) |")
    # A pairing short of its games (a run stopped) says so in its row.
    print("|---|---|---|---:|---:|---|---|")
    for r in rows:
        n = "%d" % r["games"] if r["games"] >= r["wanted"] else "%d of %d" % (r["games"], r["wanted"])
        print("| %s | `%s` | `%s` | %s | %.1f %% | %.1f-%.1f %% | %.1f (%.0f) |" %
              (r["pack"], r["full"].replace("mcts:", ""), r["opponent"], n, 100 * r["share"],
               100 * r["low"], 100 * r["high"], r["ms_per_decision"], r["ms_longest"]))
        if r["unfinished"] or r["script_errors"]:
            print("|  | | | %d unfinished, %d script errors | | | |" % (r["unfinished"], r["script_errors"]))
    print("\n%d games in %.0f s with %d processes" % (sum(r["games"] for r in rows), time.time() - t0, a.jobs))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(rows, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
