-- Decision options for entities, with ids that read well in scenario files
-- and logs: the definition id, numbered from the second copy on
-- ("goblin", "goblin-2"). Ids depend only on zone order, never on entity
-- numbers, so the same situation always offers the same ids.
local T = tabula
local options = {}

-- Returns the options list and a map from option id to entity id. Each
-- option carries its entity, so its label is the entity's name, unless
-- label(id) gives a text for it.
function options.for_entities(ids, prefix, label)
  local out, by_id, seen = {}, {}, {}
  prefix = prefix or ""
  for _, id in ipairs(ids) do
    local def = T.def(id)
    seen[def] = (seen[def] or 0) + 1
    local oid = prefix .. def .. (seen[def] > 1 and ("-" .. seen[def]) or "")
    out[#out + 1] = { id = oid, entity = id, label = label and label(id) or nil }
    by_id[oid] = id
  end
  return out, by_id
end

-- The entity an option id of for_entities() stands for.
function options.entity(ids, prefix, choice)
  local _, by_id = options.for_entities(ids, prefix)
  return by_id[choice]
end

-- Asks a seat to pick one of `entities`, then runs on_pick(ctx) of the
-- calling script; options.picked(ctx) there gives the entity, or nil when
-- one of the `extra` options (listed first, e.g. "none") was chosen. With a
-- single candidate and no extra option nobody is asked.
-- spec: seat, prompt (a text), entities, prefix, label (a function from
-- entity to text), extra (options { id =, label = text }), on_pick, args
-- (passed on), secret.
function options.pick(spec)
  local opts, by_id = options.for_entities(spec.entities, spec.prefix, spec.label)
  for i, x in ipairs(spec.extra or {}) do table.insert(opts, i, x) end
  local args = {}
  for k, v in pairs(spec.args or {}) do args[k] = v end
  if #opts == 1 and #spec.entities == 1 then
    args.picked = spec.entities[1]
    T.schedule(spec.on_pick, args)
    return
  end
  args.pick_map = by_id
  T.decide {
    seat = spec.seat, prompt = spec.prompt, options = opts, on_choice = spec.on_pick,
    args = args, secret = spec.secret,
  }
end

-- The entity picked through options.pick (nil for an extra option).
function options.picked(ctx)
  if ctx.args.picked then return ctx.args.picked end
  return ctx.choice and (ctx.args.pick_map or {})[ctx.choice]
end

return options
