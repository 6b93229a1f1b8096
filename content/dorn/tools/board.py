#!/usr/bin/env python3
"""Builds the board of Dorn as data and writes it into content/dorn/pack.toml.

    python3 content/dorn/tools/board.py            # rewrite pack.toml's board section
    python3 content/dorn/tools/board.py --out F    # write the whole pack.toml to F instead
    python3 content/dorn/tools/board.py --show     # print the hex map as the generator reads it

Only the text between the two BOARD markers in pack.toml is replaced, so the
rest of the file (the pack, seats, flow, a catalogue's kinds) stays as people
wrote it. The output is deterministic: every loop runs over sorted names.

What comes from the sources and what is constructed is told in
content/dorn/README.md ("The board"). In short: the Abandoned Mines grid and
its walls, the throne room graph, the Path and its links, Argos, the Gate, the
region sizes and the special-field counts are read from
shared/rules/dorn-components.md §10; the layout of the Dorn hexes and
corridors, of the Black Swamp and its obstacles, the Ritual Room entrances,
the exact cells of the special fields outside the Mines and the cave-in
numbers are constructed (provisional).
"""
import argparse
import math
import os
import sys
from collections import deque

SQRT3 = math.sqrt(3.0)

# ---------------------------------------------------------------------------
# The plane. Hex fields are flat-topped hexagons of radius 1 in "odd-q"
# offset coordinates (col, row): odd columns sit half a hex lower. Centre:
# x = 1.5 col, y = sqrt3 (row + 0.5 (col & 1)); y grows southwards (north is
# the board edge away from Argos). The throne room of §10.5 is exactly such a
# grid, which is why the whole board uses it.
#
# CONSTRUCTED: this base map. Legend:
#   .  a Dorn hex            =  a Dorn corridor field (drawn as one grid hex)
#   ,  a Black Swamp hex     ~  the swamp's stream (obstacle)
#   #  rock / wall (obstacle, not a field)
#   (space)  open ground that is not a hex field: the Path, Argos and the
#            Mines lie there and are placed below.
# The throne room, the Gate, the Ritual Room, the Crypt, the Cemetery, the
# Dark Temple, Argos, the Path, the Seer and the swamp's trees are painted
# over this map further down.
# ---------------------------------------------------------------------------
#            0         1         2         3
#            012345678901234567890123456789012345
BASE_MAP = [
    ".............#########..............",  # 0
    "......#......#########..............",  # 1
    ".............#########...#..........",  # 2
    "...##........#########..............",  # 3
    ".............#########......##......",  # 4
    ".............#########..............",  # 5
    "......#......#########..............",  # 6
    "..........#.#########...............",  # 7
    "..........=====#####==..............",  # 8
    "..........############..............",  # 9
    "............#########...............",  # 10
    "............#####=###.............. ",  # 11
    "=###########################....### ",  # 12
    "=############.......#.............# ",  # 13
    ",,,,,,~,,,,,=.......#.............# ",  # 14
    ",,,,,,~,,,,,#.......=.............# ",  # 15
    ",,,,,,~,,,,,#.......#.............# ",  # 16
    ",,,,,,~,,,,,#.......#.............# ",  # 17
    ",,,,,,~,,,,,#.......################",  # 18
    ",,,,,,,,,,,,#########               ",  # 19
    ",,,,,,~,,,,,                        ",  # 20
    ",,,,,,~,,,,,                        ",  # 21
    ",,,,,,~,,,,,                        ",  # 22
    ",,,,,,~,,,,,                        ",  # 23
    ",,,,,,~,,,,,                        ",  # 24
    ",,,,,,~,,,,,                        ",  # 25
]

# CONSTRUCTED: trees and hillocks of the Black Swamp (obstacles), chosen so
# that the swamp has the developer's 110 enterable hexes in 12 rows.
SWAMP_TREES = [(9, 14), (1, 16), (3, 16), (10, 16), (4, 17), (8, 17), (2, 18), (9, 18), (0, 19),
               (10, 19), (3, 20), (8, 19), (2, 22), (5, 22), (9, 22), (7, 23), (1, 24), (3, 24),
               (8, 25), (5, 25), (10, 21), (7, 16), (4, 15)]

# Read (§10.5): the throne room's 5 columns A..E, placed with column C on an
# odd grid column; the generator checks that the grid gives exactly the
# developer's edge list below.
THRONE_COLUMNS = {15: ["t0"], 16: ["t1", "t5", "t8"], 17: ["t2", "t6", "t9"], 18: ["t3", "t7", "t10"], 19: ["t4"]}
THRONE_FIRST_ROW = {15: 1, 16: 2, 17: 2, 18: 2, 19: 1}
THRONE_EDGES = ["t0-t1", "t1-t2", "t1-t5", "t2-t3", "t2-t5", "t2-t6", "t2-t7", "t3-t4", "t3-t7", "t5-t6",
                "t5-t8", "t6-t7", "t6-t8", "t6-t9", "t6-t10", "t7-t10", "t8-t9", "t9-t10"]
