"""The reference reader of the conformance kit: reader rules R1 to R15 (docs/format.md, "Reading the data"), in
Python's standard library only, written from the rules and not from the Swift code.

scripts/make-conformance computes every case's `expect` with it; any other reader is checked against those answers.
It reads the kit's files from disk as a case's server would serve them (`KitServer`: `conformance/build/fuel/` at the
base, with the case's `server` entries in place of the files they name, ETags and 304s), through a `Reader` that keeps
a cache and a clock, so that the steps of a case share them; it also answers `trend` calls and format "auto".

    python3 scripts/conformance_reader.py conformance   # runs every case of cases.json and open-now.json,
                                                        # prints the fails
"""

import gzip
import hashlib
import json
import math
import os
import re
import sys
import zlib
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import conformance_roots as roots  # noqa: E402

EARTH_RADIUS_KM = 6371.0088
GRID_DEGREES = 0.5
MAX_RADIUS_KM = 500
# R13: the most ids one lookup by id accepts.
MAX_IDS = 1000
# R14: a history lookup covers 1 to 7 days, 7 unless asked.
HISTORY_DAYS = 7
# The newest versions this reader knows: R9's unsupported-index-version and unsupported-tile-version.
INDEX_VERSIONS = {1: 1, 2: 2, "root": 1}
TILE_VERSION = 1
# R9: among tiles, the first of these that occurs is the lookup's error.
TILE_ERRORS = ["hash-mismatch", "unsupported-tile-version", "tiles-unavailable"]
# R6: the unit of a fuel's displayed price is the first of these that its prices use (None: per litre).
UNITS = [None, "kg", "m3"]


# R1: cells of a circle.


def cell(lat, lon):
    """The (row, col) of a point: floor(lat / 0.5), floor(lon / 0.5), as integers (-0.0 gives 0)."""
    return int(math.floor(lat / GRID_DEGREES)), int(math.floor(lon / GRID_DEGREES))


def key(row_col):
    """`"<row>_<col>"`."""
    return "%d_%d" % row_col


def circle_box(lat, lon, radius_km):
    """The circle's bounding box (south, north, west, east) in degrees, as R1 computes it; no wrapping at 180."""
    lat_span = radius_km / (EARTH_RADIUS_KM * math.pi / 180)
    south = max(lat - lat_span, -90)
    north = min(lat + lat_span, 90)
    poleward = min(max(abs(south), abs(north)), 89.999)
    lon_span = min(lat_span / math.cos(poleward * math.pi / 180), 180)
    return south, north, lon - lon_span, lon + lon_span


def candidate_cells(lat, lon, radius_km):
    """Every (row, col) whose cell meets the circle's bounding box, by row then column; no wrapping at 180."""
    south, north, west, east = circle_box(lat, lon, radius_km)
    (row0, col0), (row1, col1) = cell(south, west), cell(north, east)
    return [(row, col) for row in range(row0, row1 + 1) for col in range(col0, col1 + 1)]


# R12: the cells of a route's corridor, and where a station lies along the route.

ROUTE_PIECE_DEGREES = 0.125
MAX_BUFFER_KM = 50
MAX_ROUTE_POINTS = 100000


def route_points(route):
    """A query's route, a GeoJSON LineString, as [(lat, lon)]; None when it is not one with 2 to 100000 positions of
    a latitude in [-90, 90] and a longitude in [-180, 180]."""
    if not isinstance(route, dict) or route.get("type") != "LineString" or not isinstance(route.get("coordinates"), list):
        return None
    points = []
    for position in route["coordinates"]:
        if not isinstance(position, list) or len(position) < 2:
            return None
        lon, lat = position[0], position[1]
        if not all(isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) for x in (lat, lon)):
            return None
        if not (-90 <= lat <= 90 and -180 <= lon <= 180):
            return None
        points.append((float(lat), float(lon)))
    return points if 2 <= len(points) <= MAX_ROUTE_POINTS else None


def route_cells(points, buffer_km):
    """Every (row, col) of the corridor, sorted: each segment cut into n = max(1, ceil(max(|dlat|, |dlon|) / 0.125))
    equal pieces, each piece's box widened by the buffer as a circle's box is (R1)."""
    lat_span = buffer_km / (EARTH_RADIUS_KM * math.pi / 180)
    cells = set()
    for (lat_a, lon_a), (lat_b, lon_b) in zip(points, points[1:]):
        d_lat, d_lon = lat_b - lat_a, lon_b - lon_a
        pieces = max(1, math.ceil(max(abs(d_lat), abs(d_lon)) / ROUTE_PIECE_DEGREES))
        previous = (lat_a, lon_a)
        for step in range(1, pieces + 1):
            following = (lat_a + d_lat * step / pieces, lon_a + d_lon * step / pieces)
            south = max(min(previous[0], following[0]) - lat_span, -90)
            north = min(max(previous[0], following[0]) + lat_span, 90)
            poleward = min(max(abs(south), abs(north)), 89.999)
            lon_span = min(lat_span / math.cos(poleward * math.pi / 180), 180)
            (row0, col0) = cell(south, min(previous[1], following[1]) - lon_span)
            (row1, col1) = cell(north, max(previous[1], following[1]) + lon_span)
            cells.update((row, col) for row in range(row0, row1 + 1) for col in range(col0, col1 + 1))
            previous = following
    return sorted(cells)


def route_position(points, lat, lon):
    """(along, off) in km: for each segment, the nearest point of it in a plane centred on the station (longitudes
    scaled by cos of the station's latitude), its distance, and the distance along the route to it (the segments
    before it, haversine, summed in order, plus t times its own); the smallest distance wins, the first on a tie."""
    scale = math.cos(lat * math.pi / 180)
    best = None
    start = 0.0
    for (lat_a, lon_a), (lat_b, lon_b) in zip(points, points[1:]):
        length = distance_km(lat_a, lon_a, lat_b, lon_b)
        ax, ay = (lon_a - lon) * scale, lat_a - lat
        bx, by = (lon_b - lon) * scale, lat_b - lat
        dx, dy = bx - ax, by - ay
        length_squared = dx * dx + dy * dy
        t = min(1, max(0, -(ax * dx + ay * dy) / length_squared)) if length_squared > 0 else 0
        cx, cy = ax + t * dx, ay + t * dy
        off = math.sqrt(cx * cx + cy * cy) * (EARTH_RADIUS_KM * math.pi / 180)
        if best is None or off < best[1]:
            best = (start + t * length, off)
        start += length
    return best


