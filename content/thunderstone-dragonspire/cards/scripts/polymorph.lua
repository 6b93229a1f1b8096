-- Polymorph (§6.4): DUNGEON: look at the top card of the Dungeon deck; if it
-- is a Monster you may swap it with a Monster of Ranks 1–3 (not a Guardian,
-- not one that must be defeated to leave the Hall, §5.5, §5.9.5): the
-- replaced Monster goes on top of the Dungeon deck. Then draw 1 card
-- (OQ-21). A Monster swapped into Rank 1 enters it: its Breach fires
-- (§5.9.2; the rules' refill runs the queued breach).
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local hall = require "rules.hall"
local M = { extend = {} }

local function swappable()
  local out = {}
  for r = 1, T.param("ranks") do
    for _, c in ipairs(T.zone("rank" .. r)) do
      if C.is_monster(c) and not T.get(c, "must_defeat") then out[#out + 1] = c end
    end
  end
  return out
end

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { { fn = "polymorph", label = { "fx_village.polymorph", n = E.n(ctx.self, "draw") } } })
end

function M.polymorph(ctx)
  local seat = ctx.args.seat
  local top = T.zone("dungeon")[1]
  local cards = {}
  if top then
    T.reveal(top, seat)
    -- Only this seat learns the card: its log line names it, the prompt
    -- (which every seat sees) does not.
    T.log({ "fx_village.dungeon_top", card = top }, seat)
    if C.is_monster(top) then cards = swappable() end
  end
  if #cards == 0 then return M.swapped(ctx) end
  E.pick { seat = seat, cards = cards, prompt = "fx_village.polymorph_prompt", optional = true,
    then_fn = M.swapped, args = { top = top } }
end

function M.swapped(ctx)
  local seat = ctx.args.seat
  local out = ctx.args.top and E.picked(ctx)
  if out then
    local top, rank = ctx.args.top, hall.rank_of(out)
    T.move(out, "dungeon", nil, "front")
    T.move(top, "rank" .. rank)
    T.log { "fx_village.swapped", card = top, other = out, rank = rank }
    if rank == 1 then
      local breaches = C.turn().breaches
      breaches[#breaches + 1] = top
      hall.refill(seat)
    end
  end
  E.draw(ctx, E.n(ctx.self, "draw"))
end

return M
