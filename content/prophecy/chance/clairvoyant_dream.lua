-- Clairvoyant Dream (PB §6.2): the drawer picks a sphere and turns up its
-- next hidden card (lesser guardian, then greater guardian, then artifact).
-- The event `sphere_card_revealed` {sphere, card, how = "dream"} tells the
-- cards (the Gate of the Water Realm, WR §3.3.5).
local T = tabula
local spheres = require "rules.spheres"
local M = {}

function M.resolve(ctx)
  local options = {}
  for _, sp in ipairs(spheres.with_hidden()) do options[#options + 1] = { id = sp, label = "sphere." .. sp } end
  if #options == 0 then return end
  T.decide { seat = ctx.args.seat, prompt = "chance.dream", options = options, on_choice = M.chosen,
             args = { seat = ctx.args.seat } }
end

function M.chosen(ctx) spheres.reveal_next(ctx.choice, "dream", ctx.args.seat) end

return M
