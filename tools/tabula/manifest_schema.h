// JSON Schemas (draft-07) for the three kinds of TOML file a pack has, for
// editors and validators: written from the pack format's key list
// (core/pack/manifest_keys.h), and for entity definitions from the kinds, their
// properties and the entities of a loaded pack.
#pragma once
#include <string>

namespace tabula {
struct PackSet;
}

namespace tabula::cli {

// The schema of pack.toml: the same for every pack.
std::string pack_schema();
// The schema of the files a pack lists in `manifests`: each definition's
// props are checked against its kind's declared properties and types;
// [change.X] and [replace.X] name the entities of the layers loaded.
std::string manifest_schema(const PackSet& packs);
// The schema of the files a pack lists in `texts`.
std::string texts_schema();

}  // namespace tabula::cli
