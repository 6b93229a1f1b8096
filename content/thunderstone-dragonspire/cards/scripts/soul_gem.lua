-- Soul Gem (§6.4): DUNGEON: Light +1 per Level of your highest-level Hero
-- revealed and still in play when the battle is computed (Terakian Peer,
-- level 2: Light +2; Militia is level 0). A DUNGEON effect, so the player
-- may leave it unused (§4 "some, none or all"): it is offered, and gives
-- Light only once used.
local T = tabula
local C = require "rules.cards"
local E = require "rules.effects"
local M = { extend = {} }

function M.extend.effects(ctx)
  return E.offer(ctx, "dungeon", { { fn = "shine", label = { "fx_village.soul_gem", n = E.n(ctx.self, "light") } } })
end

function M.shine(_ctx) end

function M.extend.battle(ctx)
  if not E.used(ctx.self) then return nil end
  local level = 0
  for _, h in ipairs(C.heroes(ctx.args.seat)) do level = math.max(level, T.get(h, "level")) end
  if level == 0 then return nil end
  return E.give(ctx, { light = level * E.n(ctx.self, "light") })
end

return M
