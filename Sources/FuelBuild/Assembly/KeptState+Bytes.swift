import FuelCodecs
import FuelFormat

/// The kept state's file: a header, then sections that are lines of tab-separated fields, except the cells' JSON,
/// which is stored as the tiles hold it, by length.
///
///     fueltiles-kept-state 2
///     build .build-…
///     country ES
///     stations 12345
///     crc32 <CRC-32 of every byte after this line, 8 hex digits>
///     prices <bytes>
///     <id>\t<fuel>\t<unit>\t<service>\t<label>\t<price>\t<updated>\t<was>\t<changed>     (one line per price, by station id)
///     brands <count>
///     <stations>\t<brand>                                                               (one line per brand)
///     trend <count>
///     <fuel>\t<unit>\t<median>\t<p10>\t<p90>\t<min>\t<stations>                            (one line per fuel)
///     cells <count> <station bytes> <earliest changed or ->
///     <key>\t<stations>\t<bytes>                                                        (then, for each cell:)
///     <id>\t<end>                                                                       (one line per station)
///     <the cell's station objects, <bytes> long>
///
/// Prices are in thousandths (as published, 3 decimals), times in whole seconds since 1970 (as published); an empty
/// service, `was` or `changed` is none; a label or brand is `-` for none, or `=` and its text. Text escapes `\`, tab
/// and newline as `\\`, `\t`, `\n`. Cells are in key order, brands by name (unknown first), figures as the build
/// made them.
extension KeptState {
    // MARK: Writing

