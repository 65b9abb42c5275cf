extension Reason {
    /// Everything a kind of reason is but its values, declared once per kind as a static member of ``Kind``: the
    /// shared kinds in `Reasons/`, a country's own in `Countries/<CC>/<CC>Reasons.swift`.
    public struct Kind: Hashable, Sendable {
        /// The stable machine key: lower-case ASCII words joined by `-`, free of values, so one kind has one code
        /// in every country (`coordinates outside PT` and `coordinates outside ES` are `coordinates-outside-country`).
        public let code: String
        public let scope: Scope
        /// The sentence with a `⟨name⟩` hole for each value (`unknown fuel: ⟨name⟩`).
        public let pattern: String
        /// Who raises it.
        public let raiser: Raiser
        /// The code an earlier release reported for this kind, while it is still accepted
        /// (``Reason/currentCode(for:)``); a `⟨name⟩` in it stands for any code words.
        public let alias: String?
        /// How many `⟨name⟩` holes the pattern has: how many values a reason of this kind carries.
        public let holeCount: Int

        /// Who raises a kind. Which countries' adapters do is not part of the kind: each country lists the kinds
        /// it raises (``FeedCountry/reasonKinds``), and ``origin`` reads them from ``CountryRegistry``.
        public enum Raiser: Sendable, Hashable {
            /// The adapters of the countries that list it.
            case adapters
            /// Validation, for every country.
            case validation
            /// `--carry-forward`, for every carried country.
            case carryForward
        }

        init(_ code: String, _ scope: Scope, _ pattern: String, by raiser: Raiser = .adapters, alias: String? = nil) {
            self.code = code
            self.scope = scope
            self.pattern = pattern
            self.raiser = raiser
            self.alias = alias
            self.holeCount = Self.holes(in: pattern[...]).count
        }

        /// Kinds are equal when everything declared is, and hash by code: two kinds that share a code are a
        /// conflict the catalog's test reports.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(code)
        }

        /// Who can raise it: for an adapters' kind, the registered countries that list it, sorted.
        public var origin: Origin {
            switch raiser {
            case .adapters:
                .adapters(CountryRegistry.all.filter { $0.reasonKinds.contains(self) }.map(\.country).sorted())
            case .validation: .validation
            case .carryForward: .carryForward
            }
        }

        /// The pattern with its holes filled by `values`, in order: `unknown fuel: Querosene`.
        public func sentence(_ values: [String]) -> String {
            var sentence = ""
            var rest = pattern[...]
            var values = values[...]
            for hole in Self.holes(in: pattern[...]) {
                sentence += pattern[rest.startIndex..<hole.lowerBound]
                sentence += values.popFirst() ?? String(pattern[hole])
                rest = pattern[hole.upperBound...]
            }
            return sentence + rest
        }

        /// The ranges of the `⟨name⟩` holes of `text`, in order.
        static func holes(in text: Substring) -> [Range<Substring.Index>] {
            var holes: [Range<Substring.Index>] = []
            var rest = text
            while let open = rest.firstIndex(of: "⟨"), let close = rest[open...].firstIndex(of: "⟩") {
                let end = rest.index(after: close)
                holes.append(open..<end)
                rest = rest[end...]
            }
            return holes
        }
    }
}
