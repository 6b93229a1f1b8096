// The sandboxed Lua 5.4 interpreter that runs pack scripts. It holds code
// only: every call gets the state through the Engine, and nothing a script
// keeps between calls can reach the game. Every function of every module is
// known by a number (its function id), resolved once when the modules load.
// The scripts of one choice run under a time limit (or, if asked, a
// deterministic instruction budget); the whole host under a memory cap.
#pragma once
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/lua/lua_alloc.h"
#include "core/lua/lua_vars.h"
#include "core/lua/script_state.h"
#include "core/lua/watchdog.h"
#include "core/pack/graph.h"
#include "core/state/state.h"
#include "core/state/value.h"

struct lua_State;
struct lua_Debug;

namespace tabula {

class Kernel;
struct PackSet;
struct ScriptFile;
struct Limits;

// Which `tabula` table a host's scripts get: the game's whole API, or a
// screen's, which reads only the packs' data and renders texts, so that a
// screen can reach nothing of a game but the view it is handed
// (core/view/screen.h).
enum class HostApi : uint8_t { Game, Screen };

class LuaHost {
 public:
  LuaHost(Kernel& engine, const PackSet& packs, const Limits& limits, HostApi api = HostApi::Game);
  ~LuaHost();
  LuaHost(const LuaHost&) = delete;
  LuaHost& operator=(const LuaHost&) = delete;

  // The host of a Lua state (kept in its extra space: no lookup).
  static LuaHost& of(lua_State* L);

  // Loads every module the packs name and numbers their functions; throws
  // ScriptError on the first failure.
  void load_all();
  // A screen host's one module (PackSet::screen), loaded, numbered and
  // fingerprinted as load_all does. Throws ScriptError.
  void load_screen(const ScriptFile& file);
  HostApi api() const { return api_; }

  // --- functions ----------------------------------------------------------
  // Every function reachable from a module's table, also in nested tables
  // ("on.knocked_out"), numbered in order of (module key, path).
  int32_t function_count() const { return static_cast<int32_t>(fns_.size()); }
  int32_t function_id(int module, std::string_view path) const;  // -1 if none
  const std::string& function_path(int32_t fn) const { return fns_[fn].path; }
  int function_module(int32_t fn) const { return fns_[fn].module; }
  int module_index(std::string_view key) const;  // -1 if not loaded
  // Whether module `key` is shared code that runs on other scripts' behalf:
  // one the manifests do not name (a module of scripts/, or a pack module
  // only `require` names). An error raised there is reported at the line of
  // the named script that called it (core/lua/script_errors.h).
  bool helper_module(std::string_view key) const;
  const std::string& module_key(int m) const { return modules_[m].key; }
  // The function `name` of module `m` for a script's string argument at
  // stack index `idx`: -1 if there is none (a Lua table lookup, no copy).
  int32_t lua_function_id(lua_State* L, int m, int idx) const;
  int32_t lookup_function(lua_State* L, int m, int idx) const;
  // The id of the function value at stack index `idx`, or -1 when it is not
  // a function of a loaded module (a Lua table lookup). A function reachable
  // under several names has the lowest of their ids.
  int32_t function_of_value(lua_State* L, int idx) const;

  struct Result {
    bool truthy = false;
    bool is_int = false;
    int64_t integer = 0;
  };
  // Calls c.fn(ctx) with ctx = {args, choice, self, seat} (docs/lua-api.md);
  // for a subset decision ctx.choice is the list of the options in `set`.
  // Throws ScriptError.
  Result call(State& state, const Call& c, const Option* choice, const std::vector<const Option*>* set = nullptr);
  // Calls c.fn(ctx) and reads what it returns as a decision's options (a
  // decision's refresh); a result that is not such a list is a ScriptError.
  void call_options(State& state, const Call& c, std::vector<Option>& out);
  // The C closure (with the tabula table's upvalues) that call_options runs
  // the function through, as a registry reference (lua_api.cpp).
  void set_options_reader(int ref) { options_reader_ = ref; }
  // The same, but the function's result stays on the Lua stack for the
  // caller to take (and pop).
  void call_keep(State& state, const Call& c);
  // Calls c.fn(ctx) and returns its result as a value (nil when it returns
  // nothing the kernel can keep). Throws ScriptError.
  Value call_result(State& state, const Call& c);
  // For tools and tests: module[path]({args = args}), the result as a value.
  Value call_value(State& state, const std::string& module, const std::string& path, const Value& args);
  // For a screen: module[path](arg), which must return a list of strings
  // (the lines). Runs under the limits of one choice; throws ScriptError.
  std::vector<std::string> call_lines(const std::string& module, const std::string& path, const Value& arg);
  // The language a screen's texts are rendered in (tabula.text).
  void set_lang(std::string_view lang) { lang_ = lang; }
  const std::string& lang() const { return lang_; }

