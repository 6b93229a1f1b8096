// The packs a lobby offers (tabula serve): every pack on the search path
// that loads, read once when the server starts. A game is made only of
// these, by id: a request never names a folder.
#pragma once
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace tabula::cli {

class Catalogue {
 public:
  // Reads the packs of pack_search_path(); `first`, when given, leads the list.
  explicit Catalogue(const std::string& first = "");
  // GET /api/packs (docs/web.md).
  const nlohmann::json& packs() const { return list_; }
  // Why a game of `pack` with layers `with` cannot be made here ("" when it can).
  std::string refuse(const std::string& pack, const std::vector<std::string>& with) const;

 private:
  nlohmann::json list_ = nlohmann::json::array();
};

}  // namespace tabula::cli
