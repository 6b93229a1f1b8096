local T = tabula
return {
  walk = function()
    local t = { [3] = "c", [1] = "a", [true] = "yes", [false] = "no" }
    for _, k in ipairs({ "kiwi", "apple", "zebra", "mango", "fig", "banana", "cherry", "date" }) do t[k] = #k end
    local seen = {}
    for k in pairs(t) do seen[#seen + 1] = tostring(k) end
    T.set_var("order", table.concat(seen, " "))
  end,
}
