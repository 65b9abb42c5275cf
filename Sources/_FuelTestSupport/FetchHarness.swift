import Foundation
import FuelFeeds

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A feed publisher on 127.0.0.1 (`Tests/Servers/feed_server.py`) serving small fixture feeds for all five
/// countries, an adapters folder whose `"fetch"` objects point at it, and an empty feeds folder.
public struct FetchHarness {
    public let server: LocalServer
    public let serverRoot: URL
    public let adapters: URL
    public let feeds: URL

    /// The ES document served: the first 40 stations of a real MITECO response (from `adapters/ES/samples`).
    public static let spanishDocument: [UInt8] = {
        let samples = RepositoryPaths.sample("ES")
        let name = (try? FileManager.default.contentsOfDirectory(atPath: samples.path))?.sorted()
            .first { $0.hasSuffix(".json") }
        return name.flatMap { FileManager.default.contents(atPath: samples.appendingPathComponent($0).path) }
            .map { [UInt8]($0) } ?? Array(#"{"Fecha":"27\/09\/2025 18:05:47","ListaEESSPrecio":[]}"#.utf8)
    }()

    public static let frenchXML = Array(
        """
        <?xml version="1.0" encoding="ISO-8859-1" standalone="yes"?>
        <pdv_liste><pdv id="1000001" latitude="4620114" longitude="519791" cp="01000" pop="R">\
        <adresse>596 AVENUE DE TREVOUX</adresse><ville>SAINT-DENIS-LES-BOURG</ville>\
        <prix nom="Gazole" id="1" maj="2024-05-08 12:30:00" valeur="1.739"/></pdv></pdv_liste>

        """.utf8)

    public static func italianRegistry(date: String) -> [UInt8] {
        Array(
            """
            Estrazione del \(date)
            idImpianto|Gestore|Bandiera|Tipo Impianto|Nome Impianto|Indirizzo|Comune|Provincia|Latitudine|Longitudine
            3464|AUTOSTRADE|Agip Eni|Autostradale|CHIENTI EST|A14 km 285|MONTE SAN GIUSTO|MC|43.2637|13.6497
            """.utf8)
    }

    public static func italianPrices(date: String) -> [UInt8] {
        Array(
            """
            Estrazione del \(date)
            idImpianto|descCarburante|prezzo|isSelf|dtComu
            3464|Benzina|1.889|1|21/08/2026 07:15:01
            """.utf8)
    }

    /// Five PT records, served two per page: three pages, then an empty one.
    public static var portugueseStations: [[String: Any]] {
        (1...5).map { index in
            [
                "Id": 100 + index, "Nome": "Posto \(index)", "Marca": "GALP", "Combustivel": "Gasóleo simples",
                "Preco": "1,649 €", "DataAtualizacao": "2026-11-30 08:00", "Latitude": 38.7 + Double(index) / 100,
                "Longitude": -9.1,
            ] as [String: Any]
        }
    }

    /// Two Bundesländer, three political districts.
    public static var austrianRegions: [[String: Any]] {
        [
            [
                "code": 1, "type": "BL", "name": "Burgenland",
                "subRegions": [
                    ["code": 101, "type": "PB", "name": "Eisenstadt(Stadt)", "postalCodes": ["7000"]],
                    ["code": 102, "type": "PB", "name": "Rust(Stadt)", "postalCodes": ["7071"]],
                ],
            ],
            [
                "code": 5, "type": "BL", "name": "Salzburg",
                "subRegions": [["code": 501, "type": "PB", "name": "Salzburg(Stadt)", "postalCodes": ["5020"]]],
            ],
        ]
    }

    public static let austrianStations = Array(
        #"[{"id":766271,"name":"Rumpold","location":{"address":"Hauptstraße 1","postalCode":"7000","city":"Eisenstadt","latitude":47.84,"longitude":16.52},"prices":[{"fuelType":"DIE","amount":1.519,"label":"Diesel"}],"open":true,"position":1}]"#
            .utf8)

    public init(
        fetch: [String: [String: FetchSettingValue]] = [:],
        italianDates: (String, String) = ("2026-08-21", "2026-08-21")
    ) throws {
        serverRoot = RepositoryPaths.temporaryDirectory("fetch-server")
        adapters = RepositoryPaths.temporaryDirectory("fetch-adapters")
        feeds = RepositoryPaths.temporaryDirectory("fetch-feeds")
        try Self.write(Self.spanishDocument, to: serverRoot.appendingPathComponent("ES/doc.json"))
        try Self.write(
            TestZip.stored(name: "PrixCarburants_instantane.xml", contents: Self.frenchXML),
            to: serverRoot.appendingPathComponent("FR/instantane.zip"))
        try Self.write(
            Self.italianRegistry(date: italianDates.0),
            to: serverRoot.appendingPathComponent("IT/anagrafica_impianti_attivi.csv"))
        try Self.write(
            Self.italianPrices(date: italianDates.1),
            to: serverRoot.appendingPathComponent("IT/prezzo_alle_8.csv"))
        try Self.write(
            Array(try JSONSerialization.data(withJSONObject: Self.portugueseStations)),
            to: serverRoot.appendingPathComponent("PT-api/stations.json"))
        try Self.write(
            Array(try JSONSerialization.data(withJSONObject: Self.austrianRegions)),
            to: serverRoot.appendingPathComponent("AT-api/regions.json"))
        try Self.write(Self.austrianStations, to: serverRoot.appendingPathComponent("AT-api/by-region/101-DIE.json"))
        server = try LocalServer(script: .feeds, arguments: ["--root", serverRoot.path])

        for (country, url) in Self.endpoints(base: server.baseURL) {
            var merged: [String: FetchSettingValue] = ["url": .string(url)]
            if country == "PT" { merged["pageSize"] = 2 }
            merged["retryBaseDelay"] = 0.01
            merged["retryMaxDelay"] = 0.05
            merged["requestsPerSecond"] = 50
            merged.merge(fetch[country] ?? [:]) { $1 }
            try Self.writeSource(country: country, fetch: merged, into: adapters)
        }
    }

    /// Each country's endpoint on a harness server at `base`: what the adapters folder's `url` settings say.
    public static func endpoints(base: String) -> [String: String] {
        [
            "AT": "\(base)/sprit/1.0",
            "ES": "\(base)/files/ES/doc.json",
            "FR": "\(base)/files/FR/instantane.zip",
            "IT": "\(base)/files/IT/",
            "PT": "\(base)/api/PrecoComb/PesquisarPostos",
        ]
    }

    /// `FUEL_ENDPOINT_<CC>` variables pointing every country at this harness's server.
    public var endpointEnvironment: [String: String] {
        Dictionary(uniqueKeysWithValues: Self.endpoints(base: server.baseURL).map { ("FUEL_ENDPOINT_\($0)", $1) })
    }

    public func manifest() throws -> FeedManifest? { try FeedManifest.load(feedsDirectory: feeds) }

    /// A file in the feeds folder (as `Data`, so a failed comparison prints sizes, not bytes).
    public func feedFile(_ relativePath: String) -> Data? {
        FileManager.default.contents(atPath: feeds.appendingPathComponent(relativePath).path)
    }

    /// Every name in the country's folder, hidden ones included.
    public func folderListing(_ country: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: feeds.appendingPathComponent(country).path)) ?? [])
            .sorted()
    }

    // MARK: server control

    /// Programs faults for one path: used in order, one per request (`times` -1: forever).
    public func program(path: String, faults: [[String: Any]]) async throws {
        let body = try JSONSerialization.data(withJSONObject: ["path": path, "faults": faults])
        _ = try await call("/_control/faults", body: body)
    }

    public struct Recorded: Decodable {
        public var path: String
        public var query: String
        public var time: Double
        public var headers: [String: String]
    }

    private struct Log: Decodable { var requests: [Recorded] }

    /// Requests the server saw (oldest first), optionally only those whose path ends with `suffix`.
    public func requests(endingWith suffix: String = "") async throws -> [Recorded] {
        let data = try await call("/_control/requests", body: nil)
        return try JSONDecoder().decode(Log.self, from: data).requests.filter { $0.path.hasSuffix(suffix) }
    }

    private func call(_ path: String, body: Data?) async throws -> Data {
        var request = URLRequest(url: URL(string: server.baseURL + path)!)
        if let body {
            request.httpMethod = "POST"
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, _) = try await URLSession.shared.data(for: request)
        return data
    }

    // MARK: files

    /// SHA-256 of a file by an independent implementation (coreutils), to check the manifest's digests.
    public static func sha256Hex(of file: URL) throws -> String {
        try CapturedRun.run("sha256sum", [file.path]).stdout.split(separator: " ").first.map(String.init) ?? ""
    }

    public static func write(_ bytes: [UInt8], to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// Writes a minimal `<CC>/source.json` into `adapters`, with this `"fetch"` object (none when nil).
    public static func writeSource(
        country: String, fetch: [String: FetchSettingValue]?, into adapters: URL
    ) throws {
        var source: [String: Any] = [
            "version": 1, "country": country, "publisher": "Test publisher \(country)", "url": "https://example.org",
            "licence": "test", "licenceUrl": "https://example.org/licence", "attribution": "test",
            "coverage": "test fixture", "timeZone": "Europe/Madrid", "maxPriceAgeDays": 30,
            "boxes": [["name": "all", "south": -90, "west": -180, "north": 90, "east": 180]],
        ]
        if let fetch { source["fetch"] = try JSONSerialization.jsonObject(with: JSONEncoder().encode(fetch)) }
        let data = try JSONSerialization.data(withJSONObject: source, options: [.sortedKeys])
        try write(Array(data), to: adapters.appendingPathComponent("\(country)/source.json"))
    }
}

/// A minimal ZIP writer (one stored entry), so the FR fixture is a real archive.
public enum TestZip {
    public static func stored(name: String, contents: [UInt8]) -> [UInt8] {
        let crc = crc32(contents)
        let nameBytes = Array(name.utf8)
        var zip: [UInt8] = []
        func le16(_ value: Int) { zip += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le16s(_ values: Int...) { values.forEach(le16) }
        func le32(_ value: UInt32) { zip += (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        le32(0x0403_4B50)
        le16s(20, 0, 0, 0, 0x21)
        le32(crc)
        le32(UInt32(contents.count))
        le32(UInt32(contents.count))
        le16s(nameBytes.count, 0)
        zip += nameBytes + contents
        let central = zip.count
        le32(0x0201_4B50)
        le16s(20, 20, 0, 0, 0, 0x21)
        le32(crc)
        le32(UInt32(contents.count))
        le32(UInt32(contents.count))
        le16s(nameBytes.count, 0, 0, 0, 0)
        le32(0)
        le32(0)
        zip += nameBytes
        let centralSize = zip.count - central
        le32(0x0605_4B50)
        le16s(0, 0, 1, 1)
        le32(UInt32(centralSize))
        le32(UInt32(central))
        le16(0)
        return zip
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
