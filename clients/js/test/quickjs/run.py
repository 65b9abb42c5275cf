#!/usr/bin/env python3
"""clients/js in QuickJS, an engine with none of the web platform (no fetch, TextDecoder, crypto, streams or Intl):
a stand-in for React Native's Hermes.

The src modules are joined into one script (bundle.py); a global `fetch` is injected, backed by Python serving the
conformance kit's build (bodies base64-encoded across the boundary). It checks, and exits 1 naming every failure:
  - `reader.runtime` is all built-in, and no `fetch` is `runtime-unsupported`;
  - every case of conformance/cases.json (lookups, steps through one cache and clock, trend calls, auto), in its
    format, with bodies decoded (as an HTTP layer that honours Content-Encoding: gzip gives them) and still gzipped,
    against `expect` as test/conformance.test.js compares it, the host answering ETags and 304s as the kit's server;
    an `openAt` lookup, whose answer needs the local time that QuickJS cannot tell, compares its outcome only;
  - README.md's example, copied as written (its import bound to the bundle, its base URL to the served one), for
    formats 2 and 1 (auto, v2 absent), bodies decoded and raw: on the kit's build, and on a small Lisbon site where
    it must print its one line;
  - conformance/open-now.json: QuickJS has no Intl, so an answer that needs the station's local time is `unknown`
    (the documented fallback where a reader cannot tell it), `24/7` is still open, and `unknown` stays unknown; the
    cases whose expectation therefore differs are listed.
`--bench` prints the built-in SHA-256 and inflate throughput and the time of a cold 10 km lookup instead.
Usage: run.py [--kit DIR] [--bench]
"""

import argparse
import base64
import gzip
import hashlib
import json
import os
import sys
import time
from pathlib import Path
from urllib.parse import unquote

import quickjs

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bundle import bundle  # noqa: E402

HERE = Path(__file__).resolve().parent
JS_DIR = HERE.parents[1]
BASE = "https://kit.test/fuel/"
LISBON_LINE = "Galp Amoreiras: 1.599 €/l, 1.4 km"


def cache_control(path: str) -> str:
    """The publisher's Cache-Control for each kind of file (as test/support/kit-server.js)."""
    if path == "index.json":
        return "public, max-age=300, no-transform"
    if path in ("v2/index.json", "v2/root.json"):
        return "public, max-age=60, no-transform"
    if path.startswith("v2/"):
        return "public, max-age=31536000, immutable, no-transform"
    return "public, max-age=3600, no-transform"


class Host:
    """Files served to the engine's fetch: the kit's build (gzipped on disk) or an in-memory site, with overrides."""

    def __init__(self, kit: Path | None = None, files: dict[str, bytes] | None = None):
        self.kit = kit
        self.files = files or {}
        self.raw = False
        self.overrides: dict = {}
        self.requests: list[str] = []
        self.sent = 0

    def use(self, overrides: dict | None, raw: bool) -> None:
        self.overrides = overrides or {}
        self.raw = raw
        self.requests = []
        self.log: list[dict] = []
        self.sent = 0

    def tile_requests(self) -> str:
        """The requests of tiles, leaves and parts (R15) since `use`, sorted, each with whether it carried
        If-None-Match (the kit's terms)."""
        tiles = [r for r in self.log if r["path"].startswith(("tiles/", "v2/tiles/", "v2/leaves/", "v2/parts/"))]
        return json.dumps(sorted(tiles, key=lambda r: (r["path"], r["ifNoneMatch"])))

    def body(self, path: str) -> bytes | None:
        override = self.overrides.get(path)
        if self.kit is None:
            return self.files.get(path)
        root = (self.kit if override else self.kit / "build" / "fuel").resolve()
        file = (root / (override["file"] if override else path)).resolve()
        if not str(file).startswith(str(root) + os.sep) or not file.is_file():
            return None
        return file.read_bytes()

    def fetch(self, url: str, headers_json: str) -> str:
        if not url.startswith(BASE):
            raise ValueError(f"unexpected URL {url}")
        path = unquote(url[len(BASE):].split("?")[0])
        sent = {k.lower(): v for k, v in json.loads(headers_json).items()}
        self.requests.append(path)
        self.log.append({"path": path, "ifNoneMatch": "if-none-match" in sent})
        override = self.overrides.get(path)
        status = override.get("status", 200) if override else 200
        data = self.body(path) if status == 200 else None
        if data is None:
            return json.dumps({"status": status if status != 200 else 404, "headers": {}, "body": ""})
        # As the kit's server (conformance/README.md): the ETag is the MD5 of the stored bytes, in quotes.
        etag = '"' + hashlib.md5(data).hexdigest() + '"'
        if sent.get("if-none-match") == etag:
            return json.dumps({"status": 304, "headers": {"etag": etag}, "body": ""})
        if not self.raw and data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)  # what an HTTP layer that honours Content-Encoding: gzip hands over
        self.sent += len(data)
        headers = {"content-type": "application/json", "cache-control": cache_control(path), "etag": etag}
        return json.dumps({"status": 200, "headers": headers, "body": base64.b64encode(data).decode()})


