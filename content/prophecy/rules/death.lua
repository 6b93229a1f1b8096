-- Death (PB §5.3, D-10). A character dies when it loses its last life
-- (WR §2.5 K-2). It loses its gold, items and abilities (abilities to the
-- bottom of their guilds' decks); it keeps its experience; its artifacts
-- stay on its space, where the first character to end its movement there
-- takes them (WR Q-21) - unless a character killed it, which takes its
-- gold, items and artifacts at once. The player goes on with a new card of
-- the same profession on its first guild's space, with some lives and
-- magic already spent. In the final battle a dead character is out.
local T = tabula
local board = require "rules.board"
local names = require "rules.names"
local M = {}

-- Where a lost card goes: its deck's discard pile, its guild's deck, or
-- wherever the channel-like extension point `lost_card` says (an
-- expansion's water cards leave the game).
function M.discard(card)
  local where = T.collect("lost_card", { card = card })[1]
  if where then
    T.move(card, where.zone, where.seat, where.position)
    T.turn(card, where.face_up ~= false)
    return
  end
  local kind = T.kind(card)
  if kind == "ability" then
    T.move(card, "deck_" .. T.get(card, "guild"), nil, "back")
    T.turn(card, false)
  elseif kind == "item" and T.get(card, "deck") == "rare" then
    T.move(card, "rare_discard")
  elseif kind == "item" and T.get(card, "deck") == "common" then
    T.move(card, "common_discard")
  else
    T.move(card, "out")
  end
  if T.has(card, "damaged") then T.set(card, "damaged", nil) end
end

function M.die(char, cause, killer)
  local seat = T.owner(char)
  local space = board.where(char)
  T.log({ "log.died", who = names.who(char) })
  -- The killer takes gold, items and artifacts (PB §5.3, MK-CMP2).
  local heir = killer and T.owner(killer) or nil
  if heir then
    local gold = T.counter(seat, "gold") or 0
    T.set_counter(heir, "gold", (T.counter(heir, "gold") or 0) + gold)
  end
  T.set_counter(seat, "gold", 0)
  for _, it in ipairs(T.zone("items", seat)) do
    if heir then T.move(it, "items", heir) else M.discard(it) end
  end
  for _, ab in ipairs(T.zone("abilities", seat)) do M.discard(ab) end
  for _, a in ipairs(T.zone("artifacts", seat)) do
    if heir then
      T.move(a, "artifacts", heir)
    else
      T.move(a, space)
      T.turn(a, true)
    end
  end
  T.emit("died", { character = char, seat = seat, space = space, cause = cause, killer = killer })
  local turn = T.var("turn")
  if turn and turn.char == char then turn.over = true end
  if T.var("final_battle") or T.var("apocalypse") then
    T.set(char, "out", true)
    T.move(char, "out")
    T.log({ "log.out", who = names.who(char) })
    return
  end
  -- A new character of the same profession (D-10).
  local resources = require "rules.resources"
  resources.fresh(char, T.param("death_lives_spent"), T.param("death_magic_spent"))
  T.move(char, T.get(char, "guilds")[1])
  T.log({ "log.new_character", who = names.who(char), space = { "space." .. T.get(char, "guilds")[1] } })
end

return M
