import Foundation
import FuelProcess
import Testing
import _FuelTestSupport

/// A build that meets a full disk or a disk out of inodes, at whichever write the room runs out: it exits 1 naming
/// the file and `ENOSPC`, `OUT` is byte for byte what it was (the previous build, its link, its sidecars, no staging
/// folder), and once the room is back the next build succeeds with no one clearing anything. `OUT` lives on a small
/// tmpfs (``SmallDisk``); the previous build is ES alone, the new one all five samples in both formats.
@Suite(.tags(.executable), .serialized) struct FullDiskBuildTests {
    enum Resource: Sendable { case bytes, inodes }

    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var resource: Resource
        /// What is left free, from what the new build needs before its swap (``Need``).
        var left: @Sendable (Need) -> Int
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "no byte free", resource: .bytes, left: { _ in 0 }),
        Case(label: "half the bytes the build needs", resource: .bytes, left: { $0.bytes / 2 }),
        Case(label: "all the bytes but one page", resource: .bytes, left: { $0.bytes - 4096 }),
        Case(label: "no inode free", resource: .inodes, left: { _ in 0 }),
        Case(label: "one inode free: the build folder and nothing in it", resource: .inodes, left: { _ in 1 }),
        Case(label: "half the inodes the build needs", resource: .inodes, left: { $0.inodes / 2 }),
        Case(label: "every inode but one", resource: .inodes, left: { $0.inodes - 1 }),
        Case(label: "inodes for every file but none for the new link", resource: .inodes, left: { $0.inodes }),
    ]

    static let samples = RepositoryPaths.samples()
    static let previousBuiltAt = "2026-11-30T05:00:00Z"
    static let builtAt = "2026-11-30T06:00:00Z"

    @Test(arguments: cases)
    func aBuildThatCannotFitExitsOneAndLeavesThePreviousBuild(_ testCase: Case) throws {
        let need = try Self.need.get()
        let disk = try SmallDisk(bytes: 64 << 20, inodes: 20_000)
        defer { disk.unmount() }
        let out = disk.root.appendingPathComponent("out")
        try Executable.publishBuild(
            feeds: Self.samples, out: out, builtAt: Self.previousBuiltAt, ["--countries", "ES", "--layout", "both"])
        let before = OutState(out)
        switch testCase.resource {
        case .bytes: try disk.fill(leavingBytes: testCase.left(need))
        case .inodes: try disk.fill(leavingInodes: testCase.left(need))
        }

        let result = try Self.fullBuild(out)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("No space left on device (ENOSPC)"), "\(result.stderr)")
        #expect(result.stderr.contains("error: \(out.path)/"), "the error names the file: \(result.stderr)")
        let after = OutState(out)
        #expect(after.names == before.names, "OUT holds exactly what it held: no staging folder, link or temporary")
        #expect(after.link == before.link)
        #expect(after.files == before.files, "OUT/fuel and its sidecars are byte for byte the previous build's")

        disk.emptyFillers()
        let healed = try Self.fullBuild(out)
        #expect(healed.status == 0, "with room again, the next build needs no one: \(healed.stderr)")
        #expect(OutState(out).names.filter { $0.hasPrefix(".build-") }.count == 1)
    }

    /// Builds all five samples in both formats, an hour after the previous build.
    static func fullBuild(_ out: URL) throws -> Executable.Result {
        try Executable.run(
            "fuel-publish",
            ["build", "--feeds", samples.path, "--out", out.path, "--built-at", builtAt, "--layout", "both"])
    }

    /// What the new build takes from the disk before its swap, while the previous build is still there: measured on a
    /// roomy tmpfs by stopping the build after its last file is written (`FUEL_PUBLISH_TEST_STALL_BEFORE_SWAP`).
    struct Need: Sendable {
        var bytes: Int
        var inodes: Int
    }

    static let need: Result<Need, any Error> = Result {
        let disk = try SmallDisk(bytes: 64 << 20, inodes: 20_000)
        defer { disk.unmount() }
        let out = disk.root.appendingPathComponent("out")
        try Executable.publishBuild(
            feeds: samples, out: out, builtAt: previousBuiltAt, ["--countries", "ES", "--layout", "both"])
        let free = disk.free()
        let build = try Executable.start(
            "fuel-publish",
            ["build", "--feeds", samples.path, "--out", out.path, "--built-at", builtAt, "--layout", "both"],
            environment: ["FUEL_PUBLISH_TEST_STALL_BEFORE_SWAP": "60"])
        defer { build.killAndReap() }
        let deadline = ChildProcess.monotonicSeconds() + 60
        while OutState(out).names.filter({ $0.hasPrefix(".build-") && !$0.hasSuffix(".partial") }).count < 2 {
            guard build.isRunning, ChildProcess.monotonicSeconds() < deadline else {
                throw SmallDiskError(description: "the calibration build never reached its swap")
            }
            usleep(20_000)
        }
        let stalled = disk.free()
        let need = Need(bytes: free.bytes - stalled.bytes, inodes: free.inodes - stalled.inodes)
        guard need.bytes > 8 * 4096, need.inodes > 8 else {
            throw SmallDiskError(description: "the calibration measured too small a build: \(need)")
        }
        return need
    }
}

/// What `OUT` holds: its names, where `OUT/fuel` points, and every file's bytes.
struct OutState: Equatable {
    var names: [String]
    var link: String?
    var files: [String: Data]

    init(_ out: URL) {
        names = ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).sorted()
        link = try? FileManager.default.destinationOfSymbolicLink(atPath: out.appendingPathComponent("fuel").path)
        files = TreeSnapshot.take(out)
    }
}
