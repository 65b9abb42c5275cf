import Foundation
import FuelCodecs

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One page of a ListObjectsV2 answer.
public struct ListPage: Sendable, Equatable {
    /// ETags by key, as the server sent them (quotes included).
    public var objects: [String: String]
    /// The token for the next page when the listing is truncated.
    public var nextContinuationToken: String?
    public var isTruncated: Bool
}

/// The `<Error>` body of a failed S3 request.
public struct S3ErrorBody: Sendable, Equatable {
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// Parses an `<Error>` document; nil for anything else.
    public init?(parsing body: [UInt8]) {
        guard let parsed = S3XML.error(body) else { return nil }
        self = parsed
    }
}

/// Reads the two S3 XML documents the upload needs, with Foundation's XML parser (entities such as `&quot;` in
/// ETags are decoded).
enum S3XML {
    /// Parses a ListObjectsV2 `<ListBucketResult>`.
    /// - Throws: ``UploadError/request(_:)`` when the body is not a listing.
    static func listPage(_ body: [UInt8]) throws -> ListPage {
        let collector = Collector(record: ["Key", "ETag", "NextContinuationToken", "IsTruncated"], group: "Contents")
        guard collector.parse(body), collector.rootElement == "ListBucketResult" else {
            throw UploadError.request("ListObjectsV2 returned a body that is not a listing: \(excerpt(body))")
        }
        var objects: [String: String] = [:]
        for entry in collector.groups {
            guard let key = entry["Key"] else { continue }
            objects[key] = entry["ETag"] ?? ""
        }
        let truncated = collector.topLevel["IsTruncated"] == "true"
        let token = collector.topLevel["NextContinuationToken"].flatMap { $0.isEmpty ? nil : $0 }
        if truncated && token == nil {
            throw UploadError.request("ListObjectsV2 says the listing is truncated but gives no continuation token")
        }
        return ListPage(objects: objects, nextContinuationToken: token, isTruncated: truncated)
    }

    /// Parses an `<Error>` body; nil when there is none (HEAD answers, proxies' plain-text errors).
    static func error(_ body: [UInt8]) -> S3ErrorBody? {
        guard !body.isEmpty else { return nil }
        let collector = Collector(record: ["Code", "Message"], group: nil)
        guard collector.parse(body), collector.rootElement == "Error" else { return nil }
        return S3ErrorBody(code: collector.topLevel["Code"] ?? "", message: collector.topLevel["Message"] ?? "")
    }

    /// The start of a body for an error message, printable characters only.
    /// Signed request parts an echoed request shows are removed first (``Redaction/scrubSigning(_:)``).
    static func excerpt(_ body: [UInt8]) -> String {
        let text = Redaction.scrubSigning(String(decoding: body.prefix(4096), as: UTF8.self))
        let cleaned = String(text.unicodeScalars.prefix(200).map { $0.value < 0x20 ? " " : Character($0) })
        return text.unicodeScalars.count > 200 || body.count > 4096 ? cleaned + "…" : cleaned
    }
}

/// Collects the text of chosen elements, at the top level or inside repeated group elements.
private final class Collector: NSObject, XMLParserDelegate {
    let record: Set<String>
    let group: String?
    var rootElement: String?
    var topLevel: [String: String] = [:]
    var groups: [[String: String]] = []
    private var current: [String: String]?
    private var text = ""
    private var depth = 0

    init(record: Set<String>, group: String?) {
        self.record = record
        self.group = group
    }

    func parse(_ body: [UInt8]) -> Bool {
        let parser = XMLParser(data: Data(body))
        parser.delegate = self
        return parser.parse()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        depth += 1
        if depth == 1 { rootElement = elementName }
        if elementName == group && depth == 2 { current = [:] }
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == group, depth == 2, let finished = current {
            groups.append(finished)
            current = nil
        } else if record.contains(elementName) {
            if depth == 3, current != nil {
                current?[elementName] = text
            } else if depth == 2 {
                topLevel[elementName] = text
            }
        }
        text = ""
        depth -= 1
    }
}
