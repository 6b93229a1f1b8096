-- Helpers for a pack's screen (docs/packs.md, "[screen]"): finding things in
-- a seat's view and laying out lines of text. A screen's `tabula` reads only
-- the packs, so these read the view they are given and nothing else.
local T = tabula
local S = {}

-- The view's entry of zone `id` (of `seat` for a per-seat zone), or nil.
function S.zone(view, id, seat)
  for _, z in ipairs(view.zones) do
    if z.zone == id and z.seat == seat then return z end
  end
end

-- The entities of that zone the seat may see, in order ({} when it sees
-- none: a hidden zone, another seat's hand). Items it may not know are left
-- out; S.zone(...).count says how many the zone holds.
function S.items(view, id, seat)
  local z, out = S.zone(view, id, seat), {}
  for _, e in ipairs(z and z.items or {}) do
    if not e.hidden then out[#out + 1] = e end
  end
  return out
end

-- An entity's property: its value in play if it changed, else its
-- definition's (nil for a property its kind does not declare).
function S.prop(e, name)
  if e.props and e.props[name] ~= nil then return e.props[name] end
  return T.definition(e.def).props[name]
end

-- A seat's counters and, for the seat itself, its secrets.
function S.seat(view, seat)
  for _, s in ipairs(view.seats) do
    if s.seat == seat then return s end
  end
end

-- How many characters a line takes on a terminal (one per UTF-8 character).
function S.width(s) return utf8.len(s) or #s end

-- `s` in exactly `w` characters: padded with spaces, or cut with "…".
function S.fit(s, w)
  local n = S.width(s)
  if n <= w then return s .. string.rep(" ", w - n) end
  if w <= 0 then return "" end
  return s:sub(1, utf8.offset(s, w) - 1) .. "…"
end

-- `s` padded to at least `w` characters (never cut); right-aligned with
-- `right`.
function S.pad(s, w, right)
  local gap = string.rep(" ", math.max(0, w - S.width(s)))
  return right and gap .. s or s .. gap
end

-- The items joined by `sep` (", " by default), each shown by `show` (the
-- item itself by default); `none` when there are none.
function S.join(items, show, sep, none)
  local parts = {}
  for i = 1, #items do parts[i] = show and show(items[i]) or tostring(items[i]) end
  if #parts == 0 then return none or "" end
  return table.concat(parts, sep or ", ")
end

-- The lines a drawing makes: calls draw(add), where add(line) appends a
-- line, and returns them in order. A screen's draw(view) is then
-- `return S.lines(function(add) ... end)`.
function S.lines(draw)
  local lines = {}
  draw(function(line) lines[#lines + 1] = line end)
  return lines
end

-- Parts joined by `sep` into lines of at most `w` characters, breaking only
-- between parts (a part longer than a line has one to itself); each line
-- after the first starts with `indent`.
function S.flow(parts, sep, w, indent)
  local lines, line = {}, nil
  indent = indent or ""
  for _, part in ipairs(parts) do
    if line == nil then
      line = part
    elseif S.width(line .. sep .. part) <= w then
      line = line .. sep .. part
    else
      lines[#lines + 1] = line
      line = indent .. part
    end
  end
  if line then lines[#lines + 1] = line end
  return lines
end

return S
