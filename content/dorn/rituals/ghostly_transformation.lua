-- R7 Ghostly Transformation (dorn.md §6.7): two adjacent weak monsters
-- become one strong monster of the Lord's choice (a type whose token is in
-- the bag), on either of their fields. The two weak tokens go back to the
-- supply. Option `<a>+<b>><field>`: weak monsters a and b, the strong one
-- appears on `field` (a's or b's).
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local reach = require "rules.reach"
local rituals = require "rules.rituals"
local M = {}

local function weak_on_board()
  local out = {}
  for _, id in ipairs(board.all("monster")) do
    if T.def_get(T.def(id), "weight") == "weak" then out[#out + 1] = id end
  end
  return out
end

-- Every option: a pair of adjacent weak monsters and the field kept.
local function pair_options()
  local weak, out = weak_on_board(), {}
  for i, a in ipairs(weak) do
    for j = i + 1, #weak do
      local b = weak[j]
      local fa, fb = board.field(a), board.field(b)
      if reach.adjacent(fa, fb) then
        for _, f in ipairs { fa, fb } do
          out[#out + 1] = { id = a .. "+" .. b .. ">" .. f, label = { "ritual.pair", a = a, b = b, field = names.of(f) } }
        end
      end
    end
  end
  return out
end

M.extend = {
  ritual_blocked = function(ctx)
    if T.count("bag") == 0 or #pair_options() == 0 then return { ctx.self } end
    return nil
  end,
}

function M.play()
  T.decide { seat = 1, prompt = "ritual.ghostly", options = pair_options(), on_choice = M.paired }
end

function M.paired(ctx)
  local a, b, field = ctx.choice:match("^(%d+)%+(%d+)>(.+)$")
  for _, id in ipairs { a, b } do
    id = math.tointeger(tonumber(id))
    T.move(id, "supply")
    T.set(id, "wounds", 0)
  end
  -- One option per strong type in the bag, in definition order.
  local options, seen = {}, {}
  for _, def in ipairs(T.defs { kind = "monster" }) do
    for _, id in ipairs(T.zone("bag")) do
      if T.def(id) == def and not seen[def] then
        seen[def] = true
        options[#options + 1] = { id = def, entity = id }
      end
    end
  end
  if #options == 1 then
    rituals.arrive(options[1].entity, field)
    return
  end
  T.decide { seat = 1, prompt = "ritual.strong_type", options = options, on_choice = M.typed, args = { field = field } }
end

function M.typed(ctx)
  for _, id in ipairs(T.zone("bag")) do
    if T.def(id) == ctx.choice then
      rituals.arrive(id, ctx.args.field)
      return
    end
  end
end

return M
