-- TR15 Scroll of Teleportation (dorn.md §6.9, §4.4.6): the hero goes to a
-- field up to `teleport` fields away, over figures but not through a
-- board Teleport, an obstacle or the closed Gate, and ends on a field he may
-- stop on (Argos with other heroes included). It is not a move: his steps
-- stay as they were. Coming there, he may take a Treasure or an Artifact
-- (`entered`, with `teleported`).
local T = tabula
local names = require "rules.names"
local treasures = require "rules.treasures"
local board = require "rules.board"
local teleport = require "rules.teleport"
local M = {}

local function destinations(item, hero) return teleport.fields(hero, T.get(item, "teleport")) end

function M.use(ctx)
  local item, hero = treasures.begin(ctx)
  T.decide { seat = ctx.args.seat, prompt = { "item.where", item = item },
             options = names.options(destinations(item, hero), "pick.figure_to", { figure = hero }),
             on_choice = M.arrive, args = { item = item, hero = hero } }
end

function M.arrive(ctx)
  local item, hero = ctx.args.item, ctx.args.hero
  local from = board.field(hero)
  T.move(hero, ctx.choice)
  treasures.finish(item, hero)
  T.emit("entered", { figure = hero, field = ctx.choice, from = from, teleported = true })
end

M.extend = {
  h2_actions = function(ctx)
    local offer = treasures.offer(ctx, M.use)
    if offer and #destinations(ctx.self, T.get(ctx.self, "held_by")) > 0 then return offer end
    return nil
  end,
}

return M
