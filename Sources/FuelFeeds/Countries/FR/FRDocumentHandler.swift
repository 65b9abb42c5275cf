import FuelCodecs

/// A problem in one FR record; the adapter adds the country and the file.
struct FRRecordError: Error {
    var location: String
    var reason: String
}

/// Reads one `PrixCarburants_*.xml` document, event by event, into station drafts.
final class FRDocumentHandler: XMLEventHandler {
    /// `entry X, ` inside an archive, empty for a bare XML file.
    private let prefix: String
    private var clock: LocalClock
    private(set) var drafts: [FRStationDraft] = []
    private(set) var counters = ReasonTally()
    private(set) var records = 0

    private enum Capture { case none, address, city, service }
    private var capture = Capture.none
    private var text: [UInt8] = []
    private var current: FRStationDraft?
    private var currentDay: FRHours.Day?
    /// Service names repeat at every station: one copy each.
    private var pool = TextPool()
    private var depth = 0

    init(prefix: String, clock: LocalClock) {
        self.prefix = prefix
        self.clock = clock
    }

    private func location(_ line: Int) -> String {
        var text = prefix + "line \(line)"
        if let current { text += " (pdv \(current.id))" }
        return text
    }

    private func fail(_ line: Int, _ reason: String) -> FRRecordError {
        FRRecordError(location: location(line), reason: reason)
    }

    func startElement(_ name: XMLName, attributes: XMLAttributes, line: Int) throws {
        depth += 1
        if depth == 1 {
            guard name.is("pdv_liste") else {
                throw fail(
                    line,
                    "the root element is <\(name.string)>, expected <pdv_liste>: this is not the prix-carburants"
                        + " feed (an error page?)")
            }
            return
        }
        if name.is("pdv") {
            try startStation(attributes, line: line)
            return
        }
        guard current != nil else { return }
        if name.is("prix") {
            try addPrice(attributes, line: line)
        } else if name.is("rupture") {
            try addShortage(attributes, line: line)
        } else if name.is("adresse") {
            startCapture(.address)
        } else if name.is("ville") {
            startCapture(.city)
        } else if name.is("service") {
            startCapture(.service)
        } else if name.is("horaires") {
            current?.hours = FRHours(automat: isOne(attributes.value("automate-24-24")))
        } else if name.is("jour") {
            let id = attributes.value("id").flatMap { ByteNumbers.integer(Text.trimmed($0)) }
            guard let id, (1...7).contains(id) else {
                counters[.openingDayWithoutID] += 1
                return
            }
            currentDay = FRHours.Day(id: id, closed: isOne(attributes.value("ferme")))
        } else if name.is("horaire") {
            guard currentDay != nil else { return }
            guard let opening = attributes.value("ouverture").flatMap(FRHours.clockTime),
                let closing = attributes.value("fermeture").flatMap(FRHours.clockTime)
            else {
                counters[.malformedOpeningTime] += 1
                currentDay?.malformed = true
                return
            }
            currentDay?.intervals.append(FRHours.interval(opening: opening, closing: closing))
        }
    }

    func endElement(_ name: XMLName) throws {
        depth -= 1
        guard current != nil else { return }
        if name.is("pdv") {
            if let station = current { drafts.append(station) }
            current = nil
        } else if name.is("adresse") || name.is("ville") || name.is("service") {
            // The feed says ISO-8859-1, but some of its text is Windows-1252 (docs/feeds.md): repair `’`, `œ`, `€`;
            // and text that is valid UTF-8 under that declaration is read as UTF-8, and counted.
            var value = text.withUnsafeBufferPointer { Text.clean($0).text }
            if let decoded = value.flatMap(Text.decodingUTF8Mojibake) {
                counters[.utf8UnderLatin1] += 1
                value = decoded
            }
            value = value.map(Text.repairingWindows1252)
            switch capture {
            case .address: current?.common.address = value
            case .city: current?.common.city = value
            case .service:
                if let value = pool.shared(value), current?.common.services.contains(value) == false {
                    current?.common.services.append(value)
                }
            case .none: break
            }
            capture = .none
        } else if name.is("jour") {
            if let day = currentDay { current?.hours?.days.append(day) }
            currentDay = nil
        }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if capture != .none { text.append(contentsOf: bytes) }
    }

    private func startCapture(_ kind: Capture) {
        capture = kind
        text.removeAll(keepingCapacity: true)
    }

