import FuelCodecs

/// `anagrafica_impianti_attivi.csv`: one row per active station.
///
/// `idImpianto` is anchored at the left and the last five fields (`Indirizzo`, `Comune`, `Provincia`,
/// `Latitudine`, `Longitudine`) at the right, so a stray separator in the free-text fields between them cannot shift
/// the coordinates, and a row with one is always kept. In between, the four fields `Gestore`, `Bandiera`,
/// `Tipo Impianto` and `Nome Impianto` are read as ``middleFields(_:)`` describes: a web form's
/// ` | gestori.prezzibenzina.it` tail is joined back and then dropped from the name (counted as repaired); any
/// other extra separator is placed by the road type, and the station is kept with its text fields guessed (counted).
/// Coordinates are rounded to 6 places on their text (``PublishedPlaces``).
struct ITRegistry {
    /// One station as the registry describes it.
    struct Entry {
        var id: Int
        var name: String?
        var brand: String?
        var address: String?
        var city: String?
        var motorway: Bool?
        /// The published coordinates: the text rounded to 6 places, half away from zero.
        var latitude: Double
        var longitude: Double
        /// The coordinates as written, which tell two sites apart (``ITAdapter/sites(_:)``).
        var exactLatitude: Double
        var exactLongitude: Double
    }

    static let columns = [
        "idImpianto", "Gestore", "Bandiera", "Tipo Impianto", "Nome Impianto", "Indirizzo", "Comune", "Provincia",
        "Latitudine", "Longitudine",
    ]

    private(set) var entries: [Int: Entry] = [:]
    /// Every station id the file lists, rejected rows included: what tells a price row for a dropped station
    /// from one whose station the file does not hold at all.
    private(set) var listedIDs: Set<Int> = []
    /// Rows dropped and rows read their own way.
    private(set) var reasons = ReasonTally()
    private(set) var records = 0

    private static let webFormTail = Array("gestori.prezzibenzina.it".utf8)
    private static let webFormSuffix = "gestori.prezzibenzina.it"
    /// Every `Tipo Impianto` seen: `Stradale` and `Autostradale` since 2026, `Altro` and `Strada Statale` before.
    private static let roadTypes = ["stradale", "autostradale", "altro", "strada statale"].map { Array($0.utf8) }

    /// Reads every row.
    /// - Throws: ``FeedError`` naming the file and line of a row that is cut short or holds a non-number where a
    ///   number belongs.
    init(table: ITTable, brands: BrandAliases) throws {
        var brandCache: [String: String?] = [:]
        try table.forEachRow { row in
            records += 1
            let id = try table.stationID(of: row, columns: Self.columns.count)
            listedIDs.insert(id)
            let count = row.fields.count
            let middle = Self.middleFields(row)
            switch middle.repair {
            case .none: break
            case .webFormTail: reasons[.registryRowRepaired] += 1
            case .guessed: reasons[.registryRowGuessed] += 1
            }
            var latin1 = false
            func text(_ range: Range<Int>) -> String? {
                let decoded = Text.clean(UnsafeBufferPointer(rebasing: row.bytes[range]))
                latin1 = latin1 || decoded.latin1
                return decoded.text
            }
            let latitudeBytes = Text.trimmed(row.field(count - 2))
            let longitudeBytes = Text.trimmed(row.field(count - 1))
            if latitudeBytes.isEmpty || longitudeBytes.isEmpty {
                reasons[.emptyCoordinates] += 1
                return
            }
            let places = PublishedPlaces.coordinate
            guard let latitude = ByteNumbers.decimal(latitudeBytes, roundedTo: places),
                let exactLatitude = ByteNumbers.decimal(latitudeBytes)
            else {
                throw table.error(row, id: id, "Latitudine \(Text.preview(latitudeBytes)) is not a number")
            }
            guard let longitude = ByteNumbers.decimal(longitudeBytes, roundedTo: places),
                let exactLongitude = ByteNumbers.decimal(longitudeBytes)
            else {
                throw table.error(row, id: id, "Longitudine \(Text.preview(longitudeBytes)) is not a number")
            }
            let rawBrand = text(middle.brand) ?? ""
            let brand: String?
            if let cached = brandCache[rawBrand] {
                brand = cached
            } else {
                brand = brands.normalise(rawBrand)
                brandCache[rawBrand] = brand
            }
            var name = text(middle.name)
            if let full = name, full.hasSuffix(Self.webFormSuffix) {
                var kept = full.dropLast(Self.webFormSuffix.count)
                while let last = kept.last, last == " " || last == "|" { kept.removeLast() }
                name = kept.isEmpty ? nil : String(kept)
            }
            let kind = text(middle.roadType)
            let entry = Entry(
                id: id, name: name, brand: brand, address: text(row.fields[count - 5]),
                city: text(row.fields[count - 4]), motorway: kind?.lowercased() == "autostradale" ? true : nil,
                latitude: latitude, longitude: longitude, exactLatitude: exactLatitude, exactLongitude: exactLongitude)
            if latin1 { reasons[.registryRowLatin1] += 1 }
            guard entries[id] == nil else {
                reasons[.duplicateRegistryID] += 1
                return
            }
            entries[id] = entry
        }
    }