class Engine:
    """One QuickJS context with the bundled package, the prelude, and a host."""

    def __init__(self, host: Host):
        self.host = host
        self.lines: list[str] = []
        self.ctx = quickjs.Context()
        self.ctx.set_memory_limit(512 * 1024 * 1024)
        self.ctx.add_callable("__hostFetch", lambda url, headers: self.host.fetch(url, headers))
        self.ctx.add_callable("__hostUse", lambda server, raw: self.host.use(json.loads(server), bool(raw)))
        self.ctx.add_callable("__hostTileRequests", lambda: self.host.tile_requests())
        self.ctx.add_callable("__hostLog", self.lines.append)
        self.ctx.eval(bundle())
        # The kit's answer mapping, shared with the Node runner: its `export` keywords removed, its functions global.
        shared = (JS_DIR / "test" / "support" / "kit-answer.js").read_text(encoding="utf-8")
        self.ctx.eval(shared.replace("export async function ", "async function "))
        self.ctx.eval((HERE / "prelude.js").read_text(encoding="utf-8"))

    def wait(self, expression: str):
        """The value a promise-valued expression resolves to; raises with the reason when it rejects."""
        self.ctx.eval("globalThis.__done = false; globalThis.__failed = null; Promise.resolve(" + expression + ")"
                      ".then((r) => { globalThis.__result = r; __done = true; },"
                      " (e) => { __failed = String((e && e.stack) || e); __done = true; });")
        while self.ctx.execute_pending_job():
            pass
        if not self.ctx.eval("__done"):
            raise RuntimeError(f"{expression} never settled")
        failed = self.ctx.eval("__failed")
        if failed is not None:
            raise RuntimeError(failed)
        return self.ctx.eval("__result")

    def module(self, source: str) -> None:
        """Runs an ES module (top-level await allowed) to its end; raises when it throws."""
        wrapped = source + "\nglobalThis.__moduleDone = true;\n"
        self.ctx.eval("globalThis.__moduleDone = false;")
        self.ctx.module(wrapped)
        while self.ctx.execute_pending_job():
            pass
        if not self.ctx.eval("__moduleDone"):
            raise RuntimeError("the module did not run to its end (it threw, or a promise never settled)")


def expected(e: dict) -> dict:
    """The kit's expectation, with only the keys the runner compares (test/conformance.test.js's `expected`)."""
    kept = {"outcome": e["outcome"], "error": e["error"], "missingTiles": e["missingTiles"],
            "stations": [{"id": s["id"], "distanceM": s["distanceM"],
                          **({"alongM": s["alongM"], "detourM": s["detourM"]} if "alongM" in s else {}),
                          "price": s["price"], **({"open": s["open"]} if "open" in s else {})}
                         for s in e["stations"]]}
    for key in ("format", "stale", "staleReasons", "requests"):
        if key in e:
            kept[key] = e[key]
    return kept


