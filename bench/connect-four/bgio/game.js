// Connect Four as a boardgame.io 0.50 game, for bench/compare.sh.
//
// The same rules and the same plain algorithm as content/connect-four/rules.lua
// and bench/connect-four/native.cpp: a 42-cell board (7 columns x 6 rows, row-major
// from the bottom row; 0 = empty, else the seat 1 or 2); the legal moves are the
// columns whose top cell is empty, in column order; the disc falls to the lowest
// empty cell; after each move the four directions are scanned outward from the
// new disc in both senses while the cells hold the mover's seat; a win ends the
// game at once; a full board is a draw. Seat 1 (boardgame.io player "0") starts.
//
// The win check runs once per move, inside the move, like the other two
// implementations; endIf (which boardgame.io calls several times per action)
// only reads the result from G.
'use strict';

const { INVALID_MOVE } = require('boardgame.io/core');

const COLUMNS = 7;
const ROWS = 6;
const LINE = 4;
const DIRECTIONS = [[1, 0], [0, 1], [1, 1], [1, -1]];

// Whether the disc of `seat` at (c, r) (0-based) completes a line.
function wins(cells, c, r, seat) {
  for (const [dc, dr] of DIRECTIONS) {
    let n = 1;
    for (let sign = -1; sign <= 1; sign += 2) {
      let x = c + sign * dc;
      let y = r + sign * dr;
      while (x >= 0 && x < COLUMNS && y >= 0 && y < ROWS && cells[y * COLUMNS + x] === seat) {
        n++;
        x += sign * dc;
        y += sign * dr;
      }
    }
    if (n >= LINE) return true;
  }
  return false;
}

// The open columns (0-based), in column order.
function openColumns(G) {
  const open = [];
  for (let c = 0; c < COLUMNS; c++) {
    if (G.cells[(ROWS - 1) * COLUMNS + c] === 0) open.push(c);
  }
  return open;
}

const ConnectFour = {
  name: 'connect-four',
  minPlayers: 2,
  maxPlayers: 2,

  setup: () => ({ cells: Array(COLUMNS * ROWS).fill(0), discs: 0, winner: 0 }),

  moves: {
    drop: ({ G, playerID }, c) => {
      if (!(c >= 0 && c < COLUMNS) || G.cells[(ROWS - 1) * COLUMNS + c] !== 0) return INVALID_MOVE;
      const seat = Number(playerID) + 1;
      let r = 0;
      while (G.cells[r * COLUMNS + c] !== 0) r++;
      G.cells[r * COLUMNS + c] = seat;
      G.discs++;
      if (wins(G.cells, c, r, seat)) G.winner = seat;
    },
  },

  turn: { minMoves: 1, maxMoves: 1 },

  endIf: ({ G }) => {
    if (G.winner !== 0) return { winner: G.winner };
    if (G.discs === COLUMNS * ROWS) return { draw: true };
    return undefined;
  },

  // The legal moves, for bots and for run.js: one per open column, in column order.
  ai: {
    enumerate: (G) => openColumns(G).map((c) => ({ move: 'drop', args: [c] })),
  },
};

module.exports = { ConnectFour, openColumns, COLUMNS, ROWS };
