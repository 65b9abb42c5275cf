"""The id table side of scripts/check-format (docs/format.md, Stations by id, rule R13): every shard valid against
ids.schema.json, named by its shard, each id in the shard its SHA-256 says and in the cell whose tile holds it, and
every station of the build in exactly one shard."""
import hashlib


def shard_of(station_id):
    """The first two hex digits of the SHA-256 of the id's UTF-8 bytes."""
    return hashlib.sha256(station_id.encode("utf-8")).hexdigest()[:2]


def check_ids(checker, shards, index_name, cells):
    """Checks the shards the index names (`shards`: shard -> path below fuel/) against the tiles' `cells`
    (station id -> the key of the tile holding it). Returns the paths read."""
    seen = {}
    for shard, relative in sorted(shards.items()):
        document = checker.read(relative, "ids.schema.json")
        if not isinstance(document, dict):
            continue
        if document.get("shard") != shard:
            checker.problem(relative, "$.shard", f"{document.get('shard')!r} is not the shard {shard!r} of its name")
        stations = document.get("stations") if isinstance(document.get("stations"), dict) else {}
        ids = list(stations)
        if ids != sorted(ids, key=lambda text: text.encode("utf-8")):
            checker.problem(relative, "$.stations", "ids not in the order of their UTF-8 bytes")
        for station_id, cell in stations.items():
            where = f"$.stations[{station_id!r}]"
            if shard_of(station_id) != shard:
                checker.problem(relative, where, f"its SHA-256 puts it in shard {shard_of(station_id)}, not {shard}")
            if cells.get(station_id) != cell:
                checker.problem(relative, where, f"cell {cell!r}, but the tile holding it is {cells.get(station_id)!r}")
            if station_id in seen:
                checker.problem(relative, where, f"also in {seen[station_id]}")
            seen[station_id] = relative
    for station_id in sorted(set(cells) - set(seen)):
        checker.problem(index_name, "$", f"station {station_id!r} is in no id shard the index names")
    return set(shards.values())