# R2 to R6: distance, radius, order, filters, displayed price.


def distance_km(lat1, lon1, lat2, lon2):
    """Haversine on a sphere of 6371.0088 km, in exactly the order R2 gives."""
    r = math.pi / 180
    d_lat = (lat2 - lat1) * r
    d_lon = (lon2 - lon1) * r
    s1 = math.sin(d_lat / 2)
    s2 = math.sin(d_lon / 2)
    a = s1 * s1 + math.cos(lat1 * r) * math.cos(lat2 * r) * s2 * s2
    return 2 * EARTH_RADIUS_KM * math.asin(min(1, math.sqrt(a)))


def round_half_away(value):
    """Rounds to the nearest integer, halves away from zero."""
    return int(math.floor(abs(value) + 0.5)) * (1 if value >= 0 else -1)


def displayed_price(station, fuel):
    """R6: the displayed price of `fuel` at `station`, or None when it has no price of it."""
    prices = [price for price in station.get("prices", []) if price.get("fuel") == fuel]
    for unit in UNITS:
        in_unit = [price for price in prices if price.get("unit") == unit]
        if in_unit:
            lowest = min(price["price"] for price in in_unit)
            return next(price for price in in_unit if price["price"] == lowest)  # a tie: the first in tile order
    return None


def fold_brand(brand):
    """R5: a brand as filters compare it, trimmed of spaces and lower-cased."""
    return brand.strip().lower()


def brand_kept(station, query):
    """R5: `brand` and `includeBrands` are one include list: when it is not empty, a station of one of its brands;
    then none of `excludeBrands`. A null brand never matches the include list and is never excluded."""
    include = {fold_brand(brand) for brand in (query.get("includeBrands") or [])}
    if query.get("brand") is not None:
        include.add(fold_brand(query["brand"]))
    exclude = {fold_brand(brand) for brand in (query.get("excludeBrands") or [])}
    brand = station.get("brand")
    folded = fold_brand(brand) if brand is not None else None
    if include and folded not in include:
        return False
    return folded is None or folded not in exclude


def order_key(query, position, ident, price):
    """R4: by distance, then id; with `sort` "price", by the displayed price's unit (litre, kg, m3, then any other),
    then its price, then distance, then id. Ids compare in code-unit order (the kit's ids are ASCII). Along a route
    (R12), `position` is (along, off) and takes the distance's place; around a point it is (distance,)."""
    if query.get("sort") == "price":
        unit = price.get("unit")
        rank = UNITS.index(unit) if unit in UNITS else len(UNITS)
        return (rank, price["price"]) + position + (ident,)
    return position + (ident,)


# R7 to R10: one lookup, through a reader that keeps a cache and a clock across lookups (a case's steps).

# How long a copy is used without asking again, in seconds: each file's max-age (docs/format.md, "Caching,
# freshness and migration"); a format-2 tile, named by its hash, for ever.
INDEX_TRUST = {1: 300, 2: 60, "root": 60}
TILE_TRUST = 3600
GZIP_MAGIC = b"\x1f\x8b"


class Failed(Exception):
    """A lookup that ends `failed`, with its R9 code."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


def valid_query(query):
    """R7: 0 < radiusKm <= 500, latitude in [-90, 90], longitude in [-180, 180] (along a route, R12: a LineString of
    2 to 100000 valid points and 0 < bufferKm <= 50), limit >= 1 when given, sort "distance" or "price" when given,
    and a fuel for "price"."""
    limit, sort = query.get("limit"), query.get("sort")
    if "route" in query:
        place = route_points(query["route"]) is not None and 0 < query["bufferKm"] <= MAX_BUFFER_KM
    else:
        place = 0 < query["radiusKm"] <= MAX_RADIUS_KM and -90 <= query["lat"] <= 90 and -180 <= query["lon"] <= 180
    return (
        place
        and (limit is None or limit >= 1)
        and sort in (None, "distance", "price")
        and (sort != "price" or query.get("fuel") is not None)
    )


def decoded(body):
    """The JSON bytes of a body: inflated when it arrives still gzipped (it starts with 1f 8b: no
    `Content-Encoding`, or a transport that does not decode it); None when that gzip does not inflate."""
    if body[:2] != GZIP_MAGIC:
        return body
    try:
        return gzip.decompress(body)
    except (OSError, EOFError, zlib.error):
        return None


def read_json(body):
    """The parsed JSON object, or None when the body is not a readable JSON object."""
    if body is None:
        return None
    try:
        document = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return document if isinstance(document, dict) else None


def name_hash(json_bytes):
    return hashlib.sha256(json_bytes).hexdigest()[:16]


def index_path(format_number):
    """Below the base: format 1's index, format 2's, or format 2's root ("root", R15)."""
    return {1: "index.json", 2: "v2/index.json", "root": "v2/root.json"}[format_number]


class Index:
    """An index in use: its format, its document, its listed cells (key to tile path below the base) and, when an
    older copy stood in because the refresh failed, why. A root (R15) is format 2 with `root` true, its leaves
    ({block: (path, hash)}) and no tiles."""

    def __init__(self, format_number, document, stale):
        self.format = 2 if format_number == "root" else format_number
        self.root = format_number == "root"
        self.path = index_path(format_number)
        self.document = document
        self.stale = stale
        self.leaves = roots.root_leaves(document) if self.root else None
        if self.root:
            self.tiles = {}
        elif format_number == 1:
            self.tiles = {name: "tiles/%s.json" % name for name in document["tiles"]}
        else:
            self.tiles = {name: "v2/tiles/%s.%s.json" % (name, digest) for name, digest in document["tiles"].items()}


