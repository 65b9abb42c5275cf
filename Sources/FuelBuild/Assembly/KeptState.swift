import Foundation
import FuelCodecs
import FuelFeeds
import FuelFormat

/// What the next build needs of one published country, kept in the form it needs: per price of each station, its
/// slot, its value as published, its `updated` and its last change. A changed country's next build reads it instead
/// of decompressing and parsing the country's tiles for ``LastChanges`` and ``FirstSeenTimes``.
///
/// The build keeps it beside `OUT/fuel` (never uploaded), one file per country: `OUT/.kept-state/<CC>`, a line format
/// read without Foundation's decoder:
///
///     fueltiles-kept-state 1
///     build .build-…
///     country ES
///     stations 12345
///     digest <SHA-256 hex of every line after this one>
///     <id>\t<fuel>\t<unit>\t<service>\t<label>\t<price>\t<updated>\t<was>\t<changed>
///
/// One line per price, stations in the order they were encoded. Prices are in thousandths (as published, 3
/// decimals), times in whole seconds since 1970 (as published); an empty service, `was` or `changed` is none; a label
/// is `-` for none or `=` and its text. Text escapes `\`, tab and newline as `\\`, `\t`, `\n`. Like the other
/// sidecars it is trusted only for the build `OUT/fuel` links to, and only whole: a version, build, country or digest
/// that does not match, or a station count other than the published index's, makes the build read the tiles
/// instead, with a note.
struct KeptState: Sendable, Equatable {
    /// One published price.
    struct Price: Sendable, Equatable {
        var station: String
        var slot: LastChanges.Key
        /// The value in thousandths, as published.
        var thousandths: Int64
        /// `updated`, in whole seconds.
        var updated: Int64
        /// `was` in thousandths and `changed` in whole seconds, when the price has a last change.
        var was: Int64?
        var changed: Int64?
    }

    /// Every price of the country, station by station.
    var prices: [Price]
    /// The country's published stations, those without a price included.
    var stations: Int

    /// The folder in `OUT` holding one file per country.
    static let folderName = ".kept-state"
    static let version = 1
    private static let magic = "fueltiles-kept-state"

    /// Why a kept state cannot be used: for the note that says the tiles were read instead.
    struct Unusable: Error, Sendable, CustomStringConvertible {
        let description: String
    }

    /// The state of `stations` as they are published.
    init(stations: [Station]) {
        var prices: [Price] = []
        for station in stations {
            for price in station.prices {
                var kept = Price(
                    station: station.id, slot: LastChanges.Key(price), thousandths: Self.thousandths(price.price),
                    updated: Self.seconds(price.updated))
                if let was = price.was, let changed = price.changed {
                    kept.was = Self.thousandths(was)
                    kept.changed = Self.seconds(changed)
                }
                prices.append(kept)
            }
        }
        self.prices = prices
        self.stations = stations.count
    }

