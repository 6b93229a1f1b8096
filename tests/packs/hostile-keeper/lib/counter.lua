-- A helper module whose table a caller writes into.
local L = { calls = 0 }
function L.bump() L.calls = L.calls + 1 end
return L
