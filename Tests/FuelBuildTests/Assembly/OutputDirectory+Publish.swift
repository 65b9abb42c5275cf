import FuelBuild

extension OutputDirectory {
    /// Writes every file into a fresh build folder, then atomically points `OUT/fuel` at it and removes the old one:
    /// a whole file set at once, which only the tests need (the builder stages and commits as it goes).
    /// - Parameter beforeSwap: called once every file is on disk, just before the swap.
    /// - Throws: ``BuildError/output(path:reason:)``; `OUT/fuel` is then unchanged.
    func publish(_ files: [PublishedFile], buildName: String, beforeSwap: () -> Void = {}) throws {
        let staged = try stage(buildName: buildName)
        do {
            for file in files { try staged.write(file) }
        } catch {
            staged.discard()
            throw error
        }
        try commit(staged, beforeSwap: beforeSwap)
    }
}
