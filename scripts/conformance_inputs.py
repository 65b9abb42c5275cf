"""The fixed inputs of the conformance kit (scripts/make-conformance): which real feed files it builds from, the
fetch manifest that fixes their times, the build times, and the kit's byte formats (gzip, JSON text).

Every feed file is read from where the repository keeps it; conformance/README.md gives each one's provenance.
"""

import hashlib
import json
import os
import struct
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The first build, and the published one a day later, in which CARRIED's fetch failed: carried from the first. A build
# of the first build's inputs a day before it (EARLIEST_BUILT_AT) makes the published build's price history hold two
# finished days (R14): the first build writes the earliest one's day, the published build the first build's.
EARLIEST_BUILT_AT = "2026-11-30T05:17:00Z"
FIRST_BUILT_AT = "2026-12-01T05:17:00Z"
BUILT_AT = "2026-12-02T05:17:00Z"

# Each country in the kit says what the kit builds from in its own adapters/<CC>/conformance/inputs.json (beside its
# samples, not among them, so no feed folder and no built-in metadata holds it): `files`, each a file name in feeds/<CC>/ with its `sources` (relative
# to the repository; a second source is appended without its first two lines, the IT files' extraction date and
# header) and, where the manifest records one, the `url` it was fetched from; `fetchedAt`, the fetch as the manifest
# records it (shortly after the feed's own newest time, within the 72 h a fetched feed may lag, so no price is refused
# as lying after its fetch; AT's prices carry no time: these are their times); optionally `secondBuild`, the second
# build's one changed price (`replace` → `with`, fetched at its `fetchedAt`), so that the kit shows a last change
# (`was`, `changed`, docs/format.md); and `carriedInSecondBuild` for the one country whose second fetch fails. A
# country without the file is not in the kit.
INPUT_FILE = os.path.join("conformance", "inputs.json")


def kit_countries():
    """{country: its conformance/inputs.json} for every adapters/<CC>/ that has one, sorted by code."""
    adapters = os.path.join(ROOT, "adapters")
    found = {}
    for country in sorted(os.listdir(adapters)):
        path = os.path.join(adapters, country, INPUT_FILE)
        if os.path.isfile(path):
            with open(path, encoding="utf-8") as handle:
                found[country] = json.load(handle)
    return found


COUNTRIES = kit_countries()
_CARRIED = [country for country, data in COUNTRIES.items() if data.get("carriedInSecondBuild")]
if len(_CARRIED) != 1:
    raise SystemExit("conformance_inputs: exactly one %s must say carriedInSecondBuild, found %s" % (INPUT_FILE, _CARRIED))
CARRIED = _CARRIED[0]


def write_feeds(feeds, failed=None, second=False):
    """Lays out feeds/<CC>/… and feeds/manifest.json; `failed` names a country whose last fetch failed; `second`
    applies the second build's edits and fetch times (each country's `secondBuild`)."""
    manifest = {"version": 1, "files": {}, "countries": {}}
    for country, data in COUNTRIES.items():
        edit = data.get("secondBuild") if second else None
        fetched_at = edit["fetchedAt"] if edit else data["fetchedAt"]
        folder = os.path.join(feeds, country)
        os.makedirs(folder)
        for entry in data["files"]:
            name = entry["name"]
            sources = entry["sources"]
            data_bytes = b"".join(source_bytes(source, appended=number > 0) for number, source in enumerate(sources))
            if edit:
                old, new = edit["replace"].encode("utf-8"), edit["with"].encode("utf-8")
                if data_bytes.count(old) == 1:
                    data_bytes = data_bytes.replace(old, new)
            with open(os.path.join(folder, name), "wb") as handle:
                handle.write(data_bytes)
            if "url" in entry:
                manifest["files"][country + "/" + name] = {
                    "url": entry["url"],
                    "fetchedAt": fetched_at,
                    "status": 200,
                    "bytes": len(data_bytes),
                    "sha256": hashlib.sha256(data_bytes).hexdigest(),
                }
        status = {"status": "ok", "fetchedAt": fetched_at}
        if country == failed:
            status = {"status": "failed", "fetchedAt": "2026-12-02T04:50:00Z", "error": "HTTP 503 (the kit's failure)"}
        manifest["countries"][country] = status
    with open(os.path.join(feeds, "manifest.json"), "w", encoding="utf-8") as handle:
        handle.write(json_text(manifest))


def source_bytes(source, appended):
    with open(os.path.join(ROOT, source), "rb") as handle:
        data = handle.read()
    if appended:
        data = data.split(b"\n", 2)[2]
    return data


def gzip_bytes(data):
    """One gzip member with the build's fixed header (no name, mtime 0, OS 3) around Python's zlib, level 9."""
    header = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03"
    trailer = struct.pack("<II", zlib.crc32(data), len(data) & 0xFFFFFFFF)
    return header + zlib.compress(data, 9, wbits=-15) + trailer


def json_text(document):
    """The kit's JSON files: UTF-8, indented by one space, keys in the order written, a final newline."""
    return json.dumps(document, indent=1, ensure_ascii=False) + "\n"


def cases_text(document):
    """case-list.json and cases.json: one key of a case per line, one expected station per line."""

    def compact(value):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    def expect_text(value, indent):
        listed = "stations" if "stations" in value else "trend" if value.get("trend") else None
        if listed is None:
            return compact(value)
        if listed == "trend":
            trend = value["trend"]
            days = (",\n" + indent).join(compact(day) for day in trend["days"])
            head = compact({key: item for key, item in trend.items() if key != "days"})[:-1]
            inner = head + ', "days": [' + ("\n" + indent + days + "]}" if days else "]}")
            return compact({key: item for key, item in value.items() if key != "trend"})[:-1] + ', "trend": ' + inner + "}"
        stations = (",\n" + indent).join(compact(station) for station in value["stations"])
        head = compact({key: item for key, item in value.items() if key != "stations"})[:-1]
        return head + ', "stations": [' + ("\n" + indent + stations + "]}" if stations else "]}")

    def block(case, indent):
        lines = []
        for name, value in case.items():
            if name == "expect":
                value_text = expect_text(value, indent + "  ")
            elif name == "steps":
                value_text = "[\n" + ",\n".join(block(step, indent + "  ") for step in value) + "]"
            else:
                value_text = compact(value)
            lines.append("%s%s: %s" % (indent, json.dumps(name), value_text))
        return indent[:-1] + "{\n" + ",\n".join(lines) + "}"

    blocks = [block(case, "   ") for case in document["cases"]]
    return '{"version": %d,\n "cases": [\n%s]}\n' % (document["version"], ",\n".join(blocks))
