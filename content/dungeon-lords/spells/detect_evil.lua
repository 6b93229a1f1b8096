-- Detect Evil: the lord moves 2 toward evil.
local S = require "rules.spell"
return { cast = function(ctx) S.toward_evil(ctx.args.seat, 2) end }
