# Writes the reconstructed AT test responses: python3 reconstruct.py Tests/FuelFeedsTests/Fixtures/AT (see SOURCES.md).
import json, sys

LABELS = {"MO": "Montag", "DI": "Dienstag", "MI": "Mittwoch", "DO": "Donnerstag", "FR": "Freitag",
          "SA": "Samstag", "SO": "Sonntag", "FE": "Feiertag"}
ORDER = ["MO", "DI", "MI", "DO", "FR", "SA", "SO", "FE"]
FUEL_LABELS = {"DIE": "Diesel", "SUP": "Super 95", "GAS": "CNG"}


def hours(spec):
    """spec: {"MO-FR": ("06:00", "22:00"), "SA": ..., "FE": ...}"""
    out = []
    for days, (start, end) in spec.items():
        first, _, last = days.partition("-")
        span = ORDER[ORDER.index(first):ORDER.index(last or first) + 1]
        for day in span:
            out.append({"day": day, "label": LABELS[day], "order": ORDER.index(day) + 1, "from": start, "to": end})
    return sorted(out, key=lambda entry: entry["order"])


ALL_DAY = {"MO-FE": ("00:00", "24:00")}
STATIONS = {
    700101: dict(name="OMV Graz Wiener Straße", address="Wiener Straße 212", postalCode="8051", city="Graz",
                 latitude=47.0936, longitude=15.414, hours={"MO-FR": ("06:00", "22:00"), "SA": ("07:00", "22:00"),
                                                            "SO-FE": ("08:00", "21:00")},
                 offer=(True, True, False), pay=(True, True, True, "OMV Card, DKV, UTA"), arr=(False, True),
                 contact={"telephone": "+43316671234", "website": "www.omv.at"}),
    700102: dict(name="BP Graz Liebenauer Hauptstraße", address="Liebenauer Hauptstraße 60", postalCode="8041",
                 city="Graz", latitude=47.048, longitude=15.459, hours=ALL_DAY, offer=(False, True, False),
                 pay=(True, True, True, ""), arr=(False, False), contact={"telephone": "+43316401122"}),
    700103: dict(name="Turmöl Graz Kärntner Straße", address="Kärntner Straße 400", postalCode="8054", city="Graz",
                 latitude=47.03, longitude=15.405, hours={"MO-SA": ("06:00", "21:00")}, offer=(False, True, True),
                 pay=(True, True, False, ""), arr=(False, False), contact={}),
    700104: dict(name="eni Graz Conrad-von-Hötzendorf-Straße", address="Conrad-von-Hötzendorf-Straße 120",
                 postalCode="8010", city="Graz", latitude=47.056, longitude=15.447,
                 hours={"MO-FR": ("05:30", "22:00"), "SA-SO": ("07:00", "22:00")}, offer=(True, True, False),
                 pay=(True, True, True, ""), arr=(False, False), contact={"website": "www.eni.at"}),
    700105: dict(name="Erdgastankstelle Graz Puchstraße", address="Puchstraße 51", postalCode="8020", city="Graz",
                 latitude=47.048, longitude=15.423, hours=ALL_DAY, offer=(False, False, True),
                 pay=(False, True, True, ""), arr=(False, False), contact={}),
    700201: dict(name="Shell Salzburg Alpenstraße", address="Alpenstraße 95", postalCode="5020", city="Salzburg",
                 latitude=47.778, longitude=13.07, hours={"MO-FR": ("06:00", "22:00"), "SA-SO": ("07:00", "21:00")},
                 offer=(True, True, False), pay=(True, True, True, "Shell Card"), arr=(False, True), contact={}),
    700202: dict(name="JET Salzburg Vogelweiderstraße", address="Vogelweiderstraße 70", postalCode="5020",
                 city="Salzburg", latitude=47.814, longitude=13.053, hours=ALL_DAY, offer=(False, True, False),
                 pay=(True, True, True, ""), arr=(False, False), contact={}),
    700203: dict(name="Avanti Salzburg Münchner Bundesstraße", address="Münchner Bundesstraße 120",
                 postalCode="5020", city="Salzburg", latitude=47.819, longitude=13.02, hours={"MO-SO": ("06:00", "22:00")},
                 offer=(False, True, True), pay=(True, True, True, ""), arr=(False, False), contact={}),
    700204: dict(name="Genol Lagerhaus Salzburg-Liefering", address="Lieferinger Hauptstraße 40", postalCode="5020",
                 city="Salzburg", latitude=47.823, longitude=13.01,
                 hours={"MO-FR": ("07:00", "12:00"), "SA": ("07:30", "12:00")}, offer=(True, False, False),
                 pay=(True, True, False, ""), arr=(True, False), contact={}),
}
# Each response: district, fuel, then (station, amount or None for an empty prices list).
RESPONSES = {
    ("601", "DIE"): [(700103, 1.489), (700104, 1.509), (700101, 1.519), (700102, 1.529), (700105, None)],
    ("601", "SUP"): [(700103, 1.559), (700101, 1.589), (700102, 1.599), (700104, None)],
    ("601", "GAS"): [(700105, 1.499), (700101, 0)],
    ("501", "DIE"): [(700204, 1.479), (700202, 1.499), (700203, 1.509), (700201, 1.549)],
    ("501", "SUP"): [(700202, 1.569), (700201, 1.619), (700203, None)],
    ("501", "GAS"): [],
}


def station(id, fuel, amount, position):
    s = STATIONS[id]
    service, self_service, unattended = s["offer"]
    cash, debit, credit, others = s["pay"]
    cooperative, club = s["arr"]
    prices = [] if amount is None else [{"fuelType": fuel, "amount": amount, "label": FUEL_LABELS[fuel]}]
    return {"id": id, "name": s["name"],
            "location": {"address": s["address"], "postalCode": s["postalCode"], "city": s["city"],
                         "latitude": s["latitude"], "longitude": s["longitude"]},
            "contact": s["contact"], "openingHours": hours(s["hours"]),
            "offerInformation": {"service": service, "selfService": self_service, "unattended": unattended},
            "paymentMethods": {"cash": cash, "debitCard": debit, "creditCard": credit, "others": others},
            "paymentArrangements": {"cooperative": cooperative, "clubCard": club},
            "position": position, "open": True, "prices": prices}


out = sys.argv[1]
for (district, fuel), entries in RESPONSES.items():
    body = [station(id, fuel, amount, n) for n, (id, amount) in enumerate(entries, 1)]
    with open(f"{out}/by-region-PB-{district}-{fuel}.json", "w", encoding="utf-8") as handle:
        json.dump(body, handle, ensure_ascii=False, separators=(",", ":"))
regions = [
    {"code": 5, "type": "BL", "name": "Salzburg", "postalCodes": ["5020", "5023", "5026"],
     "subRegions": [{"code": 501, "type": "PB", "name": "Salzburg(Stadt)", "postalCodes": ["5020", "5023", "5026"]}]},
    {"code": 6, "type": "BL", "name": "Steiermark", "postalCodes": ["8010", "8020", "8041", "8051", "8054"],
     "subRegions": [{"code": 601, "type": "PB", "name": "Graz(Stadt)",
                     "postalCodes": ["8010", "8020", "8036", "8041", "8042", "8043", "8045", "8051", "8052", "8053",
                                     "8054", "8055"]}]},
]
with open(f"{out}/_regions.json", "w", encoding="utf-8") as handle:
    json.dump(regions, handle, ensure_ascii=False, separators=(",", ":"))