def check_index(document, format_number):
    """R9's index checks, in order, of a parsed index (None: unreadable); a root's (R15) newest version is 1."""
    if document is None or not isinstance(document.get("version", 1), int):
        raise Failed("index-unavailable")
    if document.get("version", 1) > INDEX_VERSIONS[format_number]:
        raise Failed("unsupported-index-version")
    if document.get("gridDegrees") != GRID_DEGREES:
        raise Failed("incompatible-grid")
    if format_number == "root":
        if roots.root_leaves(document) is None:
            raise Failed("index-unavailable")
    elif not isinstance(document.get("tiles"), list if format_number == 1 else dict):
        raise Failed("index-unavailable")


def check_tile(document, cell_key):
    """R9's tile checks after the hash, in order: the tile's stations, or the code that makes it unusable. A tile
    whose `key` is not the cell it was asked for is another cell's file: `tiles-unavailable`, like an unreadable one."""
    if document is None or not isinstance(document.get("version", 1), int):
        return "tiles-unavailable"
    if document.get("version", 1) > TILE_VERSION:
        return "unsupported-tile-version"
    if not isinstance(document.get("stations"), list) or document.get("key") != cell_key:
        return "tiles-unavailable"
    return document["stations"]


class Reader:
    """One reader of a base: format 1, 2 or "auto", with a cache of the files it read and a clock in seconds that
    only the caller moves (`advance`). Every case starts with a new one; a case's steps share one."""

    def __init__(self, server, format_number):
        self.server = server
        self.format = format_number
        self.now = 0
        self.cache = {}  # path below the base: {"json": bytes, "etag": str | None, "at": seconds}
        self.answering = None  # with "auto": the format that answered last
        self.root_absent = False  # format 2: v2/root.json answered 404 or 410 last (R15)
        self.shard_list = None  # R15: the id list a lookup by id read

    def advance(self, seconds):
        self.now += seconds

    def fresh(self, path, trust):
        copy = self.cache.get(path)
        return copy is not None and 0 <= self.now - copy["at"] < trust

    # The index (R9, and "auto").

    def index(self, force=False):
        if self.format == 2:
            return self.format_2(force, False)
        if self.format != "auto":
            return self.read_index(self.format, force)
        if not force and self.answering == 1 and self.fresh("index.json", INDEX_TRUST[1]):
            return self.read_index(1)
        try:
            index = self.format_2(force, True)
        except Failed as failure:
            # Format 2 failed (5xx, unreadable) and has no copy: not a sign that it is absent. A reader that read
            # format 1 before goes on reading it; one that did not fails with format 2's code.
            if failure.code in ("index-server-error", "index-unavailable") and "index.json" in self.cache:
                return self.read_index(1)
            raise
        if index is None:  # 404: no format 2 here; read format 1
            self.answering = 1
            return self.read_index(1)
        self.answering = 2
        return index

    def format_2(self, force, absent_on_404):
        """R15: the root; when it answers 404 or 410, v2/index.json as R10 reads it, without asking for the root again
        while that index's copy is trusted. Any other failure of the root is an index failure."""
        if self.root_absent and not force and self.fresh("v2/index.json", INDEX_TRUST[2]):
            return self.read_index(2, absent_on_404=absent_on_404)
        root = self.read_index("root", force, absent_on_404=True)
        self.root_absent = root is None
        return root if root is not None else self.read_index(2, force, absent_on_404)

    def read_index(self, format_number, force=False, absent_on_404=False):
        """The index of a format: a copy within its max-age, else fetched; an older copy stands in, stale, when the
        fetch fails or is unreadable. A newer version or another grid fails even with a copy."""
        path = index_path(format_number)
        copy = self.cache.get(path)
        if not force and self.fresh(path, INDEX_TRUST[format_number]):
            return Index(format_number, json.loads(copy["json"]), None)
        status, body, etag = self.server.fetch(path)
        if status in (404, 410) and absent_on_404:
            return None
        if status != 200:
            if copy is not None:
                return Index(format_number, json.loads(copy["json"]), "HTTP %d" % status)
            raise Failed("index-server-error" if 500 <= status <= 599 else "index-unavailable")
        json_bytes = decoded(body)
        document = read_json(json_bytes)
        try:
            check_index(document, format_number)
        except Failed as failure:
            if failure.code == "index-unavailable" and copy is not None:
                return Index(format_number, json.loads(copy["json"]), "unreadable")
            raise
        self.cache[path] = {"json": json_bytes, "etag": etag, "at": self.now}
        return Index(format_number, document, None)

    # Tiles (R9, R10).

    def tile(self, index, name):
        """One listed tile: ("ok" | "stale" | "missing", stations) or ("failed", R9 code)."""
        path = index.tiles[name]
        if index.format == 2:
            return self.tile_v2(path, name)
        copy = self.cache.get(path)
        copied = json.loads(copy["json"])["stations"] if copy else None
        if copy is not None and self.fresh(path, TILE_TRUST):
            return "ok", copied
        status, body, etag = self.server.fetch(path, copy["etag"] if copy else None)
        if status == 304 and copy is not None:
            copy["at"] = self.now
            return "ok", copied
        if status != 200:
            if copy is not None:
                return "stale", copied
            return ("missing", []) if status == 404 else ("failed", "tiles-unavailable")
        json_bytes = decoded(body)
        stations = check_tile(read_json(json_bytes), name)
        if stations == "tiles-unavailable" and copy is not None:
            return "stale", copied
        if isinstance(stations, str):
            return "failed", stations
        self.cache[path] = {"json": json_bytes, "etag": etag, "at": self.now}
        return "ok", stations

    def tile_v2(self, path, name, digest=None, quarter=None):
        """A format-2 tile (or with `quarter`, a part of one, R15, held to `digest`, its leaf's hash): the cached copy
        for ever, else fetched and held to the hash in its name before it is parsed; a 404 makes the reader read the
        index again (the build was replaced), and fails."""
        found = self.named(path, digest or path.rsplit(".", 2)[1])
        if found[0] == "failed":
            return found
        document = read_json(found[1])
        stations = check_tile(document, name)
        if quarter is not None and not isinstance(stations, str) and document.get("part") != quarter:
            stations = "tiles-unavailable"
        if isinstance(stations, str):
            return "failed", stations
        self.cache[path] = {"json": found[1], "etag": None, "at": self.now}
        return "ok", stations

    def named(self, path, digest):
        """A format-2 file named by hash: ("ok", its JSON bytes), from the cache for ever, or ("failed", code). Its
        JSON must hash to `digest` before it is parsed (R10); a 404 makes the reader read the index again (the build
        was replaced). The caller caches it once it has checked it."""
        copy = self.cache.get(path)
        if copy is not None:
            return "ok", copy["json"]
        status, body, _ = self.server.fetch(path)
        if status != 200:
            if status == 404:
                try:
                    self.index(force=True)
                except Failed:
                    pass
            return "failed", "tiles-unavailable"
        json_bytes = decoded(body)
        if json_bytes is None or name_hash(json_bytes) != digest:
            return "failed", "hash-mismatch"
        return "ok", json_bytes

    def through_leaves(self, index, names, box):
        """R15: the results of `names` (in the rule's order) through the root's leaves: {name: (state, stations) or
        ("failed", code)}, listed cells only. A cell is answered by a leaf chosen before or cached that covers it,
        else by its own block's; a block the root does not list has no stations. Around a point (`box`), a split
        cell's quarters that meet the box and the leaf lists: none, no request; one or two, those parts; three or
        four, the whole tile. A leaf that cannot be used fails the lookup with the tile codes."""
        chosen, listed = {}, []
        for name in names:
            row, col = cell_order(name)
            if roots.block_of(row, col) not in index.leaves:
                continue
            listed.append(name)
            covering = [block for block in roots.blocks_covering(row, col) if block in index.leaves]
            if any(block in chosen for block in covering):
                continue
            cached = [block for block in covering if index.leaves[block][0] in self.cache]
            chosen[cached[0] if cached else roots.block_of(row, col)] = True
        leaves, codes = {}, []
        for block in sorted(chosen, key=cell_order):
            path, digest = index.leaves[block]
            found = self.named(path, digest)
            leaf = roots.check_leaf(read_json(found[1]), block) if found[0] == "ok" else found[1]
            if isinstance(leaf, str):
                codes.append(leaf)
                continue
            self.cache[path] = {"json": found[1], "etag": None, "at": self.now}
            leaves[block] = leaf
        for code in TILE_ERRORS:
            if code in codes:
                raise Failed(code)
        results = {}
        for name in listed:
            row, col = cell_order(name)
            tiles, parts = next(leaves[block] for block in sorted(leaves, key=cell_order)
                                if block in roots.blocks_covering(row, col))
            if name not in tiles:
                continue
            split = parts.get(name)
            quarters = None if split is None or box is None else [
                quarter for quarter in roots.quarters_in_box(row, col, box) if quarter in split]
            if quarters is None or len(quarters) > 2:
                results[name] = self.tile_v2("v2/tiles/%s.%s.json" % (name, tiles[name]), name)
                continue
            read = [self.tile_v2("v2/parts/%s.%s.%s.json" % (name, tiles[name], quarter), name, split[quarter],
                                 quarter) for quarter in quarters]
            failed = [code for state, code in read if state == "failed"]
            results[name] = (("failed", next(code for code in TILE_ERRORS if code in failed)) if failed
                             else ("ok", [station for _, stations in read for station in stations]))
        return results

    # The calls.

    def lookup(self, query):
        """A whole lookup (R1 to R12): the answer as a case's `expect` spells it, with `stale` and `staleReasons`
        (sorted paths), and `format` (the format that answered, null when failed) for "auto"."""
        try:
            found = self.answer(query)
        except Failed as failure:
            found = {"outcome": "failed", "error": failure.code, "missingTiles": [], "stations": [], "format": None,
                     "stale": False, "staleReasons": []}
        return found

    def answer(self, query):
        if not valid_query(query):
            raise Failed("invalid-query")
        index = self.index()
        box = None
        if "route" in query:
            points, buffer_km = route_points(query["route"]), query["bufferKm"]
            cells = route_cells(points, buffer_km)

            def place(station):
                along, off = route_position(points, station["lat"], station["lon"])
                return (along, off) if off <= buffer_km else None
        else:
            lat, lon, radius = query["lat"], query["lon"], query["radiusKm"]
            # R15: the centre's cell first (its leaf is the one read), then the others in grid order.
            cells = [cell(lat, lon)] + [c for c in candidate_cells(lat, lon, radius) if c != cell(lat, lon)]
            box = circle_box(lat, lon, radius)

            def place(station):
                distance = distance_km(lat, lon, station["lat"], station["lon"])
                return (distance,) if distance <= radius else None
        results = {}
        if index.root:
            results = self.through_leaves(index, [key(row_col) for row_col in cells], box)
        for row_col in cells:
            name = key(row_col)
            if name in index.tiles:
                results[name] = self.tile(index, name)
        for code in TILE_ERRORS:
            if ("failed", code) in results.values():
                raise Failed(code)
        stale = sorted(index.tiles[name] for name, (state, _) in results.items() if state == "stale")
        if index.stale:
            stale.insert(0, index.path)
        missing = sorted((name for name, (state, _) in results.items() if state == "missing"), key=cell_order)
        fuel, open_at = query.get("fuel"), query.get("openAt")
        instant = parse_instant(open_at) if open_at is not None else None
        # R11: only hours need the countries' entries (time zone, areas, public holidays), read from the sources
        # document the index names.
        needs_countries = instant is not None and any(
            has_hours(station) for _, stations in results.values() for station in stations)
        countries = self.countries(index) if needs_countries else {}
        found = []
        for _, stations in results.values():
            for station in stations:
                position = place(station)
                if position is None:
                    continue
                price = displayed_price(station, fuel) if fuel is not None else None
                if fuel is not None and price is None:
                    continue
                if not brand_kept(station, query):
                    continue
                state = open_state(station, instant, countries.get(station["country"])) if instant is not None else None
                if state == "closed":  # R11: left out before the limit
                    continue
                found.append((position, station["id"], station, state, price))
        found.sort(key=lambda item: order_key(query, item[0], item[1], item[4]))
        if query.get("limit") is not None:
            found = found[: query["limit"]]
        stations = []
        for position, ident, station, state, _ in found:
            answered = {"id": ident, "distanceM": round_half_away(position[-1] * 1000),
                        "price": price_object(station, fuel)}
            if len(position) == 2:  # R12: along the route, and the detour there and back
                answered["alongM"] = round_half_away(position[0] * 1000)
                answered["detourM"] = round_half_away(2 * position[1] * 1000)
            if state is not None:
                answered["open"] = state
            stations.append(answered)
        outcome = "partial" if missing else ("ok" if stations else "empty")
        return {"outcome": outcome, "error": None, "missingTiles": missing, "stations": stations,
                "format": index.format, "stale": bool(stale), "staleReasons": stale}

    def countries(self, index):
        """Each country's entry of the sources document the index names (format 2: hash-checked), by country; empty
        when it cannot be read, so hours answer unknown rather than fail the lookup (R11)."""
        path = "sources.json" if index.format == 1 else "v2/" + str(index.document.get("sources"))
        status, body, _ = self.server.fetch(path)
        json_bytes = decoded(body) if status == 200 else None
        if json_bytes is None or (index.format == 2 and name_hash(json_bytes) != path.rsplit(".", 2)[1]):
            return {}
        document = read_json(json_bytes)
        sources = document.get("sources") if isinstance(document, dict) else None
        return {source["country"]: source for source in sources or []
                if isinstance(source, dict) and isinstance(source.get("country"), str)}

    def trend(self, country):
        """A country's trend (docs/format.md, trends): {"outcome": "ok" | "none" | "failed", "error", "trend"}."""
        try:
            index = self.index()
            listing = (index.document.get("trends") or {}).get(country)
            if listing is None:
                return {"outcome": "none", "error": None, "trend": None}
            path = "trends/%s.json" % country if index.format == 1 else "v2/" + listing["path"]
            status, body, _ = self.server.fetch(path)
            if status != 200:
                raise Failed("trend-unavailable")
            json_bytes = decoded(body)
            if index.format == 2 and (json_bytes is None or name_hash(json_bytes) != path.rsplit(".", 2)[1]):
                raise Failed("hash-mismatch")
            document = read_json(json_bytes)
            if (document is None or not isinstance(document.get("version", 1), int) or document.get("version", 1) > 1
                    or document.get("country") != country or not isinstance(document.get("days"), list)):
                raise Failed("trend-unavailable")
        except Failed as failure:
            return {"outcome": "failed", "error": failure.code, "trend": None}
        trend = {"country": country, "since": document.get("since"), "days": document["days"]}
        return {"outcome": "ok", "error": None, "trend": trend}


    # R13: stations by id.

    def stations(self, entries, fuel=None):
        """A watch list by id (R13): {"outcome", "error", "missingTiles", "stations" (each with distanceM 0), "ids"
        (each {"id", "status"} and "cell" when found or moved), "reads" (every tile and id shard requested, sorted)}."""
        try:
            answer = self.watched(entries, fuel)
        except Failed as failure:
            answer = {"outcome": "failed", "error": failure.code, "missingTiles": [], "stations": [], "ids": []}
        answer["reads"] = sorted(path for path, _ in self.server.requests
                                 if path.startswith(("tiles/", "v2/tiles/", "ids/", "v2/ids/")))
        return answer

    def watched(self, entries, fuel):
        watch = valid_watch(entries)
        if watch is None or (fuel is not None and not isinstance(fuel, str)):
            raise Failed("invalid-query")
        index = self.index()
        results = {}

        def read(names):
            if index.root:
                # R15: whole tiles, through the leaves, the cells in the order given.
                results.update(self.through_leaves(index, [name for name in names if name not in results], None))
            for name in sorted(names, key=cell_order):
                if name in index.tiles and name not in results:
                    results[name] = self.tile(index, name)
            for code in TILE_ERRORS:
                if ("failed", code) in results.values():
                    raise Failed(code)

        def where():
            return {station["id"]: key(cell(station["lat"], station["lon"]))
                    for _, stations in results.values() for station in stations}

        given = list(dict.fromkeys(c for _, c in watch if c is not None))  # in the order asked
        read(given)
        found = where()
        named, tableless, shards = {}, False, {}
        self.shard_list = False  # not read yet
        for ident, c in watch:
            if c is None or found.get(ident) != c:
                shards.setdefault(hashlib.sha256(ident.encode("utf-8")).hexdigest()[:2], []).append(ident)
        for shard in sorted(shards):
            table = self.id_shard(index, shard)
            if table is None:
                tableless = True
                continue
            for ident in shards[shard]:
                if ident in table:
                    named[ident] = table[ident]
        read(sorted(set(named.values()) - set(given), key=cell_order))
        found = where()
        by_id = {}
        for _, stations in results.values():
            for station in stations:
                by_id.setdefault(station["id"], station)
        states = {name: state for name, (state, _) in results.items()}
        missing = sorted((name for name, state in states.items() if state == "missing"), key=cell_order)
        outcomes, answered, seen = [], [], set()
        for ident, c in watch:
            if ident in seen:
                continue
            seen.add(ident)
            if ident in found:
                status = "found" if c is None or c == found[ident] else "moved"
                outcomes.append({"id": ident, "status": status, "cell": found[ident]})
                station = by_id[ident]
                price = price_object(station, fuel) if fuel is not None and displayed_price(station, fuel) else None
                answered.append({"id": ident, "distanceM": 0, "price": price})
            elif any(states.get(name) == "missing" for name in (c, named.get(ident)) if name is not None):
                outcomes.append({"id": ident, "status": "unknown"})
            elif ident not in named and tableless:
                outcomes.append({"id": ident, "status": "unknown"})
            else:
                outcomes.append({"id": ident, "status": "closed"})
        outcome = "partial" if missing else ("ok" if answered else "empty")
        return {"outcome": outcome, "error": None, "missingTiles": missing, "stations": answered, "ids": outcomes}

    def id_shard(self, index, shard):
        """The cells of one shard's ids (R13); None when the index has no id table; {} for a shard it does not
        have (format 2 does not list it, format 1 answers 404)."""
        if index.format == 1:
            if index.document.get("idShards") is None:
                return None
            path = "ids/%s.json" % shard
        else:
            listed = index.document.get("ids") if not index.root else self.id_list(index)
            if not isinstance(listed, dict):
                return None
            if shard not in listed:
                return {}
            path = "v2/" + str(listed[shard])
            if re.fullmatch(r"v2/ids/%s\.[0-9a-f]{16}\.json" % shard, path) is None:
                raise Failed("ids-unavailable")
        status, body, _ = self.server.fetch(path)
        if status == 404 and index.format == 1:
            return {}
        if status != 200:
            raise Failed("ids-unavailable")
        json_bytes = decoded(body)
        if index.format == 2 and (json_bytes is None or name_hash(json_bytes) != path.rsplit(".", 2)[1]):
            raise Failed("hash-mismatch")
        document = read_json(json_bytes)
        if (document is None or not isinstance(document.get("version", 1), int) or document.get("version", 1) > 1
                or document.get("shard") != shard or not isinstance(document.get("stations"), dict)):
            raise Failed("ids-unavailable")
        return {ident: c for ident, c in document["stations"].items() if isinstance(c, str)}


    def id_list(self, index):
        """R15: the id shards' paths that the root's `idList` names, read once per lookup (from the cache for ever),
        held to the hash in its name; None when the root names none."""
        path = index.document.get("idList")
        if self.shard_list is False and path is None:
            self.shard_list = None
        if self.shard_list is False:
            found = self.named("v2/" + path, path.rsplit(".", 2)[1])
            if found[0] == "failed":
                raise Failed("hash-mismatch" if found[1] == "hash-mismatch" else "ids-unavailable")
            document = read_json(found[1])
            if (document is None or not isinstance(document.get("version", 1), int) or document.get("version", 1) > 1
                    or not isinstance(document.get("shards"), dict)):
                raise Failed("ids-unavailable")
            self.cache["v2/" + path] = {"json": found[1], "etag": None, "at": self.now}
            self.shard_list = document["shards"]
        return self.shard_list

    # R14: a station's price history.

    def history(self, ident, days=None, cell_key=None):
        """A station's price history (R14): {"outcome", "error", "cell", "status", "days" (each {"day", "status",
        "entries"}, oldest first), "missingDays"}."""
        try:
            return self.station_history(ident, days, cell_key)
        except Failed as failure:
            return {"outcome": "failed", "error": failure.code, "cell": None, "status": None, "days": [],
                    "missingDays": []}

    def station_history(self, ident, days, cell_key):
        days = HISTORY_DAYS if days is None else days
        watch = valid_watch([ident if cell_key is None else {"id": ident, "cell": cell_key}])
        if watch is None or isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= HISTORY_DAYS:
            raise Failed("invalid-query")
        index = self.index()
        status = "given"
        if cell_key is None:
            self.shard_list = False  # R15: the id list, not read yet
            table = self.id_shard(index, hashlib.sha256(ident.encode("utf-8")).hexdigest()[:2])
            cell_key = (table or {}).get(ident)
            status = "found"
        if cell_key is None:
            return {"outcome": "empty", "error": None, "cell": None, "status": "unknown", "days": [],
                    "missingDays": []}
        listing = index.document.get("history")
        listed = listing.get("days") if isinstance(listing, dict) else None
        listed = set(listed) if isinstance(listed, list) else set()
        answer_days, missing = [], []
        for day in history_window(index.document["builtAt"], days):
            entries = self.history_day(index, day, cell_key, ident) if day in listed else None
            if entries is None:
                missing.append(day)
                answer_days.append({"day": day, "status": "missing", "entries": []})
            else:
                answer_days.append({"day": day, "status": "ok", "entries": entries})
        return {"outcome": "partial" if missing else "ok", "error": None, "cell": cell_key, "status": status,
                "days": answer_days, "missingDays": missing}

    def history_day(self, index, day, cell_key, ident):
        """The station's entries in one listed day's file of its cell ([] when the file does not hold it), or None
        when the file cannot be read (missing: a partial answer). A newer version fails the lookup."""
        path = ("history/%s/%s.json" if index.format == 1 else "v2/history/%s/%s.json") % (day, cell_key)
        status, body, _ = self.server.fetch(path)
        if status != 200:
            return None
        document = read_json(decoded(body))
        if document is None or not isinstance(document.get("version", 1), int):
            return None
        if document.get("version", 1) > TILE_VERSION:
            raise Failed("unsupported-tile-version")
        if (document.get("key") != cell_key or document.get("day") != day
                or not isinstance(document.get("stations"), dict)):
            return None
        entries = document["stations"].get(ident, [])
        return entries if isinstance(entries, list) else None


