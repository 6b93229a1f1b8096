// "Did you mean ...?" for names a pack or a script gets wrong: the closest
// known name within a small edit distance.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace tabula {

// " (did you mean 'x'?)", or "" when no known name is close.
std::string suggestion(std::string_view key, const std::vector<std::string>& known);

}  // namespace tabula
