#include "core/value.h"

#include <algorithm>

namespace tabula {

namespace {
const Value kNil;

auto lower(const Dict& d, std::string_view key) {
  return std::lower_bound(d.begin(), d.end(), key,
                          [](const auto& e, std::string_view k) { return e.first < k; });
}
}  // namespace

Value Value::list(List items) {
  Value v;
  v.kind_ = Kind::List;
  v.list_ = std::move(items);
  return v;
}

Value Value::dict(Dict items) {
  Value v;
  v.kind_ = Kind::Dict;
  std::sort(items.begin(), items.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  v.dict_ = std::move(items);
  return v;
}

const Value& dict_get(const Dict& d, std::string_view key) {
  auto it = lower(d, key);
  return (it != d.end() && it->first == key) ? it->second : kNil;
}

Value* dict_find(Dict& d, std::string_view key) {
  auto it = std::lower_bound(d.begin(), d.end(), key,
                             [](const auto& e, std::string_view k) { return e.first < k; });
  return (it != d.end() && it->first == key) ? &it->second : nullptr;
}

void dict_set(Dict& d, std::string_view key, Value v) {
  auto it = std::lower_bound(d.begin(), d.end(), key,
                             [](const auto& e, std::string_view k) { return e.first < k; });
  if (it != d.end() && it->first == key) {
    if (v.is_nil()) d.erase(it);
    else it->second = std::move(v);
  } else if (!v.is_nil()) {
    d.insert(it, {std::string(key), std::move(v)});
  }
}

bool dict_erase(Dict& d, std::string_view key) {
  auto it = std::lower_bound(d.begin(), d.end(), key,
                             [](const auto& e, std::string_view k) { return e.first < k; });
  if (it == d.end() || it->first != key) return false;
  d.erase(it);
  return true;
}

const Value& Value::get(std::string_view key) const {
  return kind_ == Kind::Dict ? dict_get(dict_, key) : kNil;
}

void Value::set(std::string_view key, Value v) {
  if (kind_ != Kind::Dict) *this = dict();
  dict_set(dict_, key, std::move(v));
}

bool Value::erase(std::string_view key) { return kind_ == Kind::Dict && dict_erase(dict_, key); }

bool Value::operator==(const Value& o) const {
  if (kind_ != o.kind_) return false;
  switch (kind_) {
    case Kind::Nil: return true;
    case Kind::Bool:
    case Kind::Int: return int_ == o.int_;
    case Kind::Str: return str_ == o.str_;
    case Kind::List: return list_ == o.list_;
    case Kind::Dict: return dict_ == o.dict_;
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
    case Kind::Str: return "\"" + str_ + "\"";
    case Kind::List: {
      std::string s = "[";
      for (size_t i = 0; i < list_.size(); ++i) s += (i ? ", " : "") + list_[i].to_string();
      return s + "]";
    }
    case Kind::Dict: {
      std::string s = "{";
      for (size_t i = 0; i < dict_.size(); ++i)
        s += (i ? ", " : "") + dict_[i].first + " = " + dict_[i].second.to_string();
      return s + "}";
    }
  }
  return "?";
}

void Hasher::bytes(const void* p, size_t n) {
  auto* b = static_cast<const unsigned char*>(p);
  for (size_t i = 0; i < n; ++i) {
    h ^= b[i];
    h *= 1099511628211ull;
  }
}

void Hasher::value(const Value& v) {
  u64(static_cast<uint64_t>(v.kind()));
  switch (v.kind()) {
    case Value::Kind::Nil: break;
    case Value::Kind::Bool:
    case Value::Kind::Int: i64(v.as_int(v.as_bool() ? 1 : 0)); break;
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
