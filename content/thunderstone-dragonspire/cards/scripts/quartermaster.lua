-- Quartermaster (§6.4, OQ-46): DUNGEON: draw 3 cards; discard each one that
-- matches (same card) a card already in your hand; of drawn copies that
-- match nothing there the player may keep one (asked: a Disease drawn
-- twice is better gone), the others are discarded. VILLAGE: discard any
-- number of Heroes (not ones used for an effect), draw 1 card per Hero
-- discarded.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local opts = require "std.options"
local M = { extend = {} }

local function heroes(ctx)
  local out = {}
  for _, h in ipairs(C.heroes(ctx.args.seat)) do
    if not E.used(h) then out[#out + 1] = h end
  end
  return out
end

function M.extend.effects(ctx)
  if ctx.args.phase == "dungeon" then
    return E.offer(ctx, "dungeon", { { fn = "supply", label = { "fx_village.supply", n = E.n(ctx.self, "draw") } } })
  end
  return E.offer(ctx, "village", { {
    fn = "muster", label = { "fx_village.muster", n = E.n(ctx.self, "per_hero") },
    when = function(c) return #heroes(c) > 0 end,
  } })
end

local function discard(card, seat)
  C.discard(card, seat)
  T.log { "fx_village.discarded", seat = seat, card = card }
end

function M.supply(ctx)
  local seat = ctx.args.seat
  local held, copies, order = {}, {}, {}
  for _, c in ipairs(C.party(seat)) do held[T.def(c)] = true end
  for _, c in ipairs(E.draw(ctx, E.n(ctx.self, "draw"))) do
    local d = T.def(c)
    if held[d] then
      discard(c, seat)
    elseif copies[d] then
      discard(c, seat)
      copies[d].n = copies[d].n + 1
    else
      copies[d] = { card = c, n = 1 }
      order[#order + 1] = d
    end
  end
  for _, d in ipairs(order) do
    if copies[d].n > 1 then
      T.decide { seat = seat, prompt = { "fx_village.keep_copy", card = copies[d].card },
        options = { { id = "keep", label = "fx_village.keep" }, { id = "discard", label = "fx_village.discard_it" } },
        on_choice = M.kept, args = { seat = seat, card = copies[d].card } }
    end
  end
end

function M.kept(ctx)
  if ctx.choice == "discard" then discard(ctx.args.card, ctx.args.seat) end
end

function M.muster(ctx)
  local list = heroes(ctx)
  local options = opts.for_entities(list, nil, C.telling(list))
  T.decide { seat = ctx.args.seat, prompt = "fx_village.muster_prompt", options = options, pick = { min = 0 },
    on_choice = M.mustered, args = { seat = ctx.args.seat, heroes = list } }
end

function M.mustered(ctx)
  local seat, list = ctx.args.seat, ctx.args.heroes
  local n = 0
  for _, id in ipairs(ctx.choice) do
    local h = opts.entity(list, "", id)
    C.discard(h, seat)
    T.log { "fx_village.discarded", seat = seat, card = h }
    n = n + 1
  end
  if n > 0 then E.draw(ctx, n * E.n(ctx.self, "per_hero")) end
end

return M