def history_window(built_at, count):
    """The `count` UTC days before the day of `built_at` (the index's builtAt), oldest first."""
    day = parse_instant(built_at).date()
    return [(day - timedelta(days=back)).isoformat() for back in range(count, 0, -1)]


def valid_watch(entries):
    """R13 and R7: 1 to 1000 entries, each an id or {"id", "cell"}, ids not empty, cells valid keys; as (id, cell)
    pairs, or None."""
    if not isinstance(entries, list) or not 1 <= len(entries) <= MAX_IDS:
        return None
    watch = []
    for entry in entries:
        ident, c = (entry, None) if isinstance(entry, str) else (
            (entry.get("id"), entry.get("cell")) if isinstance(entry, dict) else (None, None))
        if not isinstance(ident, str) or ident == "":
            return None
        if c is not None and (not isinstance(c, str) or re.fullmatch(r"-?(0|[1-9][0-9]*)_-?(0|[1-9][0-9]*)", c) is None):
            return None
        watch.append((ident, c))
    return watch


def parse_instant(text):
    """`2026-12-06T23:30:00Z` as an aware datetime."""
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def lookup(server, format_number, query):
    """One lookup with an empty cache: outcome, error, missingTiles, stations (and `format` for "auto")."""
    found = Reader(server, format_number).lookup(query)
    return single_answer(found, format_number)