  // One choice or a game's start on state `s` (null: none, e.g. loading the
  // modules): the limits count from begin to end.
  void begin_transaction(const State* s = nullptr);
  void end_transaction();
  void check_time();  // throws KernelError once the time limit has passed

  // How many script functions the kernel has called (hooks, stages,
  // continuations, listeners, queries): a measure of work for tools.
  uint64_t calls() const { return calls_; }

  State* state() const { return state_; }
  Kernel& engine() const { return engine_; }
  const PackSet& packs() const { return packs_; }
  int current_module() const { return module_; }
  EntityId current_entity() const { return entity_; }
  int32_t current_fn() const { return fn_; }  // the innermost function running; -1: none
  size_t memory_used() const { return alloc_.used(); }
  size_t memory_limit() const { return alloc_.limit(); }

  // --- the memory account (docs/lua-api.md, "Sandbox and limits") ------
  // One cap holds all that the scripts of an engine make it keep: Lua's
  // heap; what the state keeps (State::kept_bytes: entities, properties,
  // variables, counters, secrets, reveals); the queues (agenda, flow frames,
  // open decisions: as they stood when the transaction began, plus what it
  // queued since, less what it ran); what the kernel copied out of Lua in
  // this transaction (strings, table items, option ids, texts, journal
  // lines); and the host's own caches (live tables, graph distances). Lua
  // may allocate what the rest leaves of the cap.
  int64_t kernel_bytes() const {
    return transient_ + (account_state_ ? account_state_->kept_bytes : 0) + live_->bytes() + graphs_->cache_bytes();
  }
  // After the kernel took or changed something on a script's behalf: past
  // the cap (once the garbage is collected), a located Lua error that pcall
  // cannot catch. A few integer adds.
  void account(lua_State* L) {
    const int64_t kernel = kernel_bytes();
    alloc_.set_kernel(kernel);
    if (static_cast<int64_t>(alloc_.used()) + kernel > static_cast<int64_t>(alloc_.limit())) over_cap(L);
  }
  // Bytes the kernel copies out of Lua (a value, an option id, a text),
  // counted before it keeps them.
  void charge_copy(lua_State* L, size_t bytes) {
    transient_ += static_cast<int64_t>(bytes);
    account(L);
  }
  // The kernel queued (a call, a flow frame, a journal line) or ran bytes
  // of the queues; growth past the cap throws KernelError, which a
  // script's call reports at its line.
  void queued(int64_t bytes) {
    transient_ += bytes;
    const int64_t kernel = kernel_bytes();
    alloc_.set_kernel(kernel);
    if (static_cast<int64_t>(alloc_.used()) + kernel > static_cast<int64_t>(alloc_.limit())) over_cap(nullptr);
  }
  void dequeued(int64_t bytes) { transient_ -= bytes; }
  int64_t transient_bytes() const { return transient_; }
  // The running transaction has hit a limit: it must fail, and the sandbox's
  // pcall, xpcall and coroutine.resume pass the error on.
  bool out_of_limits() const { return used_ > budget_ || alloc_.refused() || over_cap_ || watchdog_.expired(); }
  // Whether the value at `idx` is one of the ctx tables the host reuses.
  bool is_context(lua_State* L, int idx) const;
  // Deterministic mode: charges work done where the count hook cannot see it
  // (a library call's loop; a resumed coroutine, whose own hook counter may
  // leave up to one period uncounted); raises once over budget.
  void charge_steps(lua_State* L, int64_t steps) {
    if (count_instructions_) charge_counted(L, steps);
  }
  // The coroutine now running (nullptr: the main thread), for locating errors.
  lua_State* swap_running(lua_State* co) {
    lua_State* old = running_;
    running_ = co;
    return old;
  }
  // A small cache of names scripts pass (zone, property, text...) to their
  // ids: Lua keeps one copy of each short string, so the same name usually
  // comes at the same address; the text is compared too, so a reused
  // address can never give a wrong id.
  struct NameSlot {
    const char* ptr = nullptr;
    uint32_t len = 0;
    int table = -1;
    int32_t id = -1;
    char text[40];
    bool holds(const char* p, size_t n, int t) const {
      return ptr == p && table == t && len == n && std::memcmp(text, p, n) == 0;
    }
    void keep(const char* p, size_t n, int t, int32_t found) {
      if (n >= sizeof text) return;  // long names are looked up each time
      ptr = p;
      len = static_cast<uint32_t>(n);
      table = t;
      id = found;
      std::memcpy(text, p, n);
    }
  };
  NameSlot& name_slot(const char* p, int table) {
    return names_[((reinterpret_cast<uintptr_t>(p) >> 4) ^ static_cast<uintptr_t>(table) * 31) & (kNameSlots - 1)];
  }
  Watchdog& watchdog() { return watchdog_; }
  LiveTables& live() { return *live_; }
  lua_State* lua() const { return L_; }

