// Plays N random games of Connect Four in boardgame.io 0.50.2, headless, and prints
//   {"games": N, "moves": M, "seconds": S, "games_per_second": G, "moves_per_second": V, ...}
// like bench/connect-four/native.cpp and `tabula run --json`. Used by bench/compare.sh.
//
//   node run.js --games N --seed S [--variant reuse|fresh] [--warmup W] [--json]
//
// The driver is the random player: at every step it reads the state through the public
// client API (client.getState()), asks the game for its legal moves (game.ai.enumerate,
// the open columns in column order), picks one uniformly with a small seeded PRNG
// (mulberry32; game i uses seed S+i-1), and makes it with client.moves.drop(column).
// Only the games are timed: module loading, the first client's construction and --warmup W
// untimed games first (default 200, about 0.3 s) are not, so that the figure is
// boardgame.io's speed once V8 has compiled its hot paths (counting the warm-up would
// lower a 3-second run by some 5%). Tabula runs PUC Lua, which has no JIT to warm.
//
// Variant chosen (--variant, default "reuse"): one `Client` from 'boardgame.io/client'
// ({ game, numPlayers: 2, debug: false }), started once and brought back to the initial
// state with its public `reset()` before every game. The alternative, a new Client per
// game ("fresh"), is measured too: with node v20 on the benchmark machine "reuse" was
// about 1.35x faster (525 against 390 games/s: each new Client re-processes the game
// config, builds a redux store, runs InitializeGame and registers with the global client
// manager, about 0.7 ms a game). Both are public and idiomatic. Not used: reading the
// state with client.store.getState() instead of the documented client.getState() was about
// 12% faster (it skips the player-view filtering), and driving the reducer of
// 'boardgame.io/internal' directly about the same; neither is the documented client API.
// reset() restores the stored initial state rather than calling setup() again; this
// game's setup has no randomness, so every game starts identically either way.
'use strict';

// boardgame.io's own production mode: without it every move also runs a development-only
// serializability check and immer's development build (about 10% slower). Set before the
// modules load, since immer picks its build at require time.
if (process.env.NODE_ENV === undefined) process.env.NODE_ENV = 'production';

const { Client } = require('boardgame.io/client');
const { ConnectFour } = require('./game.js');

function usage(code) {
  const text = 'usage: node run.js --games N --seed S [--variant reuse|fresh] [--warmup W] [--json]\n';
  (code === 0 ? process.stdout : process.stderr).write(text);
  process.exit(code);
}

function parseArgs(argv) {
  const opts = { games: 1000, seed: 1, variant: 'reuse', warmup: 200, json: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) usage(2);
      return argv[++i];
    };
    if (a === '--games') opts.games = Number(value());
    else if (a === '--seed') opts.seed = Number(value());
    else if (a === '--variant') opts.variant = value();
    else if (a === '--warmup') opts.warmup = Number(value());
    else if (a === '--json') opts.json = true;
    else if (a === '--help' || a === '-h') usage(0);
    else usage(2);
  }
  if (!Number.isInteger(opts.games) || opts.games < 1) usage(2);
  if (!Number.isInteger(opts.seed) || opts.seed < 0) usage(2);
  if (!Number.isInteger(opts.warmup) || opts.warmup < 0) usage(2);
  if (opts.variant !== 'reuse' && opts.variant !== 'fresh') usage(2);
  return opts;
}

// mulberry32: a small fixed 32-bit PRNG; below(n) is uniform enough for n <= 7.
function mulberry32(seed) {
  let a = seed >>> 0;
  return {
    below(n) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      t = (t ^ (t >>> 14)) >>> 0;
      return Math.floor((t / 4294967296) * n);
    },
  };
}

function newClient() {
  const client = Client({ game: ConnectFour, numPlayers: 2, debug: false });
  client.start();
  return client;
}

// Plays one game to its end on `client` (at its initial state); returns the moves made.
function playGame(client, rng) {
  const enumerate = client.game.ai.enumerate;
  let moves = 0;
  for (;;) {
    const state = client.getState();
    if (state.ctx.gameover !== undefined) {
      if (state.G.discs !== moves) throw new Error(`board has ${state.G.discs} discs after ${moves} moves`);
      return { moves, gameover: state.ctx.gameover };
    }
    const legal = enumerate(state.G, state.ctx, state.ctx.currentPlayer);
    const choice = legal[rng.below(legal.length)];
    client.moves[choice.move](...choice.args);
    moves++;
  }
}

function main() {
  const opts = parseArgs(process.argv.slice(2));
  let client = newClient(); // built before the clock starts, in both variants
  // Warm-up games, untimed and not counted (seeds from 2^31 up, apart from the measured ones).
  for (let i = 0; i < opts.warmup; i++) {
    playGame(client, mulberry32(2147483648 + i));
    client.reset();
  }
  const results = { 1: 0, 2: 0, draw: 0 };
  let moves = 0;

  const start = process.hrtime.bigint();
  for (let i = 0; i < opts.games; i++) {
    if (i > 0) {
      if (opts.variant === 'reuse') client.reset();
      else {
        client.stop();
        client = newClient();
      }
    }
    const game = playGame(client, mulberry32(opts.seed + i));
    moves += game.moves;
    if (game.gameover.draw) results.draw++;
    else results[game.gameover.winner]++;
  }
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  client.stop();

  const out = {
    games: opts.games,
    moves,
    seconds,
    games_per_second: opts.games / seconds,
    moves_per_second: moves / seconds,
    moves_per_game: moves / opts.games,
    wins_1: results[1],
    wins_2: results[2],
    draws: results.draw,
    variant: opts.variant,
    engine: 'boardgame.io 0.50.2',
  };
  if (opts.json) process.stdout.write(JSON.stringify(out) + '\n');
  else {
    process.stdout.write(
      `${out.games} games, ${out.moves} moves in ${seconds.toFixed(3)} s: ` +
        `${out.games_per_second.toFixed(1)} games/s, ${out.moves_per_second.toFixed(0)} moves/s ` +
        `(${out.moves_per_game.toFixed(3)} moves/game; seat 1 ${out.wins_1}, seat 2 ${out.wins_2}, draws ${out.draws})\n`,
    );
  }
}

main();
