-- The per-dungeon facts of the current combat round (§4.6.2), kept in the
-- kernel as the variable "fight@<seat>": square (the battlefield), disarm
-- (the disarm pool left), attacked (a monster attacked), no_heal,
-- no_conquest, no_spell, invisible, shield (what was cancelled or granted),
-- poison (the heroes a poisoned dart hit, one entry per dart) and nowhere.
local T = tabula
local F = {}

local function key(seat) return "fight@" .. seat end

-- The facts of seat's fight as a live table: read a field, or assign one
-- (F.of(seat).no_heal = true) and the variable changes. Read it anew in each
-- call rather than keeping it.
function F.of(seat) return T.var(key(seat)) end

-- A new round: nothing has happened yet.
function F.reset(seat) T.set_var(key(seat), {}) end

-- The combat is over.
function F.clear(seat) T.set_var(key(seat), nil) end

function F.practice() return T.option("mode") == "practice" end

-- The year being fought (1 or 2). The whole game keeps it in the variable
-- "year"; a fight set up on its own (a practice, the skirmish, a scenario
-- with board = "custom") takes the option "year", by default 1. The option
-- comes first: the flow's year counter runs (as year 1) in those games too,
-- and the whole game gives no such option.
function F.year() return T.option("year") or T.var("year") or 1 end

-- The battlefield square of this round, or nil when there is none.
function F.square(seat) return F.of(seat).square end

return F
