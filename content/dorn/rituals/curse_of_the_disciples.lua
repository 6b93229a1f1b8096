-- R8 Curse of the Disciples (dorn.md §6.7): next to each strong monster
-- appear `weak_per_strong` random weak monsters (drawn from the
-- supply's tokens whose type is below its cap), each on a free adjacent
-- field the Lord picks; none where no adjacent field is free. The strong
-- monsters waiting their turn are the var `ritual_work`.
local T = tabula
local names = require "rules.names"
local board = require "rules.board"
local rituals = require "rules.rituals"
local M = {}

local function strong_on_board()
  local out = {}
  for _, id in ipairs(board.all("monster")) do
    if T.def_get(T.def(id), "weight") == "strong" then out[#out + 1] = id end
  end
  return out
end

local function fields_next_to(id) return rituals.free_fields(rituals.around(board.field(id))) end

M.extend = {
  ritual_blocked = function(ctx)
    if #rituals.weak_tokens() > 0 then
      for _, s in ipairs(strong_on_board()) do
        if #fields_next_to(s) > 0 then return nil end
      end
    end
    return { ctx.self }
  end,
}

function M.play(ctx)
  local queue = {}
  for _, s in ipairs(strong_on_board()) do
    for _ = 1, T.get(ctx.self, "weak_per_strong") do queue[#queue + 1] = s end
  end
  T.set_var("ritual_work", queue)
  M.next()
end

function M.next()
  local queue = T.var("ritual_work")
  while #queue > 0 do
    local s = table.remove(queue, 1)
    local fields, tokens = fields_next_to(s), rituals.weak_tokens()
    if #fields > 0 and #tokens > 0 then
      local token = T.chance("weak_monster", tokens)
      if #fields == 1 then
        rituals.arrive(token, fields[1])
      else
        T.decide { seat = 1, prompt = { "ritual.disciple", token = token, strong = s },
                   options = names.options(fields, "pick.figure_to", { figure = token }),
                   on_choice = M.put, args = { token = token } }
        return
      end
    end
  end
  T.set_var("ritual_work", nil)
end

function M.put(ctx)
  rituals.arrive(ctx.args.token, ctx.choice)
  T.schedule(M.next)
end

return M
