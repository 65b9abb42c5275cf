import Foundation
import FuelHTTP

/// Keeps the credentials' secrets out of everything a publisher says: its progress lines and its errors.
struct Redaction: Sendable {
    let secrets: [String]

    init(_ credentials: SigV4Credentials) { secrets = credentials.secrets }

    /// `log`, with every secret replaced by `<redacted>` before it sees an event.
    func guarding(_ log: @escaping @Sendable (UploadEvent) -> Void) -> @Sendable (UploadEvent) -> Void {
        let secrets = secrets
        return { event in log(event.mapText { Self.redact($0, secrets) }) }
    }

    /// Runs `body`; an ``UploadError`` it throws leaves with every secret removed.
    func run<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let error as UploadError {
            throw Self.redact(error, secrets)
        }
    }

    static func redact(_ text: String, _ secrets: [String]) -> String {
        scrubSigning(
            secrets.filter { !$0.isEmpty }.reduce(text) { $0.replacingOccurrences(of: $1, with: "<redacted>") })
    }

    /// What a server's error body echoes of a signed request, as `…`: the key id and scope after `Credential=`,
    /// the hex after `Signature=` (`X-Amz-` forms included), and S3's `<AWSAccessKeyId>` and `<SignatureProvided>`.
    static func scrubSigning(_ text: String) -> String {
        guard text.contains("Credential=") || text.contains("Signature") || text.contains("AWSAccessKeyId") else {
            return text
        }
        // Error paths only: compiled per call, since a Regex is not Sendable.
        let patterns = [
            #"(Credential=)[^\s,;&"'<]+"#, #"(Signature=)[0-9A-Fa-f]+"#, #"(<AWSAccessKeyId>)[^<]*"#,
            #"(<SignatureProvided>)[^<]*"#,
        ].compactMap { try? Regex($0) }
        return patterns.reduce(text) { text, pattern in
            text.replacing(pattern) { match in (match.output[1].substring.map(String.init) ?? "") + "…" }
        }
    }

    static func redact(_ error: UploadError, _ secrets: [String]) -> UploadError {
        switch error {
        case .localBuild(let path, let reason):
            .localBuild(path: redact(path, secrets), reason: redact(reason, secrets))
        case .configuration(let message): .configuration(redact(message, secrets))
        case .indexChanged: .indexChanged
        case .objectsFailed(let phase, let failures, let notAttempted, let indexWritten):
            .objectsFailed(
                phase: phase, failures: failures.map { redact($0, secrets) }, notAttempted: notAttempted,
                indexWritten: indexWritten)
        case .request(let message): .request(redact(message, secrets))
        case .shrink(let message): .shrink(redact(message, secrets))
        case .locked(let message): .locked(redact(message, secrets))
        case .leaseLost(let message): .leaseLost(redact(message, secrets))
        case .outdated(let message): .outdated(redact(message, secrets))
        case .rollback(let message): .rollback(redact(message, secrets))
        case .clock(let message): .clock(redact(message, secrets))
        case .interrupted(let signal): .interrupted(signal: signal)
        case .incomplete(let written, let failure):
            .incomplete(written: redact(written, secrets), failure: redact(failure, secrets))
        }
    }
}