def compare(case: dict, answers: list[dict]) -> tuple[str | None, bool]:
    """The first difference between a case's answers and its expectations, and whether the case needs the station's
    local time (an `openAt` lookup: without Intl its answer is R11's fallback, `unknown`, and only the lookup's
    outcome is compared)."""
    if case.get("call") in ("trend", "history"):
        got = answers[0]
        return (None if got == case["expect"] else f"got {json.dumps(got)}, expected {json.dumps(case['expect'])}"), False
    if case.get("call") == "stations":
        # R13: the answer whole; the files read are the Node runner's to compare.
        got, want = answers[0], {k: v for k, v in case["expect"].items() if k != "reads"}
        return (None if got == want else f"got {json.dumps(got)}, expected {json.dumps(want)}"), False
    steps = case.get("steps") or [{"query": case["query"], "expect": case["expect"]}]
    needs_clock = False
    for n, (step, got) in enumerate(zip(steps, answers), start=1):
        if "thrown" in got:
            return f"step {n} threw {got['thrown']}", False
        want = expected(step["expect"])
        if step["query"].get("openAt"):
            needs_clock = True
            if got["outcome"] != want["outcome"] or got["error"] != want["error"]:
                return f"step {n}: {got['outcome']}/{got['error']}, expected {want['outcome']}/{want['error']}", True
            if any(s.get("open") not in ("unknown", "open", "automat") for s in got["stations"]):
                return f"step {n}: a station without its open state: {json.dumps(got['stations'])}", True
            continue
        if "requests" not in step["expect"]:
            got.pop("requests", None)
        picked = {k: got.get(k) for k in want}
        if picked != want:
            return f"step {n}: got {json.dumps(picked)}, expected {json.dumps(want)}", False
    return None, needs_clock


def readme_example(base_url: str) -> str:
    """README.md's first js block, its import bound to the bundle and its URL to `base_url`."""
    readme = (JS_DIR / "README.md").read_text(encoding="utf-8")
    source = readme.split("```js\n", 1)[1].split("```", 1)[0]
    imports = "import { MemoryCache, createReader } from 'fueltiles';"
    if imports not in source or "https://tiles.example.org/fuel/" not in source:
        raise SystemExit("README.md's example no longer has its import or URL: update run.py")
    return (source.replace(imports, "const { MemoryCache, createReader } = globalThis.FuelTiles;")
            .replace("https://tiles.example.org/fuel/", base_url))


def lisbon_site() -> dict[str, bytes]:
    """A published base with test/readme.test.js's two Lisbon stations in cell 77_-19, in both formats, gzipped."""
    at = "2026-11-29T08:31:00Z"
    common = {"brand": None, "address": None, "postcode": None, "city": None}
    stations = [
        {"id": "PT-1", "country": "PT", "name": "Galp Amoreiras", **common, "lat": 38.73, "lon": -9.15, "prices": [
            {"fuel": "diesel", "price": 1.699, "updated": at, "service": "full"},
            {"fuel": "diesel", "price": 1.599, "updated": at, "service": "self"}]},
        {"id": "PT-2", "country": "PT", "name": "PT-2", **common, "lat": 38.72, "lon": -9.14,
         "prices": [{"fuel": "gasoline_95", "price": 1.8, "updated": at}]},
    ]
    tile = json.dumps({"version": 1, "key": "77_-19", "stations": stations}).encode()
    digest = hashlib.sha256(tile).hexdigest()[:16]
    docs = {
        "index.json": {"version": 1, "gridDegrees": 0.5, "builtAt": at, "tiles": ["77_-19"]},
        "v2/index.json": {"version": 2, "gridDegrees": 0.5, "builtAt": at, "tiles": {"77_-19": digest}},
    }
    files = {path: gzip.compress(json.dumps(doc).encode()) for path, doc in docs.items()}
    files["tiles/77_-19.json"] = gzip.compress(tile)
    files[f"v2/tiles/77_-19.{digest}.json"] = gzip.compress(tile)
    return files


