import FuelCommandLine
import FuelUpload

/// Bucket work that SIGTERM, SIGINT and SIGHUP stop between two requests: the first signal asks the work to stop
/// (it releases the lock on its way out), and a stopped run exits with 128 + the signal.
enum StoppableRun {
    /// Runs `body` with the stop request the signals set.
    static func run<Value>(_ body: (UploadStop) async throws -> Value) async throws -> Value {
        let stop = UploadStop()
        SignalStop.install { signal in
            stop.request(signal: signal)
            Console.error(
                "received \(UploadError.signalName(signal)): stopping after the requests in flight, then releasing "
                    + "the lock (a second signal ends the process at once)")
        }
        do {
            return try await body(stop)
        } catch let error as UploadError {
            guard let signal = error.interruptingSignal else { throw error }
            Console.error("error: \(error)")
            throw ExitCode.signal(signal)
        }
    }
}
