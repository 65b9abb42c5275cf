#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small, fast, fully specified PRNG (Steele, Lea and Flood's SplitMix64), so the same seed gives the same feed
/// bytes on every platform and Swift version: nothing here goes through the standard library's random APIs.
public struct SplitMix64: Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A generator for one item of a stream: the seed mixed with the item's coordinates.
    public init(_ parts: UInt64...) { state = SplitMix64.hash(parts) }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.finalise(state)
    }

    /// Uniform in [0, 1), from the top 53 bits.
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in `0..<bound` (bound > 0); the modulo bias is below 2^-40 for the bounds used here.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// Uniform in a closed integer range.
    public mutating func int(in range: ClosedRange<Int>) -> Int { range.lowerBound + below(range.count) }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// A standard normal deviate (Box–Muller; one of the pair is thrown away to keep the state simple).
    public mutating func gaussian() -> Double {
        let u1 = max(unit(), 0x1p-53)
        let u2 = unit()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }

    /// One element, uniformly.
    public mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// An index drawn with the given cumulative weights (ascending, last = total).
    public mutating func pick(cumulative: [Double]) -> Int {
        let target = unit() * (cumulative.last ?? 0)
        var low = 0
        var high = cumulative.count - 1
        while low < high {
            let middle = (low + high) / 2
            if cumulative[middle] > target { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Mixes several values into one well-spread 64-bit value.
    public static func hash(_ parts: [UInt64]) -> UInt64 {
        var value: UInt64 = 0x243F_6A88_85A3_08D3
        for part in parts { value = finalise(value ^ finalise(part &+ 0x9E37_79B9_7F4A_7C15)) }
        return value
    }

    /// A 64-bit tag from a short ASCII name, to separate streams (a country code, `"prices"`).
    public static func tag(_ name: String) -> UInt64 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325  // FNV-1a
        for byte in name.utf8 { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return value
    }

    private static func finalise(_ input: UInt64) -> UInt64 {
        var z = input
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Picks which records carry a quirk: evenly spread, so a rate gives exactly ⌊n·rate⌋ or ⌈n·rate⌉ hits among n
/// records, at positions that depend on the seed. Record 0 is never hit, so every feed has a clean first record.
public struct QuirkSchedule: Sendable {
    public let rate: Double
    private let phase: Double

    public init(rate: Double, seed: UInt64, country: String, quirk: String) {
        self.rate = rate
        var rng = SplitMix64(seed, SplitMix64.tag(country), SplitMix64.tag(quirk))
        phase = rng.unit()
    }

    /// True when record `index` carries the quirk.
    public func hits(_ index: Int) -> Bool {
        guard index > 0, rate > 0 else { return false }
        let before = (Double(index) * rate + phase).rounded(.down)
        let after = (Double(index + 1) * rate + phase).rounded(.down)
        return after > before
    }
}
