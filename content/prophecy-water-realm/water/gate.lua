-- The Gate of the Water Realm (WR §3.3.5, C-01): a card among the lesser
-- guardians. Found by Clairvoyant Dream or by an attack, it sends the
-- greater guardian and the artifact(s) beneath it to the undersea palace,
-- face down on the Pearls, and stays face up in its sphere; from then on an
-- attack on its sphere is an entry into the realm (water/entry.lua).
local T = tabula
local realm = require "water.realm"
local entry = require "water.entry"
local M = {}

-- An attack on the Gate's sphere is an entry. When that attack is what
-- turned the Gate up, the attacker may enter at once (§3.3.5 item 3): it
-- may also stay out (the flag set when the Gate was revealed, used once).
function M.attacked(ctx)
  local found_now = T.var("water_gate_found_by_attack") == true
  T.set_var("water_gate_found_by_attack", nil)
  entry.offer(ctx.args.character, found_now)
end

M.on = {
  sphere_card_revealed = function(ctx)
    if ctx.args.card ~= ctx.self then return end
    local sphere = ctx.args.sphere
    T.set_var("water_gate_sphere", sphere)
    -- The artifacts are marked on the cards (`from_gate`), which nobody
    -- sees face down: a public list of their ids would name them. The
    -- public variable holds only how many there are.
    local arts = 0
    local below = T.zone(sphere)
    for i = #below, 1, -1 do
      local c = below[i]
      if c ~= ctx.self then
        T.move(c, realm.PALACE, nil, "front")
        T.turn(c, false)
        if T.kind(c) == "item" then
          T.set(c, "from_gate", true)
          arts = arts + 1
        end
      end
    end
    T.set_var("water_artifacts", arts)
    if ctx.args.how == "attack" then T.set_var("water_gate_found_by_attack", true) end
    T.log({ "water.log.gate", sphere = { "sphere." .. sphere } })
  end,
}

return M
