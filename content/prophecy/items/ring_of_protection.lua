-- The Ring of Protection (D-28): once per round the first effect.lives
-- lives its wearer would lose are not lost (items/cards.lua's ward says
-- which losses count and keeps the round in `used_on`, D-21).
local C = require "items.cards"
local M = {}

M.modify = { life_loss = C.ward }

return M
