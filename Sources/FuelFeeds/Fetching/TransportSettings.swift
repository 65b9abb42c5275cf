import Foundation

/// The keys of `source.json`'s `"fetch"` object that every country reads: its endpoint and how to ask it. Each is
/// nil when the object leaves it out, and the fetch step (`SourceSettings` in FuelFetch) supplies the default.
public struct TransportSettings: Sendable, Equatable {
    /// `url`: the country's endpoint (what it is, the country's own settings say).
    public var url: String?
    /// `connectTimeout`, seconds, 0.1 to 600.
    public var connectTimeout: Double?
    /// `totalTimeout`, seconds, 0.1 to 86,400: one request from start to end.
    public var totalTimeout: Double?
    /// `stallTimeout`, seconds, 1 to 3,600: the longest wait for a byte.
    public var stallTimeout: Double?
    /// `maxBytes`: the most one country may download, a whole number.
    public var maxBytes: Int?
    /// `attempts`, 1 to 20: tries per request, the first included.
    public var attempts: Int?
    /// `retryBaseDelay`, seconds, 0 to 600: the first retry's delay, doubled each time.
    public var retryBaseDelay: Double?
    /// `retryMaxDelay`, seconds, 0 to 3,600: the longest delay between tries.
    public var retryMaxDelay: Double?
    /// `requestsPerSecond`, 0 to 1,000: the pace of requests to the publisher.
    public var requestsPerSecond: Double?
    /// `headers`: request headers sent to this publisher with every request, by name.
    public var headers: [String: String]?
    /// `caFile`: a PEM file beside `source.json`, trusted for the host of the plan's first endpoint only.
    public var caFile: String?
    /// `maxRequestsPerDay`, 1 to 1,000,000: the most requests (retries included) fetching sends to this publisher
    /// in one UTC day; a request past it is refused.
    public var maxRequestsPerDay: Int?
    /// `minInterval`, seconds, 0 to 604,800: the least time from one fetch of the country to the next; an earlier
    /// fetch is refused before it sends anything.
    public var minInterval: Double?
    /// `refreshMinutes`, 1 to 10,080: how often the service's data changes, so how often a run that fetches only
    /// what is due (`fetch --due`) fetches the country.
    public var refreshMinutes: Int?
    /// `refreshAfter`, `HH:MM` in the country's time zone: the country is also due once a day from this local time
    /// on, for a feed published once a day (IT's 08:00 extraction).
    public var refreshAfter: String?

    public init(
        url: String? = nil, connectTimeout: Double? = nil, totalTimeout: Double? = nil, stallTimeout: Double? = nil,
        maxBytes: Int? = nil, attempts: Int? = nil, retryBaseDelay: Double? = nil, retryMaxDelay: Double? = nil,
        requestsPerSecond: Double? = nil, headers: [String: String]? = nil, caFile: String? = nil,
        maxRequestsPerDay: Int? = nil, minInterval: Double? = nil, refreshMinutes: Int? = nil,
        refreshAfter: String? = nil
    ) {
        self.url = url
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.stallTimeout = stallTimeout
        self.maxBytes = maxBytes
        self.attempts = attempts
        self.retryBaseDelay = retryBaseDelay
        self.retryMaxDelay = retryMaxDelay
        self.requestsPerSecond = requestsPerSecond
        self.headers = headers
        self.caFile = caFile
        self.maxRequestsPerDay = maxRequestsPerDay
        self.minInterval = minInterval
        self.refreshMinutes = refreshMinutes
        self.refreshAfter = refreshAfter
    }

    /// The keys these settings read.
    public static let keys: [String] = [
        "url", "connectTimeout", "totalTimeout", "stallTimeout", "maxBytes", "attempts", "retryBaseDelay",
        "retryMaxDelay", "requestsPerSecond", "headers", "caFile", "maxRequestsPerDay", "minInterval",
        "refreshMinutes", "refreshAfter",
    ]

    /// Reads the transport keys of a `"fetch"` object.
    /// - Throws: ``FetchSettingError`` naming a key of the wrong type or out of range, or a header that cannot be sent.
    public init(_ reader: FetchSettingsReader) throws(FetchSettingError) {
        url = try reader.string("url")
        connectTimeout = try reader.number("connectTimeout", in: 0.1...600)
        totalTimeout = try reader.number("totalTimeout", in: 0.1...86_400)
        stallTimeout = try reader.number("stallTimeout", in: 1...3600)
        maxBytes = try reader.wholeNumber("maxBytes", in: 1...1_000_000_000_000)
        attempts = try reader.wholeNumber("attempts", in: 1...20)
        retryBaseDelay = try reader.number("retryBaseDelay", in: 0...600)
        retryMaxDelay = try reader.number("retryMaxDelay", in: 0...3600)
        requestsPerSecond = try reader.number("requestsPerSecond", in: 0...1000)
        headers = try reader.stringMap("headers")
        caFile = try reader.string("caFile")
        maxRequestsPerDay = try reader.wholeNumber("maxRequestsPerDay", in: 1...1_000_000)
        minInterval = try reader.number("minInterval", in: 0...604_800)
        refreshMinutes = try reader.wholeNumber("refreshMinutes", in: 1...10_080)
        refreshAfter = try reader.string("refreshAfter")
        if let refreshAfter, Self.localTime(refreshAfter) == nil {
            throw FetchSettingError("fetch setting \"refreshAfter\": \"\(refreshAfter)\" is not a time HH:MM")
        }
        let token = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_"))
        for (name, value) in (headers ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard !name.isEmpty, name.unicodeScalars.allSatisfy(token.contains),
                !value.contains(where: { $0.isNewline || $0 == "\0" })
            else { throw FetchSettingError("fetch setting \"headers\": \"\(name)\" is not a usable header") }
        }
    }

    /// `08:30` as hour and minute; nil when it is not a 24-hour time `HH:MM`.
    public static func localTime(_ text: String) -> (hour: Int, minute: Int)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return (hour, minute)
    }
}
