#include "core/lua/script_errors.h"

#include <lua.hpp>

#include <cctype>
#include <vector>

#include "core/lua/lua_host.h"

namespace tabula {

namespace {
constexpr size_t kTraceLines = 8;     // frames a traceback shows at most
constexpr size_t kInnerLines = 5;     // of which the innermost; the rest are the outermost
constexpr int kWalkWhole = 200;       // stacks up to this deep are read frame by frame
constexpr int kWalkOuter = 16;        // of a deeper one, the outermost levels read
constexpr const char* kAt = "  at ";  // how every traceback line starts
constexpr const char* kElided = "  ...";

// One Lua frame running a pack or scripts/ file.
struct Frame {
  std::string place;  // "file:line"; "" for the mark of levels not read
  std::string line;   // its traceback line
  bool helper = true;
};

// Chunks of pack and scripts/ files are named "@key"; the sandbox's own
// chunks (its prelude, a text load()) are not.
bool is_script(const lua_Debug& ar) { return ar.source[0] == '@' && ar.currentline > 0; }

// How a traceback names the frame's function (pushed by lua_getinfo "f"):
// its path in its module's table when it has one there, as the kernel and
// the manifests name it; else what Lua knows of the call.
std::string function_name(lua_State* L, const LuaHost& h, const lua_Debug& ar) {
  const int32_t fn = h.function_of_value(L, -1);
  if (fn >= 0 && h.module_key(h.function_module(fn)) == ar.source + 1) return "function '" + h.function_path(fn) + "'";
  if (ar.name) return "function '" + std::string(ar.name) + "'";
  if (ar.what[0] == 'm') return "main chunk";
  return "function <" + std::string(ar.short_src) + ":" + std::to_string(ar.linedefined) + ">";
}

bool read_frame(lua_State* L, const LuaHost& h, int level, Frame& out) {
  lua_Debug ar;
  if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, "Slnf", &ar)) return false;
  const bool script = is_script(ar);
  if (script) {
    out.place = std::string(ar.short_src) + ":" + std::to_string(ar.currentline);
    out.line = kAt + out.place + " in " + function_name(L, h, ar);
    out.helper = h.helper_module(ar.source + 1);
  }
  lua_pop(L, 1);
  return script;
}

// How many levels L's stack has. lua_getstack walks from the top each time,
// so this searches rather than counting level by level.
int stack_depth(lua_State* L) {
  lua_Debug ar;
  int known = 0, past = 1;
  while (lua_getstack(L, past, &ar)) {
    known = past;
    past *= 2;
  }
  while (past - known > 1) {
    const int mid = known + (past - known) / 2;
    if (lua_getstack(L, mid, &ar)) known = mid;
    else past = mid;
  }
  return known + 1;
}

// The script frames of L, innermost first. A deep stack (a runaway
// recursion) is read at both ends only: reading every level of it would
// take time quadratic in its depth.
std::vector<Frame> script_frames(lua_State* L, const LuaHost& h) {
  std::vector<Frame> out;
  const int depth = stack_depth(L);
  for (int level = 0; level < depth; ++level) {
    if (depth > kWalkWhole && level == kWalkWhole / 2) {
      Frame gap;
      gap.line = kElided;
      out.push_back(gap);
      level = depth - kWalkOuter;
    }
    Frame f;
    if (read_frame(L, h, level, f)) out.push_back(std::move(f));
  }
  return out;
}

// Keeps the innermost and outermost lines of a long traceback, with one
// mark where the middle was left out (a stack read at both ends has its
// own mark, which may fall in the middle too).
std::vector<std::string> bounded(const std::vector<std::string>& lines) {
  if (lines.size() <= kTraceLines) return lines;
  std::vector<std::string> out(lines.begin(), lines.begin() + kInnerLines);
  if (out.back() != kElided) out.push_back(kElided);
  for (size_t i = lines.size() - (kTraceLines - kInnerLines); i < lines.size(); ++i)
    if (lines[i] != kElided) out.push_back(lines[i]);
  return out;
}

// The error value at index 1 as text.
std::string message_of(lua_State* L) {
  if (lua_type(L, 1) == LUA_TSTRING) return lua_tostring(L, 1);
  if (lua_type(L, 1) == LUA_TNUMBER) return "error object " + std::string(lua_tostring(L, 1));
  return "error object of type " + std::string(luaL_typename(L, 1));
}

// Running out of time or memory is reported as before, with no traceback:
// the place is added when missing, and nothing more is built.
int locate_limit_error(lua_State* L) {
  const bool is_string = lua_type(L, 1) == LUA_TSTRING;  // before message_of turns a number into one
  std::string where, text;
  const std::string msg = message_of(L);
  split_where(msg, where, text);
  if (is_string && !where.empty()) return 1;
  const std::string place = script_where(L);
  const std::string out = place.empty() ? msg : place + ": " + msg;
  lua_pushlstring(L, out.data(), out.size());
  return 1;
}
}  // namespace

void split_where(const std::string& msg, std::string& where, std::string& text) {
  auto a = msg.find(':');
  auto b = a == std::string::npos ? std::string::npos : msg.find(':', a + 1);
  if (b != std::string::npos && b > a + 1 && std::isdigit(static_cast<unsigned char>(msg[a + 1]))) {
    where = msg.substr(0, b);
    text = msg.substr(b + 1);
    if (!text.empty() && text[0] == ' ') text.erase(0, 1);
  } else {
    where = "";
    text = msg;
  }
}

std::string script_where(lua_State* L) {
  lua_Debug ar;
  for (int level = 0; lua_getstack(L, level, &ar); ++level) {
    if (!lua_getinfo(L, "Sl", &ar)) break;
    if (is_script(ar)) return std::string(ar.short_src) + ":" + std::to_string(ar.currentline);
  }
  return "";
}

// The message's first part names the place: the one Lua gave, or the
// innermost script line when it gave none (error({}), error("x", 0)). When
// that line is in shared code, the place becomes the innermost line of the
// scripts that the manifests name, and the shared line is noted after the
// message. The traceback follows, one "  at" line per frame. An error that
// came through a nested call (a hook the kernel ran from inside a tabula
// function) already ends with the inner call's traceback, which was read
// on this same stack and so holds this call's frames too: it is kept as is.
int locate_error(lua_State* L) {
  LuaHost& h = LuaHost::of(L);
  if (h.out_of_limits()) return locate_limit_error(L);
  const std::string msg = message_of(L);
  std::string head = msg, trace;
  const std::string mark = std::string("\n") + kAt;
  if (const size_t cut = msg.find(mark); cut != std::string::npos) {
    head = msg.substr(0, cut);
    trace = msg.substr(cut);
  }
  std::string where, text;
  split_where(head, where, text);
  const bool placed = !where.empty();
  const std::vector<Frame> frames = script_frames(L, h);
  const Frame* raised = frames.empty() ? nullptr : &frames.front();
  bool moved = false;
  if (!placed && raised) where = raised->place;
  if (raised && raised->helper) {
    for (const Frame& f : frames) {
      if (f.helper || f.place.empty()) continue;
      if (f.place != where) {
        text += " (raised in " + where + ")";
        moved = true;
      }
      where = f.place;
      break;
    }
  }
  std::string out = (placed && !moved) ? head : where.empty() ? text : where + ": " + text;
  if (trace.empty()) {
    std::vector<std::string> lines;
    for (const Frame& f : frames) lines.push_back(f.line);
    for (const auto& line : bounded(lines)) trace += "\n" + line;
  }
  out += trace;
  lua_pushlstring(L, out.data(), out.size());
  return 1;
}

}  // namespace tabula
