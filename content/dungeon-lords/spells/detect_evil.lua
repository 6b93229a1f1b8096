-- Detect Evil: the lord moves toward evil (the card's `evil` steps).
local T = tabula
local S = require "rules.spell"
return { cast = function(ctx) S.toward_evil(ctx.args.seat, T.get(ctx.self, "evil")) end }
