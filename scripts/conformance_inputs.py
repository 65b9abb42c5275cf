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

# The first build, and the published one a day later, in which CARRIED's fetch failed: carried from the first.
FIRST_BUILT_AT = "2026-12-01T05:17:00Z"
BUILT_AT = "2026-12-02T05:17:00Z"
CARRIED = "PT"

FIXTURES = "Tests/FuelFeedsTests/Fixtures/"

# country: [(file name in feeds/<CC>/, [source files, relative to the repository])]. A second source is appended
# without its first two lines (the IT files' extraction date and header).
FEEDS = {
    "PT": [("page-0001.json", ["adapters/PT/samples/page-0001.json"])],
    "ES": [
        (
            "estaciones-terrestres-barcelona-2025-09-27-first40.json",
            ["adapters/ES/samples/estaciones-terrestres-barcelona-2025-09-27-first40.json"],
        )
    ],
    "FR": [("PrixCarburants_instantane.zip", ["adapters/FR/samples/PrixCarburants_instantane.zip"])],
    "IT": [
        (
            name,
            ["adapters/IT/samples/" + name, FIXTURES + "IT/2026-08-21-kit/" + name],
        )
        for name in ("anagrafica_impianti_attivi.csv", "prezzo_alle_8.csv")
    ],
    "AT": [
        ("by-address-wien-%s.json" % fuel, ["adapters/AT/samples/by-address-wien-%s.json" % fuel]) for fuel in ("DIE", "SUP")
    ]
    + [
        ("by-region-PB-601-%s.json" % fuel, [FIXTURES + "AT/by-region-PB-601-%s.json" % fuel])
        for fuel in ("DIE", "SUP", "GAS")
    ],
}

# Each country's fetch, as the manifest records it: shortly after the feed's own newest time (within the 72 h a
# fetched feed may lag), so no price is refused as lying after its fetch. AT's prices carry no time: these are
# their times. The captures were made on these days; the hours are chosen.
FETCHED_AT = {
    "PT": "2026-06-10T08:00:00Z",
    "ES": "2025-09-27T16:10:00Z",
    "FR": "2026-02-08T09:00:00Z",
    "IT": "2026-08-21T07:00:00Z",
    "AT": "2026-06-11T08:00:00Z",
}

# The second build's one changed price, so that the kit shows a last change (`was`, `changed`, docs/format.md): ES-1736
# (NIEVES, Abrera) diesel 1.339 → 1.349, fetched half an hour after the first build's ES fetch.
SECOND_RUN_EDITS = {
    "ES": (b'"Precio Gasoleo A":"1,339"', b'"Precio Gasoleo A":"1,349"'),
}
SECOND_FETCHED_AT = {"ES": "2025-09-27T16:40:00Z"}

AT_URL = "https://api.e-control.at/sprit/1.0/search/gas-stations/"
AT_QUERIES = {
    "by-address-wien": "by-address?latitude=48.2082&longitude=16.3738&fuelType=%s&includeClosed=true",
    "by-region-PB-601": "by-region?code=601&type=PB&fuelType=%s&includeClosed=true",
}


def write_feeds(feeds, failed=None, second=False):
    """Lays out feeds/<CC>/… and feeds/manifest.json; `failed` names a country whose last fetch failed; `second`
    applies the second build's edits and fetch times (SECOND_RUN_EDITS)."""
    manifest = {"version": 1, "files": {}, "countries": {}}
    fetched_at = dict(FETCHED_AT, **(SECOND_FETCHED_AT if second else {}))
    for country, files in FEEDS.items():
        folder = os.path.join(feeds, country)
        os.makedirs(folder)
        for name, sources in files:
            data = b"".join(source_bytes(source, appended=number > 0) for number, source in enumerate(sources))
            if second and country in SECOND_RUN_EDITS:
                old, new = SECOND_RUN_EDITS[country]
                if data.count(old) == 1:
                    data = data.replace(old, new)
            with open(os.path.join(folder, name), "wb") as handle:
                handle.write(data)
            if country == "AT":
                stem, fuel = name[: -len("-XXX.json")], name[-len("XXX.json") : -len(".json")]
                manifest["files"][country + "/" + name] = {
                    "url": AT_URL + AT_QUERIES[stem] % fuel,
                    "fetchedAt": fetched_at[country],
                    "status": 200,
                    "bytes": len(data),
                    "sha256": hashlib.sha256(data).hexdigest(),
                }
        entry = {"status": "ok", "fetchedAt": fetched_at[country]}
        if country == failed:
            entry = {"status": "failed", "fetchedAt": "2026-12-02T04:50:00Z", "error": "HTTP 503 (the kit's failure)"}
        manifest["countries"][country] = entry
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