def check(kit: Path) -> list[str]:
    """Every check of the module docstring; the failures, named."""
    failures: list[str] = []
    cases = json.loads((kit / "cases.json").read_text(encoding="utf-8"))["cases"]
    host = Host(kit=kit)
    engine = Engine(host)

    absent = engine.ctx.eval("['TextDecoder', 'TextEncoder', 'crypto', 'DecompressionStream', 'Intl']"
                             ".filter((n) => typeof globalThis[n] !== 'undefined').join()")
    if absent:
        failures.append(f"this QuickJS has {absent}: it no longer stands in for a bare engine")
    runtime = json.loads(engine.ctx.eval(f"JSON.stringify(FuelTiles.createReader({{ baseUrl: '{BASE}' }}).runtime)"))
    want = {"sha256": "built-in", "utf8": "built-in", "inflate": "built-in", "timeZones": False, "streaming": False}
    if runtime != want:
        failures.append(f"reader.runtime is {runtime}, not {want}")
    no_fetch = engine.ctx.eval("(() => { const f = globalThis.fetch; delete globalThis.fetch; try {"
                               f" FuelTiles.createReader({{ baseUrl: '{BASE}' }}); return 'no error'; }}"
                               " catch (e) { return e.code || String(e); } finally { globalThis.fetch = f; } })()")
    if no_fetch != "runtime-unsupported":
        failures.append(f"createReader without fetch: {no_fetch}, not runtime-unsupported")

    ran = 0
    local_time: set[str] = set()
    for raw in (False, True):
        bodies = "raw" if raw else "decoded"
        for case in cases:
            arg = json.dumps(json.dumps({"baseUrl": BASE, "raw": raw, "c": case}))
            try:
                answers = json.loads(engine.wait(f"__runCase({arg})"))
            except RuntimeError as error:
                failures.append(f"case {case['name']} ({bodies}): {error}")
                continue
            ran += 1
            difference, needs_clock = compare(case, answers)
            if needs_clock:
                local_time.add(case["name"])
            if difference:
                failures.append(f"case {case['name']} ({bodies}): {difference}")
            if case.get("expect", {}).get("error") == "invalid-query" and host.requests:
                failures.append(f"case {case['name']} ({bodies}): invalid-query made requests {host.requests}")
    print(f"quickjs: {ran} of {2 * len(cases)} kit cases ran (each with bodies decoded and raw; steps, trend, stations and "
          f"history calls and auto included); {len(local_time)} openAt cases need the station's local time, which QuickJS cannot "
          f"tell without Intl, so only their outcome was compared: {', '.join(sorted(local_time))}")

    site = Host(files=lisbon_site())
    for name, target in (("the kit's build", host), ("a Lisbon site", site)):
        for fmt in (2, 1):
            for raw in (False, True):
                label = f"README example on {name}, format {fmt}, bodies {'raw' if raw else 'decoded'}"
                target.use({"v2/root.json": {"status": 404}, "v2/index.json": {"status": 404}} if fmt == 1 else {}, raw)
                runner = Engine(target)
                try:
                    runner.module(readme_example(BASE))
                except Exception as error:  # noqa: BLE001 - any failure of the example is reported
                    failures.append(f"{label}: {error}")
                    continue
                tiles = [p for p in target.requests if "tiles/" in p]
                folder = "v2/tiles/" if fmt == 2 else "tiles/"
                if not tiles or not all(p.startswith(folder) for p in tiles):
                    failures.append(f"{label}: read {target.requests}, not format {fmt}'s tiles")
                if target is site and runner.lines != [LISBON_LINE]:
                    failures.append(f"{label}: printed {runner.lines}, not [{LISBON_LINE!r}]")
                if target is host and not all(" km" in line for line in runner.lines):
                    failures.append(f"{label}: printed {runner.lines}")
    print("quickjs: README example ran on the kit's build and a Lisbon site, formats 2 and 1, bodies decoded and raw")

    document = json.loads((kit / "open-now.json").read_text(encoding="utf-8"))
    table = document["cases"]
    differ = []
    for case in table:
        # The station's country entry, as the sources document gives it: the table's zone and areas, the case's
        # holidays.
        entry = (document.get("countries") or {}).get(case["station"]["country"])
        if entry is not None and case.get("holidays") is not None:
            entry = {**entry, "publicHolidays": case["holidays"]}
        arg = json.dumps(json.dumps({"case": case, "country": entry}))
        got = engine.ctx.eval(f"(() => {{ const {{ case: c, country }} = JSON.parse({arg}); "
                              "return FuelTiles.openState(c.station, new Date(c.at), country); })()")
        # Without the local time only `24/7` answers (R11's fallback): the staffed hours' `open`, else the automat's
        # `automat`, else `unknown`; what is unknown with the time (no zone, no hours) stays unknown.
        station = case["station"]
        fallback = ("unknown" if case["expect"] == "unknown"
                    else "open" if station.get("openingHours") == "24/7"
                    else "automat" if station.get("automatHours") == "24/7" else "unknown")
        needs_clock = fallback != case["expect"]
        want = fallback
        if got != want:
            failures.append(f"open-now {case['name']}: {got}, not {want} (without Intl)")
        if needs_clock:
            differ.append(case["name"])
    print(f"quickjs: open-now.json without Intl: {len(table) - len(differ)} of {len(table)} cases answer as "
          f"expected (unknown, or a 24/7 value); the other {len(differ)}, which need the station's local time, answer "
          f"unknown instead of open/closed (R11's fallback): {', '.join(differ)}")
    return failures


