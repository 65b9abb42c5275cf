"""The reference reader of the conformance kit: reader rules R1 to R11 (docs/format.md, "Reading the data"), in
Python's standard library only, written from the rules and not from the Swift code.

scripts/make-conformance computes every case's `expect` with it; any other reader is checked against those answers.
It reads the kit's files from disk as a case's server would serve them: `conformance/build/fuel/` at the base, with
the case's `server` entries in place of the files they name.

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
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

EARTH_RADIUS_KM = 6371.0088
GRID_DEGREES = 0.5
MAX_RADIUS_KM = 500
# The newest versions this reader knows: R9's unsupported-index-version and unsupported-tile-version.
INDEX_VERSIONS = {1: 1, 2: 2}
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


def candidate_cells(lat, lon, radius_km):
    """Every (row, col) whose cell meets the circle's bounding box, by row then column; no wrapping at 180."""
    lat_span = radius_km / (EARTH_RADIUS_KM * math.pi / 180)
    south = max(lat - lat_span, -90)
    north = min(lat + lat_span, 90)
    poleward = min(max(abs(south), abs(north)), 89.999)
    lon_span = min(lat_span / math.cos(poleward * math.pi / 180), 180)
    west, east = lon - lon_span, lon + lon_span
    (row0, col0), (row1, col1) = cell(south, west), cell(north, east)
    return [(row, col) for row in range(row0, row1 + 1) for col in range(col0, col1 + 1)]


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


def brand_matches(station, wanted):
    """R5: the brands equal after trimming spaces and lowercasing; a null brand never matches."""
    brand = station.get("brand")
    return brand is not None and brand.strip().lower() == wanted.strip().lower()


# R7 to R10: one lookup.


class Failed(Exception):
    """A lookup that ends `failed`, with its R9 code."""

    def __init__(self, code):
        super().__init__(code)
        self.code = code


def valid_query(query):
    """R7: 0 < radiusKm <= 500, latitude in [-90, 90], longitude in [-180, 180], limit >= 1 when given."""
    limit = query.get("limit")
    return (
        0 < query["radiusKm"] <= MAX_RADIUS_KM
        and -90 <= query["lat"] <= 90
        and -180 <= query["lon"] <= 180
        and (limit is None or limit >= 1)
    )


def read_json(body):
    """The parsed JSON object, or None when the body is not a readable JSON object."""
    try:
        document = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    return document if isinstance(document, dict) else None


def read_index(server, format_number):
    """R9's index checks, in order; returns the index's listed cells: key to its tile path below the base."""
    status, body = server.get("index.json" if format_number == 1 else "v2/index.json")
    if 500 <= status <= 599:
        raise Failed("index-server-error")
    if status != 200:
        raise Failed("index-unavailable")
    index = read_json(body)
    if index is None or not isinstance(index.get("version", 1), int):
        raise Failed("index-unavailable")
    if index.get("version", 1) > INDEX_VERSIONS[format_number]:
        raise Failed("unsupported-index-version")
    if index.get("gridDegrees") != GRID_DEGREES:
        raise Failed("incompatible-grid")
    if not isinstance(index.get("tiles"), list if format_number == 1 else dict):
        raise Failed("index-unavailable")
    if format_number == 1:
        return {name: "tiles/%s.json" % name for name in index["tiles"]}
    return {name: "v2/tiles/%s.%s.json" % (name, digest) for name, digest in index["tiles"].items()}


def read_tile(server, format_number, path):
    """One listed tile: its stations, "missing" (format 1, 404), or the R9 code that makes it unusable."""
    status, body = server.get(path)
    if format_number == 1 and status == 404:
        return "missing"
    if status != 200:
        return "tiles-unavailable"
    if format_number == 2 and hashlib.sha256(body).hexdigest()[:16] != path.rsplit(".", 2)[1]:
        return "hash-mismatch"  # R10: checked before the JSON is parsed
    tile = read_json(body)
    if tile is None or not isinstance(tile.get("version", 1), int):
        return "tiles-unavailable"
    if tile.get("version", 1) > TILE_VERSION:
        return "unsupported-tile-version"
    if not isinstance(tile.get("stations"), list):
        return "tiles-unavailable"
    return tile["stations"]


def lookup(server, format_number, query):
    """A whole lookup (R1 to R10) against `server`: the case's `expect` object."""
    try:
        return answer(server, format_number, query)
    except Failed as failure:
        return {"outcome": "failed", "error": failure.code, "missingTiles": [], "stations": []}


