import Foundation
import FuelCodecs
import FuelFormat

/// France: the prix-carburants XML feed (`PrixCarburants_instantane.xml`, ISO-8859-1), as the ZIP the publisher
/// serves or as the bare XML, from `DIR/FR/*.zip` and `DIR/FR/*.xml`.
///
/// - Coordinates are degrees × 100000 and may carry decimals. Prices are euros, or thousandths of a euro in files
///   from before 2022 (a value above 10 is divided by 1000). Both are rounded, to 6 and 3 places, on the digits of
///   their text (``PublishedPlaces``). Times are Europe/Paris wall-clock time.
/// - The feed has no station name or brand: both stay nil.
/// - `pop="A"` marks a motorway station (`motorway` true; nil otherwise, as the tile format writes it only when true). Hours follow the rule of ``FRHours``; services are
///   the feed's own labels, sorted. Shortages are resolved as ``FRStationDraft/station(reference:maxPriceAge:fuels:counters:)``
///   describes; a week closed on all seven days while prices are current leaves the hours unknown.
/// - The reference time is the newest `maj` (price time) of all files. When a station appears more than once, the
///   record with the newest price wins.
public struct FRAdapter: FeedAdapter {
    public let country = "FR"

    public init() {}

    public func parse(_ input: FeedInput) throws -> FeedParseResult {
        let clock = try input.localClock()
        var drafts: [Int: FRStationDraft] = [:]
        var counters = ReasonTally()
        var rejects = ReasonTally()
        var records = 0
        for file in try input.files(withExtensions: ["zip", "xml"]) {
            let bytes = try input.read(file)
            for document in try documents(in: bytes, file: file) {
                let handler = FRDocumentHandler(prefix: document.prefix, clock: clock)
                do {
                    try checkEncoding(document.bytes, file: file, prefix: document.prefix)
                    try XMLStreamParser.parse(document.bytes, name: file.lastPathComponent, handler: handler)
                } catch let error as FRRecordError {
                    throw FeedError(country: country, file: file.path, location: error.location, reason: error.reason)
                } catch let error as XMLSyntaxError {
                    throw FeedError(
                        country: country, file: file.path, location: document.prefix + "line \(error.line)",
                        reason: "not well-formed XML: \(error.message)")
                }
                guard handler.records > 0 else {
                    throw FeedError(
                        country: country, file: file.path, location: document.prefix.isEmpty ? nil : document.prefix,
                        reason: "the document holds no <pdv> station")
                }
                records += handler.records
                counters += handler.counters
                for draft in handler.drafts {
                    if let existing = drafts[draft.id] {
                        counters[.stationListedTwice] += 1
                        if existing.newestUpdate > draft.newestUpdate { continue }
                    }
                    drafts[draft.id] = draft
                }
            }
        }
        let reference = drafts.values.map(\.newestUpdate).max() ?? Int64.min
        guard reference != Int64.min else {
            throw FeedError(country: country, file: input.folder.path, reason: "no <prix> price in any feed file")
        }
        var fuels = FRFuelResolver(table: input.config.fuels)
        var stations: [Station] = []
        let maxPriceAge = Int64(input.config.maxPriceAgeDays) * 86_400
        var hours = TextPool()  // most stations share one of a few opening-hours texts
        // Each draft is dropped as its station is made, so the two never both exist for the whole feed.
        while let (_, draft) = drafts.popFirst() {
            guard
                var station = draft.station(
                    reference: reference, maxPriceAge: maxPriceAge, fuels: &fuels, counters: &counters)
            else {
                rejects[.emptyCoordinates] += 1
                continue
            }
            station.hours = hours.shared(station.hours)
            station.openingHours = hours.shared(station.openingHours)
            stations.append(station)
        }
        stations.sort { $0.id < $1.id }
        return FeedParseResult(
            stations: stations, referenceTime: Date(timeIntervalSince1970: TimeInterval(reference)), records: records,
            reasons: rejects + counters,
            notes: ["reference time: the newest price time (maj) in the feed, \(UTCTime.format(seconds: reference))"])
    }

    /// The one XML document the publisher's ZIP holds.
    static let entryName = "PrixCarburants_instantane.xml"

    /// What a feed ZIP may hold: one entry of about 12 MB in the real files, so 100 MB is far beyond any real one.
    static let zipLimits = ZipLimits(maxEntryBytes: 100_000_000, maxEntries: 4)

    /// The XML document of a feed file: the file itself, or exactly the entry ``entryName`` of a ZIP. A ZIP with
    /// any other `.xml` entry is refused, naming it: an extra document could add or replace stations unseen.
    private func documents(in bytes: [UInt8], file: URL) throws -> [(prefix: String, bytes: [UInt8])] {
        guard file.pathExtension.lowercased() == "zip" else { return [("", bytes)] }
        do {
            let archive = try ZipArchive(bytes: bytes, file: file.path, limits: Self.zipLimits)
            let documents = archive.entries.filter { !$0.isDirectory && $0.name.lowercased().hasSuffix(".xml") }
            if let other = documents.first(where: { $0.name != Self.entryName }) {
                throw FeedError(
                    country: country, file: file.path, location: "entry \(other.name)",
                    reason: "the archive holds an XML document other than \(Self.entryName); refused")
            }
            guard let entry = documents.first else {
                let names = archive.entries.map(\.name).joined(separator: ", ")
                throw FeedError(
                    country: country, file: file.path,
                    reason: "the archive holds no \(Self.entryName) (entries: \(names.isEmpty ? "none" : names))")
            }
            return [("entry \(entry.name), ", try archive.extract(entry, limits: Self.zipLimits))]
        } catch let error as ZipError {
            throw FeedError(
                country: country, file: file.path, location: error.entry.map { "entry \($0)" }, reason: error.reason)
        }
    }

    /// The feed is ISO-8859-1; a UTF-16 or UTF-32 document (a BOM or NUL bytes up front) is not the feed.
    private func checkEncoding(_ bytes: [UInt8], file: URL, prefix: String) throws {
        if Text.looksLikeUTF16OrUTF32(bytes) {
            throw FeedError(
                country: country, file: file.path, location: prefix.isEmpty ? "line 1" : prefix + "line 1",
                reason: "the document is UTF-16 or UTF-32; the feed is ISO-8859-1 XML")
        }
    }
}
