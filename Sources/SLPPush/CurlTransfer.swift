import CCurl

/// One request in flight on `CurlLoop`: its easy handle, the header list it must outlive, the
/// body received so far (bounded) and the caller waiting for it. Touched only on the loop's
/// thread, and by libcurl's callbacks there.
final class CurlTransfer {
    /// FCM's and the token endpoint's answers are a few hundred bytes; more is kept only up to this.
    static let maxBody = 64 * 1024

    let handle: UnsafeMutableRawPointer
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let continuation: CheckedContinuation<CurlReply, Never>
    private var body: [UInt8] = []
    private var retryAfter: Duration?

    /// A transfer set up for `request`; nil when libcurl refuses a handle or an option.
    init?(_ request: CurlRequest, settings: CurlSettings, continuation: CheckedContinuation<CurlReply, Never>) {
        guard let handle = curl_easy_init() else { return nil }
        self.handle = handle
        self.continuation = continuation
        for line in request.headers { headerList = curl_slist_append(headerList, line) }
        let context = Unmanaged.passUnretained(self).toOpaque()
        var ok = request.url.withCString { slp_curl_easy_setopt_pointer(handle, CURLOPT_URL, $0) } == CURLE_OK
            && slp_curl_easy_setopt_pointer(handle, CURLOPT_HTTPHEADER, headerList) == CURLE_OK
            && slp_curl_easy_setopt_off(handle, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)) == CURLE_OK
            // Copied by libcurl: nothing here has to outlive the call.
            && (request.body.isEmpty
                ? "".withCString { slp_curl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0) }
                : request.body.withUnsafeBytes { slp_curl_easy_setopt_pointer(handle, CURLOPT_COPYPOSTFIELDS, $0.baseAddress) }) == CURLE_OK
            && slp_curl_easy_setopt_write_function(handle, CURLOPT_WRITEFUNCTION, CurlTransfer.receiveBody) == CURLE_OK
            && slp_curl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context) == CURLE_OK
            && slp_curl_easy_setopt_write_function(handle, CURLOPT_HEADERFUNCTION, CurlTransfer.receiveHeader) == CURLE_OK
            && slp_curl_easy_setopt_pointer(handle, CURLOPT_HEADERDATA, context) == CURLE_OK
        ok = ok && settings.apply(to: handle)
        guard ok else {
            curl_easy_cleanup(handle)
            curl_slist_free_all(headerList)
            return nil
        }
    }

    /// Hands the outcome (`code` as libcurl ended the transfer) to the caller and frees the handle;
    /// called once, after the handle left the multi handle.
    func finish(_ code: CURLcode) {
        var status = 0
        _ = slp_curl_easy_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        curl_easy_cleanup(handle)
        curl_slist_free_all(headerList)
        headerList = nil
        if code == CURLE_OK && status > 0 {
            continuation.resume(returning: .response(status: status, retryAfter: retryAfter, body: body))
        } else {
            continuation.resume(returning: .failed(String(cString: curl_easy_strerror(code))))
        }
    }

    /// Ends a transfer that never started (a handle libcurl would not take, or the loop stopping).
    static func refuse(_ continuation: CheckedContinuation<CurlReply, Never>, _ reason: String) {
        continuation.resume(returning: .failed(reason))
    }

    private static let receiveBody: curl_write_callback = { data, size, count, context in
        let length = size * count
        guard let data, let context else { return length }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        // Beyond the bound the rest is read and dropped: an oversized answer is still an answer.
        let kept = min(length, maxBody - transfer.body.count)
        if kept > 0 {
            data.withMemoryRebound(to: UInt8.self, capacity: kept) { transfer.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: kept)) }
        }
        return length
    }

    private static let receiveHeader: curl_write_callback = { data, size, count, context in
        let length = size * count
        guard let data, let context else { return length }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let line = data.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
        // A new response (after a 100 Continue, say) starts its headers afresh.
        if line.starts(with: Array("HTTP/".utf8)) { transfer.retryAfter = nil }
        if let seconds = RetryAfter.seconds(headerLine: line) { transfer.retryAfter = .seconds(seconds) }
        return length
    }
}
