/// The stable machine key of a reject, repair or counter reason: what `--json` reports use instead of the sentence.
///
/// Lower-case ASCII words joined by `-` (`no-current-price`, `empty-coordinates`). The parts of a reason that vary
/// from country to country are left out, so one reason has one code everywhere: `coordinates outside PT` is
/// `coordinates-outside-country`, `price older than 30 days` is `price-too-old`, and a reason that ends in a name
/// from the feed (`unknown fuel: Gasóleo X`) has the code of its fixed part (`unknown-fuel`); the names stay in the
/// sentences (``sentences(_:)``).
public enum ReasonCode {
    /// Reasons whose text goes on with a name taken from the feed.
    static let namedReasons = [
        "unknown fuel: ", "unknown fuel type: ", "unknown fuel name: ", "shortage of an unknown fuel: ",
    ]

    /// The code of a reason sentence.
    public static func code(for reason: String) -> String {
        if reason.hasPrefix("coordinates outside ") { return "coordinates-outside-country" }
        if reason.hasPrefix("price older than ") { return "price-too-old" }
        if let fixed = namedReasons.first(where: reason.hasPrefix) { return slug(String(fixed.dropLast(2))) }
        return slug(reason)
    }

    /// Lower-case ASCII letters and digits, every other run of characters one `-`.
    private static func slug(_ reason: String) -> String {
        var code = ""
        var pendingDash = false
        for scalar in reason.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                if pendingDash, !code.isEmpty { code += "-" }
                pendingDash = false
                code.unicodeScalars.append(scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar)
            } else {
                pendingDash = true
            }
        }
        return code.isEmpty ? "unnamed" : code
    }

    /// Counts by sentence as counts by code; two sentences with one code add up.
    public static func codes(_ counts: [String: Int]) -> [String: Int] {
        counts.reduce(into: [:]) { result, entry in result[code(for: entry.key), default: 0] += entry.value }
    }

    /// Each code with the sentences it stands for, sorted and joined with `; ` when several share it (`unknown fuel:
    /// A; unknown fuel: B`).
    public static func sentences(_ reasons: some Sequence<String>) -> [String: String] {
        Set(reasons).sorted().reduce(into: [:]) { result, reason in
            let code = code(for: reason)
            result[code] = result[code].map { "\($0); \(reason)" } ?? reason
        }
    }
}