THRONE_FIELD = "t6"  # medium: "the throne is drawn on the central field"
GATE_CELL = (17, 5)  # directly south of t9, north of the Ritual Room's northern field
RITUAL_CENTRE = (17, 8)  # a hexagon of radius 2: 19 hexes; its north field (17, 6) touches the Gate
# CONSTRUCTED: the Ritual Room's west, east and south entrances are the
# corridor cells of the base map at (14, 8), (20, 8) and (17, 11).
RITUAL_ENTRANCES = [(14, 8), (20, 8), (17, 11)]

# Read (§10.1): 7-hex flowers; CONSTRUCTED: their exact cells.
FLOWERS = {"crypt": (8, 4), "cemetery": (29, 5), "dark_temple": (17, 17)}

# CONSTRUCTED: Argos's drawn extent (one field, many cells of the plane).
ARGOS_CELLS = [(c, r) for c in range(14, 20) for r in range(21, 26)]

# Read (§10.6, §10.3): the Path p0..p14 and its links; CONSTRUCTED: where
# each round field lies on the plane (centre of the given grid cell; a round
# field is a circle of radius 0.75 there).
PATH_CELLS = {
    "p0": (12, 20), "p1": (13, 20), "p2": (15, 20), "p3": (17, 20), "p4": (19, 20),
    "p5": (22, 19), "p6": (24, 19), "p7": (26, 19), "p8": (28, 19), "p9": (30, 19), "p10": (34, 19),
    "p11": (35, 17), "p12": (35, 15), "p13": (35, 13), "p14": (35, 11),
}
SEER_FRONT = (4, 13)  # round Path field at the hut's door
SEER_HUT = (3, 13)  # the hut: cannot be entered (an obstacle)
ROUND_RADIUS = 0.75

# The Abandoned Mines, exactly as dorn-components.md §10.4 draws them (the
# developer's wall list, checked against the scan). `|` and `---` are walls;
# a gap means the two squares are adjacent.
MINES_DIAGRAM = r"""
     c1  c2  c3  c4  c5  c6  c7  c8  c9  c10 c11 c12 c13 c14
     +   +   +---+---+---+---+---+---+---+---+---+---+---+---+
r1           | .   e^| T2  .   Sw  Sw  Sw  .   .   .   . | e^|
     +   +   +   +---+---+   +   +   +   +   +   +---+   +   +
r2           | .   .   .   .   .   .   .   .   P | .   .   . |
     +---+---+   +   +---+---+   +   +   +   +---+   +---+---+
r3   | .   Z   . | .   .   . | .   .   .   . | .   .   .   . |
     +   +   +---+---+   +   +   +   +---+   +   +---+---+   +
r4   | . | . | P   .   . | .   . | .   . | .   .   . | .   . |
     +   +   +---+---+---+   +---+---+   +---+---+   +   +---+
r5   | P | .   .   .   . | .   . | P   .   .   . | . | .   . |
     +---+---+---+   +   +   +   +   +   +   +   +   +   +   +
r6   | P   .   .   .   .   . | .   .   .   N   .   .   .   P |
     +---+---+---+---+---+---+---+---+---+---+---+---+---+---+
"""
MINE_SIDE = 1.5  # one square per grid column
MINES_ORIGIN = (1.5 * 21 - 0.75, 34.5)  # top-left corner of c1 r1: under the Path's east branch

# Read (§10.3, §10.6): the links that are not grid neighbours.
PATH_CHAIN = ["p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11", "p12", "p13", "p14"]
EXPLICIT_EDGES = [
    ("argos", "p3"),  # Argos's only exit: its north gate
    ("p6", "m_r1c4"),  # stone stair down into the Mines
    ("p10", "m_r1c14"),  # the Mines' NE corner
    ("gate", "t9"),
    ("gate", "h17_06"),  # the Ritual Room's northern field
]
# CONSTRUCTED (the sources name the side, not the hex): p0's swamp hex (b[40],
# east edge), the Seer field's swamp hex (b[2], top row), and p14's Dorn hex
# east of the Cemetery (the developer marked this link "missing").
CONSTRUCTED_EDGES = [("p0", "s11_20"), ("seer_front", "s04_14"), ("p14", "d34_10")]

