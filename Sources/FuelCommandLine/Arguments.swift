/// A hand-rolled reader of `--flag`, `--option value` and `--option=value` arguments.
///
/// Read every option the command knows, then call ``finish()``: anything left over is a usage error.
public struct Arguments: Sendable {
    private var remaining: [String]

    public init(_ arguments: [String]) { remaining = arguments }

    /// True when `--help` or `-h` is present.
    public var wantsHelp: Bool { remaining.contains("--help") || remaining.contains("-h") }

    /// The first argument when it is not an option: a subcommand name.
    public mutating func subcommand(_ names: Set<String>) -> String? {
        guard let first = remaining.first, names.contains(first) else { return nil }
        remaining.removeFirst()
        return first
    }

    /// Consumes a boolean flag; true when it was given.
    /// - Throws: ``UsageError`` when it is given more than once.
    public mutating func flag(_ name: String) throws -> Bool {
        guard let index = remaining.firstIndex(of: name) else { return false }
        remaining.remove(at: index)
        if remaining.contains(name) { throw UsageError("\(name) is given more than once") }
        return true
    }

    /// Consumes `--name value` or `--name=value`; nil when absent.
    /// - Throws: ``UsageError`` when the value is missing, or the option is given more than once.
    public mutating func option(_ name: String) throws -> String? {
        guard let value = try nextOption(name) else { return nil }
        if remaining.contains(where: { $0 == name || $0.hasPrefix(name + "=") }) {
            throw UsageError("\(name) is given more than once")
        }
        return value
    }

    /// Consumes every `--name value` of an option that may repeat (`--endpoint CC=URL`), in order.
    /// - Throws: ``UsageError`` when a value is missing.
    public mutating func repeatedOption(_ name: String) throws -> [String] {
        var values: [String] = []
        while let value = try nextOption(name) { values.append(value) }
        return values
    }

    private mutating func nextOption(_ name: String) throws -> String? {
        guard let index = remaining.firstIndex(where: { $0 == name || $0.hasPrefix(name + "=") }) else { return nil }
        if remaining[index] != name {
            let value = String(remaining[index].dropFirst(name.count + 1))
            remaining.remove(at: index)
            return value
        }
        guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") else {
            throw UsageError("\(name) needs a value")
        }
        let value = remaining[index + 1]
        remaining.removeSubrange(index...(index + 1))
        return value
    }

    /// Consumes an option and converts it.
    /// - Throws: ``UsageError`` when the value does not convert.
    public mutating func option<T>(_ name: String, as convert: (String) -> T?, expected: String) throws -> T? {
        guard let text = try option(name) else { return nil }
        guard let value = convert(text) else { throw UsageError("\(name) expects \(expected), got '\(text)'") }
        return value
    }

    /// Consumes a whole-number option that must lie within `range`; `default` when it is absent.
    /// - Throws: ``UsageError`` naming the option and the range.
    public mutating func number(_ name: String, default value: Int, within range: ClosedRange<Int>) throws -> Int {
        let number = try option(name, as: { Int($0) }, expected: "a whole number") ?? value
        guard range.contains(number) else {
            throw UsageError("\(name) must be \(range.lowerBound) to \(range.upperBound), got \(number)")
        }
        return number
    }

    /// Consumes a number option that must lie above `lower` and at most at `upper`; `default` when it is absent.
    /// - Throws: ``UsageError`` naming the option and the bounds.
    public mutating func number(
        _ name: String, default value: Double, above lower: Double, atMost upper: Double
    ) throws -> Double {
        let number = try option(name, as: { Double($0) }, expected: "a number") ?? value
        guard number > lower, number <= upper else {
            throw UsageError("\(name) must be above \(lower) and at most \(upper), got \(number)")
        }
        return number
    }

    /// Consumes a comma-separated list option (`--countries ES,PT`).
    public mutating func list(_ name: String) throws -> [String]? {
        try option(name).map { $0.split(separator: ",").map { $0.trimmingWhitespace() }.filter { !$0.isEmpty } }
    }

    /// Consumes every argument that is not an option, in order (`diff OLD NEW`). Read the options first: a value
    /// left after its option would be taken as a positional argument.
    public mutating func positionals() -> [String] {
        let values = remaining.filter { !$0.hasPrefix("-") }
        remaining.removeAll { !$0.hasPrefix("-") }
        return values
    }

    /// Reads a command's options: `--help` ends the run with `usage`, `read` takes what the command knows, and then
    /// nothing may be left. A ``UsageError`` from either carries `usage`.
    public mutating func parse<Options>(usage: String, _ read: (inout Arguments) throws -> Options) throws -> Options {
        try parse(usage: usage, read, then: { $0 })
    }

    /// As ``parse(usage:_:)``, then `check` turns the options into settings once nothing is left over, so an unknown
    /// option is reported before a setting's own error; a ``UsageError`` from `check` carries `usage` too.
    public mutating func parse<Options, Settings>(
        usage: String, _ read: (inout Arguments) throws -> Options, then check: (Options) throws -> Settings
    ) throws -> Settings {
        if wantsHelp { throw CleanExit(usage) }
        do {
            let options = try read(&self)
            try finish()
            return try check(options)
        } catch let error as UsageError {
            throw UsageError(error.message, usage: usage)
        }
    }

    /// Fails on anything not consumed.
    /// - Throws: ``UsageError`` naming the first unknown argument.
    public func finish() throws {
        if let first = remaining.first {
            throw UsageError(first.hasPrefix("-") ? "unknown option \(first)" : "unexpected argument \(first)")
        }
    }
}

extension Substring {
    fileprivate func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
