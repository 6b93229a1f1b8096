-- Final scoring (§4.8): prestige line by line, then the titles and the Hall
-- of Fame; the most points win, equal points share the victory. Every number
-- is data: [params.scoring], [params.titles] and the prestige rooms' own
-- props (score_each, score_defs, fame), so a house rule changes them in TOML.
local T = tabula
local D = require "rules.dungeon"
local list = require "std.list"
local S = {}

local function count(items, keep) return #list.filter(items, keep) end
local function is_ghost(e) return T.has_tag(e, "ghost") end
local function monsters(seat) return list.filter(T.zone("den", seat), function(e) return T.kind(e) == "monster" end) end
local function rooms(seat) return list.filter(D.squares(seat), D.is_room) end
local function intact_rooms(seat) return list.filter(rooms(seat), D.intact) end

-- What each title compares (§4.8 table); [params.titles] says which titles
-- are played and which of them the lowest value wins.
local METRICS = {
  evil = function(seat) return T.counter(seat, "evil") end,
  halls = function(seat) return #rooms(seat) end,
  tunnels = function(seat) return count(D.squares(seat), function(sq) return T.kind(sq) == "tunnel" end) end,
  monsters = function(seat) return count(monsters(seat), function(m) return not is_ghost(m) end) end,
  imps = function(seat) return T.counter(seat, "imps") end,
  treasure = function(seat) return T.counter(seat, "gold") + T.counter(seat, "food") + T.count("traps", seat) end,
  battle = function(seat) return count(D.squares(seat), function(sq) return not D.intact(sq) end) end,
}

-- The lines of §4.8 items 1-6 for one seat.
function S.lines(seat)
  local p = T.param("scoring")
  local l = {}
  l.rooms = p.intact_room * #intact_rooms(seat)
  l.monsters = p.monster * count(monsters(seat), function(m) return not is_ghost(m) end)
  local prison = T.zone("prison", seat)
  local paladins = count(prison, function(h) return T.get(h, "class") == "paladin" end)
  l.prisoners = p.imprisoned_hero * (#prison - paladins) + p.imprisoned_paladin * paladins
  l.conquered = p.conquered_square * METRICS.battle(seat)
  l.dead_letters = p.dead_letter * T.counter(seat, "dead_letters")
  -- Prestige rooms: so many points per owned monster of the listed kinds.
  l.prestige = 0
  for _, room in ipairs(intact_rooms(seat)) do
    local each, defs = T.get(room, "score_each"), T.get(room, "score_defs")
    if each ~= 0 then
      l.prestige = l.prestige + each * count(monsters(seat), function(m) return list.contains(defs, T.def(m)) end)
    end
  end
  return l
end

-- The titles (§4.8 item 7): the best value takes it alone, or shares it.
-- Returns { [seat] = points } and { [seat] = exclusive titles }, and logs
-- each title.
function S.titles()
  local t = T.param("titles")
  local n = T.seats()
  local points, exclusive = {}, {}
  for seat = 1, n do points[seat], exclusive[seat] = 0, 0 end
  for _, title in ipairs(t.played) do
    local metric = METRICS[title]
    if not metric then error("params.titles.played: no title '" .. tostring(title) .. "'") end
    local lowest = list.contains(t.lowest, title)
    local best, holders = nil, {}
    for seat = 1, n do
      local v = metric(seat)
      if best == nil or (lowest and v < best) or (not lowest and v > best) then
        best, holders = v, { seat }
      elseif v == best then
        holders[#holders + 1] = seat
      end
    end
    local alone = #holders == 1
    local worth = alone and t.exclusive[n] or t.shared[n]
    for _, seat in ipairs(holders) do
      points[seat] = points[seat] + worth
      if alone then exclusive[seat] = exclusive[seat] + 1 end
      T.log({ alone and "scoring.title" or "scoring.title_shared", seat = seat, title = { "title." .. title }, points = worth })
    end
  end
  return points, exclusive
end

-- §4.8 item 8: an intact Hall of Fame (a room with fame = true) pays per
-- exclusive title of its owner.
local function fame(seat, exclusive)
  local per = T.param("titles").fame[T.seats()]
  return per * exclusive * count(intact_rooms(seat), function(r) return T.get(r, "fame") end)
end

-- The whole score, logged seat by seat; ends the game with the convention
-- result (docs/lua-api.md, tabula.game_over) and each seat's lines.
function S.final()
  local titles, exclusive = S.titles()
  local scores, detail, best = {}, {}, nil
  for seat = 1, T.seats() do
    local l = S.lines(seat)
    l.titles = titles[seat]
    l.fame = fame(seat, exclusive[seat])
    l.total = l.rooms + l.monsters + l.prisoners + l.conquered + l.dead_letters + l.prestige + l.titles + l.fame
    T.log({ "scoring.seat", seat = seat, rooms = l.rooms, monsters = l.monsters, prisoners = l.prisoners,
            conquered = l.conquered, dead_letters = l.dead_letters, prestige = l.prestige, titles = l.titles,
            fame = l.fame, total = l.total })
    scores[seat], detail[seat] = l.total, l
    if best == nil or l.total > best then best = l.total end
  end
  local winners = {}
  for seat = 1, T.seats() do
    if scores[seat] == best then winners[#winners + 1] = seat end
  end
  T.game_over({ winners = winners, scores = scores, seats = detail },
              { #winners == 1 and "scoring.winner" or "scoring.shared", seat = winners[1], points = best })
end

return S
