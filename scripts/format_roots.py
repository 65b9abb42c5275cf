"""The root side of scripts/check-format (docs/format.md, Format 2, rule R15): root.json is index.json without its
`tiles` and `ids` and with its own version 1; every leaf the index lists is named by the hash of its JSON, has the
block of its name, and lists exactly the listed cells of its block and ring with the index's hashes; a block has a
leaf exactly when its block or ring has a listed cell; every cell a leaf splits has the same parts in every leaf, each
part named by its tile's hash and its quarter, held to the leaf's hash, and the parts hold exactly the tile's
stations, each in its quarter, in the tile's order; the id list names index.json's shards."""
import gzip
import hashlib
import json
import math
import re
import zlib

ROOT_DROPS = ("tiles", "ids")


def block_of(row, column, cells):
    return (math.floor(row / cells), math.floor(column / cells))


def quarter_of(station, row, column):
    """<i><j> of a station in cell (row, column), as R15 computes it on the 0.25-degree grid."""
    i = math.floor(station["lat"] / 0.25) - 2 * row
    j = math.floor(station["lon"] / 0.25) - 2 * column
    return f"{i}{j}"


def gunzipped_json(checker, relative):
    """The JSON bytes of a gzipped file, or None after saying why."""
    path = checker.fuel / relative
    if not path.is_file():
        checker.problem(relative, "$", "missing")
        return None
    try:
        return gzip.decompress(path.read_bytes())
    except (OSError, EOFError, zlib.error) as error:
        checker.problem(relative, "$", f"not gzip: {error}")
        return None


def check_roots(checker, index, tiles):
    """Checks root.json, the leaves, the parts and the id list of a format-2 build whose index is `index`, with
    `tiles` the parsed tile documents by key. Returns the paths (below fuel/) that they make up."""
    named = set()
    has_root = (checker.fuel / "v2" / "root.json").is_file()
    if "leaves" not in index:
        if has_root:
            checker.problem("v2/root.json", "$", "there, but v2/index.json lists no leaves")
        return named
    named.add("v2/root.json")
    root = checker.read("v2/root.json", "root.schema.json") if has_root else None
    if not has_root:
        checker.problem("v2/root.json", "$", "missing, though v2/index.json lists leaves")
    expected = {key: value for key, value in index.items() if key not in ROOT_DROPS}
    expected["version"] = 1
    if isinstance(root, dict) and root != expected:
        keys = sorted(set(root) ^ set(expected)) or sorted(k for k in root if root.get(k) != expected.get(k))
        checker.problem("v2/root.json", "$", f"not v2/index.json without tiles and ids, version 1: differs in {keys}")

    cells, margin = index.get("leafCells"), index.get("leafMargin")
    if not isinstance(cells, int) or not isinstance(margin, int) or cells < 1 or margin < 0:
        checker.problem("v2/index.json", "$.leafCells", "leafCells and leafMargin must be given with leaves")
        return named
    listed = {}
    for key, digest in (index.get("tiles") or {}).items():
        row, column = (int(part) for part in key.split("_"))
        listed[(row, column)] = (key, digest)
    areas = {}
    for (row, column) in listed:
        for block_row in range(math.floor((row - margin) / cells), math.floor((row + margin) / cells) + 1):
            for block_column in range(math.floor((column - margin) / cells), math.floor((column + margin) / cells) + 1):
                if (block_row * cells - margin <= row < (block_row + 1) * cells + margin
                        and block_column * cells - margin <= column < (block_column + 1) * cells + margin):
                    areas.setdefault(f"{block_row}_{block_column}", {})[listed[(row, column)][0]] = listed[(row, column)][1]
    leaves = index.get("leaves") or {}
    for block in sorted(set(areas) - set(leaves)):
        checker.problem("v2/index.json", f"$.leaves[{block!r}]", "no leaf for a block whose area has listed cells")
    split = {}
    for block, path in sorted(leaves.items()):
        relative = f"v2/{path}"
        named.add(relative)
        if not re.fullmatch(rf"leaves/{re.escape(block)}\.[0-9a-f]{{16}}\.json", str(path)):
            checker.problem("v2/index.json", f"$.leaves[{block!r}]", f"{path!r} is not leaves/{block}.<hash>.json")
            continue
        if not checker.check_hash(relative, path.split(".")[-2]):
            continue
        leaf = checker.read(relative, "leaf.schema.json")
        if not isinstance(leaf, dict):
            continue
        if leaf.get("block") != block:
            checker.problem(relative, "$.block", f"{leaf.get('block')!r} is not the block {block!r} of its name")
        if leaf.get("tiles") != areas.get(block, {}):
            checker.problem(relative, "$.tiles", "not the listed cells of its block and ring with the index's hashes")
        for key, quarters in sorted((leaf.get("parts") or {}).items()):
            if key not in (leaf.get("tiles") or {}):
                checker.problem(relative, f"$.parts[{key!r}]", "parts of a cell the leaf does not list")
            elif split.setdefault(key, quarters) != quarters:
                checker.problem(relative, f"$.parts[{key!r}]", "not the parts another leaf gives the cell")
    for key, quarters in sorted(split.items()):
        named |= check_parts(checker, key, (index.get("tiles") or {}).get(key), quarters, tiles.get(key))

    id_list = index.get("idList")
    if isinstance(id_list, str):
        relative = f"v2/{id_list}"
        named.add(relative)
        if checker.check_hash(relative, id_list.split(".")[-2] if id_list.count(".") >= 2 else ""):
            document = checker.read(relative, "idlist.schema.json")
            if isinstance(document, dict) and document.get("shards") != (index.get("ids") or {}):
                checker.problem(relative, "$.shards", "not the shards v2/index.json names in ids")
    else:
        checker.problem("v2/index.json", "$.idList", "missing, though the index lists leaves")
    return named


def check_parts(checker, key, tile_hash, quarters, tile):
    """One split cell: each part named by the tile's hash and its quarter, held to the leaf's hash, of the cell and
    quarter, and together the tile's stations in its order, each in its quarter. Returns the parts' paths."""
    named = set()
    if tile_hash is None or not isinstance(tile, dict):
        return named
    row, column = (int(part) for part in key.split("_"))
    expected = {}
    for station in tile.get("stations", []):
        if isinstance(station, dict):
            expected.setdefault(quarter_of(station, row, column), []).append(station)
    if sorted(quarters) != sorted(expected):
        checker.problem(f"v2/tiles/{key}.{tile_hash}.json", "$", f"split in quarters {sorted(quarters)}, but its "
                        f"stations lie in {sorted(expected)}")
    for quarter, digest in sorted(quarters.items()):
        relative = f"v2/parts/{key}.{tile_hash}.{quarter}.json"
        named.add(relative)
        document = gunzipped_json(checker, relative)
        if document is None:
            continue
        actual = hashlib.sha256(document).hexdigest()[:16]
        if actual != digest:
            checker.problem(relative, "$", f"its JSON hashes to {actual}, not the {digest} its leaf gives")
            continue
        part = checker.read(relative, "tile.schema.json")
        if not isinstance(part, dict):
            continue
        if part.get("key") != key or part.get("part") != quarter:
            checker.problem(relative, "$", f"key {part.get('key')!r} part {part.get('part')!r}, not {key} {quarter}")
        if part.get("stations") != expected.get(quarter, []):
            checker.problem(relative, "$.stations", "not the stations of its quarter of the tile, in the tile's order")
    return named
