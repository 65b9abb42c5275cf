import Foundation
import Testing

/// ARCHITECTURE.md's module table says, module by module, what a file may `import`. These tests hold every `import`
/// line of `Sources/<module>/**/*.swift`, and every dependency `Package.swift` gives a module, to that column, so the
/// table cannot drift from the code (the build's `--explicit-target-dependency-import-check error` holds
/// `Package.swift` to the imports in turn).
@Suite struct ArchitectureImportTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The Swift modules of `Sources/`: the folders holding Swift files (the C shims hold a module map only).
    static let modules: [String] = {
        let sources = root.appending(path: "Sources")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        return folders.filter { !swiftFiles(in: sources.appending(path: $0)).isEmpty }.sorted()
    }()

    @Test func theTableListsEveryModuleOfSourcesAndNoOther() throws {
        let table = try ModuleTable.read(Self.root.appending(path: "ARCHITECTURE.md"))
        #expect(Self.modules.count > 10, "Sources/ was not found from \(#filePath)")
        #expect(
            Set(table.allowed.keys) == Set(Self.modules),
            "ARCHITECTURE.md's table lists \(table.allowed.keys.sorted()), Sources/ holds \(Self.modules)")
    }

    @Test(arguments: modules) func everyImportIsOneTheTableAllows(module: String) throws {
        let table = try ModuleTable.read(Self.root.appending(path: "ARCHITECTURE.md"))
        let allowed = try #require(table.allowed[module], "ARCHITECTURE.md's table has no row for \(module)")
        let files = Self.swiftFiles(in: Self.root.appending(path: "Sources/\(module)"))
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for imported in Self.imports(in: text) where !allowed.contains(imported) {
                let path = file.path.replacingOccurrences(of: Self.root.path + "/", with: "")
                let message =
                    "\(path) imports \(imported), which ARCHITECTURE.md's table does not allow \(module) "
                    + "(it allows \(allowed.sorted().joined(separator: ", ")))"
                Issue.record(Comment(rawValue: message))
            }
        }
    }

    @Test(arguments: modules) func everyPackageDependencyIsOneTheTableAllows(module: String) throws {
        let table = try ModuleTable.read(Self.root.appending(path: "ARCHITECTURE.md"))
        let allowed = try #require(table.allowed[module], "ARCHITECTURE.md's table has no row for \(module)")
        let manifest = try String(contentsOf: Self.root.appending(path: "Package.swift"), encoding: .utf8)
        let dependencies = try #require(
            Self.dependencies(of: module, inManifest: manifest), "Package.swift declares no target \(module)")
        for dependency in dependencies where !allowed.contains(dependency) {
            Issue.record(
                "Package.swift gives \(module) the dependency \(dependency), which ARCHITECTURE.md's table does not allow"
            )
        }
    }

    @Test func theImportLinesAreReadAsTheCompilerReadsThem() {
        let text = """
            import Foundation
            @testable import FuelBuild
            @preconcurrency import Dispatch
            public import struct FuelFormat.Station
            #if canImport(Glibc)
                import Glibc
            #endif
            // import FuelUpload
            let script = \"""
                import base64, io
                \"""
            """
        #expect(Self.imports(in: text) == ["Foundation", "FuelBuild", "Dispatch", "FuelFormat", "Glibc"])
    }

    @Test func aTargetsDependenciesAreReadFromTheManifest() {
        let manifest = """
            .library(name: "FuelBench", targets: ["FuelBench"]),
            .target(name: "FuelFeeds", dependencies: ["FuelFormat", "FuelCodecs"]),
            .target(
                name: "FuelBench",
                dependencies: [
                    "FuelFormat",
                    "FuelProcess", "CFuelZlib",
                ]),
            .target(name: "FuelFormat"),
            .executableTarget(name: "fuel-bench", dependencies: ["FuelBench"]),
            """
        #expect(Self.dependencies(of: "FuelFeeds", inManifest: manifest) == ["FuelFormat", "FuelCodecs"])
        #expect(
            Self.dependencies(of: "FuelBench", inManifest: manifest) == ["FuelFormat", "FuelProcess", "CFuelZlib"])
        #expect(Self.dependencies(of: "FuelFormat", inManifest: manifest) == [String]())
        #expect(Self.dependencies(of: "FuelUpload", inManifest: manifest) == nil)
    }

    /// Every `.swift` file below a folder, sorted.
    static func swiftFiles(in folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }

    /// The modules a file's `import` lines name, in order: attributes and access levels before `import`, a kind
    /// (`import struct M.T`) and a submodule (`M.Sub`) are allowed; lines inside a multi-line string are not imports.
    static func imports(in text: String) -> [String] {
        var modules: [String] = []
        var inString = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.components(separatedBy: "\"\"\"").count % 2 == 0 { inString.toggle() }
            guard !inString else { continue }
            var words = trimmed.split(separator: " ").map(String.init)
            while let first = words.first, first.hasPrefix("@") || Self.accessLevels.contains(first) {
                words.removeFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            let path = Self.kinds.contains(words[1]) && words.count == 3 ? words[2] : words[1]
            guard words.count <= 3, let module = path.split(separator: ".").first,
                module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
            else { continue }
            modules.append(String(module))
        }
        return modules
    }

    static let accessLevels: Set = ["public", "package", "internal", "fileprivate", "private"]
    static let kinds: Set = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var", "actor"]

    /// The names in a target's `dependencies: [...]` in `Package.swift`: `[]` for a target without dependencies, nil
    /// when no target has that name.
    static func dependencies(of module: String, inManifest manifest: String) -> [String]? {
        let targets = manifest.replacingOccurrences(of: ".executableTarget(", with: ".target(")
            .replacingOccurrences(of: ".testTarget(", with: ".target(").components(separatedBy: ".target(").dropFirst()
        guard
            let target = targets.first(where: {
                $0.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("name: \"\(module)\"")
            })
        else { return nil }
        guard let list = target.range(of: "dependencies: ["), let close = target[list.upperBound...].firstIndex(of: "]")
        else { return [] }
        return target[list.upperBound..<close].split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }
}

/// The module table of ARCHITECTURE.md: each module's row and the modules its last column allows.
struct ModuleTable {
    /// The modules each row allows, by module (a row may name several modules in its first column).
    var allowed: [String: Set<String>]

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the table under `| module | what it holds | may import |`; *system* in a row stands for the modules the
    /// paragraph above it lists after "*system* means".
    static func read(_ file: URL) throws -> ModuleTable {
        let text = try String(contentsOf: file, encoding: .utf8)
        guard let definition = text.range(of: "*system* means") else {
            throw Malformed(description: "ARCHITECTURE.md does not say what *system* means above its module table")
        }
        let sentenceEnd = text[definition.upperBound...].range(of: ".\n")?.lowerBound ?? text.endIndex
        let system = Set(names(in: text[definition.upperBound..<sentenceEnd]))
        guard !system.isEmpty, let header = text.range(of: "| module | what it holds | may import |") else {
            throw Malformed(description: "ARCHITECTURE.md has no module table with a \"may import\" column")
        }
        var allowed: [String: Set<String>] = [:]
        for line in text[header.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("|") else { break }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 5 else { throw Malformed(description: "a table row without three cells: \(line)") }
            let mayImport = cells[3]
            var modules = Set(names(in: Substring(mayImport.components(separatedBy: "(").first ?? "")))
            if mayImport.contains("system") { modules.formUnion(system) }
            for module in names(in: Substring(cells[1])) { allowed[module] = modules }
        }
        return ModuleTable(allowed: allowed)
    }

    /// The names in backticks.
    static func names(in text: Substring) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }
}
