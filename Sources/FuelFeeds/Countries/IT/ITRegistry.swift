import FuelCodecs

/// `anagrafica_impianti_attivi.csv`: one row per active station.
///
/// `idImpianto` is anchored at the left and the last five fields (`Indirizzo`, `Comune`, `Provincia`,
/// `Latitudine`, `Longitudine`) at the right, so a stray separator in the free-text fields between them cannot shift
/// the coordinates. In between, a piece that is only `gestori.prezzibenzina.it` is the tail of the field before it
/// (a web form appended ` | gestori.prezzibenzina.it` to `Gestore` or `Nome Impianto`); it is joined back and then
/// dropped from the name. A row whose middle still does not make four fields is rejected and counted. Coordinates
/// are rounded to 6 places on their text (``PublishedPlaces``).
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
    private(set) var rejects: [String: Int] = [:]
    private(set) var counters: [String: Int] = [:]
    private(set) var records = 0

    private static let webFormTail = Array("gestori.prezzibenzina.it".utf8)
    private static let webFormSuffix = "gestori.prezzibenzina.it"

    /// Reads every row.
    /// - Throws: ``FeedError`` naming the file and line of a row that is cut short or holds a non-number where a
    ///   number belongs.
    init(table: ITTable, brands: BrandAliases) throws {
        var brandCache: [String: String?] = [:]
        var middle: [Range<Int>] = []
        try table.forEachRow { row in
            records += 1
            let id = try table.stationID(of: row, columns: Self.columns.count)
            listedIDs.insert(id)
            let count = row.fields.count
            // Gestore, Bandiera, Tipo Impianto, Nome Impianto: join web-form tails back onto the field before them.
            middle.removeAll(keepingCapacity: true)
            for index in 1..<(count - 5) {
                let range = row.fields[index]
                if !middle.isEmpty && Text.trimmed(row.field(index)).elementsEqual(Self.webFormTail) {
                    middle[middle.count - 1] = middle[middle.count - 1].lowerBound..<range.upperBound
                } else {
                    middle.append(range)
                }
            }
            guard middle.count == 4 else {
                rejects["registry row with a separator inside a field", default: 0] += 1
                return
            }
            if count > Self.columns.count {
                counters["registry row with a separator inside a field, repaired", default: 0] += 1
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
                rejects["empty coordinates", default: 0] += 1
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
            let rawBrand = text(middle[1]) ?? ""
            let brand: String?
            if let cached = brandCache[rawBrand] {
                brand = cached
            } else {
                brand = brands.normalise(rawBrand)
                brandCache[rawBrand] = brand
            }
            var name = text(middle[3])
            if let full = name, full.hasSuffix(Self.webFormSuffix) {
                var kept = full.dropLast(Self.webFormSuffix.count)
                while let last = kept.last, last == " " || last == "|" { kept.removeLast() }
                name = kept.isEmpty ? nil : String(kept)
            }
            let kind = text(middle[2])
            let entry = Entry(
                id: id, name: name, brand: brand, address: text(row.fields[count - 5]),
                city: text(row.fields[count - 4]), motorway: kind?.lowercased() == "autostradale" ? true : nil,
                latitude: latitude, longitude: longitude, exactLatitude: exactLatitude, exactLongitude: exactLongitude)
            if latin1 { counters["registry row read as ISO-8859-1 (not valid UTF-8)", default: 0] += 1 }
            guard entries[id] == nil else {
                rejects["duplicate idImpianto in the registry", default: 0] += 1
                return
            }
            entries[id] = entry
        }
    }
}
