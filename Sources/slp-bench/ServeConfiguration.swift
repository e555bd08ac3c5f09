import Foundation

/// lighttpd's configuration as `slp serve` generated it: its text, the private directory it
/// names, and the other files it reads there, by path relative to that directory.
struct ServeConfiguration {
    let text: String
    let directory: String
    let files: [(path: String, contents: Data)]
}
