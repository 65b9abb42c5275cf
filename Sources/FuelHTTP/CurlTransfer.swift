import CFuelCurl
import Foundation
import FuelFormat
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `curl_global_init` exactly once, before the first handle (Swift runs a global's initialiser once, thread-safely).
private let curlGlobalInit: CURLcode = CFuelCurl_globalInit()

/// Set from another thread to make a running transfer abort at its next progress callback.
final class TransferCancellation: Sendable {
    private let flag = Atomic<Bool>(false)
    func cancel() { flag.store(true, ordering: .relaxed) }
    var isCancelled: Bool { flag.load(ordering: .relaxed) }
}

/// One blocking transfer on one easy handle. Created, run and dropped on a single dedicated thread: the C callbacks
/// reach it through an unretained pointer that lives exactly as long as ``perform()``.
final class CurlTransfer {
    enum Failure: Error {
        case cancelled
        case http(HTTPError)
    }

    private let request: HTTPRequest
    private let userAgent: String
    private let progress: (@Sendable (Int64) -> Void)?
    private let cancellation: TransferCancellation

    // Written by the callbacks during `perform()`.
    fileprivate var body: [UInt8] = []
    fileprivate var bytesReceived = 0
    fileprivate var exceededCap = false
    fileprivate var fileError: String?
    fileprivate var file: UnsafeMutablePointer<FILE>?
    fileprivate var headerLines: [String] = []
    fileprivate var uploadOffset = 0
    fileprivate var lastReported: Int64 = -1
    /// When bytes last moved (either way), for the stall timeout; set when the transfer starts.
    fileprivate var lastMovement = ContinuousClock.now
    fileprivate var stalled = false

    init(
        request: HTTPRequest, userAgent: String, progress: (@Sendable (Int64) -> Void)?,
        cancellation: TransferCancellation
    ) {
        self.request = request
        self.userAgent = userAgent
        self.progress = progress
        self.cancellation = cancellation
    }

    /// Runs the transfer to the end; blocks the calling thread.
    func perform() -> Result<HTTPResponse, Failure> {
        let redactedURL = HTTPRedaction.url(request.url)
        guard curlGlobalInit == CURLE_OK else {
            return .failure(
                .http(
                    .transport(
                        code: Int(curlGlobalInit.rawValue), message: "curl_global_init failed",
                        url: redactedURL)))
        }
        if let problem = validate() {
            return .failure(.http(.invalidRequest(url: redactedURL, reason: problem)))
        }
        guard let handle = curl_easy_init() else {
            return .failure(.http(.transport(code: 2, message: "curl_easy_init failed", url: redactedURL)))
        }
        defer { curl_easy_cleanup(handle) }
        if let target = request.responseFile {
            guard let opened = fopen(target.path, "wb") else {
                return .failure(.http(.file(path: target.path, message: ErrorText.system(errno))))
            }
            file = opened
        }
        defer { closeFile() }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: CFuelCurl_errorBufferSize() + 1)
        errorBuffer.initialize(repeating: 0, count: CFuelCurl_errorBufferSize() + 1)
        defer { errorBuffer.deallocate() }
        var headerList: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(headerList) }

        let context = Unmanaged.passUnretained(self).toOpaque()
        let code: CURLcode = withExtendedLifetime(self) {
            configure(handle, context: context, errorBuffer: errorBuffer, headerList: &headerList)
            lastMovement = .now
            return curl_easy_perform(handle)
        }
        closeFile()
        let result = finish(code, handle: handle, errorBuffer: errorBuffer, redactedURL: redactedURL)
        if case .failure = result, let target = request.responseFile {
            try? FileManager.default.removeItem(at: target)  // never leave a partial body behind
        }
        return result
    }

    private func finish(
        _ code: CURLcode, handle: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>,
        redactedURL: String
    ) -> Result<HTTPResponse, Failure> {
        if cancellation.isCancelled { return .failure(.cancelled) }
        let message = String(cString: errorBuffer)
        if let failure = classify(code, message: message, handle: handle, url: redactedURL) {
            return .failure(.http(failure))
        }
        var status = 0
        CFuelCurl_getLong(handle, CURLINFO_RESPONSE_CODE, &status)
        var effective: UnsafeMutablePointer<CChar>?
        CFuelCurl_getString(handle, CURLINFO_EFFECTIVE_URL, &effective)
        let finalURL = effective.map { HTTPRedaction.url(String(cString: $0)) } ?? redactedURL
        if let truncation = checkLength(handle, status: status, url: finalURL) { return .failure(.http(truncation)) }
        return .success(
            HTTPResponse(
                status: status, headers: parseHeaders(), body: body, bytesReceived: bytesReceived, url: finalURL))
    }

    private func validate() -> String? {
        let token = request.method.unicodeScalars.allSatisfy { CharacterSet.uppercaseLetters.contains($0) }
        if request.method.isEmpty || !token { return "method '\(request.method)' is not an upper-case token" }
        for header in request.headers {
            let text = header.name + header.value
            if text.contains("\r") || text.contains("\n") || text.contains("\0") || header.name.contains(":") {
                return "header \(header.name) contains a line break, NUL or colon"
            }
        }
        return nil
    }

    private func configure(
        _ handle: UnsafeMutableRawPointer, context: UnsafeMutableRawPointer, errorBuffer: UnsafeMutablePointer<CChar>,
        headerList: inout UnsafeMutablePointer<curl_slist>?
    ) {
        CFuelCurl_setString(handle, CURLOPT_URL, request.url)
        CFuelCurl_setLong(handle, CURLOPT_NOSIGNAL, 1)
        CFuelCurl_setPointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        CFuelCurl_setString(handle, CURLOPT_USERAGENT, userAgent)
        CFuelCurl_setString(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        CFuelCurl_setString(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        CFuelCurl_setLong(handle, CURLOPT_SSL_VERIFYPEER, 1)
        CFuelCurl_setLong(handle, CURLOPT_SSL_VERIFYHOST, 2)
        if let extra = request.extraCertificateAuthorities {
            // The system's bundle plus the extra certificates, as one in-memory bundle for this handle only.
            let bundle = Self.systemCertificateBundle(handle) + [0x0A] + extra
            bundle.withUnsafeBytes { _ = CFuelCurl_setBlob(handle, CURLOPT_CAINFO_BLOB, $0.baseAddress, $0.count) }
        }
        CFuelCurl_setLong(handle, CURLOPT_FOLLOWLOCATION, request.maxRedirects > 0 ? 1 : 0)
        CFuelCurl_setLong(handle, CURLOPT_MAXREDIRS, request.maxRedirects)
        CFuelCurl_setLong(handle, CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout))
        CFuelCurl_setLong(handle, CURLOPT_TIMEOUT_MS, Self.milliseconds(request.totalTimeout))
        CFuelCurl_setLong(handle, CURLOPT_EXPECT_100_TIMEOUT_MS, 0)
        if request.acceptGzip { CFuelCurl_setString(handle, CURLOPT_ACCEPT_ENCODING, "gzip") }
        if let cap = request.maxResponseBytes {
            CFuelCurl_setOffset(handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(cap))
        }

        CFuelCurl_setDataCallback(handle, CURLOPT_WRITEFUNCTION, curlWrite)
        CFuelCurl_setPointer(handle, CURLOPT_WRITEDATA, context)
        CFuelCurl_setDataCallback(handle, CURLOPT_HEADERFUNCTION, curlHeader)
        CFuelCurl_setPointer(handle, CURLOPT_HEADERDATA, context)
        CFuelCurl_setProgressCallback(handle, curlProgress)
        CFuelCurl_setPointer(handle, CURLOPT_XFERINFODATA, context)
        CFuelCurl_setLong(handle, CURLOPT_NOPROGRESS, 0)

        // `Name;` sends a header with an empty value (`Name:` would remove curl's own header of that name).
        var lines = request.headers.map { $0.value.isEmpty ? "\($0.name);" : "\($0.name): \($0.value)" }
        switch request.method {
        case "GET": CFuelCurl_setLong(handle, CURLOPT_HTTPGET, 1)
        case "HEAD": CFuelCurl_setLong(handle, CURLOPT_NOBODY, 1)
        case "POST":
            CFuelCurl_setLong(handle, CURLOPT_POST, 1)
            CFuelCurl_setOffset(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body?.count ?? 0))
        case "PUT":
            CFuelCurl_setLong(handle, CURLOPT_UPLOAD, 1)
            CFuelCurl_setOffset(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(request.body?.count ?? 0))
        default:
            CFuelCurl_setString(handle, CURLOPT_CUSTOMREQUEST, request.method)
            if let body = request.body {
                CFuelCurl_setLong(handle, CURLOPT_UPLOAD, 1)
                CFuelCurl_setOffset(handle, CURLOPT_INFILESIZE_LARGE, curl_off_t(body.count))
            }
        }
        if request.method == "POST" || request.method == "PUT" || request.body != nil {
            CFuelCurl_setDataCallback(handle, CURLOPT_READFUNCTION, curlRead)
            CFuelCurl_setPointer(handle, CURLOPT_READDATA, context)
            CFuelCurl_setSeekCallback(handle, curlSeek)
            CFuelCurl_setPointer(handle, CURLOPT_SEEKDATA, context)
            // curl's default form type makes some servers swallow the body: always say what it is.
            if request.header("Content-Type") == nil { lines.append("Content-Type: application/octet-stream") }
            // No `Expect: 100-continue` round trip unless the caller asks for one (`Expect:` removes the header).
            if request.header("Expect") == nil { lines.append("Expect:") }
        }
        for line in lines { headerList = curl_slist_append(headerList, line) }
        if headerList != nil { CFuelCurl_setList(handle, CURLOPT_HTTPHEADER, headerList) }
    }

    private func classify(_ code: CURLcode, message: String, handle: UnsafeMutableRawPointer, url: String)
        -> HTTPError?
    {
        // A body curl delivered whole can still miss the disk: the last buffered bytes are written at `fclose`, which
        // a full disk fails after curl said OK.
        if let fileError, let target = request.responseFile {
            return .file(path: target.path, message: fileError)
        }
        if code == CURLE_OK { return nil }
        if stalled, let stall = request.stallTimeout { return .stalled(url: url, seconds: stall) }
        if exceededCap || code == CURLE_FILESIZE_EXCEEDED {
            return .tooLarge(limit: request.maxResponseBytes ?? 0, url: url)
        }
        let text = message.isEmpty ? String(cString: curl_easy_strerror(code)) : message
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            let connecting = text.lowercased().contains("connect")
            return .timeout(
                url: url, seconds: connecting ? request.connectTimeout : request.totalTimeout, connecting: connecting)
        case CURLE_PARTIAL_FILE:
            var expected: curl_off_t = -1
            CFuelCurl_getOffset(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected)
            var got: curl_off_t = 0
            CFuelCurl_getOffset(handle, CURLINFO_SIZE_DOWNLOAD_T, &got)
            return .truncated(url: url, expected: expected >= 0 ? Int64(expected) : nil, got: Int64(got))
        default:
            return .transport(code: Int(code.rawValue), message: text, url: url)
        }
    }

    /// Belt and braces over curl's own check (error 18): fewer raw bytes than `Content-Length` is a truncation.
    private func checkLength(_ handle: UnsafeMutableRawPointer, status: Int, url: String) -> HTTPError? {
        guard request.method != "HEAD", status >= 200, status != 204, status != 304 else { return nil }
        var expected: curl_off_t = -1
        CFuelCurl_getOffset(handle, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &expected)
        var got: curl_off_t = 0
        CFuelCurl_getOffset(handle, CURLINFO_SIZE_DOWNLOAD_T, &got)
        guard expected >= 0, got < expected else { return nil }
        return .truncated(url: url, expected: Int64(expected), got: Int64(got))
    }

    /// The last response's headers (after redirects and interim responses), lower-cased names.
    private func parseHeaders() -> [String: String] {
        var headers: [String: String] = [:]
        for line in headerLines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if let existing = headers[name] { headers[name] = existing + ", " + value } else { headers[name] = value }
        }
        return headers
    }

    private func closeFile() {
        if let file {
            if fclose(file) != 0 && fileError == nil { fileError = ErrorText.system(errno) }
            self.file = nil
        }
    }

    /// The bytes of the CA bundle curl verifies against by default (`CURLINFO_CAINFO`), read once.
    private static func systemCertificateBundle(_ handle: UnsafeMutableRawPointer) -> [UInt8] {
        systemBundle.withLock { cached in
            if let cached { return cached }
            var path: UnsafeMutablePointer<CChar>?
            CFuelCurl_getString(handle, CURLINFO_CAINFO, &path)
            let file = path.map { String(cString: $0) } ?? "/etc/ssl/certs/ca-certificates.crt"
            let bytes = FileManager.default.contents(atPath: file).map { [UInt8]($0) } ?? []
            cached = bytes
            return bytes
        }
    }

    private static let systemBundle = Mutex<[UInt8]?>(nil)

    private static func milliseconds(_ seconds: Double) -> Int { max(1, Int((seconds * 1000).rounded())) }

    // MARK: callbacks (called on the transfer thread only)

    fileprivate func receive(_ data: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        if let cap = request.maxResponseBytes, bytesReceived + count > cap {
            exceededCap = true
            return 0
        }
        if let file {
            guard fwrite(data, 1, count, file) == count else {
                fileError = ErrorText.system(errno)
                return 0
            }
        } else {
            data.withMemoryRebound(to: UInt8.self, capacity: count) {
                body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
            }
        }
        bytesReceived += count
        return count
    }

    fileprivate func header(_ data: UnsafeMutablePointer<CChar>, _ count: Int) -> Int {
        let line = data.withMemoryRebound(to: UInt8.self, capacity: count) {
            String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
        }
        if line.hasPrefix("HTTP/") {
            headerLines = []  // a new response (redirect, 100 Continue) starts
        } else if !line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            headerLines.append(line.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return count
    }

    fileprivate func send(_ buffer: UnsafeMutablePointer<CChar>, _ capacity: Int) -> Int {
        guard let payload = request.body else { return 0 }
        let count = min(capacity, payload.count - uploadOffset)
        guard count > 0 else { return 0 }
        payload.withUnsafeBytes { raw in
            UnsafeMutableRawPointer(buffer).copyMemory(from: raw.baseAddress! + uploadOffset, byteCount: count)
        }
        uploadOffset += count
        return count
    }

    fileprivate func seek(to offset: Int64) -> Bool {
        guard offset >= 0, offset <= Int64(request.body?.count ?? 0) else { return false }
        uploadOffset = Int(offset)
        return true
    }

    fileprivate func reportProgress(downloaded: Int64, uploaded: Int64) -> Bool {
        if cancellation.isCancelled { return false }
        let total = downloaded + uploaded
        let now = ContinuousClock.now
        if total != lastReported {
            lastReported = total
            lastMovement = now
            progress?(total)
        } else if let stall = request.stallTimeout, now - lastMovement > .milliseconds(Int64(stall * 1000)) {
            stalled = true  // curl calls this at least once a second, so a stall is caught within a second
            return false
        }
        return true
    }
}

private func transfer(_ context: UnsafeMutableRawPointer?) -> CurlTransfer {
    Unmanaged<CurlTransfer>.fromOpaque(context!).takeUnretainedValue()
}

private let curlWrite: CFuelCurl_DataCallback = { data, size, count, context in
    guard let data else { return 0 }
    return transfer(context).receive(data, size * count)
}

private let curlHeader: CFuelCurl_DataCallback = { data, size, count, context in
    guard let data else { return 0 }
    return transfer(context).header(data, size * count)
}

private let curlRead: CFuelCurl_DataCallback = { buffer, size, count, context in
    guard let buffer else { return CFuelCurl_readAbort() }
    return transfer(context).send(buffer, size * count)
}

private let curlSeek: CFuelCurl_SeekCallback = { context, offset, origin in
    guard origin == SEEK_SET else { return CFuelCurl_seekFail() }
    return transfer(context).seek(to: Int64(offset)) ? CFuelCurl_seekOK() : CFuelCurl_seekFail()
}

private let curlProgress: CFuelCurl_ProgressCallback = { context, _, downloaded, _, uploaded in
    transfer(context).reportProgress(downloaded: Int64(downloaded), uploaded: Int64(uploaded)) ? 0 : 1
}
