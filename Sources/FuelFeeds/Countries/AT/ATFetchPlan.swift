import Foundation
import FuelCodecs

/// The region list, then every political district (`PB`) × fuel type, each answer saved as its own file, asked
/// with `includeClosed=true`. `fetch --check` asks for the region list and counts its districts.
///
/// With ``slices`` above 1, one fetch asks the region list and the districts of one slice only; every other
/// district's files stay as the fetch that last asked for them left them, manifest entry and `fetchedAt` included.
public struct ATFetchPlan: FeedFetchPlan {
    /// The API base, `…/sprit/1.0`, without a trailing slash.
    public var base: String
    /// The fuels asked for in every district (`fuelTypes`).
    public var fuelTypes = ["DIE", "SUP", "GAS"]
    /// How many slices the districts fall into (`slices`, 1 to 24): a district is in slice `code % slices`, so it
    /// keeps its slice when other districts come or go, and each fetch refreshes the slice after the last one
    /// (``FeedSession/slice(of:)``). A district with no file to keep (new, or never fetched) is fetched at once,
    /// whatever its slice; a district gone from the region list loses its files. 1 asks for every district.
    public var slices = 1

    /// The values `slices` may take.
    public static let sliceRange = 1...24

    public var endpoints: [String] { [base] }

    /// The region list, the crawl's first request.
    public var regionsURL: String { base + "/regions?includeCities=false" }

    public var probes: [FeedProbe] {
        [FeedProbe(url: regionsURL) { file in "\(try ATFetchPlan.districts(in: file).count) districts" }]
    }

    public func fetch(_ session: any FeedSession) async throws {
        let regions = try await session.download(regionsURL, as: "AT/_regions.json", shape: .json)
        let districts: [Int]
        do { districts = try Self.districts(in: regions.file) } catch let problem as FeedShapeProblem {
            throw session.failure(regions.relativePath, problem.text)
        }
        let slice = slices > 1 ? session.slice(of: slices) : 0
        for district in districts {
            let due = Self.slice(of: district, count: slices) == slice
            for fuel in fuelTypes {
                let file = "AT/\(district)-\(fuel).json"
                if !due && session.keepPrevious(file) { continue }
                let url =
                    "\(base)/search/gas-stations/by-region?code=\(district)&type=PB&fuelType=\(fuel)&includeClosed=true"
                _ = try await session.download(url, as: file, shape: .jsonArray)
            }
        }
    }

    /// The slice of `count` that a district falls into: its code modulo `count`. Codes run on within each
    /// Bundesland (101–109, 201–210, …), so the slices come out even to a few districts.
    public static func slice(of district: Int, count: Int) -> Int { ((district % count) + count) % count }

    /// The political-district codes (`type` `PB`) anywhere in the region tree, sorted.
    /// - Throws: ``FeedShapeProblem`` when the file is not JSON or lists no district.
    static func districts(in file: URL) throws -> [Int] {
        guard let data = FileManager.default.contents(atPath: file.path),
            let document = try? JSONDocument(parsing: [UInt8](data))
        else { throw FeedShapeProblem("is not JSON") }
        var codes = Set<Int>()
        func walk(_ node: JSONValue) {
            if node.kind == .array {
                for child in node.elements { walk(child) }
                return
            }
            guard node.kind == .object else { return }
            if node["type"]?.stringEquals("PB") == true, let code = node["code"] {
                if let number = code.int {
                    codes.insert(number)
                } else if let text = code.string, let number = Int(text) {
                    codes.insert(number)
                }
            }
            if let children = node["subRegions"] { walk(children) }
        }
        walk(document.root)
        guard !codes.isEmpty else { throw FeedShapeProblem("lists no political districts (type PB)") }
        return codes.sorted()
    }
}