# CONSTRUCTED cells for the special fields outside the Mines; the regions and
# counts are read (§10.2). The Mines' own are in the diagram.
SPECIAL = {
    "artifact_spot": [(0, 0), (8, 7), (28, 0), (0, 25), (22, 16), (32, 14)],
    "treasure_spot": [(3, 2), (11, 1), (2, 7), (5, 10), (12, 5),  # NW Dorn 5
                      (25, 3), (33, 1), (26, 9), (32, 7), (23, 5),  # NE Dorn 5
                      (13, 17),  # south-central, west of the Dark Temple
                      (2, 16), (9, 15), (4, 19), (1, 21), (8, 21), (10, 24), (4, 23)],  # Black Swamp 7
    "start_spot": [(23, 8), (2, 10), (14, 14), (11, 23), (29, 16)],
    "fountain": [(11, 7), (26, 15)],
}
# Cave-ins in the order §10.2 lists them; which is Z1..Z6 is not known, so
# the numbers are CONSTRUCTED. The Mines' Z (r3c2) is listed last.
CAVEINS = [(10, 0), (9, 11), (24, 0), (29, 13), (20, 15)]
# Fields outside the grid of squares that the map draws as squares (§2.4.1).
SQUARE_CELLS = [(11, 7), (8, 7), (9, 11)]
# Teleports: T1 Black Swamp <-> Dorn, T2 Abandoned Mines <-> Dorn (which pair
# is "T1" is inferred from the regions, §10.2).
TELEPORTS = {"T1": [(3, 25), (22, 1)], "T2": ["m_r1c5", (12, 2)]}

# Longest reach of any catalogue card: Riel's Long Bow at level 3 (range 5,
# dorn.md §5.1, §6.2). Sight is tabulated for routes up to this length.
SIGHT_CAP = 5
SAMPLE_STEP = 0.1  # how finely a line is walked: a cut through an obstacle shorter than this is borderline

REGION_PREFIX = {"dorn": "d", "black_swamp": "s", "crypt": "h", "cemetery": "h", "dark_temple": "h",
                 "ritual_room": "h"}


class Field:
    def __init__(self, fid, region, shape, centre, polygon):
        self.id, self.region, self.shape = fid, region, shape
        self.cell = None
        self.centre, self.polygon = centre, polygon
        self.tags = set()
        self.adj = set()  # physical neighbours (before teleport faces are merged)


def hex_centre(c, r):
    return (1.5 * c, SQRT3 * (r + 0.5 * (c & 1)))


def hex_polygon(c, r):
    x, y = hex_centre(c, r)
    return [(x + math.cos(math.radians(60 * k)), y + math.sin(math.radians(60 * k))) for k in range(6)]


def circle_polygon(x, y, radius, n=8):
    return [(x + radius * math.cos(2 * math.pi * k / n), y + radius * math.sin(2 * math.pi * k / n)) for k in range(n)]


def hex_neighbours(c, r):
    if c & 1:
        return [(c + 1, r), (c + 1, r + 1), (c - 1, r), (c - 1, r + 1), (c, r - 1), (c, r + 1)]
    return [(c + 1, r - 1), (c + 1, r), (c - 1, r - 1), (c - 1, r), (c, r - 1), (c, r + 1)]


def cube(c, r):
    return c, r - (c - (c & 1)) // 2


def hex_distance(a, b):
    (q1, r1), (q2, r2) = cube(*a), cube(*b)
    dq, dr = q1 - q2, r1 - r2
    return max(abs(dq), abs(dr), abs(dq + dr))


def pixel_to_cell(x, y):
    q = (2.0 / 3.0) * x
    r = -x / 3.0 + (SQRT3 / 3.0) * y
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    col = int(rq)
    return col, int(rr) + (col - (col & 1)) // 2


