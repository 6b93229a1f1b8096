#!/usr/bin/env python3
"""Validates packs' TOML files against the JSON Schemas `tabula schema` writes.

The check is independent of the engine: Python's tomllib reads the TOML and
the jsonschema package (Debian: python3-jsonschema) validates it. For every
pack, pack.toml is checked against pack.schema.json, each file of its
`manifests` against manifest.schema.json and each file of its `texts`
against texts.schema.json. A layer's schema is written over the layers
below it, as the loader merges them.

  validate_manifests.py --tabula build/tools/tabula --content content
  validate_manifests.py --tabula T tests/packs/duel --check manifest bad.toml

Prints one line per problem, "file: key.path: message", and exits 1 if there
is any; 2 if a tool is missing (the check never passes without validating).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROLES = ("pack", "manifest", "texts")


def fail_setup(message):
    print(f"validate_manifests.py: error: {message}", file=sys.stderr)
    sys.exit(2)


try:
    import tomllib
except ImportError:
    fail_setup("Python 3.11 or later is needed (tomllib)")
try:
    import jsonschema
    from jsonschema.exceptions import best_match
except ImportError:
    fail_setup("python3-jsonschema is missing (apt-get install python3-jsonschema)")


def key_path(parts):
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(top level)"


def write_schemas(tabula, pack_dir, out_dir):
    run = subprocess.run([tabula, "schema", pack_dir, "--out-dir", out_dir], capture_output=True, text=True)
    if run.returncode != 0:
        return None, run.stderr.strip() or f"tabula schema exited with {run.returncode}"
    schemas = {}
    for role in ROLES:
        with open(os.path.join(out_dir, f"{role}.schema.json"), encoding="utf-8") as f:
            schema = json.load(f)
        jsonschema.Draft7Validator.check_schema(schema)
        schemas[role] = jsonschema.Draft7Validator(schema)
    return schemas, None


def problems(validator, path):
    """Each problem of one file as "file: key.path: message"."""
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as e:
        return [f"{path}: {e}"]
    out = []
    for error in sorted(validator.iter_errors(doc), key=lambda e: [str(p) for p in e.absolute_path]):
        # Inside anyOf / if-then the deepest error says the most.
        shown = best_match([error])
        out.append(f"{path}: {key_path(shown.absolute_path)}: {shown.message}")
    return out


def pack_files(pack_dir):
    """(role, path) of every TOML file the pack names, pack.toml first."""
    pack_toml = os.path.join(pack_dir, "pack.toml")
    with open(pack_toml, "rb") as f:
        pack = tomllib.load(f).get("pack", {})
    files = [("pack", pack_toml)]
    for role, key in (("manifest", "manifests"), ("texts", "texts")):
        files += [(role, os.path.join(pack_dir, rel)) for rel in pack.get(key, [])]
    return files


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tabula", required=True, help="the built tabula program")
    ap.add_argument("--content", action="append", default=[], help="a folder of packs: check every one")
    ap.add_argument("packs", nargs="*", help="pack folders to check")
    ap.add_argument("--check", nargs=2, action="append", default=[], metavar=("ROLE", "FILE"),
                    help="also check FILE against the ROLE schema (pack, manifest, texts) of the first pack")
    args = ap.parse_args()

    packs = list(args.packs)
    for content in args.content:
        packs += sorted(os.path.join(content, d) for d in os.listdir(content)
                        if os.path.isfile(os.path.join(content, d, "pack.toml")))
    if not packs:
        fail_setup("no packs to check")
    for role, _ in args.check:
        if role not in ROLES:
            fail_setup(f"unknown role '{role}' (use {', '.join(ROLES)})")

    found, files = [], 0
    with tempfile.TemporaryDirectory(prefix="tabula-schema-") as tmp:
        for i, pack_dir in enumerate(packs):
            schemas, why = write_schemas(args.tabula, pack_dir, os.path.join(tmp, str(i)))
            if why:
                found.append(f"{pack_dir}: tabula schema failed: {why}")
                continue
            to_check = pack_files(pack_dir)
            if i == 0:
                to_check += [(role, path) for role, path in args.check]
            for role, path in to_check:
                files += 1
                found += problems(schemas[role], path)
    for line in found:
        print(line)
    def count(n, what):
        return f"{n} {what}" + ("" if n == 1 else "s")
    print(f"{count(files, 'file')} of {count(len(packs), 'pack')} checked against their schemas: "
          + (count(len(found), "problem") if found else "all valid"))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
