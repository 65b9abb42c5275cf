extension Text {
    /// The UTF-8 byte order mark, `EF BB BF`.
    public static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The length of a leading UTF-8 byte order mark: 3, or 0 when there is none.
    public static func byteOrderMarkLength<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Int {
        bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    }

    /// The bytes after a leading UTF-8 byte order mark (all of them when there is none).
    public static func droppingByteOrderMark<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
        bytes.dropFirst(byteOrderMarkLength(bytes))
    }

    /// True when the text starts like UTF-16 or UTF-32: a UTF-16 byte order mark, or a NUL in its first four bytes.
    /// The feeds are UTF-8 or ISO-8859-1, so such text is not the feed.
    public static func looksLikeUTF16OrUTF32<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        let head = Array(bytes.prefix(4))
        return head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) || head.contains(0)
    }
}
