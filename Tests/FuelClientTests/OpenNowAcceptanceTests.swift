import Foundation
import FuelClient
import FuelFormat
import Testing
import _FuelTestSupport

/// Issue 35's open-now acceptance: the FR card automat at night, and AT's `PH` rules read with the zone and public
/// holidays of the sources document, through `TileClient` over the conformance kit's build (format 1 and 2).
@Suite struct OpenNowAcceptanceTests {
    static func instant(_ text: String) -> Date {
        Date(timeIntervalSince1970: TimeInterval(UTCTime.parse(text)!))
    }

    /// FR-80005121 of a generated build (`fuel-bench gen`, scale 1, seed 1: `Mo-Sa 07:00-22:00`, Sunday `ferme`,
    /// `automate-24-24="1"`) on Sunday 6 December 2026 at 00:30 Paris: open for card payment, where R11 without
    /// `automatHours` said closed.
    @Test func frenchAutomatOnASundayNight() throws {
        let france = try #require(try Self.kitClocks()["FR"])
        let station = Station(
            id: "FR-80005121", country: "FR", latitude: 50.005084, longitude: 2.23618,
            hours: "24/7 automat; Mo-Sa 07:00-22:00; Su closed", openingHours: "Mo-Sa 07:00-22:00; Su off",
            automatHours: "24/7")
        let sundayNight = Self.instant("2026-12-05T23:30:00Z")
        #expect(station.openState(at: sundayNight, clock: france) == .automat)
        var withoutAutomat = station
        withoutAutomat.automatHours = nil
        #expect(withoutAutomat.openState(at: sundayNight, clock: france) == .closed)
        #expect(
            station.openState(at: Self.instant("2026-12-07T09:00:00Z"), clock: france) == .open, "Monday 10:00: staffed"
        )
    }

    /// The kit's FR stations (the real 192 of `adapters/FR/samples`) on Sunday 00:30 Paris: the 46 that R11 called
    /// closed without `automatHours` are 26 automat and 20 closed, and a lookup keeps the automats with their answer.
    /// (The "26 of the 192 real FR sample stations".)
    @Test(arguments: [ReadFormat.v1, .v2]) func theKitsFrenchAutomatsAreKeptAtNight(_ format: ReadFormat) async throws {
        let client = TileClient(
            base: ConformanceTransport.base, transport: ConformanceTransport([:]), policy: ConformanceTransport.policy,
            format: format)
        // Three circles cover mainland France and Corsica.
        var france: [String: Station] = [:]
        for (latitude, longitude, radius) in [(47.5, 0.0, 500.0), (46.0, 5.5, 500.0), (42.2, 9.1, 150.0)] {
            let answer = try await client.stationsAround(latitude: latitude, longitude: longitude, radiusKm: radius)
            for near in answer.stations where near.station.country == "FR" { france[near.station.id] = near.station }
        }
        #expect(france.count == 192)
        let clock = try #require(try Self.kitClocks()["FR"])
        let night = Self.instant("2026-12-05T23:30:00Z")
        let before = france.values.filter { station in
            var old = station
            old.automatHours = nil
            return old.openState(at: night, clock: clock) == .closed
        }
        #expect(before.count == 46)
        #expect(before.filter { $0.openState(at: night, clock: clock) == .automat }.count == 26)
        let open = try await client.stationsAround(latitude: 46.7, longitude: 2.3, radiusKm: 500, openAt: night)
        let answers = open.stations.filter { $0.station.country == "FR" }.map(\.open)
        #expect(answers.count { $0 == .automat } > 26, "the 26 and those without openingHours are kept as automat")
        #expect(!answers.contains(.closed))
    }

    /// Vienna in the kit: every AT station with `openingHours` answers open or closed at 10:00 on every ordinary day
    /// of 2026 and never unknown, and on 26 October (Nationalfeiertag) as its `PH` rule says; the lookup reads the
    /// holidays from the sources document the index names.
    @Test(arguments: [ReadFormat.v1, .v2]) func austrianHoursAnswerWithTheHolidays(_ format: ReadFormat) async throws {
        let client = TileClient(
            base: ConformanceTransport.base, transport: ConformanceTransport([:]), policy: ConformanceTransport.policy,
            format: format)
        let vienna = try await client.stationsAround(latitude: 48.21, longitude: 16.37, radiusKm: 30)
        let austria = vienna.stations.map(\.station).filter { $0.country == "AT" && $0.openingHours != nil }
        #expect(austria.count >= 5)
        #expect(austria.contains { $0.openingHours?.contains("PH") == true })

        let tuesday = Self.instant("2026-12-01T09:00:00Z")
        let lookup = try await client.stationsAround(latitude: 48.21, longitude: 16.37, radiusKm: 30, openAt: tuesday)
        let answers = lookup.stations.filter { $0.station.openingHours != nil }.compactMap(\.open)
        #expect(!answers.isEmpty && answers.allSatisfy { $0 == .open }, "\(answers)")

        let clock = try #require(try Self.kitClocks()["AT"])
        let holidays = try #require(clock.holidays)
        var withoutHolidays = clock
        withoutHolidays.holidays = nil
        #expect(holidays.from == "2025-01-01" && holidays.to == "2027-12-31")
        var day = CivilDate(year: 2026, month: 1, day: 1)
        while day.year == 2026 {
            defer { day = day.adding(days: 1) }
            guard holidays.isHoliday(day.text) == false else { continue }
            let tenOClock = try Self.viennaTen(day)
            for station in austria {
                let state = station.openState(at: tenOClock, clock: clock)
                #expect(state == .open || state == .closed, "\(station.id) on \(day.text): \(state)")
            }
        }
        let nationalDay = try Self.viennaTen(CivilDate(year: 2026, month: 10, day: 26))
        for station in austria {
            let hours = try #require(station.openingHours.flatMap(OpeningHours.init(parsing:)))
            let byRule: OpenState
            if hours.alwaysOpen {
                byRule = .open
            } else {
                let rule = hours.holidays ?? hours.week[0] ?? []
                byRule = rule.contains { $0.start <= 600 && ($0.crossesMidnight || 600 < $0.end) } ? .open : .closed
            }
            #expect(station.openState(at: nationalDay, clock: clock) == byRule, "\(station.id)")
            if hours.holidays != nil { #expect(station.openState(at: nationalDay, clock: withoutHolidays) == .unknown) }
        }
        #expect(
            austria.contains { station in
                station.openState(at: nationalDay, clock: clock)
                    != station.openState(at: Self.instant("2026-10-19T08:00:00Z"), clock: clock)
            }, "26 October answers otherwise than the Monday before for some station")
    }

    /// 10:00 in Vienna on `day`.
    static func viennaTen(_ day: CivilDate) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "Europe/Vienna"))
        return try #require(
            calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 10)))
    }

    /// Each country's clock (zone, areas, `publicHolidays`) in the kit's `sources.json`.
    static func kitClocks() throws -> [String: CountryClock] {
        let file = ConformanceKit.folder.appendingPathComponent("build/fuel/sources.json")
        let json = Data(try GzipReader.decompress([UInt8](Data(contentsOf: file))))
        return CountryClock.byCountry(try JSONDecoder().decode(SourcesFile.self, from: json))
    }
}
