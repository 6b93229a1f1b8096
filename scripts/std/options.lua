-- Decision options for entities, with ids that read well in scenario files
-- and logs: the definition id, numbered from the second copy on
-- ("goblin", "goblin-2"). Ids depend only on zone order, never on entity
-- numbers, so the same situation always offers the same ids.
local T = tabula
local options = {}

-- Returns the options list and a map from option id to entity id.
function options.for_entities(ids, prefix, label)
  local out, by_id, seen = {}, {}, {}
  prefix = prefix or ""
  for _, id in ipairs(ids) do
    local def = T.def(id)
    seen[def] = (seen[def] or 0) + 1
    local oid = prefix .. def .. (seen[def] > 1 and ("-" .. seen[def]) or "")
    out[#out + 1] = { id = oid, label = label and label(id) or T.name(id) }
    by_id[oid] = id
  end
  return out, by_id
end

-- The entity an option id of for_entities() stands for.
function options.entity(ids, prefix, choice)
  local _, by_id = options.for_entities(ids, prefix)
  return by_id[choice]
end

return options
