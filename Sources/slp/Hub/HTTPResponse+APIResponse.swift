import SLPRealtime

extension HTTPResponse {
    /// An API answer as the hub writes it: the same status, JSON and headers as the workers'.
    init(_ response: APIResponse) {
        self.init(
            status: response.status, contentType: "application/json; charset=utf-8", body: Array(response.bodyText.utf8),
            headers: response.headers.map { ($0.name, $0.value) })
    }
}
