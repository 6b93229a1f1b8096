-- Zorkal's Pandemonium (components §4 Z-A6): in L2 the Lord chooses the
-- type of each strong monster instead of drawing it (`effect.choose_strong`)
-- and may summon it in the regions `effect.strong_spawn` too. rules/summon.lua
-- asks the extension points `choose_strong` and `strong_spawn`.
local T = tabula
local abilities = require "rules.abilities"
local M = {}

local function effect(a) return T.def_get(T.def(a), "effect") end

M.extend = {
  choose_strong = function(ctx)
    if abilities.active(ctx.self) and effect(ctx.self).choose_strong then return { true } end
    return nil
  end,
  strong_spawn = function(ctx)
    if not abilities.active(ctx.self) then return nil end
    local out = {}
    for _, r in ipairs(effect(ctx.self).strong_spawn) do out[#out + 1] = r end
    return out
  end,
}

return M
