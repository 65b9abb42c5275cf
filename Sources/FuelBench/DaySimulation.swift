import Foundation
import FuelBuild
import FuelClient
import FuelFetch
import FuelFormat
import FuelPublishing
import FuelUpload

/// One schedule's simulated span: the scheduled runs (the real fetch, build and upload), and the phone looking up
/// random points every ``DayOptions/phoneEveryMinutes`` minutes, all on one ``SimulatedClock``.
struct DaySimulation {
    let options: DayOptions
    let schedule: DaySchedule
    let server: S3ServerProcess
    let bucket: String
    let log: (String) -> Void

    private var adapters: URL { options.adapters }
    private var folders: JobFolders { JobFolders(work: work) }
    private var work: URL { options.work.appendingPathComponent(schedule.rawValue) }

    /// Runs the span and measures it.
    /// - Throws: ``BenchError`` when a fetch, build, upload or lookup fails.
    func run() async throws -> DayScheduleReport {
        try? FileManager.default.removeItem(at: work)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let clock = SimulatedClock(options.start)
        let model = DayPriceModel(start: options.start, scale: options.scale, seed: options.seed)
        let feeds = DayFeeds(clock: clock, model: model, work: folders.generated)
        let counter = BucketCounter()
        var state = PublishState()
        let budgets = try DayBudgets(options.adapters)
        // Yesterday's last run: the bucket and the phone start from a full, fresh build at the start.
        _ = try await publish(
            at: options.start, clock: clock, feeds: feeds, counter: counter, state: &state, due: false)
        let requestsBefore = feeds.requests
        let bytesBefore = feeds.bytes
        let notModifiedBefore = feeds.notModified
        let bucketBefore = counter.totals
        let points = try phonePoints()
        let settings = try uploadSettings(now: clock.now, counter: nil)
        let phoneTransport = PhoneTransport(client: settings.makeClient())
        let phone = TileClient(
            base: URL(string: "http://bucket.local")!, cacheDirectory: work.appendingPathComponent("phone-cache"),
            transport: phoneTransport, clock: { clock.now })
        var ages: [String: [Double]] = [:]
        var runSeconds: [Double] = []
        var paced: [Double] = []
        var lookups = 0
        var rng = SplitMix64(options.seed, SplitMix64.tag("day phone"))
        let end = options.start.addingTimeInterval(options.hours * 3_600)
        for event in events(until: end) {
            switch event {
            case .run(let time):
                log("\(schedule.rawValue): run at \(UTCTime.format(time))")
                let before = feeds.requests
                let seconds = try await publish(
                    at: time, clock: clock, feeds: feeds, counter: counter, state: &state,
                    due: schedule == .hourly)
                runSeconds.append(seconds)
                paced.append(budgets.pacedSeconds(feeds.requests.merging(before) { $0 - $1 }))
            case .phone(let time):
                clock.set(time)
                for _ in 0..<options.lookupsPerCheck {
                    let (latitude, longitude) = points[rng.below(points.count)]
                    let result: NearbyResult
                    do { result = try await phone.stationsAround(latitude: latitude, longitude: longitude) } catch {
                        throw BenchError(
                            "\(schedule.rawValue): the phone's lookup at \(UTCTime.format(time)) failed: \(error)")
                    }
                    lookups += 1
                    guard let moments = state.moments[result.indexBuiltAt] else {
                        throw BenchError("\(schedule.rawValue): the phone read a build the simulation did not make")
                    }
                    for nearby in result.stations {
                        guard let moment = moments[nearby.station.country] else { continue }
                        let age = time.timeIntervalSince(moment) / 60
                        ages[nearby.station.country, default: []] += Array(
                            repeating: age, count: nearby.station.prices.count)
                    }
                }
            }
        }
        let bucket = counter.totals
        let phoneTotals = phoneTransport.totals
        let history = finishedHistoryDay()
        var report = DayScheduleReport(
            schedule: schedule.rawValue, hours: options.hours, runs: runSeconds.count,
            ages: ages.mapValues(Spread.init), pricesSeen: ages.mapValues(\.count),
            feedRequests: feeds.requests.merging(requestsBefore) { $0 - $1 },
            feedNotModified: feeds.notModified.merging(notModifiedBefore) { $0 - $1 },
            feedBytes: feeds.bytes.merging(bytesBefore) { $0 - $1 },
            budgets: budgets.perDay,
            puts: bucket.puts - bucketBefore.puts, lists: bucket.lists - bucketBefore.lists,
            classA: bucket.classA - bucketBefore.classA, classB: bucket.classB - bucketBefore.classB,
            uploadedBytes: bucket.bytesSent - bucketBefore.bytesSent,
            phoneLookups: lookups, phoneRequests: phoneTotals.requests, phoneBytes: phoneTotals.bytes,
            runSeconds: Spread(runSeconds), runsWithUpload: state.uploads - 1, pacedFetchSeconds: Spread(paced))
        report.historyFiles = history?.files
        report.historyBytes = history?.bytes
        return report
    }

