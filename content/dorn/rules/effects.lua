-- Effects that last (dorn.md §5.6, durations): a played Ritual, Blessing or
-- item, or a spell's lasting effect, is an entity in `in_effect` while it
-- acts (its kind listens only there) and goes to `spent` when it ends. The
-- var `effects` lists them in the order they started: {card, side, turn,
-- data}, ending at the end of `side`'s turn number `turn` (a heroes' turn
-- has the number of the Lord turn before it; turn 0: at the end of the game).
--
-- `lasts`:
--   instant           ends at once (the card is spent)
--   turn              the end of the turn it is played in
--   lord_next_turn    the end of the next Lord turn
--   heroes_next_turn  the end of the next heroes' turn
--   game              the end of the game (also until_destroyed)
local T = tabula
local M = {}

-- The side whose turn it is ("lord" or "heroes") and the turn's number.
function M.side() return T.var("side") end

local function ends(lasts)
  local side, n = M.side(), T.var("lord_turn")
  if lasts == "turn" then return side, n end
  if lasts == "lord_next_turn" then return "lord", n + 1 end
  if lasts == "heroes_next_turn" then return "heroes", side == "lord" and n or n + 1 end
  if lasts == "game" or lasts == "until_destroyed" then return "game", 0 end
  error("effects: unknown duration '" .. tostring(lasts) .. "'", 3)
end

-- Starts the effect of `card` (an entity) for `lasts`; `data` (a table) is
-- what the card needs to remember: its targets, who played it.
function M.start(card, lasts, data)
  if lasts == "instant" then
    T.move(card, "spent")
    return
  end
  local side, turn = ends(lasts)
  local list = T.var("effects") or {}
  list[#list + 1] = { card = card, side = side, turn = turn, data = data or {} }
  T.set_var("effects", list)
  T.move(card, "in_effect")
end

-- The record of an effect in force, or nil.
function M.of(card)
  for _, e in ipairs(T.var("effects") or {}) do
    if e.card == card then return e end
  end
  return nil
end

function M.data(card)
  local e = M.of(card)
  return e and e.data or nil
end

-- The effects in force of definitions `def`, in the order they started.
function M.active(def)
  local out = {}
  for _, e in ipairs(T.var("effects") or {}) do
    if T.def(e.card) == def then out[#out + 1] = e end
  end
  return out
end

-- Ends one effect now (a barrier destroyed, a one-shot used).
function M.stop(card)
  local keep = {}
  for _, e in ipairs(T.var("effects") or {}) do
    if e.card ~= card then keep[#keep + 1] = e end
  end
  T.set_var("effects", keep)
  if T.where(card) == "in_effect" then T.move(card, "spent") end
end

-- At the end of `side`'s turn: the effects that end there stop.
function M.expire(side)
  local n, keep = T.var("lord_turn"), {}
  for _, e in ipairs(T.var("effects") or {}) do
    if e.side == side and e.turn <= n then
      T.move(e.card, "spent")
    else
      keep[#keep + 1] = e
    end
  end
  T.set_var("effects", keep)
end

return M
