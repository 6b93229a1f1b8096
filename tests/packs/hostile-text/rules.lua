-- The one question of pack.toml, as the setup's `case` asks it. The bytes
-- are written as escapes: \27 is ESC, \xc2\x9b U+009B (CSI), \x9b alone
-- and \xff are not UTF-8.
local T = tabula
local M = {}

local ESC = "\27[2J\27]0;title\7\xc2\x9b31m"

function M.ask()
  local case = T.option("case")
  if case == "escape" then
    T.log { "said", x = ESC }
    T.decide {
      seat = 1, prompt = { "what", x = ESC }, on_choice = "won",
      options = { { id = "\27[31m\xc2\x9bid", label = { "option", x = ESC } } },
    }
  elseif case == "bad_id" then
    T.decide { seat = 1, prompt = { "what", x = "" }, on_choice = "won", options = { "ok\xff" } } -- bad_id
  elseif case == "bad_id_later" then
    T.decide { seat = 1, prompt = { "what", x = "" }, on_choice = "later", options = { "first" } }
  elseif case == "error" then
    T.decide { seat = 1, prompt = { "what", x = "" }, on_choice = "raise", options = { "go" } }
  end
end

function M.later()
  T.decide { seat = 1, prompt = { "what", x = "" }, on_choice = "won", options = { "\x9b[2J" } } -- bad_id_later
end

function M.raise() error("bad " .. ESC .. " \x9b end") end -- raise

function M.won()
  T.log { "said", x = ESC }
  T.game_over({ winners = { 1 } }, { "won", x = ESC })
end

return M