    /// The CRC-32 of `bytes`, in 8 hex digits: the file lives beside the build, so it guards against damage (a write
    /// cut short, a changed byte), not against tampering, at a small part of a SHA-256's cost on 25 MB.
    static func checksum(_ bytes: ArraySlice<UInt8>) -> String {
        let value = ZipArchive.crc32(bytes)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// The file's bytes for `country` of `build`.
    func encoded(country: String, build: String) -> [UInt8] {
        let (header, body) = encodedParts(country: country, build: build)
        return header + body
    }

    /// The file's header and the rest, which it holds the checksum of.
    func encodedParts(country: String, build: String) -> (header: [UInt8], body: [UInt8]) {
        var body: [UInt8] = []
        body.reserveCapacity(priceLines.count + stationBytes + stations * 24 + 4096)
        body += Array("prices \(priceLines.count)\n".utf8)
        body += priceLines
        body += Array("brands \(brandCounts.count)\n".utf8)
        for (brand, count) in brandCounts.sorted(by: { ($0.key ?? "") < ($1.key ?? "") || $0.key == nil }) {
            body += Array("\(count)\t".utf8)
            Self.appendOptionalText(brand, to: &body)
            body.append(0x0A)
        }
        body += Array("trend \(trendFigures.count)\n".utf8)
        for figures in trendFigures {
            Self.appendText(figures.fuel.rawValue, to: &body)
            body += Array("\t\(figures.unit.rawValue)".utf8)
            for value in [figures.median, figures.p10, figures.p90, figures.min] {
                body += Array("\t\(Self.thousandths(value))".utf8)
            }
            body += Array("\t\(figures.stations)\n".utf8)
        }
        body += Array("cells \(cells.count) \(stationBytes) \(earliestChange.map(String.init) ?? "-")\n".utf8)
        for key in cells.keys.sorted() {
            guard let cell = cells[key] else { continue }
            body += Array("\(key)\t\(cell.ids.count)\t\(cell.json.count)\n".utf8)
            for (id, end) in zip(cell.ids, cell.ends) {
                Self.appendText(id, to: &body)
                body += Array("\t\(end)\n".utf8)
            }
            body += cell.json
            body.append(0x0A)
        }
        let header =
            "\(Self.magic) \(Self.version)\nbuild \(build)\ncountry \(country)\nstations \(stations)\n"
            + "crc32 \(Self.checksum(body[...]))\n"
        return (Array(header.utf8), body)
    }

    /// Appends one price line.
    static func appendLine(_ price: Price, to bytes: inout [UInt8]) {
        appendText(price.station, to: &bytes)
        bytes.append(0x09)
        appendText(price.slot.fuel.rawValue, to: &bytes)
        bytes.append(0x09)
        bytes.append(contentsOf: price.slot.unit.rawValue.utf8)
        bytes.append(0x09)
        if let service = price.slot.service { bytes.append(contentsOf: service.rawValue.utf8) }
        bytes.append(0x09)
        appendOptionalText(price.slot.label, to: &bytes)
        for number in [price.thousandths, price.updated, price.was, price.changed] {
            bytes.append(0x09)
            if let number { appendNumber(number, to: &bytes) }
        }
        bytes.append(0x0A)
    }

    /// Appends a number's decimal digits, without a `String` in between.
    private static func appendNumber(_ number: Int64, to bytes: inout [UInt8]) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var count = 0
            repeat {
                digits[count] = UInt8(magnitude % 10) + 0x30
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(digits[index]) }
        }
    }

    private static func appendOptionalText(_ text: String?, to bytes: inout [UInt8]) {
        if let text {
            bytes.append(UInt8(ascii: "="))
            appendText(text, to: &bytes)
        } else {
            bytes.append(UInt8(ascii: "-"))
        }
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

    /// Reads a file written by ``encoded(country:build:)``; the price lines are checked when ``prices()`` reads them.
    /// - Throws: ``Unusable`` when it is of another version, build or country, its checksum does not match, or a line
    ///   is not one this writes.
    init(parsing bytes: [UInt8], country: String, build: String) throws(Unusable) {
        var reader = Reader(bytes: bytes[...])
        let expected = ["\(Self.magic) \(Self.version)", "build \(build)", "country \(country)"]
        for wanted in expected {
            let line = try reader.line()
            guard line.elementsEqual(wanted.utf8) else {
                throw Unusable(description: "its header says \(String(decoding: line, as: UTF8.self)), not \(wanted)")
            }
        }
        guard let stations = try reader.fields("stations", count: 1).first.flatMap(Self.number), stations >= 0
        else { throw Unusable(description: "its header has no station count") }
        let checksum = try reader.line()
        guard checksum.elementsEqual("crc32 \(Self.checksum(reader.rest))".utf8) else {
            throw Unusable(description: "its checksum does not match its contents")
        }
        guard let priceBytes = try reader.fields("prices", count: 1).first.flatMap(Self.number) else {
            throw Unusable(description: "it has no prices section")
        }
        let priceLines = Array(try reader.bytes(Int(priceBytes)))
        var brands: [String?: Int] = [:]
        for _ in 0..<(try reader.count("brands")) {
            let fields = try reader.fields(nil, count: 2)
            guard let count = Self.number(fields[0]) else { throw Unusable(description: "a brand line is malformed") }
            brands[try Self.optionalText(fields[1])] = Int(count)
        }
        var figures: [TrendFile.Figures] = []
        for _ in 0..<(try reader.count("trend")) {
            let fields = try reader.fields(nil, count: 7)
            let numbers = fields[2...].compactMap(Self.number)
            guard let fuel = Self.text(fields[0]),
                let unit = PriceUnit(rawValue: String(decoding: fields[1], as: UTF8.self)),
                numbers.count == 5
            else { throw Unusable(description: "a trend line is malformed") }
            figures.append(
                TrendFile.Figures(
                    fuel: FuelCode(rawValue: fuel), unit: unit, median: Double(numbers[0]) / 1000,
                    p10: Double(numbers[1]) / 1000, p90: Double(numbers[2]) / 1000, min: Double(numbers[3]) / 1000,
                    stations: Int(numbers[4])))
        }
        let header = try reader.fields("cells", count: 3)
        guard let cellCount = Self.number(header[0]), let stationBytes = Self.number(header[1]) else {
            throw Unusable(description: "its cells line is malformed")
        }
        let earliest = header[2].elementsEqual("-".utf8) ? nil : Self.number(header[2])
        var cells: [TileKey: CountryTiles.Cell] = [:]
        for _ in 0..<cellCount {
            let fields = try reader.fields(nil, count: 3)
            guard let key = TileKey(String(decoding: fields[0], as: UTF8.self)), let count = Self.number(fields[1]),
                let length = Self.number(fields[2]), count >= 0
            else { throw Unusable(description: "a cell line is malformed") }
            var ids: [String] = []
            var ends: [Int] = []
            ids.reserveCapacity(Int(count))
            ends.reserveCapacity(Int(count))
            for _ in 0..<count {
                let station = try reader.fields(nil, count: 2)
                guard let id = Self.text(station[0]), let end = Self.number(station[1]) else {
                    throw Unusable(description: "a station line of cell \(key) is malformed")
                }
                ids.append(id)
                ends.append(Int(end))
            }
            let json = try reader.bytes(Int(length) + 1).dropLast()
            guard ends.last.map({ $0 == json.count }) ?? json.isEmpty else {
                throw Unusable(description: "cell \(key) does not end where its last station does")
            }
            cells[key] = CountryTiles.Cell(ids: ids, json: json, ends: ends)
        }
        guard reader.rest.isEmpty else { throw Unusable(description: "it goes on after its last cell") }
        self.init(
            stations: Int(stations), stationBytes: Int(stationBytes), earliestChange: earliest, brandCounts: brands,
            trendFigures: figures, cells: cells, priceLines: priceLines)
    }

    /// Every price of the country, station by station, from its price lines. A station's id and each fuel code are
    /// made into text once, not once a line: a changed country's build reads tens of thousands of lines.
    /// - Throws: ``Unusable`` when a line is not one a build writes.
    func prices() throws(Unusable) -> [Price] {
        var prices: [Price] = []
        prices.reserveCapacity(priceLines.count / 40)
        var station: (bytes: ArraySlice<UInt8>, id: String) = ([], "")
        var fuels: [(bytes: ArraySlice<UInt8>, code: FuelCode)] = []
        var fields = [ArraySlice<UInt8>](repeating: [], count: 9)
        var start = priceLines.startIndex
        while start < priceLines.endIndex {
            let end = priceLines[start...].firstIndex(of: 0x0A) ?? priceLines.endIndex
            var count = 0
            var fieldStart = start
            for index in start..<end where priceLines[index] == 0x09 {
                guard count < 8 else { throw Unusable(description: "a price line has too many fields") }
                fields[count] = priceLines[fieldStart..<index]
                count += 1
                fieldStart = index + 1
            }
            guard count == 8 else { throw Unusable(description: "a price line is not one a build writes") }
            fields[8] = priceLines[fieldStart..<end]
            start = end + 1
            if !station.bytes.elementsEqual(fields[0]) {
                guard let id = Self.text(fields[0]) else { throw Unusable(description: "a station id is malformed") }
                station = (fields[0], id)
            }
            let fuel: FuelCode
            if let known = fuels.first(where: { $0.bytes.elementsEqual(fields[1]) }) {
                fuel = known.code
            } else {
                guard let text = Self.text(fields[1]) else { throw Unusable(description: "a fuel code is malformed") }
                fuel = FuelCode(rawValue: text)
                fuels.append((fields[1], fuel))
            }
            guard let unit = Self.unit(fields[2]), let thousandths = Self.number(fields[5]),
                let updated = Self.number(fields[6])
            else { throw Unusable(description: "a price line is not one a build writes") }
            var price = Price(
                station: station.id,
                slot: LastChanges.Key(
                    fuel: fuel, unit: unit, service: try Self.service(fields[3]),
                    label: try Self.optionalText(fields[4])),
                thousandths: thousandths, updated: updated)
            if !fields[7].isEmpty || !fields[8].isEmpty {
                guard let was = Self.number(fields[7]), let changed = Self.number(fields[8]) else {
                    throw Unusable(description: "a price line has a last change without both its value and time")
                }
                (price.was, price.changed) = (was, changed)
            }
            prices.append(price)
        }
        return prices
    }

    /// The unit of a field: the common ones by their bytes, any other through its text.
    private static func unit(_ field: ArraySlice<UInt8>) -> PriceUnit? {
        [PriceUnit.litre, .kilogram, .cubicMetre].first { $0.rawValue.utf8.elementsEqual(field) }
            ?? PriceUnit(rawValue: String(decoding: field, as: UTF8.self))
    }

    private static func service(_ field: ArraySlice<UInt8>) throws(Unusable) -> ServiceKind? {
        guard !field.isEmpty else { return nil }
        guard
            let kind = [ServiceKind.selfService, .fullService].first(where: { $0.rawValue.utf8.elementsEqual(field) })
                ?? ServiceKind(rawValue: String(decoding: field, as: UTF8.self))
        else { throw Unusable(description: "a price line has an unknown service") }
        return kind
    }

    private static func number(_ field: ArraySlice<UInt8>) -> Int64? {
        guard !field.isEmpty, field.count <= 18 else { return nil }
        var digits = field[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard (0x30...0x39).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        return negative ? -value : value
    }

    private static func optionalText(_ field: ArraySlice<UInt8>) throws(Unusable) -> String? {
        switch field.first {
        case UInt8(ascii: "-") where field.count == 1: return nil
        case UInt8(ascii: "="):
            guard let text = text(field.dropFirst()) else { throw Unusable(description: "a text field is malformed") }
            return text
        default: throw Unusable(description: "a text field has neither - nor =")
        }
    }

    private static func text(_ field: ArraySlice<UInt8>) -> String? {
        guard field.contains(0x5C) else { return String(decoding: field, as: UTF8.self) }
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

    /// Reads the file front to back.
    private struct Reader {
        var bytes: ArraySlice<UInt8>

        var rest: ArraySlice<UInt8> { bytes }

        /// The next line, without its newline.
        mutating func line() throws(Unusable) -> ArraySlice<UInt8> {
            guard let end = bytes.firstIndex(of: 0x0A) else { throw Unusable(description: "it is cut short") }
            defer { bytes = bytes[(end + 1)...] }
            return bytes[bytes.startIndex..<end]
        }

        /// The next `count` bytes.
        mutating func bytes(_ count: Int) throws(Unusable) -> ArraySlice<UInt8> {
            guard count >= 0, bytes.count >= count else { throw Unusable(description: "it is cut short") }
            defer { bytes = bytes.dropFirst(count) }
            return bytes.prefix(count)
        }

        /// The next line's fields: after `name` and a space, separated by spaces; else separated by tabs.
        mutating func fields(_ name: String?, count: Int) throws(Unusable) -> [ArraySlice<UInt8>] {
            var line = try line()
            if let name {
                guard line.starts(with: "\(name) ".utf8) else { throw Unusable(description: "it has no \(name) line") }
                line = line.dropFirst(name.utf8.count + 1)
            }
            let fields = line.split(
                separator: name == nil ? 0x09 : 0x20, omittingEmptySubsequences: false)
            guard fields.count == count else {
                throw Unusable(description: "a line has \(fields.count) fields, not \(count)")
            }
            return fields
        }

        /// The count on a section's first line.
        mutating func count(_ name: String) throws(Unusable) -> Int {
            guard let count = try fields(name, count: 1).first.flatMap(KeptState.number), count >= 0 else {
                throw Unusable(description: "its \(name) line has no count")
            }
            return Int(count)
        }
    }
}
