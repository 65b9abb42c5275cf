import Foundation
import FuelClient
import FuelFormat

/// Renders a lookup as a readable text table: distance, brand and name, address, price and the price's age.
struct NearbyTable: Sendable {
    /// The fuel whose price is shown; nil shows each station's main price with its fuel code.
    var fuel: FuelCode?
    /// The time ages are measured from.
    var now: Date
    /// Whether to add the OPEN column (`--open-now`): `open`, `automat` or `unknown`.
    var showsOpen: Bool
    /// Widest station and address columns, in characters.
    var maxColumnWidth = 34

    init(fuel: FuelCode?, now: Date, showsOpen: Bool = false) {
        self.fuel = fuel
        self.now = now
        self.showsOpen = showsOpen
    }

    /// The table, one line per station after a header; a single line when nothing matched. Along a route, the
    /// distance column is ALONG (from the route's start) and a DETOUR column (there and back) follows it.
    /// A lookup by id has an ID column instead of DIST, and after the table one line per id that was not found
    /// where it was asked for: moved (with its new cell), closed or unknown.
    func render(_ result: NearbyResult) -> String {
        let notes = (result.ids ?? []).compactMap(Self.note)
        guard !result.stations.isEmpty else { return (["no stations found"] + notes).joined(separator: "\n") }
        let alongRoute = result.stations.contains { $0.alongKm != nil }
        let byID = result.ids != nil
        var header = ["DIST", "STATION", "ADDRESS", fuel.map { $0.rawValue.uppercased() } ?? "PRICE", "AGE"]
        if alongRoute { header.replaceSubrange(0...0, with: ["ALONG", "DETOUR"]) }
        if byID { header[0] = "ID" }
        if showsOpen { header.append("OPEN") }
        // Distances and ages read best right-aligned; text columns left-aligned.
        let rightAligned: Set<Int> = alongRoute ? [0, 1, 5] : byID ? [4] : [0, 4]
        var rows = [header]
        for nearby in result.stations {
            let price = shownPrice(nearby.station)
            let distances =
                alongRoute
                ? [Self.distance(nearby.alongKm ?? 0), Self.distance(nearby.detourKm ?? 0)]
                : [byID ? nearby.station.id : Self.distance(nearby.distanceKm)]
            var row =
                distances + [
                    clip(Self.title(nearby.station)),
                    clip([nearby.station.address, nearby.station.city].compactMap { $0 }.joined(separator: ", ")),
                    price.map { priceText($0) } ?? "-",
                    price.map { age(of: $0.updated) } ?? "-",
                ]
            if showsOpen { row.append(nearby.open?.rawValue ?? OpenState.unknown.rawValue) }
            rows.append(row)
        }
        let widths = (0..<header.count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return rightAligned.contains(column) ? padding + cell : cell + padding
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n") + notes.map { "\n" + $0 }.joined()
    }

    /// The line of an id not found where it was asked for; nil for one found there.
    static func note(_ watched: WatchedStation) -> String? {
        switch watched.status {
        case .found: nil
        case .moved: "\(watched.id): moved to cell \(watched.cell?.description ?? "?"); store the new cell"
        case .closed: "\(watched.id): closed (no longer published)"
        case .unknown: "\(watched.id): unknown (its tile is missing, or the index has no id table)"
        }
    }

    /// `1.579 €`, `1.459 €/kg`, `1.619 € self`, or `diesel 1.579 €` when no fuel was chosen; with a last change,
    /// `1.349 € (+0.010, 2 d)`: the move since the previous value and how long ago it was first seen.
    func priceText(_ price: FuelPrice) -> String {
        var text = String(format: "%.3f €", price.price)
        if price.unit != .litre { text += "/\(price.unit.rawValue)" }
        if let service = price.service { text += " \(service.rawValue)" }
        if let was = price.was, let changed = price.changed {
            text += String(format: " (%+.3f, ", price.price - was) + age(of: changed) + ")"
        }
        return fuel == nil ? "\(price.fuel.rawValue) \(text)" : text
    }

    /// `12 min`, `3 h`, `2 d`: how long before ``now`` the price was set.
    func age(of date: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        if seconds < 60 { return "now" }
        if seconds < 3600 { return "\(Int(seconds / 60)) min" }
        if seconds < 48 * 3600 { return "\(Int(seconds / 3600)) h" }
        return "\(Int(seconds / 86_400)) d"
    }

    /// The lookup's fuel's displayed price; without one, diesel's, else 95's, else the first price.
    private func shownPrice(_ station: Station) -> FuelPrice? {
        if let fuel { return station.displayedPrice(of: fuel)?.price }
        for preferred in [FuelCode.diesel, .gasoline95] {
            if let price = station.price(of: preferred) { return price }
        }
        return station.prices.first
    }

    private func clip(_ text: String) -> String {
        text.count <= maxColumnWidth ? text : String(text.prefix(maxColumnWidth - 1)) + "…"
    }

    static func distance(_ kilometres: Double) -> String { String(format: "%.1f km", kilometres) }

    /// `Galp Azeitão` when the name already says the brand, else `Brand · Name`; the id when both are missing.
    static func title(_ station: Station) -> String {
        switch (station.brand, station.name) {
        case (let brand?, let name?):
            return name.lowercased().contains(brand.lowercased()) ? name : "\(brand) · \(name)"
        case (let brand?, nil): return brand
        case (nil, let name?): return name
        case (nil, nil): return station.id
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
