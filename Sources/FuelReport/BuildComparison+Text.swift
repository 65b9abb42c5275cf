import Foundation
import FuelFormat

extension BuildComparison {
    /// The comparison for people: a line per country, then its moves, price changes and tiles.
    public func text() -> String {
        var lines = verdict.map { [$0.text()] } ?? []
        lines += [
            "diff: \(UTCTime.format(oldBuiltAt)) → \(UTCTime.format(newBuiltAt)); tiles: \(tiles.changed) changed, "
                + "\(tiles.added) added, \(tiles.removed) removed"
        ]
        for country in countries {
            lines.append(
                "\(country.country): \(country.stationsBefore) → \(country.stationsAfter) stations: \(country.added) "
                    + "added, \(country.removed) removed, \(country.moved) moved, \(country.stationsWithPriceChanges) "
                    + "repriced; tiles: \(country.tiles.changed) "
                    + "changed, \(country.tiles.added) added, \(country.tiles.removed) removed")
            for (label, examples, count) in [
                ("added", country.addedExamples, country.added), ("removed", country.removedExamples, country.removed),
                ("moved", country.movedExamples, country.moved),
            ] where !examples.isEmpty {
                let more = count > examples.count ? ", … and \(count - examples.count) more" : ""
                lines.append("    \(label): " + examples.map(Self.describe).joined(separator: ", ") + more)
            }
            for fuel in country.prices {
                var line =
                    "    \(fuel.fuel): \(fuel.changed) prices changed, median \(Self.signed(fuel.medianChange))"
                if !fuel.rises.isEmpty { line += "; rises: " + fuel.rises.map(Self.describe).joined(separator: ", ") }
                if !fuel.falls.isEmpty { line += "; falls: " + fuel.falls.map(Self.describe).joined(separator: ", ") }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The comparison as JSON with stable keys, sorted.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(self), as: UTF8.self)) ?? "{}"
    }

    private static func describe(_ example: Example) -> String {
        let name = example.name.map { " \($0)" } ?? ""
        return example.id + name + (example.metres.map { " (\($0) m)" } ?? "")
    }

    private static func describe(_ move: PriceMove) -> String {
        let name = move.name.map { " \($0)" } ?? ""
        return "\(move.id)\(name) \(price(move.old)) → \(price(move.new)) (\(signed(move.change)))"
    }

    private static func price(_ value: Double) -> String { String(format: "%.3f", value) }
    private static func signed(_ value: Double) -> String { String(format: "%+.3f", value) }
}
