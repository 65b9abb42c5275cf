import Foundation
import _FuelTestSupport

/// Makes real ZIP archives with Python's `zipfile`, so the reader is tested against an independent writer.
enum PythonZip {
    /// One entry to write.
    struct Entry: Encodable {
        enum Content: Encodable {
            /// These bytes (base64 in the spec).
            case bytes([UInt8])
            /// This many zero bytes: compresses about 1000:1.
            case zeros(Int)
            /// Pseudo-random printable text of this length (a fixed seed), which compresses about 1.3:1.
            case text(Int)

            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                switch self {
                case .bytes(let bytes): try container.encode(["base64": Data(bytes).base64EncodedString()])
                case .zeros(let count): try container.encode(["zeros": count])
                case .text(let count): try container.encode(["text": count])
                }
            }
        }

        var name: String
        var content: Content
        /// `deflate` or `stored`.
        var method: String = "deflate"
        /// Written to a non-seekable stream, so sizes go in a data descriptor after the data (flag bit 3).
        var streamed: Bool = false
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
    static func make(_ entries: [Entry]) throws -> [UInt8] {
        let spec = String(decoding: try JSONEncoder().encode(entries), as: UTF8.self)
        let folder = RepositoryPaths.temporaryDirectory("zip-spec")
        defer { try? FileManager.default.removeItem(at: folder) }
        let specFile = folder.appendingPathComponent("spec.json")
        try Data(spec.utf8).write(to: specFile)
        let result = try CapturedRun.run("python3", ["-c", script], stdin: specFile)
        guard result.status == 0 else { throw PythonZipError(status: result.status, stderr: result.stderr) }
        return [UInt8](result.stdoutBytes)
    }

    struct PythonZipError: Error {
        var status: Int32
        var stderr: String
    }
}
