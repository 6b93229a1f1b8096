// A small dynamic value: what entity properties, variables, decision arguments
// and script results are made of. Integers only (no floats) so that every
// computation is exact and identical on every build.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tabula {

class Value;
// Ordered by key; kept sorted so that iteration order never depends on
// insertion order or addresses.
using Dict = std::vector<std::pair<std::string, Value>>;
using List = std::vector<Value>;

class Value {
 public:
  enum class Kind : uint8_t { Nil, Bool, Int, Str, List, Dict };

  Value() = default;
  Value(bool b) : kind_(Kind::Bool), int_(b ? 1 : 0) {}
  Value(int i) : kind_(Kind::Int), int_(i) {}
  Value(int64_t i) : kind_(Kind::Int), int_(i) {}
  Value(const char* s) : kind_(Kind::Str), str_(s) {}
  Value(std::string s) : kind_(Kind::Str), str_(std::move(s)) {}
  Value(std::string_view s) : kind_(Kind::Str), str_(s) {}
  static Value list(List items = {});
  static Value dict(Dict items = {});

  Kind kind() const { return kind_; }
  bool is_nil() const { return kind_ == Kind::Nil; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int; }
  bool is_str() const { return kind_ == Kind::Str; }
  bool is_list() const { return kind_ == Kind::List; }
  bool is_dict() const { return kind_ == Kind::Dict; }

  bool as_bool() const { return kind_ == Kind::Nil ? false : int_ != 0 || kind_ != Kind::Bool; }
  int64_t as_int(int64_t fallback = 0) const { return kind_ == Kind::Int ? int_ : fallback; }
  const std::string& as_str() const { return str_; }
  const List& items() const { return list_; }
  List& items() { return list_; }
  const Dict& entries() const { return dict_; }
  Dict& entries() { return dict_; }

  // Dict access; get() returns nil for a missing key.
  const Value& get(std::string_view key) const;
  void set(std::string_view key, Value v);
  bool erase(std::string_view key);

  bool operator==(const Value& o) const;
  bool operator!=(const Value& o) const { return !(*this == o); }

  // Human-readable form, also used in error messages and expected/actual output.
  std::string to_string() const;
  static const char* kind_name(Kind k);

 private:
  Kind kind_ = Kind::Nil;
  int64_t int_ = 0;
  std::string str_;
  List list_;
  Dict dict_;
};

const Value& dict_get(const Dict& d, std::string_view key);
Value* dict_find(Dict& d, std::string_view key);
void dict_set(Dict& d, std::string_view key, Value v);
bool dict_erase(Dict& d, std::string_view key);

// Stable 64-bit hashing (FNV-1a) used by State::hash().
struct Hasher {
  uint64_t h = 1469598103934665603ull;
  void bytes(const void* p, size_t n);
  void u64(uint64_t v) { bytes(&v, sizeof v); }
  void i64(int64_t v) { u64(static_cast<uint64_t>(v)); }
  void str(std::string_view s) { u64(s.size()); bytes(s.data(), s.size()); }
  void value(const Value& v);
};

}  // namespace tabula
