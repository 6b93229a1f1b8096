local T = tabula
local M = {}
local kept = {}

function M.draw(view)
  local probe = view.vars.probe
  if probe == "error" then error("the screen is broken") end
  if probe == "number" then return 42 end
  if probe == "bad_line" then return { "fine", 7 } end
  if probe == "keep" then
    kept[#kept + 1] = view.seat
    return { "kept" }
  end
  if probe == "game" then return { tostring(T.zone("hand", 2)) } end
  if probe == "spin" then
    while true do end
  end
  if probe == "entity_name" then return { T.text { "screen.who", card = view.vars.card } } end
  return { "probe: " .. tostring(probe) }
end

return M
