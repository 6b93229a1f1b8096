// The three kinds of `tabula new` (cmd_new.cpp dispatches): each plans its
// files, checks that none exists, writes them and prints the next commands.
#pragma once
#include <string>

#include "tools/tabula/common.h"

namespace tabula::cli {

int new_pack(const NewArgs& a);   // cmd_new.cpp
int new_layer(const NewArgs& a);  // cmd_new_layer.cpp
int new_card(const NewArgs& a);   // cmd_new_card.cpp

// " --packs DIR" for each --packs folder given, so that the next commands
// printed find what this one found.
std::string packs_flags();

// The id of a new pack or layer: --id, else the folder's name.
std::string new_pack_id(const NewArgs& a);

}  // namespace tabula::cli
