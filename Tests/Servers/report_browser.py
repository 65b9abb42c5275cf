#!/usr/bin/env python3
"""Opens a FuelTiles map report (one self-contained HTML file) in headless Chromium and prints one JSON line.

    report_browser.py --report FILE [--screenshot PNG] [--hover STATION-ID] [--fuel CODE] [--zoom]
                      [--toggle LAYER]... [--click-outlier]

- Chromium is the system one, /usr/bin/chromium (`apt-get install chromium`), or $FUEL_CHROMIUM; it is driven by
  the `playwright` Python package. Never `playwright install`: it downloads a browser. A missing browser or package
  is an error (exit 2) with a message saying how to install it, never a skip.
- Every request the page makes is routed through here: the page's own file:// load is let through once; anything
  else is aborted and listed under "blockedRequests".
- Console errors, uncaught page errors and dialogs (alert, confirm, prompt) are collected.
- It waits for `window.fuelReport.ready`, reads `window.fuelReport` and the "N stations drawn" text, hovers the
  station --hover (at `fuelReport.screenPosition(id)`) and reads the tooltip, writes the screenshot, changes the
  fuel selector to --fuel (default: the first other fuel) and reads the legend, and with --zoom turns the wheel
  over the map (about the hovered station) and then presses "Fit", reading the number of dots drawn each time.
- It reads the outlier list (the ids its links name) and the coverage legend's carried countries; with
  --click-outlier it clicks the first outlier link (before the fuel changes) and reads the selected station, its
  place and the tooltip; each --toggle LAYER clicks that layer's checkbox (after the fuel changes back) and reads
  `fuelReport.layersDrawn`.
- "openMilliseconds" is the wall time from the navigation's start until the page says it is ready.

Prints the results as one JSON object on stdout; exits 0 once the page was opened and read, whatever it found
(the caller judges the results), 1 when the page never became ready, 2 when the browser cannot run.
"""

import argparse
import json
import os
import pathlib
import sys
import time

CHROMIUM = os.environ.get("FUEL_CHROMIUM", "/usr/bin/chromium")
READ_REPORT = """() => {
  const r = window.fuelReport;
  return {
    stationCount: r.stationCount, stationsDrawn: r.stationsDrawn, legend: r.legend, fuel: r.fuel, fuels: r.fuels,
    cellsDrawn: r.cellsDrawn, changesDrawn: r.changesDrawn, layersDrawn: r.layersDrawn, outliers: r.outliers,
    decodeMilliseconds: r.decodeMilliseconds, trends: r.trends,
    drawMilliseconds: r.drawMilliseconds, readyMilliseconds: r.readyMilliseconds,
  };
}"""
# Two animation frames: the map redraws on the next frame after a wheel or click.
NEXT_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(() => done(true))))"


