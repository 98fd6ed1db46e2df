#!/usr/bin/env python3
"""Validates JSON exports of the card data against schemas/ir.schema.json
with python-jsonschema's Draft 7 validator (an implementation not ours:
tests/tests/schema.rs checks the same with the project's own small
validator).

  validate.py SCHEMA EXPORT.json…

Needs `jsonschema` (tests/ir-scorer/validate.sh installs a pinned version
into a virtual environment under target/).
"""

import json
import sys

import jsonschema


def main(argv):
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    bad = 0
    for path in argv[2:]:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        for e in errors[:5]:
            print(f"{path}: {'/'.join(map(str, e.path))}: {e.message}", file=sys.stderr)
        bad += bool(errors)
        games = ", ".join(f"{g['name']} {g['edition']}" for g in doc["games"])
        print(f"{path}: {'INVALID' if errors else 'valid'} ({games})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
