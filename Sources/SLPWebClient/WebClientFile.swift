/// One file of the web client: where it lies under `Files/` (`index.html`, `app/main.js`), what
/// it holds and the `Content-Type` it is served with.
package struct WebClientFile: Sendable, Equatable {
    package let path: String
    package let bytes: [UInt8]
    package let contentType: String

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.contentType = WebContentType.of(path)
    }
}