class Board:
    def __init__(self):
        self.cells = {}  # (c, r) -> "rock" | "open" | field id
        self.fields = {}
        self.walls = set()  # Mines: frozenset of two squares, or (square, side) on the outline
        self.mine_at = {}  # (row, col) -> field id
        self.cavein_mine = None
        self.teleports = {}
        self.build()

    # -- construction -------------------------------------------------------
    def add_hex(self, c, r, region, shape="hex"):
        fid = "%s%02d_%02d" % (REGION_PREFIX[region], c, r)
        f = Field(fid, region, shape, hex_centre(c, r), hex_polygon(c, r))
        f.cell = (c, r)
        self.fields[fid] = f
        self.cells[(c, r)] = fid
        return f

    def add_round(self, fid, cell):
        x, y = hex_centre(*cell)
        f = Field(fid, "path", "round", (x, y), circle_polygon(x, y, ROUND_RADIUS))
        f.tags.add("path")
        self.fields[fid] = f
        self.cells[cell] = "open"
        return f

    def build(self):
        for r, line in enumerate(BASE_MAP):
            for c, ch in enumerate(line):
                if ch in ".=":
                    self.add_hex(c, r, "dorn", "corridor" if ch == "=" else "hex")
                elif ch == ",":
                    self.add_hex(c, r, "black_swamp")
                elif ch in "#~":
                    self.cells[(c, r)] = "rock"
                else:
                    self.cells[(c, r)] = "open"
        for cell in SWAMP_TREES:
            self.set_rock(cell)
        # Throne room, Gate and Ritual Room: everything round them is wall.
        throne = {}
        for c, names in THRONE_COLUMNS.items():
            for i, name in enumerate(names):
                throne[(c, THRONE_FIRST_ROW[c] + i)] = name
        ritual = [cell for cell in self.cells if hex_distance(cell, RITUAL_CENTRE) <= 2]
        closed = set(throne) | set(ritual) | {GATE_CELL}
        for cell in sorted(closed):
            for n in hex_neighbours(*cell):
                if n not in closed and n not in RITUAL_ENTRANCES:
                    self.set_rock(n)
        for cell, name in sorted(throne.items()):
            self.drop(cell)
            f = Field(name, "throne_room", "hex", hex_centre(*cell), hex_polygon(*cell))
            self.fields[name] = f
            self.cells[cell] = name
        self.fields[THRONE_FIELD].tags.add("throne")
        self.drop(GATE_CELL)
        gate = Field("gate", "gate", "area", hex_centre(*GATE_CELL), hex_polygon(*GATE_CELL))
        gate.tags.add("gate")
        self.fields["gate"] = gate
        self.cells[GATE_CELL] = "gate"
        for cell in sorted(ritual):
            self.drop(cell)
            self.add_hex(*cell, "ritual_room")
        for region, centre in sorted(FLOWERS.items()):
            for cell in sorted(self.cells):
                if hex_distance(cell, centre) <= 1:
                    self.drop(cell)
                    self.add_hex(*cell, region)
        # Argos: one field drawn over many cells.
        for cell in ARGOS_CELLS:
            self.drop(cell)
            self.cells[cell] = "argos"
        xs = [hex_centre(*c)[0] for c in ARGOS_CELLS]
        ys = [hex_centre(*c)[1] for c in ARGOS_CELLS]
        argos = Field("argos", "argos", "area", (sum(xs) / len(xs), sum(ys) / len(ys)), None)
        argos.tags.add("multi_hero")
        self.fields["argos"] = argos
        for name, cell in PATH_CELLS.items():
            self.drop(cell)
            self.add_round(name, cell)
        self.drop(SEER_FRONT)
        self.add_round("seer_front", SEER_FRONT).tags.add("seer_front")
        self.set_rock(SEER_HUT)
        self.build_mines()
        self.link()
        self.mark_specials()

    def set_rock(self, cell):
        self.drop(cell)
        self.cells[cell] = "rock"

    def drop(self, cell):
        old = self.cells.get(cell)
        if old in self.fields and old not in ("argos", "gate"):
            del self.fields[old]

    def build_mines(self):
        lines = [l for l in MINES_DIAGRAM.split("\n") if l.strip()][1:]
        borders, rows = lines[0::2], lines[1::2]

        def label(line, col):
            return line[5 + 4 * (col - 1) + 1:5 + 4 * col].strip() if len(line) > 5 + 4 * (col - 1) else ""

        def wall_left(line, col):  # the character at the left edge of column col
            i = 5 + 4 * (col - 1)
            return i < len(line) and line[i] == "|"

        def wall_below(border, col):
            return border[5 + 4 * (col - 1) + 1:5 + 4 * col] == "---"

        x0, y0 = MINES_ORIGIN
        for ri, line in enumerate(rows):
            row = ri + 1
            for col in range(1, 15):
                text = label(line, col)
                if not text:
                    continue
                fid = "m_r%dc%d" % (row, col)
                x, y = x0 + MINE_SIDE * (col - 0.5), y0 + MINE_SIDE * (row - 0.5)
                h = MINE_SIDE / 2
                f = Field(fid, "abandoned_mines", "square", (x, y),
                          [(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)])
                self.fields[fid] = f
                self.mine_at[(row, col)] = fid
                if text == "Sw":
                    f.tags.add("region:sewers")
                elif text == "P":
                    f.tags.add("treasure_spot")
                elif text == "N":
                    f.tags.add("start_spot")
                elif text == "Z":
                    self.cavein_mine = fid
        # Walls: a wall between two squares, or on the outline of one.
        for ri, line in enumerate(rows):
            row = ri + 1
            for col in range(1, 16):
                if not wall_left(line, col):
                    continue
                a, b = self.mine_at.get((row, col - 1)), self.mine_at.get((row, col))
                if a and b:
                    self.walls.add(frozenset((a, b)))
                elif a:
                    self.walls.add((a, "E"))
                elif b:
                    self.walls.add((b, "W"))
        for bi, border in enumerate(borders):
            for col in range(1, 15):
                if not wall_below(border, col):
                    continue
                a, b = self.mine_at.get((bi, col)), self.mine_at.get((bi + 1, col))
                if a and b:
                    self.walls.add(frozenset((a, b)))
                elif a:
                    self.walls.add((a, "S"))
                elif b:
                    self.walls.add((b, "N"))
        # The stairs down from the Path are openings in the outline.
        for sq in ("m_r1c4", "m_r1c14"):
            self.walls.discard((sq, "N"))
        for (row, col), fid in sorted(self.mine_at.items()):
            for (dr, dc) in ((0, 1), (1, 0)):
                other = self.mine_at.get((row + dr, col + dc))
                if other and frozenset((fid, other)) not in self.walls:
                    self.connect(fid, other)

    def connect(self, a, b):
        self.fields[a].adj.add(b)
        self.fields[b].adj.add(a)

    def link(self):
        grid = {"dorn", "black_swamp", "crypt", "cemetery", "dark_temple", "ritual_room", "throne_room"}
        for cell, fid in sorted(self.cells.items()):
            f = self.fields.get(fid)
            if not f or f.region not in grid:
                continue
            for n in hex_neighbours(*cell):
                g = self.fields.get(self.cells.get(n))
                if g and g.region in grid and (f.region == "throne_room") == (g.region == "throne_room"):
                    self.connect(fid, g.id)
        for a, b in zip(PATH_CHAIN, PATH_CHAIN[1:]):
            self.connect(a, b)
        for a, b in EXPLICIT_EDGES + CONSTRUCTED_EDGES:
            self.connect(a, b)

    def mark_specials(self):
        for tag, cells in SPECIAL.items():
            for cell in cells:
                self.fields[self.cells[cell]].tags.add(tag)
        for cell in SQUARE_CELLS:
            self.fields[self.cells[cell]].shape = "square"
        for k, cell in enumerate(CAVEINS + [None], start=1):
            fid = self.cavein_mine if cell is None else self.cells[cell]
            self.fields[fid].tags.update({"cavein_spot", "cavein_spot_%d" % k})
        for name, faces in sorted(TELEPORTS.items()):
            ids = [face if isinstance(face, str) else self.cells[face] for face in faces]
            for fid in ids:
                self.fields[fid].tags.add("teleport:" + name)
            self.teleports[name] = ids
        for f in self.fields.values():
            f.tags.add("region:" + f.region)
            f.tags.add(f.shape)
            if f.region == "dorn":  # CONSTRUCTED quarters, for the treasure split of §10.2
                c, r = f.cell
                f.tags.add("area:" + (("nw" if c < 17 else "ne") if r <= 12 else
                                      "nw" if c < 12 else "sc" if c <= 20 else "se"))

    # -- movement graph -----------------------------------------------------
    def movement_adjacency(self):
        """Physical neighbours, plus: each teleport face also leads to the other face's neighbours."""
        adj = {fid: set(f.adj) for fid, f in self.fields.items()}
        for faces in self.teleports.values():
            a, b = faces
            for n in sorted(self.fields[b].adj):
                if n != a:
                    adj[a].add(n)
                    adj[n].add(a)
            for n in sorted(self.fields[a].adj):
                if n != b:
                    adj[b].add(n)
                    adj[n].add(b)
        return adj

    def diagonals(self):
        pairs = []
        for (row, col), fid in sorted(self.mine_at.items()):
            for dc in (-1, 1):
                other = self.mine_at.get((row + 1, col + dc))
                if other:
                    pairs.append(tuple(sorted((fid, other))))
        return sorted(pairs)

    # -- line of sight ------------------------------------------------------
    def locate(self, x, y):
        """The field at a point, "rock" for an obstacle, or None for open ground."""
        x0, y0 = MINES_ORIGIN
        if x0 <= x < x0 + 14 * MINE_SIDE and y0 <= y < y0 + 6 * MINE_SIDE:
            row, col = int((y - y0) / MINE_SIDE) + 1, int((x - x0) / MINE_SIDE) + 1
            return self.mine_at.get((row, col))
        cell = pixel_to_cell(x, y)
        what = self.cells.get(cell, "rock")
        if what in ("rock", "open", "argos", "gate") or what not in self.fields:
            return what if what in ("rock", "argos", "gate") else None
        f = self.fields[what]
        if f.shape == "round":
            cx, cy = f.centre
            return what if (x - cx) ** 2 + (y - cy) ** 2 <= ROUND_RADIUS ** 2 else None
        return what

    def mine_crossing_blocked(self, a, b, p, q):
        """Whether the line p->q, going from square a into square b, crosses a wall."""
        ra, ca = self.square_of(a)
        if b is None or b not in self.mine_squares():
            return self.leaves_through_wall(a, p, q)
        rb, cb = self.square_of(b)
        if abs(ra - rb) + abs(ca - cb) == 1:
            return frozenset((a, b)) in self.walls
        # A jump across a corner: look closer, and at an exact corner take the
        # open way (borderline cases go to the shooter).
        mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
        if math.dist(p, q) < 1e-6:
            via = [self.mine_at.get((ra, cb)), self.mine_at.get((rb, ca))]
            return all(v is None or frozenset((a, v)) in self.walls or frozenset((v, b)) in self.walls for v in via)
        m = self.locate(*mid)
        if m == a:
            return self.mine_crossing_blocked(a, b, mid, q)
        if m == b:
            return self.mine_crossing_blocked(a, b, p, mid)
        if m is None or m not in self.mine_squares():
            return True
        return self.mine_crossing_blocked(a, m, p, mid) or self.mine_crossing_blocked(m, b, mid, q)

    def mine_squares(self):
        if not hasattr(self, "_mines"):
            self._mines = set(self.mine_at.values())
        return self._mines

    def square_of(self, fid):
        r, c = fid[3:].split("c")
        return int(r), int(c)

    def leaves_through_wall(self, a, p, q):
        x, y = self.fields[a].centre
        h = MINE_SIDE / 2
        dx, dy = q[0] - x, q[1] - y
        side = ("E" if dx > 0 else "W") if abs(dx) - h > abs(dy) - h else ("S" if dy > 0 else "N")
        row, col = self.square_of(a)
        step = {"E": (0, 1), "W": (0, -1), "S": (1, 0), "N": (-1, 0)}[side]
        other = self.mine_at.get((row + step[0], col + step[1]))
        if other:
            return frozenset((a, other)) in self.walls
        return (a, side) in self.walls

    def line(self, p, target):
        """(clear, crossed fields) for the straight line from p to the target's centre."""
        t = self.fields[target].centre
        length = math.dist(p, t)
        steps = max(1, int(math.ceil(length / SAMPLE_STEP)))
        crossed = []
        prev, prev_pt = None, p
        mines = self.mine_squares()
        for i in range(steps + 1):
            pt = (p[0] + (t[0] - p[0]) * i / steps, p[1] + (t[1] - p[1]) * i / steps)
            here = self.locate(*pt)
            if here == "rock":
                return False, None
            if here != prev and prev is not None and (prev in mines or here in mines):
                if prev in mines and self.mine_crossing_blocked(prev, here, prev_pt, pt):
                    return False, None
                if prev not in mines and here in mines and self.mine_crossing_blocked(here, prev, pt, prev_pt):
                    return False, None
            if here is not None and here != target and (not crossed or crossed[-1] != here):
                crossed.append(here)
            prev, prev_pt = here, pt
        return True, crossed

    def sample_points(self, fid):
        f = self.fields[fid]
        cx, cy = f.centre
        pts = [(cx, cy)]
        for (x, y) in f.polygon:
            pts.append((x + (cx - x) * 0.01, y + (cy - y) * 0.01))  # a hair inside the field
        return pts

    def sight_table(self, adj):
        """For each shooter, the targets within SIGHT_CAP steps (or diagonal) that some line reaches."""
        diag = {}
        for a, b in self.diagonals():
            diag.setdefault(a, set()).add(b)
            diag.setdefault(b, set()).add(a)
        table = {}
        for shooter in sorted(self.fields):
            if shooter == "argos":
                continue
            dist = self.route_distances(shooter)
            targets = {t for t, d in dist.items() if 2 <= d <= SIGHT_CAP} | diag.get(shooter, set())
            entries = []
            for target in sorted(targets):
                tf = self.fields[target]
                if "path" in tf.tags or target == "argos":
                    continue
                sets = set()
                for p in self.sample_points(shooter):
                    ok, crossed = self.line(p, target)
                    if ok:
                        sets.add(tuple(sorted(set(x for x in crossed if x != shooter))))
                if not sets:
                    continue
                minimal = sorted(s for s in sets if not any(o != s and set(o) <= set(s) for o in sets))
                if minimal == [()]:
                    entries.append(target)
                else:
                    entries.append(target + ":" + "|".join("+".join(s) for s in minimal))
            if entries:
                table[shooter] = entries
        return table

    def route_distances(self, start):
        """Steps over physical edges (never through a teleport), up to SIGHT_CAP."""
        dist = {start: 0}
        queue = deque([start])
        while queue:
            n = queue.popleft()
            if dist[n] == SIGHT_CAP:
                continue
            for m in sorted(self.fields[n].adj):
                if m not in dist:
                    dist[m] = dist[n] + 1
                    queue.append(m)
        return dist


