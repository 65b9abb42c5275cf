import Foundation
import FuelCodecs

extension JSONDocument {
    /// Parses a feed file, turning a JSON error into a ``FeedError`` that names the country, the file and the
    /// line and column.
    static func parseFeed(_ bytes: [UInt8], country: String, file: URL) throws -> JSONDocument {
        do {
            return try JSONDocument(parsing: bytes)
        } catch {
            throw FeedError(
                country: country, file: file.path, location: error.location,
                reason: "not valid JSON: \(error.explanation)")
        }
    }
}

extension JSONValue {
    /// The text of a string (trimmed, nil when blank) or nil for null.
    /// - Throws: ``FeedError`` when the value is a number, boolean, array or object.
    func text(_ field: String, _ context: JSONRecordContext) throws -> String? {
        switch kind {
        case .null: return nil
        case .string:
            return withStringBytes { bytes -> String? in
                func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
                var low = 0
                var high = bytes.count
                while low < high && isSpace(bytes[low]) { low += 1 }
                while high > low && isSpace(bytes[high - 1]) { high -= 1 }
                guard high > low else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[low..<high]), as: UTF8.self)
            } ?? nil
        default:
            throw context.error("\(field) is \(kind), expected a string", at: self)
        }
    }

    /// A number from a JSON number or a decimal-comma string, rounded to `decimals` places on the digits as written
    /// (``PublishedPlaces``); nil for null or blank text.
    /// - Throws: ``FeedError`` naming the field when the value is anything else (`"abc"`, `true`, `[]`).
    func number(_ field: String, _ context: JSONRecordContext, roundedTo decimals: Int) throws -> Double? {
        switch kind {
        case .null: return nil
        case .number: return decimal(roundedTo: decimals)
        case .string:
            if isBlankString { return nil }
            if let value = decimal(roundedTo: decimals) { return value }
            throw context.error("\(field) \"\(string ?? "")\" is not a number", at: self)
        default:
            throw context.error("\(field) is \(kind), expected a number", at: self)
        }
    }
}

/// One JSON feed file, parsed and its root checked, with errors that name the country, the file and the place.
struct JSONFeedFile {
    let document: JSONDocument
    let country: String
    let file: URL

    var root: JSONValue { document.root }

    /// - Parameter expected: what the root should be, for the error (`"a MITECO response object"`).
    /// - Throws: ``FeedError`` when the file cannot be read, is not JSON, or its root is not `kind`.
    init(_ input: FeedInput, file: URL, root kind: JSONKind, expected: String) throws {
        try self.init(input, bytes: try input.read(file), file: file, root: kind, expected: expected)
    }

    /// The same, for a file already read.
    init(_ input: FeedInput, bytes: [UInt8], file: URL, root kind: JSONKind, expected: String) throws {
        country = input.country
        self.file = file
        document = try JSONDocument.parseFeed(bytes, country: country, file: file)
        guard document.root.kind == kind else {
            throw FeedError(
                country: country, file: file.path, location: document.root.location,
                reason: "expected \(expected), found \(document.root.kind)")
        }
    }

    func failure(_ reason: String, at value: JSONValue? = nil) -> FeedError {
        FeedError(country: country, file: file.path, location: value?.location, reason: reason)
    }
}

/// Where a record sits, so every error about it names the country, the file, the record and its line.
struct JSONRecordContext {
    var country: String
    var file: URL
    /// One-based position in the feed's list.
    var record: Int
    /// The source id field and its value once known, for example `("IDEESS", "1736")`.
    var idField: String
    var id: String?

    /// `record 3 (IDEESS 1736), line 1, column 4567`.
    func location(at value: JSONValue) -> String {
        var text = "record \(record)"
        if let id { text += " (\(idField) \(id))" }
        return text + ", " + value.location
    }

    func error(_ reason: String, at value: JSONValue) -> FeedError {
        FeedError(country: country, file: file.path, location: location(at: value), reason: reason)
    }

    /// Reads every record of `list` with `read`, numbering them from 1 and forgetting each one's id before the
    /// next, so an error names the right record.
    /// - Returns: how many records there were.
    /// - Parameter first: records before this list (a chunk of a longer one); numbering goes on from there.
    static func forEachRecord(
        in list: JSONValue, country: String, file: URL, idField: String, startingAt first: Int = 0,
        _ read: (JSONValue, inout JSONRecordContext) throws -> Void
    ) rethrows -> Int {
        var context = JSONRecordContext(country: country, file: file, record: first, idField: idField)
        for record in list.elements {
            context.record += 1
            context.id = nil
            try read(record, &context)
        }
        return context.record - first
    }
}

/// Brand normalisation through ``BrandAliases``, memoised per distinct raw spelling (folding is slow).
///
/// Besides exact aliases it knows one more rule: when the whole name is not in the table but its first one to
/// three words are (`BP ALELLA`, `SHELL EXPRESS`), the brand is that alias. Only spellings in the table match, so
/// `brands.json` stays in control.
struct BrandLookup {
    let aliases: BrandAliases
    /// When false, a name that matches no alias gives no brand (for feeds whose names are not brands).
    let keepsUnknownNames: Bool
    private let folded: [String: String]
    private var memo: [String: String?] = [:]

    init(_ aliases: BrandAliases, keepsUnknownNames: Bool = true) {
        self.aliases = aliases
        self.keepsUnknownNames = keepsUnknownNames
        folded = Dictionary(aliases.aliases.map { (BrandAliases.fold($0.key), $0.value) }, uniquingKeysWith: min)
    }

    /// The canonical brand of a raw name, or nil.
    mutating func brand(_ raw: String?) -> String? {
        guard let raw else { return nil }
        if let known = memo[raw] { return known }
        let brand = resolve(raw)
        memo[raw] = brand
        return brand
    }

    /// No brand or alias is longer than this; a longer name is matched on its start, so a hostile megabyte name
    /// costs no more than a short one.
    static let longestBrand = 200

    private func resolve(_ raw: String) -> String? {
        let raw = raw.utf8.count > Self.longestBrand ? String(raw.prefix(Self.longestBrand)) : raw
        let key = BrandAliases.fold(raw)
        if let alias = folded[key] { return alias }
        guard let normalised = aliases.normalise(raw) else { return nil }
        let words = key.split(separator: " ")
        if words.count > 1 {
            for count in stride(from: min(3, words.count - 1), through: 1, by: -1) {
                if let alias = folded[words.prefix(count).joined(separator: " ")] { return alias }
            }
        }
        return keepsUnknownNames ? normalised : nil
    }
}
