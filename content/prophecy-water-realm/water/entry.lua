-- Entering the Water Realm (WR §3.3.7, §4.2 step 3.4, Q-24): like a sphere
-- attack, from the Gate's entry spaces; the character may buy one bag of air
-- from the Gate's list (or none), takes that many bubbles and is put on the
-- entrance; its turn ends there. An attacker that has just found the Gate
-- may also stay out (§3.3.5 item 3). The channels `bag_price` and
-- `bag_bubbles` {character, bag} let undersea abilities change a bag.
local T = tabula
local names = require "rules.names"
local resources = require "rules.resources"
local realm = require "water.realm"
local M = {}

local function bags(char)
  local out = {}
  local list = T.param("air_bags")
  for i, b in ipairs(list) do
    local price = math.max(0, T.modify("bag_price", b.gold, { character = char, bag = i }))
    local bubbles = T.modify("bag_bubbles", b.bubbles, { character = char, bag = i })
    out[#out + 1] = { index = i, price = price, bubbles = bubbles }
  end
  return out
end

-- `may_stay_out`: the Gate was just found by this attack, so entering is
-- optional (§3.3.5 item 3); staying out, the turn goes on on the entry
-- space (the attack was the action instead of movement).
function M.offer(char, may_stay_out)
  local seat = T.owner(char)
  local options = {}
  for _, b in ipairs(bags(char)) do
    if resources.gold(seat) >= b.price then
      options[#options + 1] = { id = "bag:" .. b.index, label = { "water.bag", bubbles = b.bubbles, gold = b.price } }
    end
  end
  options[#options + 1] = { id = "none", label = "water.no_bag" }
  if may_stay_out then options[#options + 1] = { id = "stay_out", label = "water.stay_out" } end
  T.decide { seat = seat, prompt = "water.enter", options = options, on_choice = M.chosen, args = { char = char } }
end

function M.chosen(ctx)
  local char = ctx.args.char
  if ctx.choice == "stay_out" then return end
  local bubbles = 0
  local i = tostring(ctx.choice):match("^bag:(%d+)$")
  if i then
    local b = bags(char)[math.tointeger(tonumber(i))]
    resources.pay(T.owner(char), "gold", b.price)
    bubbles = b.bubbles
  end
  M.put(char, bubbles)
end

-- On the entrance with a new bag; the turn ends (Q-24).
function M.put(char, bubbles)
  T.set(char, "air", bubbles)
  T.set(char, "air_spent", 0)
  T.set(char, "air_bag", bubbles)
  T.set(char, "visit_turns", 0)
  T.add(char, "visit", 1)
  T.set(char, "stuck_with", -1)
  T.set(char, "palace_wait", false)
  T.set(char, "entry_lives", T.get(char, "lives"))
  T.set(char, "entry_magic", T.get(char, "magic"))
  T.move(char, realm.ENTRANCE)
  T.log({ "water.log.entered", who = names.who(char), bubbles = bubbles })
  T.emit("realm_entered", { character = char })
  local t = T.var("turn")
  if t and t.char == char then t.over = true end
end

return M
