"""The schema side of scripts/check-format: loading docs/schema/*.schema.json into one registry keyed by their
`$id`s, closing them for the strict check, and the JSON numbers that keep their written text so that decimals can be
counted (jsonschema's `multipleOf` refuses 0.7 and 1.005 under 0.001)."""
import copy
import decimal
import json

import jsonschema
from referencing import Registry, Resource
from referencing.exceptions import Unresolvable

SCHEMA_NAMES = ["brands", "common", "history", "idlist", "ids", "index", "index-v2", "leaf", "root", "sources", "tile",
                "trend"]


def closed(schema):
    """The same schema with additionalProperties false wherever an object lists its properties."""
    schema = copy.deepcopy(schema)

    def visit(node):
        if isinstance(node, dict):
            if "properties" in node and "additionalProperties" not in node:
                node["additionalProperties"] = False
            for value in node.values():
                visit(value)
        elif isinstance(node, list):
            for value in node:
                visit(value)

    visit(schema)
    return schema


class Written(float):
    """A JSON number with a fraction or an exponent that keeps the text it was written as, to count its decimals."""

    def __new__(cls, text):
        number = super().__new__(cls, text)
        number.text = text
        return number


def decimals(number):
    """How many decimals the number as written has, trailing zeros aside (1.3390 has 3, 1e-7 has 7, 2 has 0)."""
    if not isinstance(number, Written):
        return 0
    exponent = decimal.Decimal(number.text).normalize().as_tuple().exponent
    return max(0, -exponent) if isinstance(exponent, int) else 0


def references(node):
    """Every $ref in a schema."""
    if isinstance(node, dict):
        if isinstance(node.get("$ref"), str):
            yield node["$ref"]
        for value in node.values():
            yield from references(value)
    elif isinstance(node, list):
        for value in node:
            yield from references(value)


def load_schemas(folder):
    """The schemas of `folder` by file name, and the problems that make them unusable."""
    documents, problems, bases = {}, [], {}
    for name in SCHEMA_NAMES:
        path = folder / f"{name}.schema.json"
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
            jsonschema.Draft202012Validator.check_schema(document)
        except (OSError, ValueError) as error:
            problems.append(f"{path}: not readable JSON: {error}")
            continue
        except jsonschema.SchemaError as error:
            problems.append(f"{path}: not a draft 2020-12 schema: {error.message}")
            continue
        identifier = document.get("$id") if isinstance(document, dict) else None
        if not isinstance(identifier, str) or not identifier.endswith("/" + path.name):
            problems.append(f"{path}: $id {identifier!r} does not end with its file name, /{path.name}")
            continue
        bases.setdefault(identifier[: -len(path.name)], []).append(path.name)
        documents[path.name] = document
    if len(bases) > 1:
        where = "; ".join(f"{', '.join(names)} under {base}" for base, names in sorted(bases.items()))
        problems.append(f"{folder}: the $ids do not share one base, so a $ref by file name misses: {where}")
    if problems:
        return documents, problems
    registry = Registry().with_resources(
        (document["$id"], Resource.from_contents(document)) for document in documents.values())
    for name, document in documents.items():
        resolver = registry.resolver(base_uri=document["$id"])
        for reference in sorted(set(references(document))):
            try:
                resolver.lookup(reference)
            except Unresolvable:
                problems.append(f"{folder / name}: $ref {reference!r} resolves to no schema's $id and path")
    return documents, problems


def load_validators(documents, strict):
    documents = {name: closed(document) if strict else document for name, document in documents.items()}
    registry = Registry().with_resources(
        (document["$id"], Resource.from_contents(document)) for document in documents.values())
    return {
        name: jsonschema.Draft202012Validator(document, registry=registry)
        for name, document in documents.items()
    }


def json_path(error):
    path = "$"
    for part in error.absolute_path:
        path += f"[{part}]" if isinstance(part, int) else f".{part}"
    return path
