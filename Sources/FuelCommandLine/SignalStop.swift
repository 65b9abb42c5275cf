import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGTERM, SIGINT and SIGHUP (what a cancelled CI job, Ctrl-C and a closed terminal send) into a request to
/// stop, so that a command can finish the requests in flight and clean up (release a lock) before it exits. A
/// second signal ends the process at once.
public enum SignalStop {
    /// The signals handled.
    public static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    private static let sources = Mutex<[any DispatchSourceSignal]>([])
    private static let received = Atomic<Int>(0)

    /// Installs the handlers: the first signal calls `request` with its number, a second exits with 128 + its
    /// number.
    public static func install(_ request: @escaping @Sendable (Int32) -> Void) {
        sources.withLock { sources in
            for number in signals {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    if received.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                        exit(ExitCode.signal(number).rawValue)
                    }
                    request(number)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}

extension ExitCode {
    /// 128 + the signal's number: how a shell reports a process a signal ended.
    public static func signal(_ number: Int32) -> ExitCode { ExitCode(128 + number) }
}
