import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Short, readable text for errors that come from Foundation: a file error becomes `No such file or directory`, a
/// decoding error `missing key "timeZone" at $.boxes[0]`, instead of an `NSCocoaErrorDomain` dump. Other errors keep
/// their own description.
public enum ErrorText {
    /// The error as a short sentence fragment, for a message that names the file or record it concerns.
    public static func describe(_ error: any Error) -> String {
        if let decoding = error as? DecodingError { return describe(decoding) }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return system(Int32(nsError.code)) }
        if nsError.domain == NSCocoaErrorDomain {
            // On Linux the underlying error is stored as a Swift `Error`, so bridge it rather than cast it.
            if let underlying = (nsError.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
                underlying.domain == NSPOSIXErrorDomain
            {
                return system(Int32(underlying.code))
            }
            return nsError.localizedDescription
        }
        return "\(error)"
    }

    /// A system error number as its sentence, with the code's name where the cause is the disk rather than the file:
    /// `No space left on device (ENOSPC)`, which a full disk and a disk out of inodes both give, or
    /// `Disk quota exceeded (EDQUOT)`, so an operator searching a log for either finds it.
    public static func system(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let name = diskErrorNames[code] else { return text }
        return "\(text) (\(name))"
    }

    /// The codes that say the disk, not the file, is the problem.
    private static let diskErrorNames: [Int32: String] = [ENOSPC: "ENOSPC", EDQUOT: "EDQUOT", EROFS: "EROFS"]

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            return "missing key \"\(key.stringValue)\" at \(path(context.codingPath))"
        case .typeMismatch(let type, let context):
            return "expected \(name(of: type)) at \(path(context.codingPath))"
        case .valueNotFound(let type, let context):
            return "null where \(name(of: type)) belongs at \(path(context.codingPath))"
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError).map { ": " + describe($0) } ?? ""
            return "\(context.debugDescription) at \(path(context.codingPath))\(underlying)"
        @unknown default:
            return "\(error)"
        }
    }

    /// `$.boxes[0].south`.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        "$" + codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Int.Type, is Double.Type: "a number"
        case is Bool.Type: "true or false"
        default: "\(type)"
        }
    }
}
