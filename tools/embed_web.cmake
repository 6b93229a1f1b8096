# Writes OUT, a C++ source holding every file of WEB_DIR as bytes
# (tools/tabula/serve/web_assets.h): run by the build whenever web/ changes.
file(GLOB_RECURSE files RELATIVE "${WEB_DIR}" "${WEB_DIR}/*")
list(SORT files)
set(body "")
set(table "")
set(i 0)
foreach(f IN LISTS files)
  file(READ "${WEB_DIR}/${f}" hex HEX)
  string(LENGTH "${hex}" n)
  math(EXPR size "${n} / 2")
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
  string(APPEND body "const unsigned char f${i}[] = {${bytes}0};\n")
  string(APPEND table "    {\"${f}\", f${i}, ${size}},\n")
  math(EXPR i "${i} + 1")
endforeach()
file(WRITE "${OUT}.tmp" "// Written by tools/embed_web.cmake from web/: do not edit.\n"
  "#include \"tools/tabula/serve/web_assets.h\"\n\n"
  "namespace tabula::cli {\nnamespace {\n${body}\n"
  "const WebAsset kAssets[] = {\n${table}};\n}  // namespace\n\n"
  "const WebAsset* web_asset(std::string_view name) {\n"
  "  for (const WebAsset& a : kAssets)\n    if (name == a.name) return &a;\n  return nullptr;\n}\n\n"
  "}  // namespace tabula::cli\n")
file(COPY_FILE "${OUT}.tmp" "${OUT}" ONLY_IF_DIFFERENT)
