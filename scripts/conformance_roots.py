"""Format 2's first read (R15 of docs/format.md, "Reading the data") for the reference reader: the blocks of the
root's leaves, the quarters of a split cell that a circle's box meets, and the checks of a root, a leaf and a part.
Standard library only; scripts/conformance_reader.py reads the files with them."""

import math
import re

# A leaf covers its block of LEAF_CELLS x LEAF_CELLS cells and a ring of LEAF_MARGIN cells around it.
LEAF_CELLS = 4
LEAF_MARGIN = 1
# A cell's quarters lie on the 0.25 degree grid.
QUARTER_DEGREES = 0.25
QUARTERS = ("00", "01", "10", "11")
HASH = re.compile(r"[0-9a-f]{16}")
LEAF_PATH = re.compile(r"leaves/(-?[0-9]+_-?[0-9]+)\.([0-9a-f]{16})\.json")
ID_LIST_PATH = re.compile(r"ids\.([0-9a-f]{16})\.json")
CELL_KEY = re.compile(r"-?[0-9]+_-?[0-9]+")


def block_of(row, col):
    """A cell's block: floor(row / 4)_floor(col / 4)."""
    return "%d_%d" % (row // LEAF_CELLS, col // LEAF_CELLS)


def blocks_covering(row, col):
    """Every block whose leaf lists the cell (4*b - 1 <= row <= 4*b + 4, the same for columns), rows then columns."""

    def span(at):
        low = math.ceil((at - LEAF_CELLS - LEAF_MARGIN + 1) / LEAF_CELLS)
        high = (at + LEAF_MARGIN) // LEAF_CELLS
        return range(low, high + 1)

    return ["%d_%d" % (br, bc) for br in span(row) for bc in span(col)]


def quarters_in_box(row, col, box):
    """The quarters ("<i><j>": i 0 south, 1 north; j 0 west, 1 east) of cell (row, col) that the box (south, north,
    west, east) meets on the 0.25 degree grid."""
    south, north, west, east = box
    found = []
    for q in range(math.floor(south / QUARTER_DEGREES), math.floor(north / QUARTER_DEGREES) + 1):
        i = q - 2 * row
        if i not in (0, 1):
            continue
        for p in range(math.floor(west / QUARTER_DEGREES), math.floor(east / QUARTER_DEGREES) + 1):
            j = p - 2 * col
            if j in (0, 1):
                found.append("%d%d" % (i, j))
    return found


def root_leaves(document):
    """A root's leaves as {block: (path below the base, hash)}; None when its `leaves` or `idList` is malformed."""
    leaves = document.get("leaves")
    if not isinstance(leaves, dict):
        return None
    found = {}
    for block, path in leaves.items():
        match = LEAF_PATH.fullmatch(path) if isinstance(path, str) else None
        if match is None or match.group(1) != block:
            return None
        found[block] = ("v2/" + path, match.group(2))
    id_list = document.get("idList")
    if id_list is not None and (not isinstance(id_list, str) or ID_LIST_PATH.fullmatch(id_list) is None):
        return None
    return found


def check_leaf(document, block):
    """R15's leaf checks, as R9 checks a tile: ({key: hash}, {key: {quarter: hash}}), or the code that makes it
    unusable."""
    if document is None or not isinstance(document.get("version", 1), int):
        return "tiles-unavailable"
    if document.get("version", 1) > 1:
        return "unsupported-tile-version"
    tiles, parts = document.get("tiles"), document.get("parts", {})
    if document.get("block") != block or not isinstance(tiles, dict) or not isinstance(parts, dict):
        return "tiles-unavailable"
    for name, digest in tiles.items():
        if CELL_KEY.fullmatch(name) is None or not isinstance(digest, str) or HASH.fullmatch(digest) is None:
            return "tiles-unavailable"
    for name, quarters in parts.items():
        if name not in tiles or not isinstance(quarters, dict):
            return "tiles-unavailable"
        for quarter, digest in quarters.items():
            if quarter not in QUARTERS or not isinstance(digest, str) or HASH.fullmatch(digest) is None:
                return "tiles-unavailable"
    return tiles, parts
