#!/usr/bin/env python3
"""Rebuilds PrixCarburants_instantane.zip from the real data.economie.gouv.fr JSON export beside this script.

The JSON (`_flux-instantane-v2-2026-02-200records.json`) holds 200 real stations of the "flux instantané v2" data
set, exported in February 2026. This script writes the same facts in the format of the prix-carburants instantané
XML feed (https://donnees.roulez-eco.fr/opendata/instantane), ISO-8859-1, zipped like the publisher serves it:

- `<pdv id latitude longitude cp pop>` from `id`, the `latitude`/`longitude` strings (degrees x 100000, decimals
  kept as exported), `cp` and `pop`;
- `<adresse>`, `<ville>`;
- `<horaires automate-24-24>` from `horaires_automate_24_24` ("Oui" -> "1") and `horaires_jour`
  ("Lundi07.30-21.00", "Lundi 07.30-12.30 et 13.30-19.00"; a day named without times is written ferme="1");
  no `<horaires>` when the export has neither;
- `<services><service>` from `services_service`, in the export's order;
- `<prix nom id maj valeur>` for each fuel with a price: `*_maj` is Paris wall-clock time with a wrong "+00:00"
  suffix (FEEDS.md, FR quirk 1), so the suffix is dropped and the time written as "YYYY-MM-DD HH:MM:SS";
  `valeur` is the exported number in euros, as exported;
- `<rupture nom id debut fin type>` for each fuel with a `*_rupture_type`; the export lists only current shortages
  and has no end time, so `fin` is empty.

Run: python3 adapters/FR/samples/make_sample.py   (deterministic: the same input gives the same bytes)
"""
import io
import json
import os
import re
import zipfile
from xml.sax.saxutils import escape, quoteattr

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.join(HERE, "_flux-instantane-v2-2026-02-200records.json")
TARGET = os.path.join(HERE, "PrixCarburants_instantane.zip")
ENTRY = "PrixCarburants_instantane.xml"

# (JSON prefix, XML nom, XML id), in the feed's id order.
FUELS = [("gazole", "Gazole", 1), ("sp95", "SP95", 2), ("e85", "E85", 3), ("gplc", "GPLc", 4), ("e10", "E10", 5),
         ("sp98", "SP98", 6)]
DAYS = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"]
DAY_PART = re.compile(r"^(Lundi|Mardi|Mercredi|Jeudi|Vendredi|Samedi|Dimanche) ?(.*)$")
INTERVAL = re.compile(r"^(\d\d\.\d\d)-(\d\d\.\d\d)$")


def paris_wall_clock(value):
    """'2026-02-02T17:25:02+00:00' -> '2026-02-02 17:25:02' (the offset is wrong; the time is Paris time)."""
    match = re.fullmatch(r"(\d{4}-\d\d-\d\d)T(\d\d:\d\d:\d\d)\+00:00", value)
    if not match:
        raise ValueError(f"unexpected time {value!r}")
    return f"{match.group(1)} {match.group(2)}"


def hours(record):
    automat = record["horaires_automate_24_24"] == "Oui"
    text = record["horaires_jour"]
    if not automat and not text:
        return []
    lines = [f'    <horaires automate-24-24="{"1" if automat else ""}">']
    for part in (text or "").split(", "):
        if part == "Automate-24-24" or not part:
            continue
        match = DAY_PART.match(part)
        if not match:
            raise ValueError(f"unexpected opening hours {part!r} in station {record['id']}")
        day, times = match.groups()
        number = DAYS.index(day) + 1
        if not times:
            lines.append(f'      <jour id="{number}" nom="{day}" ferme="1"/>')
            continue
        lines.append(f'      <jour id="{number}" nom="{day}" ferme="">')
        for interval in times.split(" et "):
            found = INTERVAL.match(interval)
            if not found:
                raise ValueError(f"unexpected interval {interval!r} in station {record['id']}")
            lines.append(f'        <horaire ouverture="{found.group(1)}" fermeture="{found.group(2)}"/>')
        lines.append("      </jour>")
    lines.append("    </horaires>")
    return lines


def station(record):
    lines = [
        f'  <pdv id="{record["id"]}" latitude={quoteattr(record["latitude"])} '
        f'longitude={quoteattr(record["longitude"])} cp={quoteattr(record["cp"] or "")} pop="{record["pop"]}">',
        f"    <adresse>{escape(record['adresse'] or '')}</adresse>",
        f"    <ville>{escape(record['ville'] or '')}</ville>",
    ]
    lines += hours(record)
    services = record["services_service"] or []
    if services:
        lines.append("    <services>")
        lines += [f"      <service>{escape(service)}</service>" for service in services]
        lines.append("    </services>")
    for key, name, number in FUELS:
        price = record[f"{key}_prix"]
        if price is not None:
            maj = paris_wall_clock(record[f"{key}_maj"])
            lines.append(f'    <prix nom="{name}" id="{number}" maj="{maj}" valeur="{price!r}"/>')
    for key, name, number in FUELS:
        kind = record[f"{key}_rupture_type"]
        if kind is not None:
            start = paris_wall_clock(record[f"{key}_rupture_debut"])
            lines.append(f'    <rupture nom="{name}" id="{number}" debut="{start}" fin="" type="{kind}"/>')
    lines.append("  </pdv>")
    return lines


def main():
    with open(SOURCE, encoding="utf-8") as handle:
        records = json.load(handle)
    lines = ['<?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?>', "<pdv_liste>"]
    for record in records:
        lines += station(record)
    lines.append("</pdv_liste>")
    xml = ("\n".join(lines) + "\n").encode("iso-8859-1", errors="xmlcharrefreplace")
    info = zipfile.ZipInfo(ENTRY, date_time=(2026, 2, 8, 10, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(info, xml)
    with open(TARGET, "wb") as handle:
        handle.write(buffer.getvalue())
    print(f"wrote {TARGET}: {len(records)} stations, {len(xml)} bytes of XML")


if __name__ == "__main__":
    main()
