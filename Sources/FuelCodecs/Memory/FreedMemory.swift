#if canImport(Glibc)
    import CFuelMalloc
#endif

/// Memory the process has freed but still holds.
public enum FreedMemory {
    /// Gives freed memory back to the system (glibc's `malloc_trim`); elsewhere it does nothing.
    ///
    /// A build parses countries on several threads, each with its own malloc arena. What one country freed stays in
    /// its thread's arena, where the next country, parsed on another thread, cannot reuse it: the process's peak grew
    /// by a country's whole working set. Trimming after each country keeps the peak to what is live.
    public static func release() {
        #if canImport(Glibc)
            _ = malloc_trim(0)
        #endif
    }
}
