// A small dynamic value: what entity properties, variables, decision arguments
// and script results are made of. Integers only (no floats) so that every
// computation is exact and identical on every build. Sixteen bytes: a kind
// and either an integer or a pointer to a string, list or dictionary that the
// value owns (copying a value copies what it holds).
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tabula {

// The kernel's values nest at most this many levels (docs/lua-api.md).
inline constexpr int kMaxValueDepth = 32;

class Value;
// Ordered by key; kept sorted so that iteration order never depends on
// insertion order or addresses.
using Dict = std::vector<std::pair<std::string, Value>>;
using List = std::vector<Value>;

class Value {
 public:
  enum class Kind : uint8_t { Nil, Bool, Int, Str, List, Dict };

  Value() noexcept : int_(0) {}
  Value(bool b) noexcept : kind_(Kind::Bool), int_(b ? 1 : 0) {}
  Value(int i) noexcept : kind_(Kind::Int), int_(i) {}
  Value(int64_t i) noexcept : kind_(Kind::Int), int_(i) {}
  Value(const char* s) : Value(std::string_view(s)) {}
  Value(const std::string& s) : Value(std::string_view(s)) {}
  Value(std::string_view s);
  static Value list(List items = {});
  static Value dict(Dict items = {});

  // A copy is the bytes of the value, then a copy of what it owns on the heap.
  Value(const Value& o) noexcept(false) : int_(0) {
    std::memcpy(static_cast<void*>(this), &o, sizeof(Value));
    if (owns_heap()) copy_heap(o);
  }
  Value(Value&& o) noexcept : int_(0) {
    std::memcpy(static_cast<void*>(this), &o, sizeof(Value));
    o.kind_ = Kind::Nil;
  }
  Value& operator=(const Value& o);
  Value& operator=(Value&& o) noexcept {
    if (this != &o) {
      if (owns_heap()) release();
      std::memcpy(static_cast<void*>(this), &o, sizeof(Value));
      o.kind_ = Kind::Nil;
    }
    return *this;
  }
  ~Value() {
    if (owns_heap()) release();
  }

  Kind kind() const { return kind_; }
  bool is_nil() const { return kind_ == Kind::Nil; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int; }
  bool is_str() const { return kind_ == Kind::Str; }
  bool is_list() const { return kind_ == Kind::List; }
  bool is_dict() const { return kind_ == Kind::Dict; }
  // A list or a dict: what scripts see as a table.
  bool is_table() const { return kind_ == Kind::List || kind_ == Kind::Dict; }

  // As in Lua, only nil and false are false.
  bool as_bool() const { return kind_ == Kind::Nil ? false : kind_ != Kind::Bool || int_ != 0; }
  int64_t as_int(int64_t fallback = 0) const { return kind_ == Kind::Int ? int_ : fallback; }
  std::string_view as_str() const;  // "" unless a string
  const List& items() const;        // empty unless a list
  const Dict& entries() const;      // empty unless a dict
  List& items();                    // makes this an empty list first unless it is one
  Dict& entries();                  // makes this an empty dict first unless it is one

  // Dict access; get() returns nil for a missing key.
  const Value& get(std::string_view key) const;
  void set(std::string_view key, Value v);
  bool erase(std::string_view key);

  bool operator==(const Value& o) const;
  bool operator!=(const Value& o) const { return !(*this == o); }

  // An estimate of the heap this value owns, for the memory cap
  // (docs/security.md): 0 for nil, booleans, integers and strings of up to
  // 14 bytes, which live inside the value.
  size_t heap_bytes() const { return owns_heap() ? owned_bytes() : 0; }

  // Human-readable form, also used in error messages and expected/actual output.
  std::string to_string() const;
  static const char* kind_name(Kind k);

 private:
  // A string of up to kInline bytes lives in the value itself (bytes 2..15);
  // a longer one, a list or a dict on the heap.
  static constexpr size_t kInline = 14;
  static constexpr uint8_t kHeap = 0xFF;
  bool owns_heap() const { return kind_ >= Kind::List || (kind_ == Kind::Str && small_ == kHeap); }
  const char* chars() const { return reinterpret_cast<const char*>(this) + 2; }
  char* chars() { return reinterpret_cast<char*>(this) + 2; }
  void release() noexcept;
  void copy_heap(const Value& o);
  size_t owned_bytes() const;

  Kind kind_ = Kind::Nil;
  uint8_t small_ = 0;  // a string's length when it is inline, else kHeap
  char head_[6] = {};
  union {
    int64_t int_;
    std::string* str_;
    List* list_;
    Dict* dict_;
  };
};
static_assert(sizeof(Value) == 16, "a value is sixteen bytes");

// The heap a dict entry with this key takes beside its value's own (the
// pair, and the key's characters when std::string keeps them outside).
inline size_t entry_bytes(std::string_view key) {
  return sizeof(std::pair<std::string, Value>) + (key.size() > 15 ? key.size() + 1 : 0);
}

const Value& dict_get(const Dict& d, std::string_view key);
Value* dict_find(Dict& d, std::string_view key);
void dict_set(Dict& d, std::string_view key, Value v);
bool dict_erase(Dict& d, std::string_view key);

// Stable 64-bit hashing used by State::hash(): the same on every platform and
// build (integers are mixed as numbers, never as memory).
struct Hasher {
  uint64_t h = 0x6a09e667f3bcc909ull;
  void u64(uint64_t v) {
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 32;
  }
  void i64(int64_t v) { u64(static_cast<uint64_t>(v)); }
  void str(std::string_view s);
  void value(const Value& v);
};

}  // namespace tabula
