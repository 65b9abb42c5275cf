import CFuelZlib

/// A ZIP archive held in memory, read through its central directory.
///
/// Supports stored and deflated entries, with or without data descriptors. Every extraction checks the CRC-32 and
/// the sizes, and refuses entries that break ``ZipLimits`` while they inflate. ZIP64, encryption, split archives and
/// other compression methods are refused with a ``ZipError``.
public struct ZipArchive: Sendable {
    /// One file in the archive, as the central directory describes it.
    public struct Entry: Sendable, Equatable {
        public var name: String
        /// 0 stored, 8 deflated.
        public var method: UInt16
        public var flags: UInt16
        public var crc32: UInt32
        public var compressedSize: Int
        public var uncompressedSize: Int
        /// Offset of the entry's local header.
        public var localHeaderOffset: Int

        /// True for folders (names ending in `/`).
        public var isDirectory: Bool { name.hasSuffix("/") }
    }

    /// The archive's name in errors.
    public let file: String
    /// The entries, in central-directory order.
    public let entries: [Entry]
    private let bytes: [UInt8]

    /// Reads the central directory.
    /// - Parameters:
    ///   - bytes: the whole archive.
    ///   - file: the name errors should give (a path).
    /// - Throws: ``ZipError`` when the bytes are not a ZIP archive this reader supports.
    /// Reads the central directory, refusing more than `limits.maxEntries` entries and entries whose data overlap
    /// or are out of order (several records pointing at one stream is how a small ZIP inflates to gigabytes).
    public init(bytes: [UInt8], file: String, limits: ZipLimits = .standard) throws(ZipError) {
        self.file = file
        self.bytes = bytes
        let reader = ByteReader(bytes)
        guard bytes.count >= 4, reader.u32(0) == 0x0403_4B50 || reader.u32(0) == 0x0605_4B50 else {
            throw ZipError(file: file, reason: "not a ZIP archive (starts with \(ZipArchive.preview(bytes)))")
        }
        guard let end = ZipArchive.findEndOfCentralDirectory(reader) else {
            throw ZipError(file: file, reason: "no end-of-central-directory record: the archive is truncated")
        }
        let disk = reader.u16(end + 4)
        let directoryDisk = reader.u16(end + 6)
        let count = Int(reader.u16(end + 10))
        let directorySize = Int(reader.u32(end + 12))
        let directoryOffset = Int(reader.u32(end + 16))
        guard disk == 0, directoryDisk == 0, count == Int(reader.u16(end + 8)) else {
            throw ZipError(file: file, reason: "split (multi-part) archives are not supported")
        }
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw ZipError(file: file, reason: "ZIP64 archives are not supported")
        }
        guard directoryOffset + directorySize <= end else {
            throw ZipError(file: file, reason: "the central directory lies outside the file: the archive is truncated")
        }
        guard count <= limits.maxEntries else {
            throw ZipError(
                file: file, reason: "lists \(count) entries, more than the \(limits.maxEntries) a feed archive may hold"
            )
        }
        var entries: [Entry] = []
        var position = directoryOffset
        for index in 0..<count {
            guard position + 46 <= end, reader.u32(position) == 0x0201_4B50 else {
                throw ZipError(file: file, reason: "central directory record \(index + 1) of \(count) is damaged")
            }
            let nameLength = Int(reader.u16(position + 28))
            let extraLength = Int(reader.u16(position + 30))
            let commentLength = Int(reader.u16(position + 32))
            guard position + 46 + nameLength <= end else {
                throw ZipError(file: file, reason: "central directory record \(index + 1) of \(count) is damaged")
            }
            let nameBytes = bytes[(position + 46)..<(position + 46 + nameLength)]
            let entry = Entry(
                name: Text.decodeUTF8OrLatin1(nameBytes),
                method: reader.u16(position + 10),
                flags: reader.u16(position + 8),
                crc32: reader.u32(position + 16),
                compressedSize: Int(reader.u32(position + 20)),
                uncompressedSize: Int(reader.u32(position + 24)),
                localHeaderOffset: Int(reader.u32(position + 42)))
            if entry.compressedSize == 0xFFFF_FFFF || entry.uncompressedSize == 0xFFFF_FFFF
                || entry.localHeaderOffset == 0xFFFF_FFFF
            {
                throw ZipError(file: file, entry: entry.name, reason: "ZIP64 entries are not supported")
            }
            entries.append(entry)
            position += 46 + nameLength + extraLength + commentLength
        }
        try ZipArchive.checkLayout(entries, reader: reader, directoryOffset: directoryOffset, file: file)
        self.entries = entries
    }

    /// Each entry's local header and data lie after the previous entry's and before the central directory.
    private static func checkLayout(
        _ entries: [Entry], reader: ByteReader, directoryOffset: Int, file: String
    ) throws(ZipError) {
        var previousEnd = 0
        var previousName: String?
        for entry in entries {
            let start = entry.localHeaderOffset
            guard start + 30 <= directoryOffset, reader.u32(start) == 0x0403_4B50 else {
                throw ZipError(file: file, entry: entry.name, reason: "its local header is missing or damaged")
            }
            guard start >= previousEnd else {
                let other = previousName.map { " (\($0))" } ?? ""
                throw ZipError(
                    file: file, entry: entry.name,
                    reason: "its data overlaps or precedes the entry before it\(other); refused as a likely zip bomb")
            }
            let dataEnd = start + 30 + Int(reader.u16(start + 26)) + Int(reader.u16(start + 28)) + entry.compressedSize
            guard dataEnd <= directoryOffset else {
                throw ZipError(file: file, entry: entry.name, reason: "its data runs into the central directory")
            }
            previousEnd = dataEnd
            previousName = entry.name
        }
    }

    /// The first entry with this exact name.
    public func entry(named name: String) -> Entry? { entries.first { $0.name == name } }

    /// The uncompressed bytes of an entry, after checking its CRC-32 and sizes.
    /// - Throws: ``ZipError`` naming the archive and the entry.
    public func extract(_ entry: Entry, limits: ZipLimits = .standard) throws(ZipError) -> [UInt8] {
        func fail(_ reason: String) -> ZipError { ZipError(file: file, entry: entry.name, reason: reason) }
        if entry.flags & 0x1 != 0 { throw fail("encrypted entries are not supported") }
        if entry.uncompressedSize > limits.maxEntryBytes {
            throw fail("declares \(entry.uncompressedSize) bytes, more than the limit of \(limits.maxEntryBytes)")
        }
        let reader = ByteReader(bytes)
        let local = entry.localHeaderOffset
        guard local + 30 <= bytes.count else { throw fail("the local header lies outside the file: truncated") }
        guard reader.u32(local) == 0x0403_4B50 else { throw fail("the local header is damaged") }
        let dataStart = local + 30 + Int(reader.u16(local + 26)) + Int(reader.u16(local + 28))
        // The central directory holds the real sizes even when a data descriptor follows the data (flag bit 3).
        let dataEnd = dataStart + entry.compressedSize
        guard dataEnd <= bytes.count else {
            throw fail("its data runs past the end of the file (\(bytes.count) bytes): the archive is truncated")
        }
        let output: [UInt8]
        switch entry.method {
        case 0:
            guard entry.compressedSize == entry.uncompressedSize else {
                throw fail("stored entry with different compressed and uncompressed sizes")
            }
            output = Array(bytes[dataStart..<dataEnd])
        case 8:
            output = try inflate(entry, dataStart..<dataEnd, limits: limits)
        default:
            throw fail("compression method \(entry.method) is not supported (only stored and deflate)")
        }
        guard output.count == entry.uncompressedSize else {
            throw fail("inflated to \(output.count) bytes, the directory says \(entry.uncompressedSize)")
        }
        let crc = ZipArchive.crc32(output)
        guard crc == entry.crc32 else {
            throw fail(
                "CRC-32 mismatch (computed \(ZipArchive.hex(crc)), the directory says \(ZipArchive.hex(entry.crc32))):"
                    + " the data is corrupt")
        }
        if entry.flags & 0x8 != 0 { try checkDescriptor(entry, at: dataEnd) }
        return output
    }

    private func inflate(_ entry: Entry, _ range: Range<Int>, limits: ZipLimits) throws(ZipError) -> [UInt8] {
        func fail(_ reason: String) -> ZipError { ZipError(file: file, entry: entry.name, reason: reason) }
        let result: Result<[UInt8], RawInflater.Failure> = bytes.withUnsafeBytes { all in
            let input = UnsafeRawBufferPointer(rebasing: all[range])
            return Result { () throws(RawInflater.Failure) -> [UInt8] in
                try RawInflater().inflateAll(input, declaredSize: entry.uncompressedSize, limits: limits)
            }
        }
        switch result {
        case .success(let output):
            return output
        case .failure(.tooLarge(let limit)):
            throw fail("inflates to more than \(limit) bytes; refused")
        case .failure(.ratio(let limit, let produced, let consumed)):
            throw fail(
                "inflates more than \(limit):1 (\(produced) bytes from \(consumed)); refused as a likely zip bomb")
        case .failure(.largerThanDeclared(let declared)):
            throw fail("inflates to more than the \(declared) bytes the directory declares")
        case .failure(.truncated):
            throw fail("the compressed data ends early: the archive is truncated")
        case .failure(.corrupt(_, let message)):
            throw fail("the compressed data is corrupt (\(message))")
        case .failure(.initialisation(let code)):
            throw fail("zlib could not start (code \(code))")
        }
    }

    /// Checks the data descriptor after the data, when it is there in full.
    private func checkDescriptor(_ entry: Entry, at offset: Int) throws(ZipError) {
        let reader = ByteReader(bytes)
        var position = offset
        if position + 4 <= bytes.count && reader.u32(position) == 0x0807_4B50 { position += 4 }
        guard position + 12 <= bytes.count else {
            throw ZipError(file: file, entry: entry.name, reason: "the data descriptor is missing: truncated")
        }
        guard reader.u32(position) == entry.crc32, Int(reader.u32(position + 4)) == entry.compressedSize,
            Int(reader.u32(position + 8)) == entry.uncompressedSize
        else {
            throw ZipError(file: file, entry: entry.name, reason: "the data descriptor disagrees with the directory")
        }
    }

    /// The end-of-central-directory record, searched backwards over the largest possible comment.
    private static func findEndOfCentralDirectory(_ reader: ByteReader) -> Int? {
        let count = reader.bytes.count
        guard count >= 22 else { return nil }
        var position = count - 22
        let lowest = max(0, count - 22 - 0xFFFF)
        while position >= lowest {
            if reader.u32(position) == 0x0605_4B50 && position + 22 + Int(reader.u16(position + 20)) == count {
                return position
            }
            position -= 1
        }
        return nil
    }

    /// zlib's CRC-32, in slices its 32-bit length can take.
    package static func crc32(_ bytes: [UInt8]) -> UInt32 { crc32(bytes[...]) }

    /// zlib's CRC-32 of a slice, in slices its 32-bit length can take.
    package static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.withUnsafeBytes { buffer in
            var crc = CFuelZlib.crc32(0, nil, 0)
            var offset = 0
            while offset < buffer.count {
                let count = min(buffer.count - offset, 1 << 30)
                crc = CFuelZlib.crc32(
                    crc, CFuelZlib_bytes(UnsafeMutableRawPointer(mutating: buffer.baseAddress! + offset)), UInt32(count)
                )
                offset += count
            }
            return UInt32(crc)
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// The first bytes as printable text, for errors about files that are not archives at all.
    package static func preview(_ bytes: [UInt8]) -> String {
        let head = bytes.prefix(24).map { $0 >= 0x20 && $0 < 0x7F ? Character(UnicodeScalar($0)) : "." }
        return "\"\(String(head))\""
    }
}

/// Little-endian reads from a byte array; callers check bounds first.
private struct ByteReader {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func u16(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }

    func u32(_ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }
}