    /// The newest day of history (R14) in the last build, format 1's copy: how many files and their bytes.
    private func finishedHistoryDay() -> (files: Int, bytes: Int)? {
        let root = folders.out.appendingPathComponent("fuel").appendingPathComponent(HistoryFile.folder)
        guard let day = (try? FileManager.default.contentsOfDirectory(atPath: root.path))?.sorted().last else {
            return nil
        }
        let folder = root.appendingPathComponent(day)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let bytes = names.reduce(0) { total, name in
            total
                + ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path))?[
                    .size] as? Int ?? 0)
        }
        return (names.count, bytes)
    }

    /// What is live and what each build holds: per build time, the feed moment of each country's data.
    struct PublishState {
        var moments: [Date: [String: Date]] = [:]
        var held: [String: Date] = [:]
        var live: Date?
        var uploads = 0
    }

    enum Event {
        case run(Date)
        case phone(Date)

        var time: Date {
            switch self {
            case .run(let time), .phone(let time): time
            }
        }
    }

    /// The schedule's runs and the phone's checks, in time order (a run before a check at the same moment).
    func events(until end: Date) -> [Event] {
        var events: [Event] = []
        var phone = options.start.addingTimeInterval(Double(options.phoneEveryMinutes) * 60)
        while phone <= end {
            events.append(.phone(phone))
            phone.addTimeInterval(Double(options.phoneEveryMinutes) * 60)
        }
        let hour = (options.start.timeIntervalSince1970 / 3_600).rounded(.down) * 3_600
        var run = Date(timeIntervalSince1970: hour + (schedule == .hourly ? DaySchedule.hourlyMinute * 60 : 0))
        while run <= end {
            let second = run.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
            if run > options.start, schedule == .hourly || abs(second - DaySchedule.dailyMinute * 60) < 1 {
                events.append(.run(run))
            }
            run.addTimeInterval(schedule == .hourly ? 3_600 : 60)
        }
        return events.sorted { lhs, rhs in
            if lhs.time != rhs.time { return lhs.time < rhs.time }
            if case .run = lhs { return true }
            return false
        }
    }

    /// One run at `time`: fetch (only what is due, when `due`), build (`--skip-unchanged` when `due`), upload when
    /// the build wrote something. Returns its wall time in seconds.
    private func publish(
        at time: Date, clock: SimulatedClock, feeds: DayFeeds, counter: BucketCounter, state: inout PublishState,
        due: Bool
    ) async throws -> Double {
        clock.set(time)
        try feeds.prepare()
        let started = Date()
        let fetchOptions = folders.fetchOptions(adapters: adapters, onlyDue: due) { clock.now }
        let fetched = try await FeedFetcher(options: fetchOptions, client: feeds).run()
        if let failure = fetched.failures.first?.error {
            throw BenchError("\(schedule.rawValue) at \(UTCTime.format(time)): fetch failed: \(failure)")
        }
        for result in fetched.results where result.notDueUntil == nil {
            state.held[result.country] = DayFeeds.publishedMoment(result.country, at: time)
        }
        var buildOptions = BuildOptions(
            feedsDirectory: folders.feeds, outputDirectory: folders.out, adaptersDirectory: adapters,
            builtAt: time, layout: .both)
        buildOptions.skipUnchanged = due
        buildOptions.now = { clock.now }
        let report: BuildReport
        do { report = try await Builder(options: buildOptions).run().0 } catch {
            throw BenchError("\(schedule.rawValue) at \(UTCTime.format(time)): build failed: \(error)")
        }
        if report.unchangedSince != nil, let live = state.live {
            // Nothing written or uploaded; what the live build holds was just confirmed current.
            state.moments[live] = state.held
            return Date().timeIntervalSince(started)
        }
        state.moments[time] = state.held
        do {
            _ = try await Publisher(settings: uploadSettings(now: time, counter: counter)) { _ in }.run()
        } catch {
            throw BenchError("\(schedule.rawValue) at \(UTCTime.format(time)): upload failed: \(error)")
        }
        state.live = time
        state.uploads += 1
        return Date().timeIntervalSince(started)
    }

    private func uploadSettings(now: Date, counter: BucketCounter?) throws -> UploadSettings {
        var settings = try UploadSettings(
            options: UploadOptions(
                from: folders.out, bucket: bucket, endpoint: server.endpoint, layout: .both, keepHours: 48, now: now),
            environment: server.environment)
        if let counter { settings.transport = counter }
        return settings
    }

    /// Published station locations to look up around, from the first build.
    private func phonePoints() throws -> [(Double, Double)] {
        let points = try LookupBench.stationLocations(folders.out.appendingPathComponent("fuel"))
        guard !points.isEmpty else { throw BenchError("the first build of the day has no station") }
        return points
    }
}
