extension Reason {
    /// Every kind once: the shared kinds (``Kind/shared``), then each registered country's
    /// (``FeedCountry/reasonKinds``), a kind several countries list kept at its first place. `docs/reasons.md` is
    /// generated from it, and a test holds it to the kinds the countries declare and raise.
    public static let catalog: [Kind] = {
        var seen = Set<Kind>()
        return (Kind.shared + CountryRegistry.all.flatMap(\.reasonKinds)).filter { seen.insert($0).inserted }
    }()

    /// The code a report of this or the previous release used, as this release reports it: the code itself, or the
    /// code an ``Kind/alias`` stands for; nil for a code no reason has.
    public static func currentCode(for code: String) -> String? {
        for kind in catalog {
            if kind.code == code { return code }
            if let alias = kind.alias, Self.code(code, matches: alias[...]) { return kind.code }
        }
        return nil
    }

    /// Whether `code` is `alias` with each `⟨name⟩` hole standing for one or more characters.
    private static func code(_ code: String, matches alias: Substring) -> Bool {
        guard let open = alias.firstIndex(of: "⟨"), let close = alias[open...].firstIndex(of: "⟩") else {
            return code == alias
        }
        let head = alias[..<open]
        let tail = alias[alias.index(after: close)...]
        guard code.hasPrefix(head) else { return false }
        var rest = code.dropFirst(head.count)
        while !rest.isEmpty {
            rest = rest.dropFirst()
            if Self.code(String(rest), matches: tail) { return true }
        }
        return false
    }
}
