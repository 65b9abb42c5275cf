import Foundation
import FuelCodecs
import FuelFormat
import FuelHTTP
import FuelPublishing
import Synchronization

/// Reads published objects back as a reader would and says what is wrong with each: `verify` and `rollback` use it.
enum PublishedObjects {
    /// The largest object inflated: far above any real one.
    static let maxInflatedBytes = 64 << 20

    /// GETs every path below `prefix` and checks it; `inspect` sees the stored and the inflated bytes and returns a
    /// problem or nil.
    static func check(
        _ paths: [String], under prefix: String, session: PublishSession,
        inspect: @escaping @Sendable (_ path: String, _ stored: [UInt8], _ json: [UInt8]) throws -> String?
    ) async throws -> [PublishedVerifier.Finding] {
        let found = Mutex([PublishedVerifier.Finding]())
        let client = session.client
        _ = try await session.forEach(paths) { path in
            let key = prefix + path
            let problem: String?
            do {
                let response = try await client.get(key: key)
                if response.status == 404 {
                    problem = "missing (HTTP 404)"
                } else if response.status != 200 {
                    problem = "cannot be read: HTTP \(response.status)"
                } else if let etag = response.header("etag").map(UploadPlan.normalise), isMD5(etag),
                    etag != Digest.hex(Digest.md5(response.body))
                {
                    problem = "its bytes are not those its ETag \(etag) names (a truncated transfer?)"
                } else {
                    let json: [UInt8]
                    do {
                        json = try Gzip.decompress(response.body, limit: maxInflatedBytes)
                    } catch {
                        throw VerifyProblem(text: "not valid gzip: \(ErrorText.describe(error))")
                    }
                    do {
                        problem = try inspect(path, response.body, json)
                    } catch let problem as VerifyProblem {
                        throw problem
                    } catch {
                        throw VerifyProblem(text: "not a readable document: \(ErrorText.describe(error))")
                    }
                }
            } catch let failure as VerifyProblem {
                problem = failure.text
            } catch {
                problem = "cannot be read: \(error)"
            }
            if let problem { found.withLock { $0.append(PublishedVerifier.Finding(key: key, problem: problem)) } }
            return nil
        }
        return found.withLock { $0 }.sorted { $0.key < $1.key }
    }

    /// Checks format-2 objects: each as ``check(_:under:session:inspect:)`` does, and its JSON against the hash in
    /// its name.
    static func checkFormatTwo(_ paths: [String], under prefix: String, session: PublishSession) async throws
        -> [PublishedVerifier.Finding]
    {
        try await check(paths, under: prefix, session: session) { path, _, json in
            guard let named = Format2.splitObjectName(path).map({ String($0.hash) }) else {
                return "not a format-2 object name"
            }
            let actual = Format2Hash.of(json: json)
            return named == actual ? nil : "its JSON hashes to \(actual), not to the \(named) its name promises"
        }
    }

    private static func isMD5(_ etag: String) -> Bool {
        etag.utf8.count == 32 && etag.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// A problem found while checking one object.
private struct VerifyProblem: Error {
    var text: String
}
