"""The trend side of scripts/check-format (docs/format.md, Trends): each index's `trends` listing against the trend
files there, each file's own rules (country, since, days sorted and at most 365, fuels sorted, min <= p10 <= median <=
p90, at most 3 decimals), and the row of the build's day against the build's own tiles: the figures computed here,
independently, from each station's displayed price (R6, conformance_reader.displayed_price)."""
import math

import conformance_reader
from format_schemas import Written, decimals

MAXIMUM_DAYS = 365
FIGURES = ("median", "p10", "p90", "min")
UNIT_ORDER = {"kg": 0, None: 1, "m3": 2}  # as written: kg, l, m3


def figures(prices):
    """The row of one fuel and unit from its displayed prices: median (mean of the middle two, rounded to the
    thousandth, halves away from zero), nearest-rank p10 and p90, min, and the count. Done in thousandths."""
    sorted_prices = sorted(round(float(price) * 1000) for price in prices)
    count = len(sorted_prices)
    middle = count // 2
    twice_median = 2 * sorted_prices[middle] if count % 2 else sorted_prices[middle - 1] + sorted_prices[middle]
    median = (twice_median + 1) // 2  # half a thousandth rounds up: prices are positive

    def rank(percent):
        return sorted_prices[min(count, max(1, math.ceil(percent * count / 100))) - 1]

    return {"median": median / 1000, "p10": rank(10) / 1000, "p90": rank(90) / 1000,
            "min": sorted_prices[0] / 1000, "stations": count}


def expected_row(stations):
    """Today's figures of one country's stations, by (fuel, unit): each station's displayed price of each fuel it has
    a price of, under that price's unit; `other` left out."""
    prices = {}
    for station in stations:
        for fuel in sorted({price.get("fuel") for price in station.get("prices", []) if isinstance(price, dict)}):
            if fuel == "other" or not isinstance(fuel, str):
                continue
            shown = conformance_reader.displayed_price(station, fuel)
            if shown is not None:
                prices.setdefault((fuel, shown.get("unit")), []).append(shown["price"])
    return {key: figures(values) for key, values in prices.items()}


def check_trends(checker, index, index_file, folder, stations, expected_path):
    """Checks an index's `trends` and the files it names. `folder` is "" for format 1 or "v2/"; `stations` the
    build's stations by country (from its tiles); `expected_path(country, listed)` the path the listing must have, or
    None when it is wrong. Returns the relative paths named."""
    named = set()
    listing = index.get("trends")
    if listing is None:
        return named
    countries = index.get("countries", {})
    built_day = str(index.get("builtAt", ""))[:10]
    for country, entry in sorted(listing.items()):
        if not isinstance(entry, dict):
            continue
        where = f"$.trends.{country}"
        path = entry.get("path")
        if country not in countries:
            checker.problem(index_file, where, "a trend of a country the index does not list")
        if not isinstance(path, str) or expected_path(country, path) is None:
            checker.problem(index_file, f"{where}.path", f"{path!r} is not where the trend of {country} belongs")
            continue
        relative = folder + path
        named.add(relative)
        if not (checker.fuel / relative).is_file():
            checker.problem(relative, "$", f"listed by {index_file} but missing")
            continue
        if folder and not checker.check_hash(relative, path.split(".")[-2]):
            continue
        trend = checker.read(relative, "trend.schema.json")
        if isinstance(trend, dict):
            carried = isinstance(countries.get(country), dict) and "carriedSince" in countries[country]
            check_file(checker, relative, country, entry.get("since"), trend, built_day, carried,
                       stations.get(country, []))
    return named


def check_file(checker, relative, country, since, trend, built_day, carried, stations):
    if trend.get("country") != country:
        checker.problem(relative, "$.country", f"{trend.get('country')!r} is not {country!r}")
    if trend.get("since") != since:
        checker.problem(relative, "$.since", f"{trend.get('since')!r} is not the index's since {since!r}")
    days = [day for day in trend.get("days", []) if isinstance(day, dict)]
    names = [str(day.get("day")) for day in days]
    if names != sorted(set(names)) or (names and names[0] < str(trend.get("since"))):
        checker.problem(relative, "$.days", "days not sorted, repeated, or before since")
    if len(days) > MAXIMUM_DAYS:
        checker.problem(relative, "$.days", f"{len(days)} days, more than {MAXIMUM_DAYS}")
    for position, day in enumerate(days):
        rows = [row for row in day.get("fuels", []) if isinstance(row, dict)]
        order = [(str(row.get("fuel")), UNIT_ORDER.get(row.get("unit"), 3)) for row in rows]
        if order != sorted(set(order)):
            checker.problem(relative, f"$.days[{position}].fuels", "not sorted by fuel, then unit, or repeated")
        for number, row in enumerate(rows):
            where = f"$.days[{position}].fuels[{number}]"
            values = [row.get(key) for key in FIGURES]
            for key, value in zip(FIGURES, values):
                if isinstance(value, Written) and decimals(value) > 3:
                    checker.problem(relative, f"{where}.{key}", f"{value.text} has more than 3 decimals")
            if all(isinstance(value, (int, float)) for value in values):
                median, p10, p90, low = values
                if not low <= p10 <= median <= p90:
                    checker.problem(relative, where, "not min <= p10 <= median <= p90")
    if carried:
        if names and names[-1] > built_day:
            checker.problem(relative, "$.days", f"a day after the build's, {built_day}")
        return
    if not names or names[-1] != built_day:
        checker.problem(relative, "$.days", f"no row for the build's day, {built_day}")
        return
    found = {(row.get("fuel"), row.get("unit")): {key: row.get(key) for key in FIGURES + ("stations",)}
             for row in days[-1].get("fuels", []) if isinstance(row, dict)}
    expected = expected_row(stations)
    for key in sorted(set(found) | set(expected), key=lambda k: (str(k[0]), UNIT_ORDER.get(k[1], 3))):
        if found.get(key) != expected.get(key):
            checker.problem(relative, f"$.days[{len(days) - 1}]",
                            f"{key[0]} {key[1] or 'l'}: {found.get(key)} but the build's tiles give {expected.get(key)}")