def single_answer(found, format_number):
    """A one-step case's `expect`: without the cache's keys, with `format` only for "auto"."""
    kept = {name: found[name] for name in ("outcome", "error", "missingTiles", "stations")}
    if format_number == "auto":
        kept["format"] = found["format"]
    return kept


def cell_order(name):
    row, col = name.split("_")
    return int(row), int(col)


def price_object(station, fuel):
    if fuel is None:
        return None
    price = displayed_price(station, fuel)
    return {"price": price["price"], "service": price.get("service"), "unit": price.get("unit"),
            "was": price.get("was"), "changed": price.get("changed")}


# R11: open now.

DAYS = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]
TIME = re.compile(r"^([0-9]{2}):([0-9]{2})$")


def minutes(text):
    """`HH:MM`, up to `24:00`, as minutes after midnight; None otherwise."""
    match = TIME.match(text)
    if not match:
        return None
    hour, minute = int(match.group(1)), int(match.group(2))
    if minute > 59 or hour > 24 or (hour == 24 and minute != 0):
        return None
    return hour * 60 + minute


def parse_times(text):
    """`off`, `closed` (no spans) or `HH:MM-HH:MM` spans joined by `,`: a list of (start, end); None if malformed."""
    if text in ("off", "closed"):
        return []
    spans = []
    for part in text.split(","):
        ends = part.split("-")
        if len(ends) != 2:
            return None
        start, end = minutes(ends[0]), minutes(ends[1])
        if start is None or end is None or start == 1440 or start == end:
            return None
        spans.append((start, end))
    return spans


