import Foundation

/// A file the build keeps beside `OUT/fuel` (never uploaded) about the build `OUT/fuel` links to, such as the tiles'
/// digests (``TileReuse``) or each country's inputs (``CountryInputs``): version 1, the build's folder name, and what
/// it records. It is trusted only while that build is the published one.
protocol BuildSidecar: Codable {
    /// The file's name in `OUT`.
    static var fileName: String { get }
    /// The format's version; only 1 is read.
    var version: Int { get }
    /// The build folder (`.build-…`) the file speaks of.
    var build: String { get }
}

extension BuildSidecar {
    /// The sidecar of the build `OUT/fuel` links to; nil when there is none, it is unreadable, of another version, or
    /// about another build.
    static func load(_ output: OutputDirectory) -> Self? {
        guard let current = output.currentBuildName(),
            let data = FileManager.default.contents(atPath: output.root.appendingPathComponent(fileName).path),
            let sidecar = try? JSONDecoder().decode(Self.self, from: data),
            sidecar.version == 1, sidecar.build == current
        else { return nil }
        return sidecar
    }

    /// Writes it atomically, keys sorted; a failure only costs the next build time, so it is not reported.
    func save(in output: OutputDirectory) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(self) else { return }
        try? output.writeAtomically(data, to: Self.fileName)
    }
}