def answer(server, format_number, query):
    if not valid_query(query):
        raise Failed("invalid-query")
    listed = read_index(server, format_number)
    lat, lon, radius = query["lat"], query["lon"], query["radiusKm"]
    results = {}
    for row_col in candidate_cells(lat, lon, radius):
        name = key(row_col)
        if name in listed:
            results[name] = read_tile(server, format_number, listed[name])
    for code in TILE_ERRORS:
        if code in results.values():
            raise Failed(code)
    missing = sorted((name for name, result in results.items() if result == "missing"), key=cell_order)
    fuel, brand = query.get("fuel"), query.get("brand")
    found = []
    for stations in results.values():
        if stations == "missing":
            continue
        for station in stations:
            distance = distance_km(lat, lon, station["lat"], station["lon"])
            if distance > radius:
                continue
            if fuel is not None and displayed_price(station, fuel) is None:
                continue
            if brand is not None and not brand_matches(station, brand):
                continue
            found.append((distance, station["id"], station))
    found.sort(key=lambda item: (item[0], item[1]))
    if query.get("limit") is not None:
        found = found[: query["limit"]]
    stations = [
        {"id": ident, "distanceM": round_half_away(distance * 1000), "price": price_object(station, fuel)}
        for distance, ident, station in found
    ]
    outcome = "partial" if missing else ("ok" if stations else "empty")
    return {"outcome": outcome, "error": None, "missingTiles": missing, "stations": stations}


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


def time_zone(station):
    """The IANA zone of a station's clock, by country, and by longitude for the Canary Islands and the Azores."""
    country, lon = station["country"], station["lon"]
    if country == "PT":
        return "Atlantic/Azores" if lon < -20 else "Europe/Lisbon"
    if country == "ES":
        return "Atlantic/Canary" if lon < -12 else "Europe/Madrid"
    return {"FR": "Europe/Paris", "IT": "Europe/Rome", "AT": "Europe/Vienna"}.get(country)


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


def open_state(station, instant, holidays=None):
    """"open", "automat", "closed" or "unknown" for a station (a tile's station object) at an aware datetime;
    `holidays` is its country's `publicHolidays` from sources.json, or None."""
    zone = time_zone(station)
    if zone is None or ("openingHours" not in station and "automatHours" not in station):
        return "unknown"
    local = instant.astimezone(ZoneInfo(zone))
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


def run_open_now(kit):
    """The names of the cases of open-now.json whose answer differs from `expect`, and the number of cases."""
    with open(os.path.join(kit, "open-now.json"), encoding="utf-8") as handle:
        cases = json.load(handle)["cases"]
    failures = []
    for case in cases:
        instant = datetime.strptime(case["at"], "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)
        if open_state(case["station"], instant, case.get("holidays")) != case["expect"]:
            failures.append(case["name"])
    return failures, len(cases)


# The kit's server.


class KitServer:
    """Serves `<kit>/build/fuel/` as the base, with a case's `server` entries in place of the paths they name.

    `get` returns what a reader sees after its HTTP layer decoded `Content-Encoding: gzip`: the status and the
    gunzipped body (empty for any other status)."""

    def __init__(self, kit, overrides=None):
        self.kit = kit
        self.overrides = overrides or {}

    def get(self, path):
        entry = self.overrides.get(path)
        if entry is not None:
            if entry["status"] != 200 or "file" not in entry:
                return entry["status"], b""
            return 200, gunzip(os.path.join(self.kit, entry["file"]))
        file = os.path.join(self.kit, "build", "fuel", path)
        if ".." in path.split("/") or not os.path.isfile(file):
            return 404, b""
        return 200, gunzip(file)


def gunzip(file):
    with open(file, "rb") as handle:
        return gzip.decompress(handle.read())


def run_case(kit, case):
    """The answer the reference reader gives to one case of cases.json (or case-list.json)."""
    return lookup(KitServer(kit, case.get("server")), case["format"], case["query"])


def main(arguments):
    kit = arguments[0] if arguments else "conformance"
    with open(os.path.join(kit, "cases.json"), encoding="utf-8") as handle:
        cases = json.load(handle)["cases"]
    failures = [case["name"] for case in cases if run_case(kit, case) != case["expect"]]
    open_failures, open_count = run_open_now(kit)
    for name in failures + open_failures:
        print("differs: " + name, file=sys.stderr)
    print("%d of %d cases answered as expected" % (len(cases) - len(failures), len(cases)))
    print("%d of %d open-now cases answered as expected" % (open_count - len(open_failures), open_count))
    return 1 if failures or open_failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
