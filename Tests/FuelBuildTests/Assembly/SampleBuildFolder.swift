import Foundation
import _FuelTestSupport

/// A temporary folder for a test that builds the samples: `feeds` holds a copy of every `adapters/<CC>/samples`
/// (``CountryReuseTests/feeds(_:)``) and `out` is where the builds go. `remove()` deletes it all.
struct SampleBuildFolder {
    let root: URL
    let feeds: URL
    let out: URL

    init(_ name: String) throws {
        let root = RepositoryPaths.temporaryDirectory(name)
        do {
            feeds = try CountryReuseTests.feeds(root)
        } catch {
            try? FileManager.default.removeItem(at: root)
            throw error
        }
        self.root = root
        out = root.appendingPathComponent("out")
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}
