import FuelCodecs

/// One MIMIT CSV file read as bytes: an `Estrazione del YYYY-MM-DD` line, a header line starting `idImpianto`, and
/// rows split on the header's separator (`|` since 2026, `;` before).
///
/// The files have no quoting or escaping at all: `"` is literal and may be unbalanced, fields may hold TABs, and
/// some hold the separator itself (` | gestori.prezzibenzina.it`). So a row is only split here; the parsers anchor
/// the fields they need from both ends. Lines end in LF (a CR before it is dropped); the last line may lack one.
struct ITTable {
    /// A calendar date.
    struct Day: Equatable {
        var year: Int
        var month: Int
        var day: Int

        /// `YYYY-MM-DD`.
        var text: String {
            func padded(_ value: Int, _ width: Int) -> String {
                let digits = String(value)
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
            return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
        }
    }

    let country: String
    let file: String
    let bytes: [UInt8]
    /// The separator the data rows are split on.
    let separator: UInt8
    /// True when the header's separator is not the rows' (a `;` header over `|` rows, seen around the 2026 switch).
    let headerSeparatorDiffers: Bool
    /// The column names of the header line.
    let columns: [String]
    /// The `Estrazione del` date, when the file has that line (above the header, or just below it).
    let extractionDate: Day?
    /// Byte offset and 1-based number of the first line after the header.
    private let dataStart: Int
    private let dataLine: Int

    /// How far down the header may be (some 2026 files had an extra line or two above it).
    private static let headerSearchLines = 10

    /// Finds the header and the separator.
    /// - Parameter expected: the column names, in order, that the header must have.
    /// - Throws: ``FeedError`` when the bytes are not such a file.
    init(bytes: [UInt8], file: String, country: String, expected: [String]) throws {
        self.country = country
        self.file = file
        self.bytes = bytes
        if Text.looksLikeUTF16OrUTF32(bytes) {
            throw FeedError(
                country: country, file: file, location: "line 1",
                reason: "the file is UTF-16 or UTF-32 text; MIMIT publishes UTF-8 (or ISO-8859-1)")
        }
        var offset = Text.byteOrderMarkLength(bytes)
        var lineNumber = 1
        var extraction: Day?
        var found: (separator: UInt8, names: [String], end: Int)?
        let marker = Array("idImpianto".utf8)
        let estrazione = Array("Estrazione del ".utf8)
        while offset < bytes.count && lineNumber <= Self.headerSearchLines {
            let end = bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count
            var line = Array(bytes[offset..<end])
            if line.last == 0x0D { line.removeLast() }
            while let first = line.first, first == 0x20 || first == 0x09 { line.removeFirst() }
            if line.starts(with: marker) {
                let separator = line.count > marker.count ? line[marker.count] : 0
                guard separator == 0x7C || separator == 0x3B else {
                    throw FeedError(
                        country: country, file: file, location: "line \(lineNumber)",
                        reason: "the header has no | or ; after idImpianto: \(Text.preview(line))")
                }
                let names = line.split(separator: separator, omittingEmptySubsequences: false).map {
                    Text.cleaned(Text.decodeUTF8OrLatin1($0)) ?? ""
                }
                found = (separator, names, end)
                break
            }
            if line.starts(with: estrazione) { extraction = Self.day(Array(line.dropFirst(estrazione.count))) }
            offset = end + 1
            lineNumber += 1
        }
        guard let found else {
            throw FeedError(
                country: country, file: file,
                reason: "no header line starting with idImpianto in the first \(Self.headerSearchLines) lines; the"
                    + " file starts with \(Text.preview(bytes)), so it is not the MIMIT CSV (an error page?)")
        }
        guard found.names == expected else {
            let missing = expected.filter { !found.names.contains($0) }
            let problem =
                missing.isEmpty
                ? "the columns are \(found.names.joined(separator: ", ")), expected \(expected.joined(separator: ", "))"
                : "the header lacks the column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", "))"
            throw FeedError(country: country, file: file, location: "line \(lineNumber)", reason: problem)
        }
        columns = found.names
        // Some early-2026 files put the Estrazione line (or a csv_aggiornato_al_… line) below the header.
        var start = found.end + 1
        var line = lineNumber + 1
        let updated = Array("csv_aggiornato".utf8)
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let text = bytes[start..<end]
            if text.starts(with: estrazione) {
                extraction = extraction ?? Self.day(Array(text.dropFirst(estrazione.count)))
            } else if !text.starts(with: updated) {
                break
            }
            start = end + 1
            line += 1
        }
        extractionDate = extraction
        dataStart = start
        dataLine = line
        // A header written with `;` over rows written with `|` (or the reverse): split the rows on theirs.
        let other: UInt8 = found.separator == 0x7C ? 0x3B : 0x7C
        let firstRow = bytes[start...].prefix { $0 != 0x0A }
        headerSeparatorDiffers = !firstRow.contains(found.separator) && firstRow.contains(other)
        separator = headerSeparatorDiffers ? other : found.separator
    }

