import CFuelCrypto
import Foundation

/// Message digests and HMAC over libcrypto (OpenSSL), for manifests, `Content-MD5`, ETag comparison and SigV4.
public enum Digest {
    /// SHA-256 of the bytes.
    public static func sha256(_ bytes: some ContiguousBytes) -> [UInt8] { digest(bytes, EVP_sha256(), 32) }

    /// MD5 of the bytes (S3 ETags of single-part uploads and `Content-MD5`; not for security).
    public static func md5(_ bytes: some ContiguousBytes) -> [UInt8] { digest(bytes, EVP_md5(), 16) }

    /// HMAC-SHA256 of the message under the key.
    public static func hmacSHA256(key: some ContiguousBytes, message: some ContiguousBytes) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 32
        key.withUnsafeBytes { keyBytes in
            message.withUnsafeBytes { messageBytes in
                _ = HMAC(
                    EVP_sha256(), keyBytes.baseAddress, Int32(keyBytes.count),
                    messageBytes.baseAddress?.assumingMemoryBound(to: UInt8.self), messageBytes.count,
                    &output, &length)
            }
        }
        return output
    }

    /// Lower-case hex, as SigV4 and manifests write digests.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Standard base64, as `Content-MD5` wants it.
    public static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    /// Streams a file through SHA-256 without loading it whole.
    /// - Throws: when the file cannot be read.
    public static func sha256(fileAt url: URL) throws -> [UInt8] {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        guard let context = EVP_MD_CTX_new() else { return [] }
        defer { EVP_MD_CTX_free(context) }
        EVP_DigestInit_ex(context, EVP_sha256(), nil)
        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            chunk.withUnsafeBytes { _ = EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        }
        var output = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &output, &length)
        return output
    }

    private static func digest(_ bytes: some ContiguousBytes, _ type: OpaquePointer?, _ size: Int) -> [UInt8] {
        var output = [UInt8](repeating: 0, count: size)
        var length: UInt32 = 0
        bytes.withUnsafeBytes { input in
            _ = EVP_Digest(input.baseAddress, input.count, &output, &length, type, nil)
        }
        return output
    }
}
