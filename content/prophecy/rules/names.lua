-- How log lines name a character: its card and its seat.
local T = tabula
local M = {}

function M.who(char) return { "word.who", c = char, seat = T.owner(char) or 0 } end

return M
