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
        secrets.filter { !$0.isEmpty }.reduce(text) { $0.replacingOccurrences(of: $1, with: "<redacted>") }
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