    /// What is known of a table once its rows are read, without its bytes.
    struct Summary {
        let separator: UInt8
        let headerSeparatorDiffers: Bool
        let extractionDate: Day?
    }

    /// Reads a file's rows with `body`, and returns its result with the table's summary: the bytes are released
    /// when this returns, not kept until the caller is done.
    static func read<Result>(
        _ bytes: [UInt8], file: String, country: String, expected: [String], _ body: (ITTable) throws -> Result
    ) throws -> (Result, Summary) {
        let table = try ITTable(bytes: bytes, file: file, country: country, expected: expected)
        let result = try body(table)
        return (
            result,
            Summary(
                separator: table.separator, headerSeparatorDiffers: table.headerSeparatorDiffers,
                extractionDate: table.extractionDate)
        )
    }

    /// `2026-08-21`, trimmed.
    private static func day(_ bytes: [UInt8]) -> Day? {
        bytes.withUnsafeBufferPointer { buffer in
            let text = Text.trimmed(buffer)
            guard text.count == 10, text[4] == 0x2D, text[7] == 0x2D,
                let year = ByteNumbers.integer(UnsafeBufferPointer(rebasing: text[0..<4])),
                let month = ByteNumbers.integer(UnsafeBufferPointer(rebasing: text[5..<7])),
                let day = ByteNumbers.integer(UnsafeBufferPointer(rebasing: text[8..<10])),
                (1...12).contains(month), (1...31).contains(day)
            else { return nil }
            return Day(year: year, month: month, day: day)
        }
    }

    /// One data row: its line number and the byte ranges of its fields, split on every separator.
    struct Row {
        let line: Int
        let bytes: UnsafeBufferPointer<UInt8>
        /// Field ranges, into ``bytes``; valid only during the call.
        let fields: UnsafeBufferPointer<Range<Int>>

        /// The bytes of field `index`.
        @inline(__always)
        func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[fields[index]])
        }

        /// The bytes from the start of field `first` to the end of field `last`, separators included.
        func span(_ first: Int, _ last: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[fields[first].lowerBound..<fields[last].upperBound])
        }
    }

    /// Calls `body` for every non-blank line after the header.
    func forEachRow(_ body: (Row) throws -> Void) throws {
        let separator = self.separator
        try bytes.withUnsafeBufferPointer { all in
            var fields: [Range<Int>] = []
            fields.reserveCapacity(16)
            var start = dataStart
            var line = dataLine
            while start < all.count {
                var end = start
                while end < all.count && all[end] != 0x0A { end += 1 }
                var contentEnd = end
                if contentEnd > start && all[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                let content = UnsafeBufferPointer(rebasing: all[start..<contentEnd])
                if !Text.trimmed(content).isEmpty {
                    fields.removeAll(keepingCapacity: true)
                    var fieldStart = 0
                    for index in 0..<content.count where content[index] == separator {
                        fields.append(fieldStart..<index)
                        fieldStart = index + 1
                    }
                    fields.append(fieldStart..<content.count)
                    try fields.withUnsafeBufferPointer { ranges in
                        try body(Row(line: line, bytes: content, fields: ranges))
                    }
                }
                start = end + 1
                line += 1
            }
        }
    }

    /// The `idImpianto` of a row that must have at least `columns` fields, the first being the id.
    /// - Throws: ``FeedError`` naming the line when the row is cut short or its id is not a number.
    func stationID(of row: Row, columns: Int) throws -> Int {
        let count = row.fields.count
        guard count >= columns else {
            throw error(row, "\(count) fields, expected \(columns): the row is cut short (a truncated file?)")
        }
        guard let id = ByteNumbers.integer(Text.trimmed(row.field(0))) else {
            throw error(row, "idImpianto \(Text.preview(row.field(0))) is not a number")
        }
        return id
    }

    /// An error about one row.
    func error(_ row: Row, id: Int? = nil, _ reason: String) -> FeedError {
        FeedError(
            country: country, file: file, location: "line \(row.line)" + (id.map { " (idImpianto \($0))" } ?? ""),
            reason: reason)
    }
}
