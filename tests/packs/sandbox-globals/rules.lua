local T = tabula
return {
  list = function()
    local seen = {}
    for name, value in pairs(_G) do
      -- (tabula's functions are the API registry's: tests/api_docs_test.cpp)
      if name ~= "tabula" and type(value) == "table" and name ~= "_G" then
        for field in pairs(value) do seen[#seen + 1] = name .. "." .. field end
      elseif name ~= "tabula" then
        seen[#seen + 1] = name
      end
    end
    T.set_var("globals", table.concat(seen, " "))
  end,
}
