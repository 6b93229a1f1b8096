-- The head of the Thunderstone screen: the round, whose turn it is and what
-- he chose (§4.1), the gold of a Village visit (§4.2), the target of a
-- battle and its outcome (§4.3). Weapons carried are shown with the cards
-- (screen/players.lua). All of it is the variable `turn` the rules
-- keep (rules/turn.lua), which every seat sees.
local S = require "std.screen"
local W = require "screen.words"
local H = {}

-- The entity with id `id` among the zones the seat sees, or nil.
function H.find(view, id)
  if not id or id == 0 then return nil end
  for _, z in ipairs(view.zones) do
    for _, e in ipairs(z.items or {}) do
      if e.id == id then return e end
    end
  end
end

-- "Dagger → Militia": the weapons `seat` carries this turn (turn.carry:
-- weapon id → hero id), as parts.
function H.weapons(view, seat)
  local turn = view.vars.turn
  local out = {}
  if not turn or turn.seat ~= seat then return out end
  local ids = {}
  for w in pairs(turn.carry or {}) do ids[#ids + 1] = tonumber(w) end
  table.sort(ids)
  for _, w in ipairs(ids) do
    local weapon, hero = H.find(view, w), H.find(view, turn.carry[tostring(w)])
    if weapon and hero then out[#out + 1] = W.t("carries", { weapon = weapon.name, hero = hero.name }) end
  end
  return out
end

local function village(turn)
  if not turn.done then return W.t("gold_later") end
  local left = turn.gold - turn.spent
  local parts = { W.t("gold_turn", { n = turn.gold }) }
  if turn.spent > 0 then parts[#parts + 1] = W.t("spent", { n = turn.spent, left = left }) end
  parts[#parts + 1] = W.t("buys", { n = turn.bought, of = turn.buys })
  return table.concat(parts, " · ")
end

local function dungeon(view, turn)
  -- A lost monster under the Dungeon deck is no longer the record's target
  -- (rules/battle.lua): the battle still shows, lost.
  if not turn.target and not turn.lost then return nil end
  local monster = turn.target and H.find(view, turn.target) or nil
  local line = monster and W.t("target", { name = monster.name, rank = turn.rank })
    or W.t("target_gone", { rank = turn.rank })
  if turn.won then line = line .. " — " .. W.t("won")
  elseif turn.lost then line = line .. " — " .. W.t("lost") end
  return line
end

function H.draw(view, add)
  local v = view.vars
  local turn = v.turn
  local head = W.t("round", { n = v.round or 1 })
  if not turn or not turn.seat then
    add("== " .. head .. " ==")
    return
  end
  local who = W.seat(view, turn.seat)
  local action = turn.action ~= "" and turn.action or "choosing"
  add("== " .. head .. " · " .. W.t("turn_" .. action, { who = who }) .. " ==")
  local detail
  if action == "village" then detail = village(turn)
  elseif action == "dungeon" then detail = dungeon(view, turn) end
  if detail then
    for _, line in ipairs(S.flow(W.words(detail), " ", W.WIDTH - 3, "   ")) do add("   " .. line) end
  end
end

return H
