-- The Gate of the Water Realm (WR §3.3.5, C-01): a card among the lesser
-- guardians. Found by Clairvoyant Dream or by an attack, it sends the
-- greater guardian and the artifact(s) beneath it to the undersea palace,
-- face down on the Pearls, and stays face up in its sphere; from then on an
-- attack on its sphere is an entry into the realm (water/entry.lua).
local T = tabula
local realm = require "water.realm"
local entry = require "water.entry"
local M = {}

function M.attacked(ctx) entry.offer(ctx.args.character) end

M.on = {
  sphere_card_revealed = function(ctx)
    if ctx.args.card ~= ctx.self then return end
    local sphere = ctx.args.sphere
    T.set_var("water_gate_sphere", sphere)
    local arts = {}
    local below = T.zone(sphere)
    for i = #below, 1, -1 do
      local c = below[i]
      if c ~= ctx.self then
        T.move(c, realm.PALACE, nil, "front")
        T.turn(c, false)
        if T.kind(c) == "item" then arts[#arts + 1] = c end
      end
    end
    T.set_var("water_artifacts", arts)
    T.log({ "water.log.gate", sphere = { "sphere." .. sphere } })
  end,
}

return M