    /// What a row's four middle fields needed.
    enum Repair: Equatable {
        /// Exactly four fields.
        case none
        /// Four once each ` | gestori.prezzibenzina.it` tail was joined back onto the field before it.
        case webFormTail
        /// More (or, after joining, fewer) than four: placed by the road type, a best guess.
        case guessed
    }

    /// Where `Gestore`, `Bandiera`, `Tipo Impianto` and `Nome Impianto` are in a row of at least 10 fields: byte
    /// ranges into the row, each spanning the separators that were joined back into it.
    struct MiddleFields: Equatable {
        var operatorName: Range<Int>
        var brand: Range<Int>
        var roadType: Range<Int>
        var name: Range<Int>
        var repair: Repair
    }

    /// The fields between `idImpianto` and `Indirizzo`.
    ///
    /// 1. A piece that is only `gestori.prezzibenzina.it` is the tail of the piece before it (a web form appended
    ///    ` | gestori.prezzibenzina.it` to `Gestore` or `Nome Impianto`); if that leaves four pieces, they are the
    ///    four fields.
    /// 2. Otherwise (a real row of 2026-03-28 has ` | BENZINA.IT` in its `Gestore` and the web-form tail in its
    ///    name, 12 fields) the road type is the anchor: the first piece from the third on, but not the last, that is a
    ///    known `Tipo Impianto` (`Stradale`, `Autostradale`, `Altro`, `Strada Statale`). The piece before it is
    ///    `Bandiera`, everything before that `Gestore`, everything after it `Nome Impianto`, separators kept.
    /// 3. With no such piece, `Gestore`, `Bandiera` and `Tipo Impianto` are the first three pieces and the rest is
    ///    the name (where most real web-form tails are).
    static func middleFields(_ row: ITTable.Row) -> MiddleFields {
        let count = row.fields.count
        if count == columns.count {
            let fields = row.fields
            return MiddleFields(
                operatorName: fields[1], brand: fields[2], roadType: fields[3], name: fields[4], repair: .none)
        }
        let raw = Array(row.fields[1..<(count - 5)])
        var joined: [Range<Int>] = []
        for (offset, range) in raw.enumerated() {
            if !joined.isEmpty && Text.trimmed(row.field(offset + 1)).elementsEqual(webFormTail) {
                joined[joined.count - 1] = joined[joined.count - 1].lowerBound..<range.upperBound
            } else {
                joined.append(range)
            }
        }
        if joined.count == 4 { return MiddleFields(joined, road: 2, repair: .webFormTail) }
        // Too few after joining (a field that is only the web-form text): place the pieces as written instead.
        let pieces = joined.count > 4 ? joined : raw
        let road =
            (2..<(pieces.count - 1)).first { index in
                let text = Text.trimmed(UnsafeBufferPointer(rebasing: row.bytes[pieces[index]]))
                return roadTypes.contains { known in
                    known.count == text.count && zip(known, text).allSatisfy { $0 == $1 | 0x20 }
                }
            } ?? 2
        return MiddleFields(pieces, road: road, repair: .guessed)
    }
}

extension ITRegistry.MiddleFields {
    /// The four fields around the road type at `road` (2 or more, before the last piece), joining the rest.
    fileprivate init(_ pieces: [Range<Int>], road: Int, repair: ITRegistry.Repair) {
        operatorName = pieces[0].lowerBound..<pieces[road - 2].upperBound
        brand = pieces[road - 1]
        roadType = pieces[road]
        name = pieces[road + 1].lowerBound..<pieces[pieces.count - 1].upperBound
        self.repair = repair
    }
}
