import Foundation

/// Staging files a killed fetch left: `.<file>.part-<id>` in a country's folder and `.manifest.json.part-<id>` in the
/// feeds folder. A fetch that fails removes its own; one killed with SIGKILL cannot, so each fetch removes those
/// older than ``maxAge`` (a day: far longer than any fetch may run, so never a running fetch's), and an hourly job's
/// feeds folder keeps at most a day of them.
enum StagingLeftovers {
    /// How old a staging file must be to count as left over.
    static let maxAge: TimeInterval = 86_400

    /// Removes the left-over staging files of `countries` and of the manifest; `now` is the machine's clock, which
    /// the files' times are on.
    static func remove(in feeds: URL, countries: [String], now: Date = Date()) {
        for folder in [feeds] + countries.map({ feeds.appendingPathComponent($0) }) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where name.hasPrefix(".") && name.contains(".part-") {
                let file = folder.appendingPathComponent(name)
                let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
                guard let modified = attributes?[.modificationDate] as? Date, now.timeIntervalSince(modified) > maxAge
                else { continue }
                try? FileManager.default.removeItem(at: file)
            }
        }
    }
}
