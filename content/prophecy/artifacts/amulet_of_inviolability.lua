-- The Amulet of Inviolability (D-29): as the Ring of Protection, once per
-- round the first effect.lives lives its holder would lose are not lost
-- (items/cards.lua's ward).
local C = require "items.cards"
local M = {}

M.modify = { life_loss = C.ward }

return M
