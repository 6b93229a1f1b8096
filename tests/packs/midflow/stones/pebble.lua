-- A pebble says so when it is counted: a fixture copied from it (like =
-- "pebble") keeps this script.
local T = tabula
return {
  on = {
    tallied = function(ctx) T.log { "counted", stone = ctx.self } end,
  },
}