    static func thousandths(_ value: Double) -> Int64 { Int64((value * 1000).rounded()) }
    static func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }

    // MARK: Writing

    /// The file's bytes for `country` of `build`.
    func encoded(country: String, build: String) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(prices.count * 64)
        for price in prices {
            Self.appendText(price.station, to: &body)
            body.append(0x09)
            Self.appendText(price.slot.fuel.rawValue, to: &body)
            body.append(0x09)
            body += Array(price.slot.unit.rawValue.utf8)
            body.append(0x09)
            if let service = price.slot.service { body += Array(service.rawValue.utf8) }
            body.append(0x09)
            if let label = price.slot.label {
                body.append(UInt8(ascii: "="))
                Self.appendText(label, to: &body)
            } else {
                body.append(UInt8(ascii: "-"))
            }
            for number in [price.thousandths, price.updated, price.was, price.changed] as [Int64?] {
                body.append(0x09)
                if let number { body += Array(String(number).utf8) }
            }
            body.append(0x0A)
        }
        let header =
            "\(Self.magic) \(Self.version)\nbuild \(build)\ncountry \(country)\nstations \(stations)\n"
            + "digest \(Digest.hex(Digest.sha256(body)))\n"
        return Array(header.utf8) + body
    }

    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
            case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
            default: bytes.append(byte)
            }
        }
    }

    // MARK: Reading

    /// Reads a file written by ``encoded(country:build:)``.
    /// - Throws: ``Unusable`` when it is of another version, build or country, its digest does not match, or a line
    ///   is not one this writes.
    init(parsing bytes: [UInt8], country: String, build: String) throws(Unusable) {
        var lines = bytes.split(separator: 0x0A, maxSplits: 5, omittingEmptySubsequences: false)
        guard lines.count == 6 else { throw Unusable(description: "it has no header") }
        let expected = ["\(Self.magic) \(Self.version)", "build \(build)", "country \(country)"]
        for (line, wanted) in zip(lines[0..<3], expected) where !line.elementsEqual(wanted.utf8) {
            throw Unusable(description: "its header says \(String(decoding: line, as: UTF8.self)), not \(wanted)")
        }
        guard lines[3].starts(with: "stations ".utf8),
            let stations = Self.number(lines[3].dropFirst("stations ".utf8.count)), stations >= 0
        else { throw Unusable(description: "its header has no station count") }
        let body = lines.removeLast()
        guard lines[4].elementsEqual("digest \(Digest.hex(Digest.sha256(Array(body))))".utf8) else {
            throw Unusable(description: "its digest does not match its contents")
        }
        var prices: [Price] = []
        for line in body.split(separator: 0x0A) {
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            guard fields.count == 9, let station = Self.text(fields[0]), let fuel = Self.text(fields[1]),
                let unit = PriceUnit(rawValue: String(decoding: fields[2], as: UTF8.self)),
                let thousandths = Self.number(fields[5]), let updated = Self.number(fields[6])
            else { throw Unusable(description: "a line is not one a build writes") }
            let service: ServiceKind?
            if fields[3].isEmpty {
                service = nil
            } else if let kind = ServiceKind(rawValue: String(decoding: fields[3], as: UTF8.self)) {
                service = kind
            } else {
                throw Unusable(description: "a line has an unknown service")
            }
            let label: String?
            switch fields[4].first {
            case UInt8(ascii: "-") where fields[4].count == 1: label = nil
            case UInt8(ascii: "="): label = Self.text(fields[4].dropFirst())
            default: throw Unusable(description: "a line has no label field")
            }
            var price = Price(
                station: station,
                slot: LastChanges.Key(fuel: FuelCode(rawValue: fuel), unit: unit, service: service, label: label),
                thousandths: thousandths, updated: updated)
            if !fields[7].isEmpty || !fields[8].isEmpty {
                guard let was = Self.number(fields[7]), let changed = Self.number(fields[8]) else {
                    throw Unusable(description: "a line has a last change without both its value and time")
                }
                (price.was, price.changed) = (was, changed)
            }
            prices.append(price)
        }
        self.prices = prices
        self.stations = Int(stations)
    }

    private static func number(_ field: ArraySlice<UInt8>) -> Int64? {
        field.isEmpty ? nil : Int64(String(decoding: field, as: UTF8.self))
    }

    private static func text(_ field: ArraySlice<UInt8>) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(field.count)
        var escaped = false
        for byte in field {
            if escaped {
                switch byte {
                case 0x5C: bytes.append(0x5C)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                default: return nil
                }
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else {
                bytes.append(byte)
            }
        }
        return escaped ? nil : String(decoding: bytes, as: UTF8.self)
    }

    // MARK: OUT

    /// The kept state of `country` for the build `OUT/fuel` links to, which published `stations` stations of it.
    /// - Throws: ``Unusable`` when there is none, it cannot be used, or it counts other stations.
    static func load(_ country: String, stations: Int, from output: OutputDirectory) throws(Unusable) -> KeptState {
        guard let build = output.currentBuildName() else { throw Unusable(description: "no build is published") }
        let url = output.root.appendingPathComponent(folderName).appendingPathComponent(country)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw Unusable(description: "\(folderName)/\(country) is missing")
        }
        let state = try KeptState(parsing: [UInt8](data), country: country, build: build)
        guard state.stations == stations else {
            throw Unusable(description: "it counts \(state.stations) stations, the published index \(stations)")
        }
        return state
    }

    /// Records a committed build's states, one file per country (each atomically), and removes the files of the
    /// countries it has no state for, so the folder holds at most one file per published country. A failure only
    /// costs the next build time.
    static func save(_ states: [String: KeptState], build: String, in output: OutputDirectory) {
        let folder = output.root.appendingPathComponent(folderName)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where states[name] == nil
        {
            unlink(folder.appendingPathComponent(name).path)
        }
        for (country, state) in states {
            do {
                try output.writeAtomically(
                    Data(state.encoded(country: country, build: build)), to: "\(folderName)/\(country)")
            } catch {
                unlink(folder.appendingPathComponent(country).path)
            }
        }
    }
}
