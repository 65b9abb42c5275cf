import Foundation
import FuelFeeds
import FuelFetch
import FuelFormat
import Testing
import _FuelTestSupport

/// AT's `slices`: one fetch asks the region list and one slice of the districts (code modulo the count), keeps every
/// other district's files and manifest entries as they were, and records the slice in the manifest so that the next
/// fetch takes the next one; a failed fetch does not advance. Over an in-memory E-Control, so no server starts.
@Suite struct FetchSlicesTests {
    /// An AT fetch in slices: an adapters folder asking ``InMemoryAustria``, and an empty feeds folder.
    struct Sliced {
        let austria = InMemoryAustria()
        let transport: ScriptedTransport
        let adapters = RepositoryPaths.temporaryDirectory("slices-adapters")
        let feeds = RepositoryPaths.temporaryDirectory("slices-feeds")

        init(slices: Int, extra: [String: FetchSettingValue] = [:]) throws {
            transport = austria.transport()
            try InMemoryAustria.writeSource(slices: slices, extra: extra, into: adapters)
        }

        /// Fetches AT with the clock at `time` (`2026-12-03T08:00:00Z`), expecting success unless told otherwise.
        @discardableResult
        func fetch(at time: String, failing: Bool = false) async throws -> CountryFetchResult {
            let seconds = try #require(UTCTime.parse(time))
            var options = FetchOptions(feedsDirectory: feeds, adaptersDirectory: adapters, countries: ["AT"])
            options.now = { Date(timeIntervalSince1970: TimeInterval(seconds)) }
            let result = try #require(try await FeedFetcher(options: options, client: transport).run().results.first)
            #expect(result.failed == failing, "\(time): \(String(describing: result.error))")
            return result
        }

        /// The districts asked since the log was last cleared, then clears it.
        func districtsAsked() -> Set<Int> {
            defer { transport.clearLog() }
            return Set(transport.sent(pathEndingWith: "/by-region").compactMap { $0.query["code"].flatMap(Int.init) })
        }

        func manifest() throws -> FeedManifest { try #require(try FeedManifest.load(feedsDirectory: feeds)) }

        func remove() {
            try? FileManager.default.removeItem(at: adapters)
            try? FileManager.default.removeItem(at: feeds)
        }
    }

    /// `2026-12-03T08:00:00Z` plus `hours`.
    static func hour(_ hours: Int) -> String { String(format: "2026-12-03T%02d:00:00Z", 8 + hours) }

    /// The requests the politeness budget counted for AT on the fetches' day.
    static func counted(_ feeds: URL) -> Int {
        RequestBudget(feedsDirectory: feeds, now: Date(timeIntervalSince1970: 1_796_284_800)).requests("AT")
    }

    /// The districts of slice `slice` of `count` among ``InMemoryAustria/districts``.
    static func districts(inSlice slice: Int, of count: Int) -> Set<Int> {
        Set(InMemoryAustria.districts.filter { ATFetchPlan.slice(of: $0, count: count) == slice })
    }

    @Test func theSliceAdvancesWrapsAndStaysOnAFailedFetch() async throws {
        let sliced = try Sliced(slices: 3, extra: ["attempts": 1])
        defer { sliced.remove() }
        // The first fetch has no files to keep, so it asks every district; it counts as slice 0.
        try await sliced.fetch(at: Self.hour(0))
        #expect(sliced.districtsAsked() == Set(InMemoryAustria.districts))
        #expect(try sliced.manifest().countries["AT"]?.slice == 0)
        #expect(try sliced.manifest().countries["AT"]?.slices == 3)

        for (hour, slice) in [(1, 1), (2, 2), (3, 0), (4, 1)] {
            let result = try await sliced.fetch(at: Self.hour(hour))
            #expect(sliced.districtsAsked() == Self.districts(inSlice: slice, of: 3), "fetch at \(Self.hour(hour))")
            #expect(try sliced.manifest().countries["AT"]?.slice == slice)
            #expect(result.downloaded == 6 + 1 && result.kept == 12, "the region list and 2 districts × 3 fuels")
        }

        // A failed fetch keeps every file and entry and the slice; the next one asks the same slice again.
        let before = try sliced.manifest()
        sliced.transport.script(path: "/sprit/1.0/search/gas-stations/by-region", [.status(503)])
        try await sliced.fetch(at: Self.hour(5), failing: true)
        _ = sliced.districtsAsked()
        let failed = try sliced.manifest()
        #expect(failed.files == before.files)
        #expect(failed.countries["AT"]?.failed == true)
        #expect(failed.countries["AT"]?.slice == 1 && failed.countries["AT"]?.slices == 3)
        try await sliced.fetch(at: Self.hour(6))
        #expect(sliced.districtsAsked() == Self.districts(inSlice: 2, of: 3))
        #expect(try sliced.manifest().countries["AT"]?.slice == 2)
    }

