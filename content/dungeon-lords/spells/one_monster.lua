-- Spells that act on one monster (not a ghost) sent to this fight: Aura of
-- Fear, Metamorphosis, Dimensional Gate (components §8.2). The card says who
-- picks the monster (chosen_by: "lord" or "random") and what becomes of it
-- (outcome: "withdrawn", back to the den face up as if never sent, or
-- "exhausted", face down without attacking). With only ghosts sent the
-- spell does nothing.
local T = tabula
local S = require "rules.spell"
local options = require "std.options"
local M = {}

local OUTCOMES = { withdrawn = S.withdraw, exhausted = S.exhaust }

function M.cast(ctx)
  local seat, card = ctx.args.seat, ctx.self
  local sent = S.sent_monsters(seat)
  if #sent == 0 then
    T.log({ "spell.no_monster", seat = seat, card = card })
    return
  end
  local by = T.get(card, "chosen_by")
  if by == "random" then
    M.strike(seat, card, T.chance("spell_monster", sent))
  elseif by == "lord" then
    options.pick {
      seat = seat, prompt = { "spell.which_monster", card = card }, entities = sent, prefix = "spell:",
      on_pick = "picked", args = { seat = seat },
    }
  else
    error(T.def(card) .. ": chosen_by must be \"lord\" or \"random\", not \"" .. tostring(by) .. "\"")
  end
end

function M.picked(ctx) M.strike(ctx.args.seat, ctx.self, options.picked(ctx)) end

function M.strike(seat, card, monster)
  local outcome = OUTCOMES[T.get(card, "outcome")]
  if not outcome then
    error(T.def(card) .. ": outcome must be \"withdrawn\" or \"exhausted\", not \"" .. tostring(T.get(card, "outcome")) .. "\"")
  end
  T.log({ "spell.strikes", seat = seat, card = card, monster = monster })
  outcome(seat, monster)
end

return M
