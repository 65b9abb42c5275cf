import Foundation
import FuelCodecs
import FuelFormat

/// The history of the current UTC day so far: for each station and each of its prices (fuel, unit, service,
/// label), the first, lowest, highest and last value the day's builds published, and how often it changed. Kept
/// beside `OUT/fuel` as `OUT/.history-so-far` (never uploaded); the first build of a later day writes it out as that
/// day's history files (``HistoryFile``) and starts the new day.
///
/// The file, text:
///
///     fueltiles-history-so-far 1
///     day 2026-12-04
///     crc32 <CRC-32 of every byte after this line, 8 hex digits>
///     <id>\t<cell>\t<fuel>\t<unit>\t<service>\t<label>\t<open>\t<low>\t<high>\t<close>\t<changes>   (one line a price)
///
/// Prices in thousandths; an empty service or label is none. Text escapes `\`, tab and newline as `\\`, `\t`, `\n`.
struct HistorySoFar: Sendable, Equatable {
    /// One price's figures over the day so far, in thousandths.
    struct Figures: Sendable, Equatable {
        var open: Int64
        var low: Int64
        var high: Int64
        var close: Int64
        var changes: Int

        /// The figures of a first observation.
        init(_ value: Int64) {
            (open, low, high, close, changes) = (value, value, value, value, 0)
        }

        init(open: Int64, low: Int64, high: Int64, close: Int64, changes: Int) {
            (self.open, self.low, self.high, self.close, self.changes) = (open, low, high, close, changes)
        }

        /// A later build's value: a change when it differs from the last one.
        mutating func observe(_ value: Int64) {
            if value != close { changes += 1 }
            low = min(low, value)
            high = max(high, value)
            close = value
        }
    }

    /// One station over the day: the cell of the last build that published it, and its prices.
    struct Station: Sendable, Equatable {
        var cell: TileKey
        var prices: [LastChanges.Key: Figures]
    }

    /// The UTC day, `2026-12-04`.
    var day: String
    /// The stations published so far that day, by id.
    var stations: [String: Station] = [:]

    static let fileName = ".history-so-far"
    static let version = 1
    static let magic = "fueltiles-history-so-far"

    /// Why a kept history cannot be used: for the note that says the day restarted.
    struct Unusable: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    /// One build's published price of a station in `cell`.
    mutating func observe(station id: String, cell: TileKey, slot: LastChanges.Key, thousandths: Int64) {
        var station = stations[id] ?? Station(cell: cell, prices: [:])
        station.cell = cell
        if var figures = station.prices[slot] {
            figures.observe(thousandths)
            station.prices[slot] = figures
        } else {
            station.prices[slot] = Figures(thousandths)
        }
        stations[id] = station
    }

    /// The day's history files, one per cell that had a station with a price, sorted by key.
    func files() -> [HistoryFile] {
        var cells: [TileKey: [String: [HistoryEntry]]] = [:]
        for (id, station) in stations where !station.prices.isEmpty {
            cells[station.cell, default: [:]][id] = station.prices.map { slot, figures in
                HistoryEntry(
                    fuel: slot.fuel, unit: slot.unit, service: slot.service, label: slot.label,
                    open: Self.price(figures.open), low: Self.price(figures.low), high: Self.price(figures.high),
                    close: Self.price(figures.close), changes: figures.changes)
            }
        }
        return cells.keys.sorted().map { HistoryFile(key: $0, day: day, stations: cells[$0] ?? [:]) }
    }

    private static func price(_ thousandths: Int64) -> Double { Double(thousandths) / 1000 }

    // MARK: The file

    /// The file's bytes, stations by id and prices in a fixed order, so that the same day gives the same bytes.
    func encoded() -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(stations.count * 120)
        for id in stations.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            guard let station = stations[id] else { continue }
            let slots = station.prices.keys.sorted { left, right in
                [left.fuel.rawValue, left.unit.rawValue, left.service?.rawValue ?? "", left.label ?? ""]
                    .lexicographicallyPrecedes(
                        [right.fuel.rawValue, right.unit.rawValue, right.service?.rawValue ?? "", right.label ?? ""])
            }
            for slot in slots {
                guard let figures = station.prices[slot] else { continue }
                let fields = [
                    Self.escape(id), station.cell.description, Self.escape(slot.fuel.rawValue), slot.unit.rawValue,
                    slot.service?.rawValue ?? "", slot.label.map(Self.escape) ?? "", "\(figures.open)",
                    "\(figures.low)", "\(figures.high)", "\(figures.close)", "\(figures.changes)",
                ]
                body += Array(fields.joined(separator: "\t").utf8)
                body.append(0x0A)
            }
        }
        let header = "\(Self.magic) \(Self.version)\nday \(day)\ncrc32 \(KeptState.checksum(body[...]))\n"
        return Array(header.utf8) + body
    }

    /// Reads a kept history.
    /// - Throws: ``Unusable`` naming what is wrong: another version, a damaged byte, a line no build writes.
    init(parsing bytes: [UInt8]) throws(Unusable) {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.count >= 3, String(decoding: lines[0], as: UTF8.self) == "\(Self.magic) \(Self.version)" else {
            throw Unusable(description: "it is not a history of version \(Self.version)")
        }
        let dayLine = String(decoding: lines[1], as: UTF8.self)
        guard dayLine.hasPrefix("day "), TrendFile.isDay(String(dayLine.dropFirst(4))) else {
            throw Unusable(description: "its day line is malformed")
        }
        let headerBytes = lines[0].count + lines[1].count + lines[2].count + 3
        guard
            String(decoding: lines[2], as: UTF8.self)
                == "crc32 \(KeptState.checksum(bytes[min(headerBytes, bytes.count)...]))"
        else { throw Unusable(description: "its checksum does not match: the file is damaged") }
        day = String(dayLine.dropFirst(4))
        lines.removeFirst(3)
        if lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            guard fields.count == 11, let cell = TileKey(fields[1]), let unit = PriceUnit(rawValue: fields[3]),
                let open = Int64(fields[6]), let low = Int64(fields[7]), let high = Int64(fields[8]),
                let close = Int64(fields[9]), let changes = Int(fields[10])
            else { throw Unusable(description: "a line is not one a build writes") }
            let service = fields[4].isEmpty ? nil : ServiceKind(rawValue: fields[4])
            guard fields[4].isEmpty || service != nil else { throw Unusable(description: "a service is unknown") }
            let slot = LastChanges.Key(
                fuel: FuelCode(rawValue: Self.unescape(fields[2])), unit: unit, service: service,
                label: fields[5].isEmpty ? nil : Self.unescape(fields[5]))
            let id = Self.unescape(fields[0])
            stations[id, default: Station(cell: cell, prices: [:])].prices[slot] = Figures(
                open: open, low: low, high: high, close: close, changes: changes)
        }
    }

    init(day: String) { self.day = day }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    private static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                result.append(character == "t" ? "\t" : character == "n" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
