/// The stable machine key of a reject, repair or counter reason: what `--json` reports use instead of the sentence.
///
/// Lower-case ASCII words joined by `-` (`no-current-price`, `empty-coordinates`). The parts of a reason that vary
/// from country to country are left out, so one reason has one code everywhere: `coordinates outside PT` is
/// `coordinates-outside-country`, `price older than 30 days` is `price-too-old`.
public enum ReasonCode {
    /// The code of a reason sentence.
    public static func code(for reason: String) -> String {
        if reason.hasPrefix("coordinates outside ") { return "coordinates-outside-country" }
        if reason.hasPrefix("price older than ") { return "price-too-old" }
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

    /// Each code with the sentence it stands for (the first sentence, sorted, when several share a code).
    public static func sentences(_ reasons: some Sequence<String>) -> [String: String] {
        reasons.sorted().reduce(into: [:]) { result, reason in
            let code = code(for: reason)
            if result[code] == nil { result[code] = reason }
        }
    }
}
