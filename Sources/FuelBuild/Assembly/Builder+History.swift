import Foundation
import FuelCodecs
import FuelFormat
import FuelPublishing

/// The build's history steps (R14 of `docs/format.md`): before assembly, the finished day's files are written once
/// and the kept days carried into the new build; after the swap, this build's prices join the day so far.
extension Builder {
    /// What the history step before assembly decided.
    struct HistoryStep: Sendable {
        /// The index's `history` member.
        var listing: HistoryListing
        /// The day so far as kept, when it is today's: this build's prices join it.
        var today: HistorySoFar?
        /// The day the build writes out: its figures are final.
        var finishedDay: String?
        /// The day so far is of a later day than this build's (a replay of an older `builtAt`): it is left as is.
        var keptIsLater = false
    }

    /// Loads the kept day so far; when it is of an earlier UTC day within the kept window, writes its history files
    /// into the staged build (unless the previous build holds that day already: a day is written once), links the
    /// previous build's kept days into it, and lists the days of the window. A damaged or missing day so far (with a
    /// build published before) restarts the day with a warning; it never fails the build.
    /// - Throws: ``BuildError`` when a file cannot be written into the staged build.
    func prepareHistory(
        _ output: OutputDirectory, staged: StagedBuild?, hadBuild: Bool, events: @Sendable (BuildEvent) -> Void
    ) throws -> HistoryStep {
        let today = TrendFile.day(of: options.builtAt)
        let kept = Set(HistoryFile.window(before: options.builtAt, count: HistoryFile.keptDays))
        let listed = Set(HistoryFile.window(before: options.builtAt, count: HistoryFile.listedDays))
        var state: HistorySoFar?
        do {
            state = try Self.loadHistory(output)
        } catch {
            if hadBuild { events(.warning(.historyRestarted(reason: error.description))) }
        }
        let previous = Self.previousHistory(output)
        var days = Set(previous.keys).intersection(kept)
        var finished: String?
        var written: [String: [PublishedFile]] = [:]
        if let state, state.day < today, kept.contains(state.day), !state.stations.isEmpty {
            finished = state.day
            days.insert(state.day)
            if previous[state.day] == nil {
                written[state.day] = state.files().map { file in
                    let json = TileEncoder.encode(file)
                    return PublishedFile(
                        path: HistoryFile.path(day: file.day, key: file.key.description), jsonBytes: json.count,
                        gzipped: Gzip.compress(json))
                }
            }
        }
        if let staged {
            for day in days.sorted() {
                try placeHistory(day, written: written[day], previous: previous[day], into: staged)
            }
        }
        return HistoryStep(
            listing: HistoryListing(days: days.intersection(listed).sorted()),
            today: state?.day == today ? state : nil, finishedDay: finished, keptIsLater: (state?.day ?? "") > today)
    }

    /// Writes (or links from the previous build) one day's files into each format of the staged build.
    private func placeHistory(
        _ day: String, written: [PublishedFile]?, previous: URL?, into staged: StagedBuild
    ) throws {
        let folders =
            (options.layout.includesV1 ? [HistoryFile.folder] : [])
            + (options.layout.includesV2 ? ["\(Format2.folder)/\(HistoryFile.folder)"] : [])
        for folder in folders {
            let target = staged.partial.appendingPathComponent(folder).appendingPathComponent(day)
            do {
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            } catch {
                throw BuildError.output(path: target.path, reason: "cannot create: \(ErrorText.describe(error))")
            }
            let prefix = folder == HistoryFile.folder ? "" : "\(Format2.folder)/"
            if let written {
                for file in written {
                    var placed = file
                    placed.path = prefix + file.path
                    if prefix.isEmpty || !options.layout.includesV1 {
                        try staged.write(placed)
                    } else {
                        try staged.link(staged.partial.appendingPathComponent(file.path), as: placed)
                    }
                }
            } else if let previous {
                for name in Self.jsonFiles(in: previous) {
                    let path = prefix + HistoryFile.path(day: day, key: String(name.dropLast(".json".count)))
                    let existing = previous.appendingPathComponent(name)
                    // Linked as tiles are; copied only where a link cannot be made.
                    if Foundation.link(existing.path, staged.partial.appendingPathComponent(path).path) == 0 {
                        continue
                    }
                    guard let bytes = FileBytes.contents(of: existing.path) else {
                        throw BuildError.output(path: existing.path, reason: "cannot read a kept history file")
                    }
                    try staged.write(PublishedFile(path: path, jsonBytes: 0, gzipped: bytes))
                }
            }
        }
    }

    /// Adds this build's published prices (every fresh country's, from the kept states just committed; a carried
    /// country adds none) to the day so far and keeps it for the next build. A kept state that cannot be read
    /// leaves its country out of this build's observation, with a warning.
    func recordHistory(
        _ step: HistoryStep, countries: [String], build: String, output: OutputDirectory,
        events: @Sendable (BuildEvent) -> Void
    ) {
        guard !step.keptIsLater else { return }
        var state = step.today ?? HistorySoFar(day: TrendFile.day(of: options.builtAt))
        let folder = output.root.appendingPathComponent(KeptState.folderName)
        for country in countries.sorted() {
            do throws(KeptState.Unusable) {
                guard let file = FileBytes.contents(of: folder.appendingPathComponent(country).path) else {
                    throw KeptState.Unusable(description: "\(KeptState.folderName)/\(country) is missing")
                }
                let kept = try KeptState(parsing: file, country: country, build: build)
                var cells: [String: TileKey] = [:]
                for (key, cell) in kept.cells { for id in cell.ids { cells[id] = key } }
                for price in try kept.prices() {
                    guard let cell = cells[price.station] else { continue }
                    state.observe(station: price.station, cell: cell, slot: price.slot, thousandths: price.thousandths)
                }
            } catch {
                events(.warning(.historyRestarted(reason: "\(country)'s prices are not in today's history: \(error)")))
            }
        }
        do {
            try output.writeAtomically(Data(state.encoded()), to: HistorySoFar.fileName)
        } catch {
            events(.warning(.historyRestarted(reason: "the day so far could not be kept: \(error)")))
        }
    }

    /// The kept day so far.
    /// - Throws: ``HistorySoFar/Unusable`` when there is none or it cannot be used.
    static func loadHistory(_ output: OutputDirectory) throws(HistorySoFar.Unusable) -> HistorySoFar {
        let url = output.root.appendingPathComponent(HistorySoFar.fileName)
        guard let bytes = FileBytes.contents(of: url.path) else {
            if FileManager.default.fileExists(atPath: url.path) {
                throw HistorySoFar.Unusable(description: "\(HistorySoFar.fileName) cannot be read")
            }
            throw HistorySoFar.Unusable(description: "\(HistorySoFar.fileName) is missing")
        }
        return try HistorySoFar(parsing: bytes)
    }

    /// The days of history the published build holds, each day's folder: format 1's, or format 2's when the build
    /// has only that.
    static func previousHistory(_ output: OutputDirectory) -> [String: URL] {
        var days: [String: URL] = [:]
        for folder in [HistoryFile.folder, "\(Format2.folder)/\(HistoryFile.folder)"] {
            let root = output.published.appendingPathComponent(folder)
            for day in (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
            where TrendFile.isDay(day) && days[day] == nil {
                days[day] = root.appendingPathComponent(day)
            }
        }
        return days
    }

    /// The `.json` files of a folder, sorted.
    private static func jsonFiles(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".json") && !$0.hasPrefix(".")
        }.sorted()
    }
}
