import Foundation
import FuelProcess

/// Makes real ZIP archives with Python's `zipfile`, so the reader is tested against an independent writer.
public enum PythonZip {
    /// One entry to write.
    public struct Entry: Encodable, Sendable {
        public enum Content: Encodable, Sendable {
            /// These bytes (base64 in the spec).
            case bytes([UInt8])
            /// This many zero bytes: compresses about 1000:1.
            case zeros(Int)
            /// Pseudo-random printable text of this length (a fixed seed), which compresses about 1.3:1.
            case text(Int)

            public func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .bytes(let bytes): try container.encode(["base64": Data(bytes).base64EncodedString()])
                case .zeros(let count): try container.encode(["zeros": count])
                case .text(let count): try container.encode(["text": count])
                }
            }
        }

        public var name: String
        public var content: Content
        /// `deflate` or `stored`.
        public var method: String
        /// Written to a non-seekable stream, so sizes go in a data descriptor after the data (flag bit 3).
        public var streamed: Bool

        public init(name: String, content: Content, method: String = "deflate", streamed: Bool = false) {
            self.name = name
            self.content = content
            self.method = method
            self.streamed = streamed
        }
    }

    private static let script = #"""
        import base64, io, json, random, sys, zipfile

        class Unseekable(io.RawIOBase):
            def __init__(self):
                self.buffer = bytearray()
            def writable(self):
                return True
            def write(self, data):
                self.buffer += data
                return len(data)
            def seekable(self):
                return False

        spec = json.loads(sys.stdin.read())
        streamed = any(entry["streamed"] for entry in spec)
        target = Unseekable() if streamed else io.BytesIO()
        with zipfile.ZipFile(target, "w") as archive:
            for entry in spec:
                content = entry["content"]
                if "base64" in content:
                    data = base64.b64decode(content["base64"])
                elif "zeros" in content:
                    data = bytes(content["zeros"])
                else:
                    rng = random.Random(42)
                    data = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz 0123456789\n") for _ in range(content["text"])).encode()
                method = zipfile.ZIP_DEFLATED if entry["method"] == "deflate" else zipfile.ZIP_STORED
                if entry["streamed"]:
                    info = zipfile.ZipInfo(entry["name"])
                    info.compress_type = method
                    with archive.open(info, "w") as handle:
                        handle.write(data)
                else:
                    archive.writestr(entry["name"], data, compress_type=method)
        sys.stdout.buffer.write(bytes(target.buffer) if streamed else target.getvalue())
        """#

    /// The archive's bytes.
    public static func make(_ entries: [Entry]) throws -> [UInt8] {
        let spec = String(decoding: try JSONEncoder().encode(entries), as: UTF8.self)
        let folder = RepositoryPaths.temporaryDirectory("zip-spec")
        defer { try? FileManager.default.removeItem(at: folder) }
        let specFile = folder.appendingPathComponent("spec.json")
        try Data(spec.utf8).write(to: specFile)
        let result = try CapturedRun.run("python3", ["-c", script], stdin: specFile)
        guard result.status == 0 else { throw PythonZipError(status: result.status, stderr: result.stderr) }
        return [UInt8](result.stdoutBytes)
    }

    public struct PythonZipError: Error {
        public var status: Int32
        public var stderr: String
    }

    /// A real one-entry archive whose central directory is repeated `copies` times, every record pointing at the same
    /// local header and deflate stream, each under its own name: the overlapping-entries bomb.
    public static func overlapping(copies: Int, zeros: Int = 20_000_000) throws -> [UInt8] {
        let single = try PythonZip.make([.init(name: "PrixCarburants_instantane.xml", content: .zeros(zeros))])
        func u16(_ at: Int) -> Int { Int(single[at]) | Int(single[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        let end = single.count - 22
        let directoryOffset = u32(end + 16)
        let record = Array(single[directoryOffset..<end])
        var archive = Array(single[..<directoryOffset])
        let newDirectory = archive.count
        for index in 0..<copies {
            let name = Array(String(format: "d%06d.xml", index).utf8)
            var copy = Array(record[..<46]) + name
            copy[28] = UInt8(name.count & 0xFF)
            copy[29] = UInt8(name.count >> 8)
            copy[30] = 0
            copy[31] = 0
            copy[32] = 0
            copy[33] = 0
            archive += copy
        }
        let size = archive.count - newDirectory
        var endRecord = Array(single[end...])
        for (offset, value) in [(8, copies), (10, copies)] {
            endRecord[offset] = UInt8(value & 0xFF)
            endRecord[offset + 1] = UInt8(value >> 8 & 0xFF)
        }
        for (offset, value) in [(12, size), (16, newDirectory)] {
            for byte in 0..<4 { endRecord[offset + byte] = UInt8(value >> (8 * byte) & 0xFF) }
        }
        return archive + endRecord
    }
}
