#include "core/state/value.h"

#include <algorithm>
#include <cstring>

namespace tabula {

namespace {
const Value kNil;
const List kEmptyList;
const Dict kEmptyDict;

template <class D>  // Dict or const Dict
auto lower(D& d, std::string_view key) {
  return std::lower_bound(d.begin(), d.end(), key, [](const auto& e, std::string_view k) { return e.first < k; });
}
}  // namespace

Value::Value(std::string_view s) : kind_(Kind::Str), int_(0) {
  if (s.size() <= kInline) {
    small_ = static_cast<uint8_t>(s.size());
    if (!s.empty()) std::memcpy(chars(), s.data(), s.size());
  } else {
    small_ = kHeap;
    str_ = new std::string(s);
  }
}

Value Value::list(List items) {
  Value v;
  v.kind_ = Kind::List;
  v.list_ = new List(std::move(items));
  return v;
}

Value Value::dict(Dict items) {
  std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  Value v;
  v.kind_ = Kind::Dict;
  v.dict_ = new Dict(std::move(items));
  return v;
}

void Value::release() noexcept {
  switch (kind_) {
    case Kind::Str: delete str_; break;  // only called for heap strings
    case Kind::List: delete list_; break;
    case Kind::Dict: delete dict_; break;
    default: break;
  }
  kind_ = Kind::Nil;
}

// After a byte copy of `o`: this value's pointer still points at o's heap
// object; give it its own copy.
void Value::copy_heap(const Value& o) {
  switch (o.kind_) {
    case Kind::Str: str_ = new std::string(*o.str_); break;
    case Kind::List: list_ = new List(*o.list_); break;
    case Kind::Dict: dict_ = new Dict(*o.dict_); break;
    default: break;
  }
}

size_t Value::owned_bytes() const {
  switch (kind_) {
    case Kind::Str: return sizeof(std::string) + str_->size() + 1;
    case Kind::List: {
      size_t n = sizeof(List) + list_->size() * sizeof(Value);
      for (const Value& x : *list_) n += x.heap_bytes();
      return n;
    }
    case Kind::Dict: {
      size_t n = sizeof(Dict);
      for (const auto& [k, x] : *dict_) n += entry_bytes(k) + x.heap_bytes();
      return n;
    }
    default: return 0;
  }
}

Value& Value::operator=(const Value& o) {
  if (this == &o) return *this;
  // Assigning into a container of the same kind reuses its memory.
  if (kind_ == o.kind_ && kind_ == Kind::List) {
    *list_ = *o.list_;
    return *this;
  }
  if (kind_ == o.kind_ && kind_ == Kind::Dict) {
    *dict_ = *o.dict_;
    return *this;
  }
  Value copy(o);
  return *this = std::move(copy);
}

std::string_view Value::as_str() const {
  if (kind_ != Kind::Str) return {};
  return small_ == kHeap ? std::string_view(*str_) : std::string_view(chars(), small_);
}
const List& Value::items() const { return kind_ == Kind::List ? *list_ : kEmptyList; }
const Dict& Value::entries() const { return kind_ == Kind::Dict ? *dict_ : kEmptyDict; }

List& Value::items() {
  if (kind_ != Kind::List) *this = list();
  return *list_;
}

Dict& Value::entries() {
  if (kind_ != Kind::Dict) *this = dict();
  return *dict_;
}

const Value& dict_get(const Dict& d, std::string_view key) {
  auto it = lower(d, key);
  return (it != d.end() && it->first == key) ? it->second : kNil;
}

Value* dict_find(Dict& d, std::string_view key) {
  auto it = lower(d, key);
  return (it != d.end() && it->first == key) ? &it->second : nullptr;
}

void dict_set(Dict& d, std::string_view key, Value v) {
  auto it = lower(d, key);
  if (it != d.end() && it->first == key) {
    if (v.is_nil()) d.erase(it);
    else it->second = std::move(v);
  } else if (!v.is_nil()) {
    d.insert(it, {std::string(key), std::move(v)});
  }
}

bool dict_erase(Dict& d, std::string_view key) {
  auto it = lower(d, key);
  if (it == d.end() || it->first != key) return false;
  d.erase(it);
  return true;
}

const Value& Value::get(std::string_view key) const { return kind_ == Kind::Dict ? dict_get(*dict_, key) : kNil; }

void Value::set(std::string_view key, Value v) { dict_set(entries(), key, std::move(v)); }

bool Value::erase(std::string_view key) { return kind_ == Kind::Dict && dict_erase(*dict_, key); }

bool Value::operator==(const Value& o) const {
  if (kind_ != o.kind_) return false;
  switch (kind_) {
    case Kind::Nil: return true;
    case Kind::Bool:
    case Kind::Int: return int_ == o.int_;
    case Kind::Str: return as_str() == o.as_str();
    case Kind::List: return *list_ == *o.list_;
    case Kind::Dict: return *dict_ == *o.dict_;
  }
  return false;
}

const char* Value::kind_name(Kind k) {
  switch (k) {
    case Kind::Nil: return "nil";
    case Kind::Bool: return "boolean";
    case Kind::Int: return "integer";
    case Kind::Str: return "string";
    case Kind::List: return "list";
    case Kind::Dict: return "table";
  }
  return "?";
}

std::string Value::to_string() const {
  switch (kind_) {
    case Kind::Nil: return "nil";
    case Kind::Bool: return int_ ? "true" : "false";
    case Kind::Int: return std::to_string(int_);
    case Kind::Str: return "\"" + std::string(as_str()) + "\"";
    case Kind::List: {
      std::string s = "[";
      for (size_t i = 0; i < list_->size(); ++i) s += (i ? ", " : "") + (*list_)[i].to_string();
      return s + "]";
    }
    case Kind::Dict: {
      std::string s = "{";
      for (size_t i = 0; i < dict_->size(); ++i)
        s += (i ? ", " : "") + (*dict_)[i].first + " = " + (*dict_)[i].second.to_string();
      return s + "}";
    }
  }
  return "?";
}

void Hasher::str(std::string_view s) {
  u64(s.size());
  size_t i = 0;
  for (; i + 8 <= s.size(); i += 8) {
    uint64_t w = 0;
    for (int b = 0; b < 8; ++b) w |= static_cast<uint64_t>(static_cast<unsigned char>(s[i + b])) << (8 * b);
    u64(w);
  }
  uint64_t w = 0;
  for (int b = 0; i < s.size(); ++i, ++b) w |= static_cast<uint64_t>(static_cast<unsigned char>(s[i])) << (8 * b);
  u64(w);
}

void Hasher::value(const Value& v) {
  u64(static_cast<uint64_t>(v.kind()));
  switch (v.kind()) {
    case Value::Kind::Nil: break;
    case Value::Kind::Bool: u64(v.as_bool()); break;
    case Value::Kind::Int: i64(v.as_int()); break;
    case Value::Kind::Str: str(v.as_str()); break;
    case Value::Kind::List:
      u64(v.items().size());
      for (const auto& x : v.items()) value(x);
      break;
    case Value::Kind::Dict:
      u64(v.entries().size());
      for (const auto& [k, x] : v.entries()) {
        str(k);
        value(x);
      }
      break;
  }
}

}  // namespace tabula
