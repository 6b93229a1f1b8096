-- The pack's screen: its draw passes std.screen a value it cannot lay out
-- (error_location_test.cpp names line 6: keep it).
local S = require "std.screen"
local M = {}

function M.draw(view) return { S.pad(view.vars.missing, 10) } end

return M
