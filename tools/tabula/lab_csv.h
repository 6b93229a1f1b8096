// The balance lab's report as CSV for spreadsheets (RFC 4180): one table
// after another, each introduced by a line naming it and a header row, with
// a blank line between tables. Empty fields stand for null figures.
// docs/lab-report.md lists the tables and their columns.
#pragma once
#include <nlohmann/json.hpp>
#include <string>

namespace tabula::cli {

std::string lab_csv(const nlohmann::json& report);

}  // namespace tabula::cli