def parse_days(text):
    """`Mo-Fr,Su` as day indexes (Monday 0); None if malformed or wrapping."""
    days = []
    for part in text.split(","):
        ends = part.split("-")
        if len(ends) > 2 or any(end not in DAYS for end in ends):
            return None
        first, last = DAYS.index(ends[0]), DAYS.index(ends[-1])
        if len(ends) == 2 and last <= first:
            return None
        days.extend(range(first, last + 1))
    return days


def has_hours(station):
    """Whether a station has openingHours or automatHours, which need its country's entry of sources.json."""
    return "openingHours" in station or "automatHours" in station


def parse_opening_hours(text):
    """The subset of docs/format.md: ("24/7", None, None) or ("rules", week, holidays), week a list of 7 span lists
    or None per day, holidays a span list or None; None for anything outside the subset."""
    if text == "24/7":
        return ("24/7", None, None)
    week, holidays = [None] * 7, None
    for rule in text.split("; "):
        selector, space, times = rule.partition(" ")
        spans = parse_times(times) if space else None
        if spans is None:
            return None
        if selector == "PH":
            if holidays is not None:
                return None
            holidays = spans
            continue
        days = parse_days(selector)
        if days is None:
            return None
        for day in days:
            if week[day] is not None:
                return None
            week[day] = spans
    return ("rules", week, holidays)