    private func isOne(_ value: UnsafeBufferPointer<UInt8>?) -> Bool {
        guard let value else { return false }
        let trimmed = Text.trimmed(value)
        return trimmed.count == 1 && trimmed[0] == 0x31
    }

    private func startStation(_ attributes: XMLAttributes, line: Int) throws {
        records += 1
        current = nil
        guard let idBytes = attributes.value("id") else { throw fail(line, "<pdv> without the attribute id") }
        guard let id = ByteNumbers.integer(Text.trimmed(idBytes)) else {
            throw fail(line, "<pdv> id \(Text.preview(idBytes)) is not a number")
        }
        var draft = FRStationDraft(id: id, location: prefix + "line \(line)")
        current = draft
        draft.common.latitude = try coordinate(attributes, "latitude", line: line)
        draft.common.longitude = try coordinate(attributes, "longitude", line: line)
        if let postcode = attributes.value("cp") {
            draft.common.postcode = Text.clean(postcode).text
        }
        if let pop = attributes.value("pop").map(Text.trimmed), pop.count == 1 {
            // The tile format writes `motorway` only when true.
            draft.motorway = pop[0] == 0x41 ? true : nil
        }
        current = draft
    }

    /// Degrees from the feed's value × 100000, rounded to 6 places on its text; nil when the feed left it empty.
    private func coordinate(_ attributes: XMLAttributes, _ name: StaticString, line: Int) throws -> Double? {
        guard let raw = attributes.value(name) else { throw fail(line, "<pdv> without the attribute \(name)") }
        let trimmed = Text.trimmed(raw)
        if trimmed.isEmpty { return nil }
        guard let degrees = ByteNumbers.decimal(trimmed, roundedTo: PublishedPlaces.coordinate, exponent: -5) else {
            throw fail(line, "\(name) \(Text.preview(raw)) is not a number")
        }
        return degrees
    }

    private func addPrice(_ attributes: XMLAttributes, line: Int) throws {
        // Closed stations carry an empty <prix/>.
        if attributes.isEmpty {
            counters[.emptyPrix] += 1
            return
        }
        guard let nameBytes = attributes.value("nom") else { throw fail(line, "<prix> without the attribute nom") }
        guard let name = Text.clean(nameBytes).text else {
            throw fail(line, "<prix> with an empty nom")
        }
        guard let valueBytes = attributes.value("valeur") else {
            throw fail(line, "<prix nom=\"\(name)\"> without the attribute valeur")
        }
        let valueText = Text.trimmed(valueBytes)
        guard let written = ByteNumbers.decimal(valueText) else {
            throw fail(line, "<prix nom=\"\(name)\"> valeur \(Text.preview(valueBytes)) is not a number")
        }
        // Thousandths of a euro until 2022 (1274), euros since (1.739); rounded to 3 places on the text.
        let euros =
            ByteNumbers.decimal(valueText, roundedTo: PublishedPlaces.price, exponent: written > 10 ? -3 : 0)
            ?? written
        guard let updatedBytes = attributes.value("maj") else {
            throw fail(line, "<prix nom=\"\(name)\"> without the attribute maj")
        }
        guard let updated = FRTime.utcSeconds(updatedBytes, clock: &clock) else {
            throw fail(
                line, "<prix nom=\"\(name)\"> maj \(Text.preview(updatedBytes)) is not a time like 2024-05-08 12:30:00")
        }
        current?.add(FRStationDraft.Price(name: name, euros: euros, updated: updated))
    }

    private func addShortage(_ attributes: XMLAttributes, line: Int) throws {
        guard let nameBytes = attributes.value("nom"),
            let name = Text.clean(nameBytes).text
        else { throw fail(line, "<rupture> without the attribute nom") }
        var end: Int64?
        if let endBytes = attributes.value("fin"), !Text.trimmed(endBytes).isEmpty {
            guard let seconds = FRTime.utcSeconds(endBytes, clock: &clock) else {
                throw fail(line, "<rupture nom=\"\(name)\"> fin \(Text.preview(endBytes)) is not a time")
            }
            end = seconds
        }
        let type = attributes.value("type").flatMap { Text.clean($0).text }
        current?.shortages.append(FRStationDraft.Shortage(name: name, type: type?.lowercased(), end: end))
    }
}

@available(*, unavailable)
extension FRDocumentHandler: Sendable {}
