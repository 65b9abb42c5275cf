import Foundation
import Synchronization

/// The feeds-layout copy of the committed samples behind ``RepositoryPaths/samples(from:)``: made once per process
/// and per `adapters/` folder, then shared read-only.
enum SampleFeeds {
    private static let made = Mutex<[String: URL]>([:])

    /// `DIR/<CC>/` holding a copy of `adapters/<CC>/samples/` for every country folder that has one.
    static func folder(adapters: URL) -> URL {
        made.withLock { made in
            if let folder = made[adapters.path] { return folder }
            let folder = RepositoryPaths.temporaryDirectory("fueltiles-samples")
            let countries = (try? FileManager.default.contentsOfDirectory(atPath: adapters.path)) ?? []
            for country in countries.sorted() {
                let samples = adapters.appendingPathComponent(country).appendingPathComponent("samples")
                guard FileManager.default.fileExists(atPath: samples.path) else { continue }
                do {
                    try FileManager.default.copyItem(at: samples, to: folder.appendingPathComponent(country))
                } catch {
                    fatalError("cannot copy \(samples.path) into \(folder.path): \(error)")
                }
            }
            made[adapters.path] = folder
            return folder
        }
    }
}
