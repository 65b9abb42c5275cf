import FuelCodecs
import FuelFeeds
import FuelFormat

/// Caps on the text a station carries, and control characters removed, applied to every country after parsing.
///
/// A hostile or broken feed can put megabytes into one name or address (into one tile every phone downloads) and
/// control characters (a NUL) into text that apps display. Every change is counted under its reason.
enum TextLimits {
    /// Names, brands, addresses, cities and postcodes.
    static let shortText = 200
    /// Opening hours and each service.
    static let longText = 1_000

    /// The station with its text capped and cleaned; `repairs` counts what changed.
    static func apply(to station: inout Station, repairs: inout ReasonTally) {
        clean(&station.name, shortText, .name, &repairs)
        clean(&station.brand, shortText, .brand, &repairs)
        clean(&station.address, shortText, .address, &repairs)
        clean(&station.city, shortText, .city, &repairs)
        clean(&station.postcode, shortText, .postcode, &repairs)
        clean(&station.hours, longText, .hours, &repairs)
        if var services = station.services {
            for index in services.indices {
                var service: String? = services[index]
                clean(&service, longText, .service, &repairs)
                services[index] = service ?? ""
            }
            services.removeAll { $0.isEmpty }
            station.services = services.isEmpty ? nil : services
        }
    }

    /// One field: control characters removed, then cut to `limit` characters; nil when nothing is left.
    private static func clean(
        _ text: inout String?, _ limit: Int, _ field: Reason.TextField, _ repairs: inout ReasonTally
    ) {
        guard let value = text else { return }
        // The fast path: short, and no byte below 0x20, DEL or a C1 control (UTF-8 C2 80 – C2 9F).
        let utf8 = value.utf8
        var suspicious = utf8.count > limit
        var previous: UInt8 = 0
        for byte in utf8 where !suspicious {
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) { suspicious = true }
            previous = byte
        }
        guard suspicious else { return }
        var scalars = String.UnicodeScalarView()
        var removed = false
        for scalar in value.unicodeScalars {
            if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) {
                removed = true
                continue
            }
            scalars.append(scalar)
        }
        var cleaned = String(scalars)
        if removed { repairs[.controlCharactersRemoved(field: field)] += 1 }
        if cleaned.count > limit {
            cleaned = String(cleaned.prefix(limit))
            repairs[.textCut(field: field, limit: limit)] += 1
        }
        text = cleaned.isEmpty ? nil : cleaned
    }
}
