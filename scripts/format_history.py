"""The price history side of scripts/check-format (docs/format.md, Price history, rule R14): each day the index lists
is one of the 7 before its builtAt's day and has files; every history file (listed day or the one extra kept day) is
valid against history.schema.json, in its day's folder and named by its cell, its stations sorted by the UTF-8 bytes
of their ids, its entries sorted, each open and close within low..high and changes at least 0."""
import re
from datetime import datetime, timedelta

DAY = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


def window(built_at, count):
    """The `count` UTC days before the UTC day of `built_at`, oldest first."""
    day = datetime.strptime(str(built_at), "%Y-%m-%dT%H:%M:%SZ").date()
    return [(day - timedelta(days=back)).isoformat() for back in range(count, 0, -1)]


def entry_order(entry):
    return tuple((entry.get(name) or "").encode("utf-8") if name != "unit" else (entry.get("unit") or "l").encode()
                 for name in ("fuel", "unit", "service", "label"))


def check_history(checker, index, index_name, folder):
    """Checks `folder` (`history` or `v2/history` below fuel/) against the index's `history` member. Returns the
    paths read, below fuel/."""
    read = set()
    listing = index.get("history")
    root = checker.fuel / folder
    present = sorted(path.name for path in root.iterdir()) if root.is_dir() else []
    if listing is None:
        if present:
            checker.problem(folder, "$", f"history files, but {index_name} has no history member")
        return read
    days = listing.get("days") if isinstance(listing, dict) else None
    if not isinstance(days, list):
        return read
    if days != sorted(days) or len(set(days)) != len(days):
        checker.problem(index_name, "$.history.days", "not sorted, or a day twice")
    listed_window = window(index.get("builtAt"), 7)
    kept_window = window(index.get("builtAt"), 8)
    for day in days:
        if day not in listed_window:
            checker.problem(index_name, "$.history.days", f"{day} is not one of the 7 days before builtAt's day")
        if day not in present:
            checker.problem(index_name, "$.history.days", f"{day} is listed but {folder}/{day}/ has no files")
    for day in present:
        if not DAY.fullmatch(day) or day not in kept_window:
            checker.problem(f"{folder}/{day}", "$", "not a day of the 8 before builtAt's day")
            continue
        files = sorted((root / day).iterdir())
        if not files:
            checker.problem(f"{folder}/{day}", "$", "a day with no files")
        for path in files:
            relative = f"{folder}/{day}/{path.name}"
            read.add(relative)
            document = checker.read(relative, "history.schema.json")
            if isinstance(document, dict):
                check_file(checker, relative, day, path.name[: -len(".json")], document)
    return read


def check_file(checker, relative, day, key, document):
    if document.get("day") != day:
        checker.problem(relative, "$.day", f"{document.get('day')!r} is not the day {day} of its folder")
    if document.get("key") != key:
        checker.problem(relative, "$.key", f"{document.get('key')!r} is not the cell {key} of its name")
    stations = document.get("stations") if isinstance(document.get("stations"), dict) else {}
    ids = list(stations)
    if ids != sorted(ids, key=lambda text: text.encode("utf-8")):
        checker.problem(relative, "$.stations", "ids not in the order of their UTF-8 bytes")
    for station_id, entries in stations.items():
        if not isinstance(entries, list):
            continue
        where = f"$.stations[{station_id!r}]"
        if [entry_order(e) for e in entries] != sorted(entry_order(e) for e in entries):
            checker.problem(relative, where, "entries not sorted by fuel, unit, service and label")
        for number, entry in enumerate(entries):
            low, high = entry.get("low"), entry.get("high")
            if not all(isinstance(entry.get(name), (int, float)) for name in ("open", "low", "high", "close")):
                continue
            if not low <= entry["open"] <= high or not low <= entry["close"] <= high:
                checker.problem(relative, f"{where}[{number}]", "open or close outside low..high")
            if not isinstance(entry.get("changes"), int) or entry["changes"] < 0:
                checker.problem(relative, f"{where}[{number}]", "changes is not a count of at least 0")
            for name in ("open", "low", "high", "close"):
                checker.check_decimals(relative, f"{where}[{number}].{name}", entry[name], 3)