# ---------------------------------------------------------------------------
# Checks: the counts of dorn.md §2.5 "Required invariants". A failed check
# stops the generator before it writes anything.
# ---------------------------------------------------------------------------
def check(board, adj):
    fields = board.fields
    problems = []

    def count(pred):
        return sum(1 for f in fields.values() if pred(f))

    def expect(what, got, want):
        if got != want:
            problems.append("%s: %d, want %d" % (what, got, want))

    for tag, want in [("artifact_spot", 6), ("treasure_spot", 24), ("start_spot", 6), ("fountain", 2),
                      ("seer_front", 1), ("multi_hero", 1), ("gate", 1), ("throne", 1), ("cavein_spot", 6),
                      ("path", 16)]:
        expect(tag, count(lambda f: tag in f.tags), want)
    for k in range(1, 7):
        expect("cavein_spot_%d" % k, count(lambda f: "cavein_spot_%d" % k in f.tags), 1)
    for region, want in [("ritual_room", 19), ("throne_room", 11), ("crypt", 7), ("cemetery", 7),
                         ("dark_temple", 7), ("abandoned_mines", 80), ("black_swamp", 110)]:
        expect(region, count(lambda f: f.region == region), want)
    expect("sewers", count(lambda f: "region:sewers" in f.tags), 3)
    for area, want in [("nw", 5), ("ne", 5), ("sc", 1), ("se", 0)]:
        expect("treasure in area:" + area, count(lambda f: "treasure_spot" in f.tags and "area:" + area in f.tags), want)
    expect("treasure in the swamp", count(lambda f: "treasure_spot" in f.tags and f.region == "black_swamp"), 7)
    expect("treasure in the Mines", count(lambda f: "treasure_spot" in f.tags and f.region == "abandoned_mines"), 6)
    edges = sorted("%s-%s" % tuple(sorted((a, b), key=lambda s: int(s[1:])))
                   for a in fields if fields[a].region == "throne_room"
                   for b in fields[a].adj if fields[b].region == "throne_room" and a < b)
    if sorted(edges) != sorted(THRONE_EDGES):
        problems.append("throne room edges %s differ from §10.5" % edges)
    for fid, want in [("argos", {"p3"}), ("seer_front", {"s04_14"}), ("gate", {"t9", "h17_06"})]:
        if fields[fid].adj != want:
            problems.append("%s links to %s, want %s" % (fid, sorted(fields[fid].adj), sorted(want)))
    outside = {n for m in board.mine_squares() for n in fields[m].adj if n not in board.mine_squares()}
    if outside != {"p6", "p10"}:
        problems.append("the Mines are entered from %s, want p6 and p10 (and T2)" % sorted(outside))
    seen, queue = {"argos"}, deque(["argos"])
    while queue:
        for m in sorted(adj[queue.popleft()]):
            if m not in seen:
                seen.add(m)
                queue.append(m)
    if len(seen) != len(fields):
        problems.append("not reachable from Argos: %s" % sorted(set(fields) - seen)[:20])
    for name, faces in board.teleports.items():
        if len(faces) != 2 or fields[faces[0]].region == fields[faces[1]].region:
            problems.append("teleport %s faces %s" % (name, faces))
    if problems:
        sys.exit("board.py: the board breaks its invariants:\n  " + "\n  ".join(problems))


