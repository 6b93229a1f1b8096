local T = tabula
local M = {}

function M.setup()
  local dragon = T.create("dragon", "hand")
  local goblin = T.create("goblin", "hand")
  for _, n in ipairs({ 1, 2, 5 }) do T.log { "log.points", n = n } end
  T.log { "log.card", card = dragon }
  T.log { "log.nested", inner = { "word.friend" } }
  T.log { "log.braces", x = 7 }
  T.log "log.only_en"
  T.log { "log.missing" }
  T.log({ "log.points", n = 3 }, 1)  -- seat 1 only
  T.decide {
    seat = 1, prompt = { "ask.pick", who = { "word.friend" } }, label = "ask.column", on_choice = "picked",
    options = { { id = "dragon", entity = dragon }, { id = "goblin", entity = goblin }, 3, { id = "none", label = "ask.pass" } },
  }
end

function M.picked(ctx)
  if ctx.choice == "typo" then T.log "log.no_such_text" end
  T.game_over({ picked = ctx.choice }, { "log.points", n = 1 })
end

function M.typo() T.log "log.no_such_text" end

-- Lists as arguments, of values or of texts, and a table argument.
function M.lists()
  T.log { "log.all", xs = { 1, 2 } }
  T.log { "log.all", xs = { { "word.friend" }, { "log.points", n = 2 } } }
  T.log { "log.all", xs = { a = 1 } }
  T.log { "log.all", xs = {} }
end

-- Texts about cards a reader may not know (text_test.cpp, Texts.Hidden*):
-- the dragon lies in a hidden pile, the goblin in seat 1's own zone.
function M.hidden()
  local top = T.create("dragon", "pile")
  local mine = T.create("goblin", "own", 1)
  T.log { "log.there", card = mine }
  T.decide {
    seat = 1, prompt = { "ask.which", card = mine }, on_choice = "picked",
    options = { { id = "a", entity = top }, { id = "b", entity = mine } },
  }
end

-- A line written while every reader saw the card, which then goes away.
function M.seen_then_hidden()
  local card = T.create("dragon", "hand")
  T.log { "log.there", card = card }
  T.move(card, "pile")
end

-- Texts whose arguments or rendering would grow without bound.
function M.many()
  local t = { "log.many", a = "x" }
  for _ = 1, 7 do t = { "log.many", a = t } end
  T.log(t)
end
function M.itself()
  local t = {}
  t[1] = t
  T.log { "log.all", xs = t }
end
function M.doubling()
  local t = { 1 }
  for _ = 1, 12 do t = { t, t } end
  T.log { "log.all", xs = t }
end

return M