def in_box(box, lat, lon):
    """Whether a point is in a `timeZoneAreas` box: south <= lat < north and west <= lon < east."""
    if not isinstance(box, dict) or not all(isinstance(box.get(k), (int, float)) for k in
                                            ("south", "west", "north", "east")):
        return False
    return box["south"] <= lat < box["north"] and box["west"] <= lon < box["east"]


def time_zone(station, country):
    """The IANA zone of a station's clock from its country's entry of sources.json: the first of `timeZoneAreas`
    whose box holds it, else the entry's `timeZone`; None when the entry gives no zone."""
    if not isinstance(country, dict) or not isinstance(country.get("timeZone"), str):
        return None
    for area in country.get("timeZoneAreas") or []:
        if isinstance(area, dict) and isinstance(area.get("timeZone"), str) and in_box(
                area.get("box"), station["lat"], station["lon"]):
            return area["timeZone"]
    return country["timeZone"]


def is_holiday(holidays, date):
    """Whether `date` (`YYYY-MM-DD`) is in a country's `publicHolidays` (sources.json); None when not covered."""
    if not isinstance(holidays, dict) or not all(isinstance(holidays.get(k), str) for k in ("from", "to")):
        return None
    if not isinstance(holidays.get("dates"), list) or date < holidays["from"] or date > holidays["to"]:
        return None
    return date in holidays["dates"]


def value_state(text, day, minute, holiday, yesterday_holiday):
    """One value of the subset at a local weekday and minute: "open", "closed", or "unknown" (outside the subset,
    or a PH rule on a day, or the day before, that the holiday list does not cover)."""
    parsed = parse_opening_hours(text) if isinstance(text, str) else None
    if parsed is None:
        return "unknown"
    if parsed[0] == "24/7":
        return "open"
    week, ph = parsed[1], parsed[2]

    def rule(weekday, is_ph):
        if ph is None or is_ph is False:
            return week[weekday] or []
        return ph if is_ph else None

    today, yesterday = rule(day, holiday), rule((day + 6) % 7, yesterday_holiday)
    if today is None or yesterday is None:
        return "unknown"
    for start, end in today:
        if start <= minute and (end <= start or minute < end):
            return "open"
    for start, end in yesterday:
        if end <= start and minute < end:
            return "open"
    return "closed"