# ---------------------------------------------------------------------------
# Output
# ---------------------------------------------------------------------------
BEGIN = "# BEGIN BOARD (generated by content/dorn/tools/board.py; edit the generator, not this section)"
END = "# END BOARD"

CONSTRUCTED_NOTE = ("CONSTRUCTED, provisional: the layout of the Dorn hexes and corridors, the Black Swamp's rows "
                    "and obstacles, the Ritual Room's west/east/south entrances, the exact cells of the special "
                    "fields outside the Mines, the swamp, Seer and Cemetery-end Path links, the Z1..Z6 numbering, "
                    "and all coordinates outside the Mines and the throne room. Read from dorn-components.md §10: "
                    "the Mines grid and walls, the throne graph, the Path and its links, Argos, the Gate, region "
                    "sizes and special-field counts (which teleport pair is T1 is inferred).")


def q(s):
    return '"' + s + '"'


def render(board, adj):
    fields = board.fields
    out = [BEGIN, "#", "# " + CONSTRUCTED_NOTE[:97]]
    words, line = CONSTRUCTED_NOTE[97:].split(), "#"
    for w in words:
        if len(line) + len(w) + 1 > 100:
            out.append(line)
            line = "#"
        line += " " + w
    out.append(line)
    out += ["#",
            "# Teleports: each face is a node; in the graph a face also leads to the other face's",
            "# neighbours, so movement through a teleport costs one step. Routes for shooting, pike",
            "# and spells must not pass through a face: give both faces to tabula.path as `blocked`",
            "# (the start is exempt). The Gate is a node linked to t9 and the Ritual Room's north field;",
            "# while it is closed, scripts block it. params.sight lists, per shooter, the targets some",
            "# straight line reaches (\"target\" when a line crosses no field; else \"target:a+b|c\": the",
            "# fields each clear line crosses; a figure of the other side there blocks that line, and",
            "# a line crossing \"gate\" is blocked while the Gate is closed).",
            ""]
    out.append("[params.board_layout]")
    out.append("value = \"constructed\"")
    out.append("provisional = true")
    out.append("note = " + q(CONSTRUCTED_NOTE))
    out.append("")
    out.append("[params.teleports]")
    out.append("note = \"Two faces per teleport: one logical field (dorn.md §2.4.4); which pair is T1 is inferred\"")
    out.append("value = { " + ", ".join("%s = [%s]" % (n, ", ".join(q(x) for x in f)) for n, f in sorted(board.teleports.items())) + " }")
    out.append("")
    out.append("[params.sight_cap]")
    out.append("value = %d" % SIGHT_CAP)
    out.append("note = \"Longest shooting or pike reach of any catalogue card (Riel's Long Bow at level 3)\"")
    out.append("")
    out.append("[params.diag]")
    out.append("note = \"Square pairs touching at a corner: distance 2 for pike and shooting, never a step\"")
    out.append("value = [")
    for a, b in board.diagonals():
        out.append("  [%s, %s]," % (q(a), q(b)))
    out.append("]")
    out.append("")
    # Not marked provisional themselves (tabula check would print them whole):
    # board_layout is, and names what they are computed from.
    out.append("[params.field_xy]")
    out.append("note = \"Field centres in thousandths of a hex radius (y grows southwards); constructed where board_layout says\"")
    out.append("[params.field_xy.value]")
    for fid in sorted(fields):
        x, y = fields[fid].centre
        out.append("%s = [%d, %d]" % (fid, round(x * 1000), round(y * 1000)))
    out.append("")
    out.append("[params.sight]")
    out.append("note = \"Line of sight within the sight cap, computed from the geometry that board_layout describes\"")
    out.append("[params.sight.value]")
    for shooter, entries in sorted(board.sight_table(adj).items()):
        out.append("%s = [%s]" % (shooter, ", ".join(q(e) for e in entries)))
    out.append("")
    out.append("[graphs.board]")
    out.append("zones = true")
    out.append("[graphs.board.nodes]")
    for fid in sorted(fields):
        out.append("%s = { adjacent = [%s], tags = [%s] }" % (
            fid, ", ".join(q(n) for n in sorted(adj[fid])), ", ".join(q(t) for t in sorted(fields[fid].tags))))
    out.append(END)
    return "\n".join(out) + "\n"


