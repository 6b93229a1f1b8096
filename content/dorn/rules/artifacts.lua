-- Artifacts and the Gate of Fate, dorn.md §4.6. An Artifact lies on a field
-- (a zone of the board) until a hero who comes there picks it up: then it is
-- in `carried` with `held_by` = the hero. Hand-overs are in
-- rules/treasures.lua, with the items'.
local T = tabula
local M = {}

local ROOM = {}
for _, f in ipairs(T.nodes("board", "region:ritual_room")) do ROOM[f] = true end

-- §4.6.3: heroes standing in the Ritual Room together carry at least
-- `artifacts_to_open_gate`: a closed Gate opens at the start of the next
-- Lord turn (L0), even if they leave or fall before (OQ-08). Asked after
-- every hero's move and every hand-over or pick-up of an Artifact.
function M.check_gate()
  if T.var("gate") ~= "closed" then return end
  local n = 0
  for _, a in ipairs(T.zone("carried")) do
    if ROOM[T.where(T.get(a, "held_by"))] then n = n + 1 end
  end
  if n >= T.param("artifacts_to_open_gate") then
    T.set_var("gate", "pending")
    T.log "artifact.gate"
  end
end

local function lying_on(field)
  local out = {}
  for _, id in ipairs(T.zone(field)) do
    if T.kind(id) == "artifact" then out[#out + 1] = id end
  end
  return out
end

-- §4.6.1: a hero who comes onto a field with Artifacts may pick them up,
-- one decision each.
function M.offer(hero, field)
  if T.where(hero) ~= field then return end
  local lying = lying_on(field)
  if #lying == 0 then return end
  local options = {}
  for _, a in ipairs(lying) do options[#options + 1] = { id = "take:" .. a, entity = a } end
  options[#options + 1] = { id = "leave", label = "artifact.leave" }
  T.decide { seat = T.owner(hero), prompt = { "artifact.prompt", hero = hero }, options = options,
             on_choice = M.chosen, args = { hero = hero, field = field } }
end

-- §4.6.2: an Artifact picked up for the first time gives the Lord one more
-- strong monster in his next summoning (`first_pickups_pending`); one that
-- was ever picked up before (dropped by a dead hero) gives nothing.
local function first_pickup(a)
  local ever = T.var("artifacts_ever_picked")
  if not ever then
    T.set_var("artifacts_ever_picked", {})
    ever = T.var("artifacts_ever_picked")
  end
  for _, id in ipairs(ever) do
    if id == a then return end
  end
  ever[#ever + 1] = a
  T.set_var("first_pickups_pending", (T.var("first_pickups_pending") or 0) + T.param("strong_per_first_artifact"))
end

function M.chosen(ctx)
  if ctx.choice == "leave" then return end
  local hero = ctx.args.hero
  local a = math.tointeger(tonumber(ctx.choice:match("^take:(%d+)$")))
  T.move(a, "carried")
  T.set(a, "held_by", hero)
  T.log { "artifact.picked", hero = hero, artifact = a }
  first_pickup(a)
  M.check_gate()
  M.offer(hero, ctx.args.field)
end

M.on = {
  entered = function(ctx)
    local hero = ctx.args.figure
    if T.kind(hero) ~= "hero" then return end
    M.check_gate()
    M.offer(hero, ctx.args.field)
  end,
}

return M
