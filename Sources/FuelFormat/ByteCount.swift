/// Human byte counts, one convention for every report: powers of 1024, one decimal, written `812 B`, `4.1 kB`,
/// `12.3 MB`, `1.6 GB`.
package enum ByteCount {
    private static let units = ["kB", "MB", "GB", "TB"]

    /// The count in the largest unit that keeps it at 1 or more.
    package static func format<Count: BinaryInteger>(_ bytes: Count) -> String {
        let count = Int64(bytes)
        guard count >= 1024 else { return "\(count) B" }
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int64((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
