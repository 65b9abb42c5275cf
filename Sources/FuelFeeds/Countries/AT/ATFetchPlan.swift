import Foundation
import FuelCodecs

/// The region list, then every political district (`PB`) × fuel type, each answer saved as its own file, asked
/// with `includeClosed=true`. `fetch --check` asks for the region list and counts its districts.
public struct ATFetchPlan: FeedFetchPlan {
    /// The API base, `…/sprit/1.0`, without a trailing slash.
    public var base: String
    /// The fuels asked for in every district (`fuelTypes`).
    public var fuelTypes = ["DIE", "SUP", "GAS"]

    public var endpoints: [String] { [base] }

    /// The region list, the crawl's first request.
    public var regionsURL: String { base + "/regions?includeCities=false" }

    public var probes: [FeedProbe] {
        [FeedProbe(url: regionsURL) { file in "\(try ATFetchPlan.districts(in: file).count) districts" }]
    }

    public func fetch(_ session: any FeedSession) async throws {
        let regions = try await session.download(regionsURL, as: "AT/_regions.json", shape: .json)
        let districts: [String]
        do { districts = try Self.districts(in: regions.file) } catch let problem as FeedShapeProblem {
            throw session.failure(regions.relativePath, problem.text)
        }
        for district in districts {
            for fuel in fuelTypes {
                let url =
                    "\(base)/search/gas-stations/by-region?code=\(district)&type=PB&fuelType=\(fuel)&includeClosed=true"
                _ = try await session.download(url, as: "AT/\(district)-\(fuel).json", shape: .jsonArray)
            }
        }
    }

    /// The political-district codes (`type` `PB`) anywhere in the region tree, sorted numerically.
    /// - Throws: ``FeedShapeProblem`` when the file is not JSON or lists no district.
    static func districts(in file: URL) throws -> [String] {
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
        return codes.sorted().map(String.init)
    }
}
