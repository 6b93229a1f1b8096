-- The end of the game (PB §9.2, WR §2.5 K-3, D-22, D-23). The first
-- character holding `artifacts_to_win` artifacts wins, unless the channel
-- `win_blocked` {seat} (above 0: blocked) says another rule stops it (an
-- expansion's Rainbow Pearl). Once every artifact is held by a character
-- the final battle begins: characters without one drop out, the chance
-- deck is no longer reshuffled, and when it runs out the Apocalypse
-- begins (D-23): no more healing, every character loses a life at the
-- start of each of its turns, and a character that dies is out. The last
-- character in the game wins. The round limit (pack.toml) starts the
-- Apocalypse too.
local T = tabula
local board = require "rules.board"
local names = require "rules.names"
local M = {}

function M.over() return false end

local function scores()
  local out = {}
  for seat = 1, T.seats() do out[seat] = board.artifact_count(seat) end
  return out
end

local function win(seat, why)
  T.game_over({ winners = { seat }, scores = scores() }, { "result.won", who = names.who(board.character(seat)), why = { "result." .. why } })
end

-- Every artifact in the game, held, in a sphere or lying on a space (a game
-- with none, a test's, never reaches the final battle).
local function all_artifacts()
  local out = {}
  for seat = 1, T.seats() do
    for _, a in ipairs(T.zone("artifacts", seat)) do out[#out + 1] = { a, "held" } end
  end
  for _, sp in ipairs(board.SPHERES) do
    for _, c in ipairs(T.zone(sp)) do
      if T.kind(c) == "item" then out[#out + 1] = { c, "sphere" } end
    end
  end
  for _, s in ipairs(board.SPACES) do
    for _, a in ipairs(board.lying_artifacts(s)) do out[#out + 1] = { a, "lying" } end
  end
  return out
end

-- True when no artifact waits in a sphere or on a space, nor where the
-- extension point `artifacts_away` {} says (a list of artifacts an
-- expansion keeps elsewhere: the undersea palace, WR Q-34).
function M.all_held()
  local all = all_artifacts()
  if #all == 0 then return false end
  for _, e in ipairs(all) do
    if e[2] ~= "held" then return false end
  end
  return #T.collect("artifacts_away", {}) == 0
end

function M.check()
  if T.var("ended") then return end
  local left = board.characters()
  if #left == 1 and (T.var("final_battle") or T.var("apocalypse")) then return win(T.owner(left[1]), "last") end
  if #left == 0 then
    return T.game_over({ winners = {}, scores = scores() }, "result.nobody")
  end
  for seat = 1, T.seats() do
    local c = board.character(seat)
    if c and not T.get(c, "out") and board.artifact_count(seat) >= T.param("artifacts_to_win")
       and T.modify("win_blocked", 0, { seat = seat }) == 0 then
      return win(seat, "artifacts")
    end
  end
end

-- In the final battle a character without an artifact drops out.
local function drop_outs()
  for _, c in ipairs(board.characters()) do
    if board.artifact_count(T.owner(c)) == 0 then
      T.set(c, "out", true)
      T.move(c, "out")
      T.log({ "log.out", who = names.who(c) })
    end
  end
end

-- The final battle begins: `final_battle` for what happens at once (the
-- Water Realm's Gate closes and whoever is inside comes out, asking where);
-- once that is done, `final_battle_ready` for what takes the battle's
-- start as settled (the Heroic Solution's site and first player, which
-- count every character's place).
function M.final_battle()
  T.set_var("final_battle", true)
  T.log("log.final_battle")
  T.emit("final_battle", {})
  T.schedule(M.final_battle_ready)
  drop_outs()
end

function M.final_battle_ready() T.emit("final_battle_ready", {}) end

function M.apocalypse(why)
  if T.var("apocalypse") then return end
  T.set_var("apocalypse", true)
  T.log({ "log.apocalypse", why = { "result.apocalypse_" .. why } })
  T.emit("apocalypse", { why = why })
end

function M.after_turn()
  if T.var("final_battle") then
    drop_outs()
  elseif M.all_held() then
    M.final_battle()
  end
  M.check()
end

-- No healing in the Apocalypse.
M.modify = {
  heal_lives = function(ctx)
    if T.var("apocalypse") then return 0 end
    return ctx.args.amount
  end,
}

return M