    @Test func theOtherSlicesKeepTheirFilesAndManifestEntries() async throws {
        let sliced = try Sliced(slices: 3)
        defer { sliced.remove() }
        try await sliced.fetch(at: Self.hour(0))
        let first = try sliced.manifest()
        var bytes: [String: Data] = [:]
        for path in first.files.keys { bytes[path] = try sliced.feedFile(path) }
        sliced.austria.changePrices(in: InMemoryAustria.districts)

        try await sliced.fetch(at: Self.hour(1))
        let second = try sliced.manifest()
        #expect(Set(second.files.keys) == Set(first.files.keys))
        for (path, entry) in second.files {
            let district = path.dropFirst(3).prefix(3)
            if path == "AT/_regions.json" || Self.districts(inSlice: 1, of: 3).contains(Int(district) ?? 0) {
                #expect(entry.fetchedAt == Self.hour(1), "\(path)")
            } else {
                #expect(entry == first.files[path], "\(path): its entry changed")
                #expect(try sliced.feedFile(path) == bytes[path], "\(path): its bytes changed")
            }
        }
    }

    @Test func aNewDistrictIsFetchedAtOnceAndAVanishedOneLosesItsFiles() async throws {
        let sliced = try Sliced(slices: 3)
        defer { sliced.remove() }
        try await sliced.fetch(at: Self.hour(0))
        _ = sliced.districtsAsked()
        // 107 is in slice 2, 104 in slice 2 as well; the next fetch refreshes slice 1.
        sliced.austria.setDistricts(InMemoryAustria.districts.filter { $0 != 104 } + [107])

        try await sliced.fetch(at: Self.hour(1))
        #expect(sliced.districtsAsked() == Self.districts(inSlice: 1, of: 3).union([107]))
        let paths = try sliced.manifest().files.keys
        #expect(InMemoryAustria.fuels.allSatisfy { paths.contains("AT/107-\($0).json") })
        #expect(!paths.contains { $0.hasPrefix("AT/104-") })
        #expect(!sliced.listing().contains { $0.hasPrefix("104-") }, "\(sliced.listing())")
    }

    /// Each fetch after the first sends the region list and the districts × fuels of one slice, and the politeness
    /// budget counts exactly those; over `slices` fetches every file is asked once.
    @Test(arguments: [1, 2, 3, 6])
    func requestsPerFetchShrinkWithTheSlices(_ slices: Int) async throws {
        let sliced = try Sliced(slices: slices)
        defer { sliced.remove() }
        try await sliced.fetch(at: Self.hour(0))
        let all = InMemoryAustria.districts.count * InMemoryAustria.fuels.count
        #expect(sliced.transport.sent.count == 1 + all)
        var asked: [String] = []
        for hour in 1...slices {
            sliced.transport.clearLog()
            let before = Self.counted(sliced.feeds)
            try await sliced.fetch(at: Self.hour(hour))
            let sent = sliced.transport.sent
            #expect(sent.count == 1 + all / slices)
            let counted = Self.counted(sliced.feeds) - before
            #expect(counted == sent.count, "the budget counted \(counted) of \(sent.count) requests")
            asked += sent.compactMap { request in
                request.query["code"].map { "\($0)-\(request.query["fuelType"] ?? "")" }
            }
        }
        #expect(asked.count == all && Set(asked).count == all, "every district and fuel once in a cycle")
    }
}

extension FetchSlicesTests.Sliced {
    /// A file of the feeds folder.
    func feedFile(_ relativePath: String) throws -> Data {
        try #require(FileManager.default.contents(atPath: feeds.appendingPathComponent(relativePath).path))
    }

    /// The names in `feeds/AT`.
    func listing() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: feeds.appendingPathComponent("AT").path)) ?? [])
            .sorted()
    }
}
