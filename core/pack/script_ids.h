// What `tabula check` can find in scripts before play: ids the scripts give
// the API as whole literal strings (tabula.create("spike_pit"),
// tabula.param("rounds"), tabula.zone("hand", seat)) that name no entity
// definition, parameter or zone of the packs. Each is a warning at the
// literal's file:line:column with a suggestion; ids built at run time
// ("rank" .. r) are not judged. Run by load_pack(..., check_scripts).
#pragma once
#include <set>
#include <string>
#include <vector>

#include "core/pack/pack.h"

namespace tabula {

// `removed`: ids a layer removed; the removal's own report names the
// scripts that still use them, so they are not reported twice.
void check_script_ids(const PackSet& packs, const std::set<std::string>& removed, std::vector<Diagnostic>& diags);

// Text keys the scripts give as whole literal strings where a text goes
// (tabula.log and tabula.text, a `prompt` or `label` field, the text of
// tabula.game_over, and a nested text `{ "key", ... }` on the same line as
// one of those) that look like keys (words joined by dots) and that no texts
// file of the packs declares: an unknown key
// fails the game when that line runs, so each is an error at the literal's
// file:line:column with a suggestion.
void check_script_texts(const PackSet& packs, std::vector<Diagnostic>& diags);

}  // namespace tabula
