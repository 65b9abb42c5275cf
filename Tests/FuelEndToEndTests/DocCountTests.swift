import Foundation
import FuelFeeds
import Testing
import _FuelTestSupport

/// Every count or list the documents repeat, held to where it comes from: the reader rules to docs/format.md's
/// "Reading the data", the conformance kit's cases to `conformance/`, the countries and their fetch cadence to the
/// registry and the country metadata, the job's carry-forward to `.github/workflows/publish.yml`, and
/// `scripts/bench-hourly-out`'s builds to its default. (The exit codes are held by `ExitCodeTableTests`, the publish
/// job's schedule by `CadenceTests`, the lookup error codes by `NearbyErrorTests`.)
@Suite struct DocCountTests {
    static let root = RepositoryPaths.root()

    static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The documents people read, by path below the repository.
    static let documents: [String] = {
        let docs = root.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md", "CONTRIBUTING.md", "ARCHITECTURE.md", "conformance/README.md", "clients/js/README.md"]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    // MARK: The reader rules

    /// The numbers of the rules in docs/format.md's "Reading the data", in the order they are written.
    static func readerRules() throws -> [Int] {
        let text = try read("docs/format.md")
        let section = try #require(text.components(separatedBy: "\n## Reading the data\n").dropFirst().first)
        let body = section.components(separatedBy: "\n## ").first ?? section
        return body.matches(of: #/\n\d+\. \*\*[^\n]*?\*\* \(R(\d+)\)/#).compactMap { Int($0.output.1) }
    }

    @Test func theReaderRulesAreNumberedOneByOne() throws {
        let rules = try Self.readerRules()
        #expect(rules.count >= 10, "docs/format.md's \"Reading the data\" has rules \(rules)")
        #expect(rules == Array(1...max(rules.count, 1)), "rules out of order: \(rules)")
    }

    /// "R1 to R11", "R1–R11": every range of rules a document names ends at the last rule.
    @Test(arguments: documents) func everyRangeOfRulesEndsAtTheLastRule(_ path: String) throws {
        let last = try Self.readerRules().count
        let text = try Self.read(path).replacingOccurrences(of: "\n", with: " ")
        for range in text.matches(of: #/\bR1 ?(?:to|–|-|through) ?R(\d+)/#) {
            #expect(Int(range.output.1) == last, "\(path) says \"\(range.output.0)\"; the rules are R1 to R\(last)")
        }
    }

    // MARK: Numbers stated in a sentence

    /// A number a document states between two texts, and where it comes from.
    struct StatedNumber: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        /// The text just before the number.
        var before: String
        /// The text just after it.
        var after: String
        /// The number's source of truth.
        var truth: @Sendable () throws -> Int
        var testDescription: String { name }
    }

    /// The number of cases in a conformance file.
    static func kitCases(_ file: String) throws -> Int {
        let data = try Data(contentsOf: root.appendingPathComponent("conformance/\(file)"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["cases"] as? [Any], "conformance/\(file) has no cases").count
    }

    /// The publish job's `--carry-forward` hours: every occurrence in the workflow, which must agree.
    static func jobCarryForwardHours() throws -> Int {
        let workflow = try read(".github/workflows/publish.yml")
        let hours = Set(workflow.matches(of: #/--carry-forward (\d+)/#).compactMap { Int($0.output.1) })
        try #require(hours.count == 1, "publish.yml's --carry-forward: \(hours)")
        return hours.first ?? 0
    }

    /// `scripts/bench-hourly-out`'s default number of builds.
    static func hourlyOutBuilds() throws -> Int {
        let script = try read("scripts/bench-hourly-out")
        let match = try #require(script.firstMatch(of: #/builds=\$\{1:-(\d+)\}/#), "no default in bench-hourly-out")
        return try #require(Int(match.output.1))
    }

    static let statedNumbers: [StatedNumber] = [
        StatedNumber(
            name: "apps guide, the kit's cases", file: "docs/apps.md", before: "a published build and ",
            after: " cases", truth: { try kitCases("cases.json") }),
        StatedNumber(
            name: "conformance README, the open-now cases", file: "conformance/README.md", before: "The ",
            after: " cases were written by hand from R11", truth: { try kitCases("open-now.json") }),
        StatedNumber(
            name: "README, carried for up to", file: "README.md",
            before: "carried forward from the previous build for up to ", after: " hours",
            truth: { try jobCarryForwardHours() }),
        StatedNumber(
            name: "operators' guide, the job's carry-forward", file: "docs/operators.md",
            before: "(the scheduled job uses ", after: ")", truth: { try jobCarryForwardHours() }),
        StatedNumber(
            name: "operators' guide, the job's build", file: "docs/operators.md", before: "(with `--carry-forward ",
            after: "`", truth: { try jobCarryForwardHours() }),
        StatedNumber(
            name: "operators' guide, status --max-carried", file: "docs/operators.md", before: "(default ",
            after: ", the job's `--carry-forward`)", truth: { try jobCarryForwardHours() }),
        StatedNumber(
            name: "operators' guide, bench-hourly-out", file: "docs/operators.md",
            before: "`scripts/bench-hourly-out` runs ", after: " hourly builds", truth: { try hourlyOutBuilds() }),
        StatedNumber(
            name: "CONTRIBUTING, bench-hourly-out", file: "CONTRIBUTING.md", before: "`bench-hourly-out` (",
            after: " hourly builds", truth: { try hourlyOutBuilds() }),
    ]

    /// The numbers found between `before` and `after` (digits with thousands commas), wherever the pair occurs.
    static func numbers(in text: String, before: String, after: String) -> [Int] {
        var found: [Int] = []
        var rest = Substring(text)
        while let start = rest.range(of: before) {
            rest = rest[start.upperBound...]
            // A comma belongs to the number only between digits: "48, the job's" is 48.
            var digits = rest.prefix { $0.isNumber || $0 == "," }
            while digits.last == "," { digits = digits.dropLast() }
            if !digits.isEmpty, rest.dropFirst(digits.count).hasPrefix(after),
                let value = Int(digits.replacingOccurrences(of: ",", with: ""))
            {
                found.append(value)
            }
        }
        return found
    }

    @Test(arguments: statedNumbers) func theStatedNumberIsTheTruth(_ stated: StatedNumber) throws {
        let text = try Self.read(stated.file).replacingOccurrences(of: "\n", with: " ")
        let found = Self.numbers(in: text, before: stated.before, after: stated.after)
        let truth = try stated.truth()
        #expect(!found.isEmpty, "\(stated.file) no longer says \"\(stated.before)N\(stated.after)\"")
        for value in found { #expect(value == truth, "\(stated.file) says \(value), the source says \(truth)") }
    }

    @Test func numbersAreReadBetweenTheirTexts() {
        let text = "runs 1,000 hourly builds; runs 60 hourly builds; runs many hourly builds"
        #expect(Self.numbers(in: text, before: "runs ", after: " hourly builds") == [1000, 60])
        #expect(Self.numbers(in: "(default 48, the job's)", before: "(default ", after: ", the job's)") == [48])
    }

    // MARK: The countries

    static let numberWords = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// "five national fuel-price feeds", "the five feeds' real formats": every count of the feeds or countries in
    /// words is the registry's.
    @Test(arguments: documents) func theCountriesAreCountedAsRegistered(_ path: String) throws {
        let text = try Self.read(path).replacingOccurrences(of: "\n", with: " ").lowercased()
        let registered = RegisteredCountries.documented.count
        let pattern = #/\b([a-z]+) (?:national fuel-price feeds|feeds'?|real formats|countries|sample countries)\b/#
        for match in text.matches(of: pattern) {
            guard let count = Self.numberWords.firstIndex(of: String(match.output.1)).map({ $0 + 1 }) else { continue }
            #expect(
                count == registered,
                "\(path) says \"\(match.output.0)\"; \(registered) countries are registered and documented")
        }
    }

    /// The English names the README's first sentence gives the countries.
    static let countryNames = [
        "Austria": "AT", "Spain": "ES", "France": "FR", "Italy": "IT", "Portugal": "PT",
    ]

    @Test func theReadmeNamesEveryRegisteredCountry() throws {
        let text = try Self.read("README.md")
        let match = try #require(text.firstMatch(of: #/national fuel-price feeds \(([^)]*)\)/#))
        let names = match.output.1.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let codes = names.map { Self.countryNames[$0] ?? "unknown name \($0): add it to countryNames" }
        #expect(codes.sorted() == RegisteredCountries.documented)
    }

    /// The first cells of the rows of the table whose header starts with `header`.
    static func firstColumn(of text: String, header: String) throws -> [[String]] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix(header) }, "no table \(header)")
        return lines[(start + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    @Test func theReadmeLicenceTableHasARowPerCountry() throws {
        let rows = try Self.firstColumn(of: Self.read("README.md"), header: "| country | data publisher |")
        #expect(rows.map { $0[0] } == RegisteredCountries.documented)
    }

    @Test func theFormatDocumentCoversTheRegisteredCountries() throws {
        let text = try Self.read("docs/format.md").replacingOccurrences(of: "\n", with: " ")
        let match = try #require(text.firstMatch(of: #/The data covers ([A-Z, and]+?) \(/#))
        let codes = match.output.1.replacingOccurrences(of: " and ", with: ", ").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(codes.sorted() == RegisteredCountries.documented)
    }

    /// The operators' guide's table of how often each feed is asked is each country's fetch settings.
    @Test func theOperatorsFetchTableIsTheCountryMetadata() throws {
        let rows = try Self.firstColumn(
            of: Self.read("docs/operators.md"), header: "| country | fetched every |")
        #expect(rows.map { $0[0] } == RegisteredCountries.documented)
        let adapters = Self.root.appendingPathComponent("adapters")
        for row in rows where row.count == 4 {
            let transport = try CountryConfig.load(country: row[0], adaptersDirectory: adapters).fetch?.transport
            #expect(row[1] == transport?.refreshMinutes.map { "\($0) min" } ?? "—", "\(row[0]) refreshMinutes")
            #expect(row[2] == transport?.refreshAfter ?? "—", "\(row[0]) refreshAfter")
            #expect(row[3] == transport?.maxRequestsPerDay.map { "\($0)" } ?? "—", "\(row[0]) maxRequestsPerDay")
        }
        #expect(rows.allSatisfy { $0.count == 4 }, "\(rows)")
    }
}
