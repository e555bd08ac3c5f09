#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import SLPWebServer

/// slp run as CGI on `slp serve --metrics`'s listener: answers Prometheus' scrape with the
/// metrics page of serve's file, then exits. The file missing (serve gone): 503.
enum MetricsGateway {
    static func answer(file path: String) -> Never {
        guard let file = try? MetricsFile(path: path) else {
            StandardStreams.writeOutput("Status: 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\r\nno metrics\n")
            exit(0)
        }
        StandardStreams.writeOutput("Content-Type: \(ExpositionText.contentType)\r\n\r\n" + MetricsPage.render(file, now: Date().timeIntervalSince1970))
        exit(0)
    }
}
