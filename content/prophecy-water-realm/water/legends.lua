-- Legends of the Deep (WR §3.3.6, C-02): the top undersea ability goes on
-- display in its guild (pushing out the older card there); then the drawer
-- must turn up two water cards of its choice anywhere on the Water board,
-- not in the palace (Q-28: fewer if fewer lie face down). In the final
-- battle it is ignored (water/rules.lua answers `chance_ignored`).
local T = tabula
local guilds = require "rules.guilds"
local realm = require "water.realm"
local M = {}

function M.resolve(ctx)
  local top = T.zone("undersea_pile")[1]
  if top then guilds.show(T.get(top, "guild"), top) end
  M.ask(ctx.args.seat, 2)
end

local function hidden_cells()
  local out = {}
  for _, cell in ipairs(T.nodes("water")) do
    if cell ~= realm.PALACE then
      for _, c in ipairs(realm.cards(cell)) do
        if not T.face_up(c) then out[#out + 1] = cell break end
      end
    end
  end
  return out
end

function M.ask(seat, left)
  if left <= 0 then return end
  local options = {}
  for _, cell in ipairs(hidden_cells()) do options[#options + 1] = { id = cell, label = { "water.cell", cell = { "water.cells." .. cell } } } end
  if #options == 0 then return end
  T.decide { seat = seat, prompt = "water.legends", options = options, on_choice = M.turned, args = { seat = seat, left = left } }
end

function M.turned(ctx)
  for _, c in ipairs(realm.cards(ctx.choice)) do
    if not T.face_up(c) then
      T.turn(c, true)
      T.log({ "water.log.turned", card = c, cell = { "water.cells." .. ctx.choice } })
    end
  end
  M.ask(ctx.args.seat, ctx.args.left - 1)
end

return M
