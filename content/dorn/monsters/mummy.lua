-- The mummy (components §5 M6): a hero it wounds may neither move nor
-- attack (nor cast) in his next `wound_stops_turns` turns. Heroes
-- whose card says so are immune (channel `monster_skill`: Transmuted Blood).
-- The var `mummy_stops` = {{figure, by, from, to}}: the figure may not act
-- in the heroes' turns numbered `from`..`to` (a heroes' turn has the number
-- of the Lord turn before it).
local T = tabula
local M = {}

local STOPS = { move = true, attack = true, cast = true }

M.on = {
  damaged = function(ctx)
    local args, m = ctx.args, ctx.self
    if args.by ~= m or args.how ~= "attack" or args.amount <= 0 or T.kind(args.target) ~= "hero" then return end
    if T.modify("monster_skill", 1, { figure = args.target, by = m }) <= 0 then return end
    local n, list = T.var("lord_turn"), T.var("mummy_stops") or {}
    local turns = T.def_get(T.def(m), "wound_stops_turns")
    list[#list + 1] = { figure = args.target, by = m, from = n, to = n + turns - 1 }
    T.set_var("mummy_stops", list)
  end,
  turn_ended = function(ctx)
    if ctx.args.side ~= "heroes" or not T.var("mummy_stops") then return end
    local keep = {}
    for _, s in ipairs(T.var("mummy_stops")) do
      if s.by ~= ctx.self or s.to > T.var("lord_turn") then keep[#keep + 1] = s end
    end
    T.set_var("mummy_stops", keep)
  end,
}

M.modify = {
  may_act = function(ctx)
    local args = ctx.args
    if not STOPS[args.what] or T.var("side") ~= "heroes" then return nil end
    local n = T.var("lord_turn")
    for _, s in ipairs(T.var("mummy_stops") or {}) do
      if s.by == ctx.self and s.figure == args.figure and s.from <= n and n <= s.to then return 0 end
    end
    return nil
  end,
}

return M
