// The balance lab's report as one self-contained HTML page: a `tabula run`
// report (win shares, scores, game lengths, per-definition figures) or a
// `tabula compare` report (configurations, their differences as a forest
// plot, then each configuration's run). Inline CSS and SVG only, a few
// lines of inline JavaScript to sort the definitions table; nothing is
// fetched, so the file can be mailed or attached to an issue as it is.
// Every string from the report is HTML-escaped (packs are written by
// modders), and the same report gives the same bytes.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace tabula::cli {

std::string lab_html(const nlohmann::json& report);

}  // namespace tabula::cli
