/// Why a byte sequence is not a JSON document (RFC 8259), and where: byte offset, line and column.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public enum Reason: Sendable, Equatable {
        /// Nothing but white space (and perhaps a byte-order mark).
        case empty
        /// The input stops in the middle of a value; the payload says what was expected.
        case unexpectedEnd(expected: String)
        /// A byte that cannot start or continue what was expected.
        case unexpectedByte(UInt8, expected: String)
        /// The document starts with `<`: an HTML or XML page where JSON was expected.
        case markup
        /// The bytes look like UTF-16 or UTF-32 (a BOM or NUL bytes); JSON feeds must be UTF-8.
        case notUTF8Encoding
        /// A complete value is followed by more than white space.
        case trailingData
        /// A raw control character (below U+0020) inside a string.
        case controlCharacter(UInt8)
        /// A backslash followed by something other than `" \ / b f n r t u`.
        case invalidEscape(UInt8)
        /// `\u` not followed by four hex digits.
        case invalidUnicodeEscape
        /// A `\uD800`–`\uDFFF` escape that is not part of a high-low pair.
        case unpairedSurrogate
        /// Bytes that are not well-formed UTF-8 (RFC 3629).
        case invalidUTF8
        /// A number that breaks the JSON grammar (`01`, `1.`, `-`, `1e`).
        case invalidNumber
        /// Something that starts like `true`, `false` or `null` but is not.
        case invalidLiteral
        /// Arrays and objects nested deeper than the limit.
        case tooDeep(limit: Int)
        /// Input of 4 GiB or more, beyond the 32-bit offsets of the node table.
        case tooLarge
    }

    public var reason: Reason
    /// Zero-based byte offset of the problem in the input.
    public var offset: Int
    /// One-based line (lines end at LF).
    public var line: Int
    /// One-based column, counted in bytes.
    public var column: Int

    public init(reason: Reason, offset: Int, line: Int, column: Int) {
        self.reason = reason
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line 3, column 17 (byte 52)`.
    public var location: String { "line \(line), column \(column) (byte \(offset))" }

    /// The reason in words.
    public var explanation: String {
        switch reason {
        case .empty: return "the document is empty"
        case .unexpectedEnd(let expected): return "the document ends early (truncated?): expected \(expected)"
        case .unexpectedByte(let byte, let expected):
            return "unexpected \(JSONError.describe(byte)), expected \(expected)"
        case .markup:
            return "this is an HTML or XML page (it starts with '<'), not JSON; the server sent an error page?"
        case .notUTF8Encoding: return "the text is UTF-16 or UTF-32 encoded; expected UTF-8"
        case .trailingData: return "unexpected data after the end of the JSON document"
        case .controlCharacter(let byte): return "raw control character \(JSONError.describe(byte)) inside a string"
        case .invalidEscape(let byte): return "invalid escape \\\(JSONError.printable(byte)) inside a string"
        case .invalidUnicodeEscape: return "\\u must be followed by four hex digits"
        case .unpairedSurrogate: return "unpaired UTF-16 surrogate in a \\u escape"
        case .invalidUTF8: return "invalid UTF-8 (is the file in another encoding, such as Latin-1?)"
        case .invalidNumber: return "malformed number"
        case .invalidLiteral: return "invalid literal (expected true, false or null)"
        case .tooDeep(let limit): return "arrays and objects nested deeper than \(limit) levels"
        case .tooLarge: return "the document is 4 GiB or larger"
        }
    }

    public var description: String { "\(location): \(explanation)" }

    /// Builds an error at an offset, counting lines and columns in the input.
    package static func at(_ offset: Int, in bytes: UnsafeBufferPointer<UInt8>, _ reason: Reason) -> JSONError {
        let (line, column) = lineAndColumn(of: offset, in: bytes)
        return JSONError(reason: reason, offset: offset, line: line, column: column)
    }

    /// One-based line and byte column of an offset.
    package static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int)
    {
        let limit = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<limit where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, limit - lineStart + 1)
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return "'\(printable(byte))'" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F
            ? String(UnicodeScalar(byte)) : "x" + String(byte, radix: 16, uppercase: true)
    }
}