def show(board):
    rows = max(r for _, r in board.cells) + 1
    cols = max(c for c, _ in board.cells) + 1
    mark = {"rock": "#", "open": " ", "argos": "A", "gate": "G"}
    for r in range(rows):
        line = ""
        for c in range(cols):
            what = board.cells.get((c, r), "open")
            if what in mark:
                line += mark[what]
                continue
            f = board.fields[what]
            special = [t for t in ("artifact_spot", "treasure_spot", "start_spot", "fountain", "cavein_spot") if t in f.tags]
            line += ("a" if special == ["artifact_spot"] else "P" if special == ["treasure_spot"] else
                     "N" if special == ["start_spot"] else "F" if special == ["fountain"] else
                     "Z" if special == ["cavein_spot"] else "T" if any(t.startswith("teleport") for t in f.tags) else
                     {"dorn": "=" if f.shape == "corridor" else ".", "black_swamp": ",", "crypt": "c",
                      "cemetery": "y", "dark_temple": "d", "ritual_room": "r", "throne_room": "t",
                      "path": "o"}[f.region])
        print("%2d %s" % (r, line))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    pack = os.path.join(os.path.dirname(here), "pack.toml")
    ap = argparse.ArgumentParser(description="Build the board of Dorn into pack.toml's BOARD section.")
    ap.add_argument("--out", help="write the whole pack.toml here instead of rewriting it in place")
    ap.add_argument("--show", action="store_true", help="print the hex map and stop")
    args = ap.parse_args()
    board = Board()
    if args.show:
        show(board)
        return
    adj = board.movement_adjacency()
    check(board, adj)
    with open(pack, encoding="utf-8") as f:
        text = f.read()
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        sys.exit("board.py: %s has no BOARD section (the lines '%s' ... '%s')" % (pack, BEGIN[:13], END))
    end = text.index("\n", end) + 1
    text = text[:start] + render(board, adj) + text[end:]
    with open(args.out or pack, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


if __name__ == "__main__":
    main()
