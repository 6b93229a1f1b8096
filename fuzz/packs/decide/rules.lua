-- The decide fuzz pack (pack.toml): interprets the game option `program`, a
-- list of bytes (integers 0..255), from a position on. Each byte is an action, and the bytes
-- after it its arguments; past the end every byte reads as 0. A decision
-- stops the program (a secret one does not: the next seat may be asked at
-- the same time), and its choice goes on from the byte after it. Errors of
-- the scripts' making (unknown texts, repeated option ids, bad seats, values
-- nested too deeply, ...) are expected: they fail the choice or the start.
--
-- No module state: everything a run needs is made per call (the kernel
-- checks that a script keeps no state between calls).
local T = tabula
local M = {}

local DEFS = { "dragon", "goblin", "imp", "spy" }
local ZONES = { "table", "deck", "hand", "bag" }
local KEYS = {
  "fz.plain", "fz.name", "fz.text", "fz.mix", "fz.nest", "fz.list", "fz.many",
  "fz.enonly", "fz.missing", "fz.braces", "fz.option", "fz.chose",
}
local MAX_DEPTH = 40  -- past the kernel's 16 levels of text and 32 of values

-- A reader of the program from byte `pc` on, and the game as the program
-- sees it: the entities in play and the seats.
local function machine(pc)
  local prog = T.option("program")
  if type(prog) ~= "table" then prog = {} end
  local m = { pc = pc, len = #prog, seats = T.seats(), ids = {} }

  function m.byte()
    local b = prog[m.pc] or 0
    m.pc = m.pc + 1
    return b
  end
  function m.done() return m.pc > m.len end

  -- Every entity in play, zone by zone (a shuffle changes the order).
  for _, z in ipairs(ZONES) do
    if z == "hand" then
      for seat = 1, m.seats do
        for _, id in ipairs(T.zone(z, seat)) do m.ids[#m.ids + 1] = id end
      end
    else
      for _, id in ipairs(T.zone(z)) do m.ids[#m.ids + 1] = id end
    end
  end

  -- A seat: mostly one of the game's, sometimes 0 or one past the last.
  function m.seat()
    local b = m.byte()
    if b >= 250 then return b == 255 and 0 or m.seats + 1 end
    return b % m.seats + 1
  end
  -- A seat with no decision open, or nil when every seat has one.
  function m.free_seat()
    local first = m.seat()
    if first < 1 or first > m.seats then return first end
    for k = 0, m.seats - 1 do
      local seat = (first - 1 + k) % m.seats + 1
      if not T.pending(seat) then return seat end
    end
    return nil
  end
  -- An entity: one in play, or an id that names none (or one out of play).
  function m.entity()
    local b = m.byte()
    if b >= 252 or #m.ids == 0 then
      local bogus = { -1, 100000, math.maxinteger, #m.ids }
      return bogus[b % #bogus + 1]
    end
    return m.ids[b % #m.ids + 1]
  end
  -- An entity that is not a spy (those are never moved nor revealed), or nil.
  function m.open_entity()
    local id = m.entity()
    local ok, def = pcall(T.def, id)
    if ok and def == "spy" then return nil end
    return id
  end
  function m.zone()
    local b = m.byte()
    if b >= 252 then return b == 255 and "nowhere" or ZONES[b % 4 + 1] end
    return ZONES[b % #ZONES + 1]
  end
  -- Bytes of the program as a string, any bytes (UTF-8 or not) but 'Q',
  -- which spells the spy's name, '[' and ':', which spell C++ exception
  -- messages (the harness looks for those in errors).
  function m.str(max)
    local n = math.min(m.byte() % (max + 1), math.max(m.len - m.pc + 1, 0))
    local s = string.char(table.unpack(prog, m.pc, m.pc + n - 1))
    m.pc = m.pc + n
    return (s:gsub("[Q%[:]", "q"))
  end
  function m.int()
    local b = m.byte()
    if b >= 240 then
      local big = { math.maxinteger, math.mininteger, -1, 1 << 31, -(1 << 31), 1 << 53, 4096, 4097,
                    1000000, -7, 2, 3, 4, 5, 21, 22 }
      return big[b - 239]
    end
    return b
  end

  -- A value for the kernel to keep: nil, booleans, integers, strings,
  -- entity ids, lists and tables with string keys, texts, one table twice,
  -- nested up to MAX_DEPTH levels; rarely a table that holds itself, a
  -- float or a table with mixed keys, which are errors.
  function m.value(depth)
    local b = m.byte()
    local k = b % 16
    if depth >= MAX_DEPTH then k = k % 7 end
    if k == 0 then return nil
    elseif k == 1 then return b >= 128
    elseif k <= 3 then return m.int()
    elseif k <= 5 then return m.str(24)
    elseif k == 6 then return m.entity()
    elseif k <= 8 then
      local t = {}
      for i = 1, m.count() do
        local v = i <= 24 and m.value(depth + 1) or i
        t[i] = v == nil and 0 or v
      end
      return t
    elseif k == 9 then
      local t = {}
      for _ = 1, m.byte() % 5 do t[m.str(8)] = m.value(depth + 1) end
      return t
    elseif k <= 11 then return m.text(depth + 1)
    elseif k == 12 then
      local t = { m.value(depth + 1) }
      if b >= 224 then t[2] = t else t[2] = { t, t } end  -- itself, or the same table twice
      return t
    elseif k == 13 then return b >= 240 and 1.5 or 2.0
    elseif k == 14 and b >= 240 then return { 1, 2, x = 3 }
    else return -b
    end
  end
  -- A count: mostly small, sometimes past the kernel's limits.
  function m.count()
    local b = m.byte()
    if b >= 248 then return ({ 62, 63, 100, 4095, 4096, 4097, 10000, 20001 })[b - 247] end
    return b % 6
  end

  -- A text: a key alone, a key with arguments (entities, nested texts,
  -- lists), or something that is not a text.
  function m.text(depth)
    depth = depth or 0
    local b = m.byte()
    if b == 255 then return m.str(12) end            -- most likely an unknown key
    if b == 254 then return { m.str(12), a = 1 } end
    if b == 253 then return 42 end
    if b == 252 then return {} end
    local key = KEYS[b % #KEYS + 1]
    if b < 24 then return key end
    local t = { key }
    if depth >= MAX_DEPTH then return t end
    local which = m.byte()
    if which & 1 ~= 0 then t.e = m.entity() end
    if which & 2 ~= 0 then t.b = m.entity() end
    if which & 4 ~= 0 then t.a = m.value(depth + 1) end
    if which & 8 ~= 0 then t.n = m.int() end
    if which & 16 ~= 0 then
      local xs = {}
      for i = 1, m.count() do xs[i] = i <= 16 and (m.value(depth + 1) or false) or m.entity() end
      t.xs = xs
    end
    if which & 32 ~= 0 then t.a = m.text(depth + 1) end
    if which & 64 ~= 0 then t.id = m.value(depth + 1) end
    if which & 128 ~= 0 then t.c = { m.text(depth + 1), m.text(depth + 1) } end
    return t
  end

  -- An option id: integers, strings (empty, repeated, with ',' or '-').
  function m.option_id(i)
    local b = m.byte()
    local k = b % 16
    if k == 0 then return b >> 6 end
    if k == 1 then return m.str(6) end
    if k == 2 then return "" end
    if k == 3 then return "-" end
    if k == 4 then return "a,b" end
    if k == 5 then return -i end
    return "o" .. i
  end
  function m.options(n)
    local opts = {}
    for i = 1, n do
      if i > 64 then
        -- A long list: unique ids, every other one for an entity.
        opts[i] = i % 2 == 0 and ("o" .. i) or { id = "o" .. i, entity = m.ids[i % (#m.ids + 1)] }
      else
        local b = m.byte()
        local k = b % 6
        if k == 0 then opts[i] = m.option_id(i)
        elseif k == 1 then opts[i] = { id = m.option_id(i), entity = m.entity() }
        elseif k == 2 then opts[i] = { id = m.option_id(i), label = m.text() }
        elseif k == 3 then opts[i] = { id = m.option_id(i), entity = m.entity(), label = m.text() }
        elseif k == 4 then opts[i] = { id = m.option_id(i), on_choice = b >= 128 and "chosen" or "nothing" }
        else opts[i] = { id = b >= 250 and m.value(0) or m.int(), entity = m.entity() }
        end
      end
    end
    return opts
  end
  return m
end

-- Opens a decision; returns true when the program should stop for it.
local function decide(m, kind)
  local seat = m.free_seat()
  if not seat then return false end
  local b = m.byte()
  local n = b < 240 and 1 + b % 8 or (b - 240) * 313
  local d = { seat = seat, on_choice = "chosen" }
  d.prompt = m.text()
  d.options = m.options(n)
  local flags = m.byte()
  if flags & 1 ~= 0 then d.label = flags & 2 ~= 0 and "fz.option" or m.text() end
  if kind == "subset" then d.pick = { min = m.byte() % 5, max = flags & 4 ~= 0 and m.int() or nil } end
  if kind == "secret" or flags & 8 ~= 0 then d.secret = true end
  if flags & 0x50 == 0x50 then d.on_choice = "nothing" end
  d.args = { junk = flags & 32 ~= 0 and m.value(0) or nil }
  d.args.pc = m.pc  -- after the junk's bytes
  T.decide(d)
  return not d.secret
end

-- Runs the program from byte `pc` until a decision stops it or it ends.
local function run(pc)
  local m = machine(pc)
  local steps = 0
  while not m.done() and steps < 4096 do
    steps = steps + 1
    local op = m.byte() % 20
    if op == 0 or op == 1 then
      local b = m.byte()
      local def = b >= 252 and "nope" or DEFS[b % #DEFS + 1]
      local n = b >= 240 and 40 or 1 + b % 3
      for _ = 1, n do
        if def == "spy" then
          m.ids[#m.ids + 1] = T.create(def, "deck")
        else
          local zone = m.zone()
          m.ids[#m.ids + 1] = T.create(def, zone, zone == "hand" and m.seat() or nil)
        end
      end
    elseif op == 2 then
      local id = m.open_entity()
      if id then
        local zone = m.zone()
        local seat = zone == "hand" and m.seat() or nil
        local b = m.byte()
        local pos = b < 128 and "back" or b < 192 and "front" or b < 250 and b - 192 or m.int()
        T.move(id, zone, seat, pos)
      end
    elseif op == 3 then
      T.turn(m.entity(), m.byte() >= 128)
    elseif op == 4 then
      local id = m.open_entity()
      if id then T.reveal(id, m.seat()) end
    elseif op == 5 then
      local zone = m.zone()
      T.shuffle(zone, zone == "hand" and m.seat() or nil)
    elseif op == 6 then
      local id = m.open_entity()
      if id then T.remove(id) end
    elseif op == 7 or op == 8 then
      if decide(m, "one") then return end
    elseif op == 9 then
      if decide(m, "subset") then return end
    elseif op == 10 then
      decide(m, "secret")
    elseif op == 11 then
      T.log(m.text())
    elseif op == 12 then
      T.log(m.text(), m.seat())
    elseif op == 13 then
      T.set_var(m.str(8), m.value(0))
    elseif op == 14 then
      local b = m.byte()
      if b % 2 == 0 then T.set_secret(m.seat(), m.str(8), m.value(0))
      else T.set_counter(m.seat(), m.str(8), m.value(0)) end
    elseif op == 15 then
      local id = m.entity()
      local b = m.byte()
      if b % 3 == 0 then T.set(id, "power", b >= 240 and m.value(0) or m.int())
      elseif b % 3 == 1 then T.set(id, "note", b >= 240 and m.value(0) or m.str(8))
      else T.set_owner(id, b >= 128 and m.seat() or nil) end
    elseif op == 16 then
      T.withdraw(m.seat())
    elseif op == 17 then
      -- Stops here when some decision is open.
      for seat = 1, m.seats do
        if T.pending(seat) then return end
      end
    elseif op == 18 then
      local b = m.byte()
      if b == 0xEE then
        T.game_over({ winners = { m.seat() } }, { "fz.over", a = m.value(0), e = m.entity() })
        return
      end
    else
      local id = m.entity()
      local b = m.byte()
      if b % 2 == 0 then T.log { "fz.name", e = id } else T.log({ "fz.text", e = id, b = m.entity() }, m.seat()) end
    end
  end
end

function M.setup()
  run(1)
end

-- A decision's continuation: logs the choice, then goes on with the program.
function M.chosen(ctx)
  T.log { "fz.chose", c = ctx.choice }
  run(ctx.args.pc)
end

-- An option's own continuation that ends the program's thread here.
function M.nothing(ctx)
  T.log { "fz.chose", c = ctx.choice }
end

return M