def open_state(station, instant, country=None):
    """"open", "automat", "closed" or "unknown" for a station (a tile's station object) at an aware datetime;
    `country` is its country's entry of sources.json (`timeZone`, `timeZoneAreas`, `publicHolidays`), or None."""
    zone = time_zone(station, country)
    if zone is None or ("openingHours" not in station and "automatHours" not in station):
        return "unknown"
    try:
        local = instant.astimezone(ZoneInfo(zone))
    except (ValueError, KeyError, OSError):  # a zone this platform does not know
        return "unknown"
    holidays = country.get("publicHolidays")
    date = local.date()
    day, minute = local.weekday(), local.hour * 60 + local.minute
    holiday = is_holiday(holidays, date.isoformat())
    yesterday_holiday = is_holiday(holidays, (date - timedelta(days=1)).isoformat())
    staffed = value_state(station.get("openingHours"), day, minute, holiday, yesterday_holiday)
    if staffed == "open":
        return "open"
    if "automatHours" in station and value_state(
            station["automatHours"], day, minute, holiday, yesterday_holiday) == "open":
        return "automat"
    return staffed


def case_country(table, case):
    """The country entry an open-now case gives its station: the table's `countries` entry of its country (as
    sources.json publishes it) with the case's `holidays` as its `publicHolidays`; None when the table has none."""
    entry = (table.get("countries") or {}).get(case["station"]["country"])
    if entry is None:
        return None
    entry = dict(entry)
    entry.pop("publicHolidays", None)
    if case.get("holidays") is not None:
        entry["publicHolidays"] = case["holidays"]
    return entry


def run_open_now(kit):
    """The names of the cases of open-now.json whose answer differs from `expect`, and the number of cases."""
    with open(os.path.join(kit, "open-now.json"), encoding="utf-8") as handle:
        table = json.load(handle)
    cases = table["cases"]
    failures = []
    for case in cases:
        instant = datetime.strptime(case["at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
        if open_state(case["station"], instant, case_country(table, case)) != case["expect"]:
            failures.append(case["name"])
    return failures, len(cases)


# The kit's server.


class KitServer:
    """Serves `<kit>/build/fuel/` as the base, with a case's (or step's) `server` entries in place of the paths they
    name, as conformance/README.md "Running the cases" says.

    `fetch` returns what a reader sees after its HTTP layer: the status, the body (gunzipped, as `Content-Encoding:
    gzip` makes an HTTP layer do, or the stored gzip bytes with the transport `gzip-without-content-encoding`, which
    sends no `Content-Encoding`), and the ETag: `"<MD5 of the stored bytes>"` in quotes, as S3 and R2 give. A
    request whose `If-None-Match` is that ETag is answered 304 with no body. `requests` logs every request as
    (path, the If-None-Match it carried or None)."""

    def __init__(self, kit, overrides=None, transport=None):
        self.kit = kit
        self.overrides = overrides or {}
        self.transport = transport
        self.requests = []

    def use(self, overrides):
        """Serves the next requests with a step's `server` entries, and starts a new request log."""
        self.overrides = overrides or {}
        self.requests = []

    def stored(self, path):
        """(status, the stored gzip bytes or None)."""
        entry = self.overrides.get(path)
        if entry is not None:
            if entry["status"] != 200 or "file" not in entry:
                return entry["status"], None
            return 200, read_bytes(os.path.join(self.kit, entry["file"]))
        file = os.path.join(self.kit, "build", "fuel", path)
        if ".." in path.split("/") or not os.path.isfile(file):
            return 404, None
        return 200, read_bytes(file)

    def fetch(self, path, if_none_match=None):
        self.requests.append((path, if_none_match))
        status, data = self.stored(path)
        if data is None:
            return status, b"", None
        etag = '"%s"' % hashlib.md5(data).hexdigest()
        if if_none_match == etag:
            return 304, b"", etag
        body = data if self.transport == "gzip-without-content-encoding" else gzip.decompress(data)
        return 200, body, etag

    def get(self, path):
        status, body, _ = self.fetch(path)
        return status, body


def read_bytes(file):
    with open(file, "rb") as handle:
        return handle.read()


def gunzip(file):
    return gzip.decompress(read_bytes(file))


def tile_requests(requests):
    """A step's `requests`: its requests of tiles, leaves and parts (R15), sorted, each with whether it carried
    If-None-Match."""
    found = [{"path": path, "ifNoneMatch": tag is not None} for path, tag in requests
             if path.startswith(("tiles/", "v2/tiles/", "v2/leaves/", "v2/parts/"))]
    return sorted(found, key=lambda item: (item["path"], item["ifNoneMatch"]))


def run_case(kit, case):
    """The answer the reference reader gives to one case of cases.json (or case-list.json): a one-step case's
    `expect`, or for a case with `steps` the list of every step's `expect`."""
    server = KitServer(kit, case.get("server"), case.get("transport"))
    reader = Reader(server, case["format"])
    if case.get("call") == "trend":
        return reader.trend(case["country"])
    if case.get("call") == "stations":
        return reader.stations(case["ids"], case.get("fuel"))
    if case.get("call") == "history":
        return reader.history(case["id"], case.get("days"), case.get("cell"))
    if "steps" not in case:
        return single_answer(reader.lookup(case["query"]), case["format"])
    answers = []
    for step in case["steps"]:
        reader.advance(step.get("advanceSeconds", 0))
        server.use(step.get("server"))
        found = reader.lookup(step["query"])
        if case["format"] != "auto":
            del found["format"]
        found["requests"] = tile_requests(server.requests)
        answers.append(found)
    return answers


def case_answers(case):
    """The expected answer(s) of a case of cases.json, in run_case's shape."""
    if "steps" in case:
        return [step["expect"] for step in case["steps"]]
    return case["expect"]


def main(arguments):
    kit = arguments[0] if arguments else "conformance"
    with open(os.path.join(kit, "cases.json"), encoding="utf-8") as handle:
        cases = json.load(handle)["cases"]
    failures = [case["name"] for case in cases if run_case(kit, case) != case_answers(case)]
    open_failures, open_count = run_open_now(kit)
    for name in failures + open_failures:
        print("differs: " + name, file=sys.stderr)
    print("%d of %d cases answered as expected" % (len(cases) - len(failures), len(cases)))
    print("%d of %d open-now cases answered as expected" % (open_count - len(open_failures), open_count))
    return 1 if failures or open_failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