def fail(message, code=2):
    print(f"report_browser.py: {message}", file=sys.stderr)
    sys.exit(code)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--report", required=True)
    parser.add_argument("--screenshot")
    parser.add_argument("--hover")
    parser.add_argument("--fuel")
    parser.add_argument("--zoom", action="store_true")
    parser.add_argument("--toggle", action="append", default=[])
    parser.add_argument("--click-outlier", action="store_true")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    args = parser.parse_args()

    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        fail(
            f"no Chromium at {CHROMIUM}: install it with scripts/install-system-packages --tests (apt-get install chromium) "
            "or set FUEL_CHROMIUM to its path"
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        fail(
            f"cannot import playwright ({error}): install it with scripts/install-python-packages "
            "(pip install -r scripts/requirements.txt); do not run `playwright install`, the system Chromium is used"
        )

    report = pathlib.Path(args.report).resolve()
    if not report.is_file():
        fail(f"no report at {report}")
    url = report.as_uri()
    results = {
        "url": url, "allowedRequests": 0, "blockedRequests": [], "consoleErrors": [], "consoleWarnings": [],
        "pageErrors": [], "dialogs": [],
    }

    def route(route):
        request = route.request
        if request.url == url and request.is_navigation_request() and results["allowedRequests"] == 0:
            results["allowedRequests"] += 1
            route.continue_()
        else:
            results["blockedRequests"].append(f"{request.method} {request.url} ({request.resource_type})")
            route.abort()

    def console(message):
        if message.type == "error":
            results["consoleErrors"].append(message.text)
        elif message.type == "warning":
            results["consoleWarnings"].append(message.text)

    def dialog(opened):
        results["dialogs"].append(f"{opened.type}: {opened.message}")
        opened.dismiss()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            context = browser.new_context(
                viewport={"width": args.width, "height": args.height}, device_scale_factor=1
            )
            context.route("**/*", route)
            page = context.new_page()
            page.on("console", console)
            page.on("pageerror", lambda error: results["pageErrors"].append(str(error)))
            page.on("dialog", dialog)

            started = time.monotonic()
            page.goto(url, wait_until="load", timeout=60_000)
            try:
                page.wait_for_function("window.fuelReport && window.fuelReport.ready", timeout=60_000)
            except Exception as error:  # noqa: BLE001 - any failure to get ready is reported the same way
                results["notReady"] = str(error).splitlines()[0]
                print(json.dumps(results), flush=True)
                fail("the page never set window.fuelReport.ready; see pageErrors and consoleErrors", 1)
            results["openMilliseconds"] = round((time.monotonic() - started) * 1000, 1)
            results["report"] = page.evaluate(READ_REPORT)
            results["countText"] = page.text_content("#count")
            results["legendTicks"] = page.inner_text(".ticks")
            # The verdict banner's text, when the page has one.
            results["verdict"] = page.inner_text("#verdict") if page.query_selector("#verdict") else None
            results["outlierLinks"] = page.eval_on_selector_all(
                "#outlier-list a", "links => links.map(link => link.dataset.station)")
            results["carried"] = page.eval_on_selector_all(
                "#coverage-legend li.carried", "items => items.map(item => item.textContent)")
            results["layerCounts"] = page.eval_on_selector_all(
                "span[data-count]", "spans => Object.fromEntries(spans.map(s => [s.dataset.count, s.textContent]))")

            if args.hover:
                position = page.evaluate("id => window.fuelReport.screenPosition(id)", args.hover)
                hover = {"id": args.hover, "position": position, "tooltip": None}
                if position:
                    page.mouse.move(position["x"], position["y"])
                    page.wait_for_selector("#tooltip:not([hidden])", timeout=5_000)
                    hover["tooltip"] = page.inner_text("#tooltip")
                results["hover"] = hover

            if args.screenshot:
                pathlib.Path(args.screenshot).parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=args.screenshot, full_page=True)
                results["screenshot"] = args.screenshot

            if args.click_outlier and results["outlierLinks"]:
                page.click("#outlier-list a")
                page.wait_for_selector("#tooltip:not([hidden])", timeout=5_000)
                selected = page.evaluate("() => window.fuelReport.selected")
                results["outlierClick"] = {
                    "selected": selected,
                    "tooltip": page.inner_text("#tooltip"),
                    "position": page.evaluate("id => window.fuelReport.screenPosition(id)", selected),
                    "map": page.locator("#map").bounding_box(),
                }
                if args.screenshot:
                    page.screenshot(path=args.screenshot.replace(".png", "-outlier.png"))
                page.click("#zoom-fit")
                page.evaluate(NEXT_FRAMES)

            others = [fuel for fuel in results["report"]["fuels"] if fuel != results["report"]["fuel"]]
            target = args.fuel or (others[0] if others else None)
            if target:
                page.select_option("#fuel", target)
                page.evaluate(NEXT_FRAMES)
                results["fuelChange"] = {
                    "fuel": page.evaluate("() => window.fuelReport.fuel"),
                    "legend": page.evaluate("() => window.fuelReport.legend"),
                    "legendTicks": page.inner_text(".ticks"),
                    "stationsDrawn": page.evaluate("() => window.fuelReport.stationsDrawn"),
                    "trends": page.evaluate("() => window.fuelReport.trends"),
                }

            if args.zoom:
                # About the hovered station when there is one, so zooming in keeps some stations in view.
                box = page.locator("#map").bounding_box()
                centre = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
                page.mouse.move(**((results.get("hover") or {}).get("position") or centre))
                for _ in range(6):
                    page.mouse.wheel(0, -400)
                page.evaluate(NEXT_FRAMES)
                zoomed = {
                    "stationsDrawn": page.evaluate("() => window.fuelReport.stationsDrawn"),
                    "countText": page.text_content("#count"),
                }
                page.click("#zoom-fit")
                page.evaluate(NEXT_FRAMES)
                zoomed["fitStationsDrawn"] = page.evaluate("() => window.fuelReport.stationsDrawn")
                results["zoom"] = zoomed

            if args.toggle:
                page.select_option("#fuel", results["report"]["fuel"])
                page.evaluate(NEXT_FRAMES)
                toggled = {}
                for layer in args.toggle:
                    page.click(f'input[data-layer="{layer}"]')
                    page.evaluate(NEXT_FRAMES)
                    toggled[layer] = {
                        "checked": page.is_checked(f'input[data-layer="{layer}"]'),
                        "layersDrawn": page.evaluate("() => window.fuelReport.layersDrawn"),
                    }
                results["toggled"] = toggled
        finally:
            browser.close()
    print(json.dumps(results), flush=True)


if __name__ == "__main__":
    main()
