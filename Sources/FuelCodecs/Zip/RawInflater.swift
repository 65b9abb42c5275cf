import CFuelZlib

/// Inflates one raw deflate stream (no zlib or gzip header, as ZIP stores it) with limits checked as it goes.
///
/// The `z_stream` lives at an allocated, stable address for the inflater's whole life, as zlib keeps pointers into
/// it. One inflater is used by one thread for one stream.
package final class RawInflater {
    /// Why inflating stopped early.
    package enum Failure: Error, Equatable {
        case initialisation(code: Int32)
        case tooLarge(limit: Int)
        case ratio(limit: Int, produced: Int, consumed: Int)
        case largerThanDeclared(declared: Int)
        case corrupt(code: Int32, message: String)
        case truncated
    }

    private let stream: UnsafeMutablePointer<z_stream>

    package init() throws(Failure) {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let code = CFuelZlib_inflateInit2(stream, -15)
        guard code == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw .initialisation(code: code)
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Inflates `input` completely.
    /// - Parameters:
    ///   - declaredSize: the size the archive claims; output beyond it is an error.
    /// - Throws: ``Failure`` when the stream is corrupt or truncated, or breaks a limit.
    package func inflateAll(_ input: UnsafeRawBufferPointer, declaredSize: Int, limits: ZipLimits) throws(Failure)
        -> [UInt8]
    {
        // Output can never legitimately exceed any of these, so one buffer one byte larger than the smallest is
        // enough: filling it means a limit was broken, which the checks below report.
        let bound = min(declaredSize, limits.maxEntryBytes, max(limits.ratioGraceBytes, input.count * limits.maxRatio))
        var output = [UInt8](repeating: 0, count: bound + 1)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.avail_in = 0
            stream.pointee.next_out = nil
            stream.pointee.avail_out = 0
        }
        // Hand the input over in slices, so the ratio is checked against what zlib has really consumed.
        let slice = 1 << 16
        var offset = 0
        while true {
            if stream.pointee.avail_in == 0 && offset < input.count {
                let count = min(slice, input.count - offset)
                stream.pointee.next_in = CFuelZlib_bytes(UnsafeMutableRawPointer(mutating: input.baseAddress! + offset))
                stream.pointee.avail_in = UInt32(count)
                offset += count
            }
            let done = Int(stream.pointee.total_out)
            let code = output.withUnsafeMutableBytes { buffer -> Int32 in
                stream.pointee.next_out = CFuelZlib_bytes(buffer.baseAddress! + done)
                stream.pointee.avail_out = UInt32(buffer.count - done)
                return inflate(stream, Z_NO_FLUSH)
            }
            let produced = Int(stream.pointee.total_out)
            let consumed = Int(stream.pointee.total_in)
            if produced > limits.maxEntryBytes { throw .tooLarge(limit: limits.maxEntryBytes) }
            if produced > limits.ratioGraceBytes && produced > consumed * limits.maxRatio {
                throw .ratio(limit: limits.maxRatio, produced: produced, consumed: consumed)
            }
            if produced > declaredSize { throw .largerThanDeclared(declared: declaredSize) }
            switch code {
            case Z_STREAM_END:
                output.removeSubrange(produced...)
                return output
            case Z_OK:
                continue
            case Z_BUF_ERROR:
                // No progress was possible. The buffer cannot be full (a limit would have fired), so input ran out.
                if stream.pointee.avail_in == 0 && offset == input.count { throw .truncated }
            default:
                let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(code)"
                throw .corrupt(code: code, message: message)
            }
        }
    }
}

@available(*, unavailable)
extension RawInflater: Sendable {}
