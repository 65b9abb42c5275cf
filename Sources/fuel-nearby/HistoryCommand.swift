import Foundation
import FuelClient
import FuelCommandLine
import FuelFormat

/// `fuel-nearby --history ID[@CELL] [--days N]`: a station's price history (R14), as a table or `--json`.
enum HistoryCommand {
    static func run(_ arguments: [String]) async throws {
        var reader = Arguments(arguments)
        guard let baseText = try reader.option("--base") else { throw UsageError("--base is required") }
        let base = try NearbyOptions.base(baseText)
        let text = try reader.option("--history") ?? ""
        guard let reference = StationReference(parsing: text) else {
            throw UsageError("--history \(text) is not ID or ID@CELL (a cell such as 77_-19)")
        }
        let days = try reader.option("--days", as: Int.init, expected: "a whole number") ?? TileClient.maxHistoryDays
        guard (1...TileClient.maxHistoryDays).contains(days) else {
            throw UsageError("--days must be 1 to \(TileClient.maxHistoryDays)")
        }
        let json = try reader.flag("--json")
        let cache = try reader.option("--cache").map { URL(fileURLWithPath: $0, isDirectory: true) }
        let deadline = try reader.option("--deadline", as: Double.init, expected: "seconds") ?? 30
        guard deadline > 0, deadline <= 600 else { throw UsageError("--deadline must be above 0 and at most 600") }
        let layout =
            try reader.option("--layout", as: ReadFormat.init(rawValue:), expected: ReadFormat.choices) ?? .standard
        try reader.finish()
        let client = TileClient(
            base: base, cacheDirectory: cache, policy: TileCachePolicy(lookupDeadline: deadline), format: layout)
        let history: StationHistory
        do throws(NearbyError) {
            history = try await client.history(of: reference, days: days)
        } catch {
            throw try FuelNearby.failure(error, json: json)
        }
        Console.output(json ? try FuelNearby.json(history) : table(history))
        if history.isPartial {
            Console.error(
                "warning: partial answer: no history of \(history.missingDays.joined(separator: ", ")) "
                    + "(not published, or its file could not be read)")
            throw FuelNearby.partialAnswer
        }
    }

    /// One line per day and fuel: `DAY FUEL OPEN LOW HIGH CLOSE CHANGES`; a missing day, or a day without a price
    /// of the station, says so.
    static func table(_ history: StationHistory) -> String {
        guard let cell = history.cell else { return "\(history.id): no cell known (not in the id table); no history" }
        var lines = [
            "\(history.id) in cell \(cell)", "DAY         FUEL                 OPEN    LOW     HIGH    CLOSE   CHANGES",
        ]
        for day in history.days {
            if day.isMissing { lines.append("\(day.day)  missing") }
            if !day.isMissing, day.entries.isEmpty { lines.append("\(day.day)  no price") }
            for entry in day.entries {
                let unit = entry.unit == .litre ? "" : "/\(entry.unit.rawValue)"
                let fuel = (entry.fuel.rawValue + unit + (entry.service.map { " \($0.rawValue)" } ?? ""))
                    .padding(toLength: 20, withPad: " ", startingAt: 0)
                let prices = [entry.open, entry.low, entry.high, entry.close].map { String(format: "%.3f", $0) }
                lines.append("\(day.day)  \(fuel) \(prices.joined(separator: "   "))   \(entry.changes)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
