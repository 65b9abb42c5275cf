/// Decodes one raw deflate stream (RFC 1951): stored, fixed-Huffman and dynamic-Huffman blocks.
enum Inflater {
    /// Appends the decoded stream to `output`, stopping after the final block.
    static func inflate(_ reader: inout BitReader, into output: inout [UInt8], limit: Int) throws(GzipReaderError) {
        let streamStart = output.count
        var isFinal = false
        while !isFinal {
            isFinal = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try copyStored(&reader, into: &output, limit: limit)
            case 1:
                try inflateBlock(
                    &reader, literals: fixedTables.literals, distances: fixedTables.distances, into: &output,
                    streamStart: streamStart, limit: limit)
            case 2:
                let (literals, distances) = try readDynamicTables(&reader)
                try inflateBlock(
                    &reader, literals: literals, distances: distances, into: &output, streamStart: streamStart,
                    limit: limit)
            default: throw GzipReaderError("invalid deflate block type 3")
            }
        }
    }

    private static func copyStored(_ reader: inout BitReader, into output: inout [UInt8], limit: Int)
        throws(GzipReaderError)
    {
        reader.releaseBufferedBytes()
        let bytes = reader.bytes
        let start = reader.offset
        guard start + 4 <= bytes.count else { throw GzipReaderError("truncated stored block") }
        let length = Int(bytes[start]) | Int(bytes[start + 1]) << 8
        let complement = Int(bytes[start + 2]) | Int(bytes[start + 3]) << 8
        guard length ^ 0xFFFF == complement else { throw GzipReaderError("stored block length check failed") }
        guard start + 4 + length <= bytes.count else { throw GzipReaderError("truncated stored block") }
        guard output.count + length <= limit else { throw GzipReaderError.overLimit(limit) }
        output.append(contentsOf: bytes[(start + 4)..<(start + 4 + length)])
        reader.skip(bytes: 4 + length)
    }

    private static func inflateBlock(
        _ reader: inout BitReader,
        literals: HuffmanTable,
        distances: HuffmanTable,
        into output: inout [UInt8],
        streamStart: Int,
        limit: Int
    ) throws(GzipReaderError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard output.count < limit else { throw GzipReaderError.overLimit(limit) }
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < lengthBase.count else { throw GzipReaderError("invalid length code \(symbol)") }
            let length = lengthBase[lengthIndex] + (try reader.bits(lengthExtra[lengthIndex]))
            let distanceSymbol = try distances.decode(&reader)
            guard distanceSymbol < distanceBase.count else {
                throw GzipReaderError("invalid distance code \(distanceSymbol)")
            }
            let distance = distanceBase[distanceSymbol] + (try reader.bits(distanceExtra[distanceSymbol]))
            guard distance <= output.count - streamStart else { throw GzipReaderError("distance too far back") }
            guard output.count + length <= limit else { throw GzipReaderError.overLimit(limit) }
            let from = output.count - distance
            // Byte by byte: the source may overlap what is being written (a run).
            for step in 0..<length { output.append(output[from + step]) }
        }
    }

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static func readDynamicTables(_ reader: inout BitReader) throws(GzipReaderError) -> (
        HuffmanTable, HuffmanTable
    ) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw GzipReaderError("too many codes in a dynamic block")
        }
        var codeLengthLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengthLengths[codeLengthOrder[index]] = try reader.bits(3) }
        let codeLengths = try HuffmanTable(lengths: codeLengthLengths)

        var lengths: [Int] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try codeLengths.decode(&reader)
            switch symbol {
            case 0...15: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw GzipReaderError("repeat code with no previous length") }
                lengths.append(contentsOf: repeatElement(previous, count: 3 + (try reader.bits(2))))
            case 17: lengths.append(contentsOf: repeatElement(0, count: 3 + (try reader.bits(3))))
            default: lengths.append(contentsOf: repeatElement(0, count: 11 + (try reader.bits(7))))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw GzipReaderError("code lengths overrun") }
        guard lengths[256] > 0 else { throw GzipReaderError("dynamic block has no end-of-block code") }
        return (
            try HuffmanTable(lengths: Array(lengths[0..<literalCount])),
            try HuffmanTable(lengths: Array(lengths[literalCount...]))
        )
    }

    private static let lengthExtra: [Int] = (0..<29).map { $0 < 8 || $0 == 28 ? 0 : ($0 - 4) / 4 }
    private static let lengthBase: [Int] = {
        var bases = [3]
        for index in 0..<27 { bases.append(bases[index] + 1 << lengthExtra[index]) }
        return bases + [258]
    }()
    private static let distanceExtra: [Int] = (0..<30).map { $0 < 4 ? 0 : ($0 - 2) / 2 }
    private static let distanceBase: [Int] = {
        var bases = [1]
        for index in 0..<29 { bases.append(bases[index] + 1 << distanceExtra[index]) }
        return bases
    }()

    private static let fixedTables: (literals: HuffmanTable, distances: HuffmanTable) = {
        var lengths = [Int](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        // The fixed code lengths are a complete, valid code; construction cannot fail.
        let literals = try! HuffmanTable(lengths: lengths)
        let distances = try! HuffmanTable(lengths: [Int](repeating: 5, count: 30))
        return (literals, distances)
    }()
}

/// A canonical Huffman code as a single lookup table indexed by the next `maxLength` input bits.
struct HuffmanTable: Sendable {
    /// `symbol << 4 | length`; 0 for bit patterns that are not a code.
    private let entries: [UInt32]
    private let maxLength: Int

    init(lengths: [Int]) throws(GzipReaderError) {
        let maxLength = max(lengths.max() ?? 0, 1)
        var lengthCounts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { lengthCounts[length] += 1 }
        // Reject over-subscribed codes; incomplete codes are allowed (a lone distance code is legal).
        var available = 1
        for length in 1...15 {
            available = available * 2 - lengthCounts[length]
            guard available >= 0 else { throw GzipReaderError("over-subscribed Huffman code") }
        }
        var nextCode = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + lengthCounts[length - 1]) << 1
            nextCode[length] = code
        }
        var entries = [UInt32](repeating: 0, count: 1 << maxLength)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let code = nextCode[length]
            nextCode[length] += 1
            var reversed = 0
            for bit in 0..<length where code & (1 << bit) != 0 { reversed |= 1 << (length - 1 - bit) }
            var index = reversed
            while index < entries.count {
                entries[index] = UInt32(symbol) << 4 | UInt32(length)
                index += 1 << length
            }
        }
        self.entries = entries
        self.maxLength = maxLength
    }

    func decode(_ reader: inout BitReader) throws(GzipReaderError) -> Int {
        let entry = entries[reader.peek(maxLength)]
        let length = Int(entry & 0xF)
        guard length > 0 else { throw GzipReaderError("invalid Huffman code") }
        try reader.consume(length)
        return Int(entry >> 4)
    }
}