  // What scripts keep between calls (core/lua/script_state.h): mark remembers
  // the modules' fingerprint; change says what differs from the mark, or "".
  void mark_script_state();
  std::string script_state_change();

  // Conversions between Lua values and kernel values (integers only).
  static void push_value(lua_State* L, const Value& v);
  static Value to_value(lua_State* L, int index);  // raises a Lua error on unsupported types
  // Raises a Lua error (at the script's line) unless `s` is UTF-8 text:
  // every string a script hands the kernel to keep (values, keys, names,
  // option ids) is, so that states, views and logs always write as JSON.
  // `what` starts the message ("a string the kernel keeps").
  static void check_text(lua_State* L, std::string_view s, const char* what);

 private:
  struct Module {
    std::string key;   // "pack/path.lua"
    std::string pack;
    int names = 0;     // registry ref: table path -> function id
  };
  struct Function {
    int module = -1;
    std::string path;
    int ref = 0;       // registry ref of the function
  };
  static void count_hook(lua_State* L, ::lua_Debug* ar);
  void open_sandbox();
  // Loads these modules, numbers their functions and fingerprints them.
  void load(const std::vector<const ScriptFile*>& files);
  void load_module(const ScriptFile& file);
  void add_required_modules();
  void number_functions();
  [[noreturn]] void raise(const State& s, const Call& c, const std::string& path, int status);
  // The error on top of the stack, popped, as a ScriptError of `module`.
  [[noreturn]] void raise_in(int module, const std::string& entity, const std::string& hook, int status);

  void push_context(const Call& c, const Option* choice, const std::vector<const Option*>* set, const State& state);
  Result run(State& state, const Call& c, const Option* choice, const std::vector<const Option*>* set,
             std::vector<Option>* options, bool keep = false);

  Kernel& engine_;
  const PackSet& packs_;
  HostApi api_;
  std::string lang_ = "en";
  lua_State* L_ = nullptr;
  // The hook context tables, one per depth of nested calls, reused (they are
  // read-only to scripts), and the interned names of their fields.
  std::vector<int> ctx_refs_;
  std::vector<unsigned> ctx_fields_;  // which fields each depth's table holds now
  int ctx_meta_ = 0;
  int key_args_ = 0, key_choice_ = 0, key_self_ = 0, key_seat_ = 0;
  int options_reader_ = 0;
  std::vector<Module> modules_;  // sorted by key
  std::vector<Function> fns_;    // by function id
  std::vector<std::string> named_;  // keys of the modules the manifests name, sorted
  int fn_ids_ = 0;               // registry ref: function value -> function id
  LuaAlloc alloc_;
  lua_State* running_ = nullptr;
  std::string refused_where_;  // "file:line" of the script when memory was last refused
  std::string refused_detail_;  // what the account held then (cap_detail)
  // ": the kernel holds ... beside Lua's heap of ... bytes", for the errors of the memory cap.
  std::string cap_detail() const;
  static void note_refusal(void* host);
  int64_t budget_ = INT64_MAX;  // instructions per transaction (deterministic mode)
  int64_t used_ = 0;
  int64_t transient_ = 0;  // the queues and copies of this transaction (kernel_bytes)
  const State* account_state_ = nullptr;  // the state of this transaction
  const GraphIndex* graphs_ = nullptr;
  bool over_cap_ = false;  // the account passed the cap in this transaction
  void charge_counted(lua_State* L, int64_t steps);  // charge_steps in deterministic mode
  void over_cap(lua_State* L);  // past the cap after collecting: raises (L null: throws KernelError)
  bool count_instructions_ = false;
  int transactions_ = 0;
  int depth_ = 0;
  uint64_t calls_ = 0;
  State* state_ = nullptr;
  int module_ = -1;
  EntityId entity_ = kNoEntity;
  int32_t fn_ = -1;
  Watchdog watchdog_;
  std::unique_ptr<LiveTables> live_;
  static constexpr size_t kNameSlots = 256;
  NameSlot names_[kNameSlots];
  uint64_t script_mark_ = 0;
  std::vector<ScriptStatePart> script_parts_;  // the mark, part by part
  ScriptWalkScratch script_seen_;
  int script_queue_ = 0;  // registry ref: the walk's queue table
  void fingerprint(uint64_t* total, std::vector<ScriptStatePart>* parts);
  friend int lua_require(lua_State* L);
};

// Registers the `tabula` table (lua_api.cpp).
void register_api(lua_State* L, LuaHost& host);
// The graph queries (lua_graph.cpp), added to the table on top of the stack.
void register_graph_api(lua_State* L, LuaHost& host);
std::vector<std::string> graph_api_names();
// tabula.chance (lua_chance.cpp).
int lua_chance(lua_State* L);
// Names of every function in the `tabula` table (a game's or a screen's),
// and of those in a screen's, for the docs test.
std::vector<std::string> api_function_names();
std::vector<std::string> screen_api_function_names();

}  // namespace tabula
