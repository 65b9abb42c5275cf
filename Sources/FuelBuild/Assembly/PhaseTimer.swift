import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Wall and CPU seconds of a build's consecutive steps, as the report lists them.
struct PhaseTimer {
    /// Wall seconds under each step's name, CPU seconds of all threads under `"<step> (CPU)"`.
    private(set) var seconds: [String: Double] = [:]
    private var wallStart: Date
    private var cpuStart: Double

    init(started: Date) {
        wallStart = started
        cpuStart = 0  // the process's CPU time so far is the preparation's
    }

    /// Ends the current step under `name` and starts the next; returns the step's wall seconds.
    mutating func end(_ name: String) -> Double {
        let cpu = Self.cpuSeconds()
        let wall = Date().timeIntervalSince(wallStart)
        seconds[name] = wall
        seconds[name + " (CPU)"] = cpu - cpuStart
        wallStart = Date()
        cpuStart = cpu
        return wall
    }

    /// User and system CPU seconds of this process so far, on every thread.
    private static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    }

}
