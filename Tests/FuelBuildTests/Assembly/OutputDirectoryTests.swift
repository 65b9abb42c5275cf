import Foundation
import FuelFormat
import Testing
import _FuelTestSupport

@testable import FuelBuild

/// ``OutputDirectory``: publishing a build behind the `fuel` link, its lock, and refusing a folder it did not make.
@Suite struct OutputDirectoryTests {
    static let time = DatasetAssemblerTests.time
    static let datasets = DatasetAssemblerTests.datasets

    @Test func publishSwapsTheLinkAndCleansUp() throws {
        let root = RepositoryPaths.temporaryDirectory("out")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = OutputDirectory(root: root)
        let files = DatasetAssembler.assemble(Self.datasets, builtAt: Self.time).files
        do {
            let lock = try output.lock()
            try output.publish(files, buildName: "one")
            withExtendedLifetime(lock) {}
        }
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: output.published.path) == ".build-one")
        #expect(output.publishedIndex()?.tiles.count == 3)
        // A stale partial build from a killed run, and a new build.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".build-killed.partial/tiles"), withIntermediateDirectories: true)
        let lock = try output.lock()
        output.removeLeftovers()
        try output.publish(Array(files.dropFirst()), buildName: "two")
        withExtendedLifetime(lock) {}
        let names = try FileManager.default.contentsOfDirectory(atPath: root.path).sorted()
        #expect(names == [".build-two", ".lock", "fuel"])
        #expect(
            !FileManager.default.fileExists(atPath: output.published.appendingPathComponent("tiles/77_-19.json").path))
    }

    @Test func aSecondBuildCannotTakeTheLock() throws {
        let root = RepositoryPaths.temporaryDirectory("out")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = OutputDirectory(root: root)
        let held = try output.lock()
        #expect(throws: BuildError.outputLocked(root.path)) { _ = try output.lock() }
        withExtendedLifetime(held) {}
    }

    @Test func aRealFolderIsRefusedAndLeftAlone() throws {
        let root = RepositoryPaths.temporaryDirectory("out")
        defer { try? FileManager.default.removeItem(at: root) }
        let notes = root.appendingPathComponent("fuel/tiles/notes.txt")
        try FileManager.default.createDirectory(
            at: notes.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("not ours".utf8).write(to: notes)
        let output = OutputDirectory(root: root)
        let lock = try output.lock()
        #expect(throws: BuildError.self) {
            try output.publish(DatasetAssembler.assemble(Self.datasets, builtAt: Self.time).files, buildName: "x")
        }
        withExtendedLifetime(lock) {}
        #expect(try String(contentsOf: notes, encoding: .utf8) == "not ours")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: output.published.path)) == nil)
    }
}