def bench(kit: Path) -> None:
    """Built-in SHA-256 and inflate throughput, and a cold 10 km lookup, in QuickJS."""
    host = Host(kit=kit)
    engine = Engine(host)
    # The engine's own speed, for scale: a plain integer loop of 10 million turns.
    seconds = engine.ctx.eval("(() => { const t = Date.now(); let s = 0; for (let i = 0; i < 1e7; i++) s = (s + i) | 0;"
                              " return (Date.now() - t) / 1000; })()")
    print(f"quickjs loop: {10 / seconds:.1f} million turns/s of `s = (s + i) | 0`")
    size = 8 * 1024 * 1024
    engine.ctx.eval(f"globalThis.__data = new Uint8Array({size}); let x = 2463534242;"
                    "for (let i = 0; i < __data.length; i++) { x ^= x << 13; x ^= x >>> 17; x ^= x << 5;"
                    " __data[i] = x & 0xff; }")
    seconds = engine.ctx.eval("(() => { const t = Date.now(); __module_sha256.sha256(__data);"
                              " return (Date.now() - t) / 1000; })()")
    print(f"quickjs sha256: {size / 1e6 / seconds:.1f} MB/s ({size} bytes, {seconds:.2f} s)")
    words = [b'{"id":"PT-', b'","price":1.', b"599", b',"fuel":"diesel"', b"Galp ", "é".encode(), b"}", b","]
    text = bytearray()
    seed = 1
    while len(text) < size:
        seed = (seed * 1103515245 + 12345) % 2**31
        text += words[(seed >> 16) % len(words)]
    packed = gzip.compress(bytes(text[:size]), 6)
    engine.ctx.eval(f"globalThis.__gz = Uint8Array.from(atob('{base64.b64encode(packed).decode()}'),"
                    " (c) => c.charCodeAt(0));")
    seconds = engine.ctx.eval("(() => { const t = Date.now(); const out = __module_inflate.gunzip(__gz, 1 << 30);"
                              f" if (out.length !== {size}) throw new Error('bad length');"
                              " return (Date.now() - t) / 1000; })()")
    print(f"quickjs inflate: {size / 1e6 / seconds:.1f} MB/s of output ({len(packed)} gzip bytes to {size}, "
          f"{seconds:.2f} s)")
    cases = {c["name"]: c for c in json.loads((kit / "cases.json").read_text(encoding="utf-8"))["cases"]}
    point = cases["fr-paris-v1"]["query"]
    for fmt in (2, 1):
        for raw in (False, True):
            times, stations = [], 0
            for _ in range(5):
                host.use({}, raw)
                query = json.dumps({"lat": point["lat"], "lon": point["lon"], "radiusKm": 10})
                ms = engine.wait(f"(async () => {{ const r = FuelTiles.createReader({{ baseUrl: '{BASE}', "
                                 f"format: {fmt} }}); const t = Date.now(); const a = await r.nearby({query});"
                                 " globalThis.__stations = a.stations.length; return Date.now() - t; })()")
                times.append(ms)
                stations = engine.ctx.eval("__stations")
            times.sort()
            print(f"quickjs 10 km lookup, Paris, format {fmt}, bodies {'raw' if raw else 'decoded'}: median "
                  f"{times[2]:.0f} ms (min {times[0]:.0f}, max {times[-1]:.0f}; cold, no cache; {stations} stations, "
                  f"{len(host.requests)} files, {host.sent} bytes)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    default_kit = os.environ.get("FUELTILES_CONFORMANCE") or str(JS_DIR.parents[1] / "conformance")
    parser.add_argument("--kit", default=default_kit, help="the conformance kit folder")
    parser.add_argument("--bench", action="store_true", help="print throughput and lookup times instead")
    args = parser.parse_args()
    kit = Path(args.kit)
    missing = [p for p in ("cases.json", "open-now.json", "build/fuel") if not (kit / p).exists()]
    if missing:
        print(f"quickjs: the conformance kit at {kit} lacks {', '.join(missing)}", file=sys.stderr)
        return 1
    if args.bench:
        bench(kit)
        return 0
    started = time.monotonic()
    failures = check(kit)
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    print(f"quickjs: {'FAILED, ' + str(len(failures)) + ' failures' if failures else 'all passed'} "
          f"in {time.monotonic() - started:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
