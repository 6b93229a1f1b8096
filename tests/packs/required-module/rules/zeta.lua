-- Also a flow node's script: the kernel must know the table asker.lua holds.
local M = {}

function M.answered(ctx) tabula.set_var("answer", ctx.choice) end

function M.done() tabula.game_over({ answer = tabula.var("answer") }) end

return M
