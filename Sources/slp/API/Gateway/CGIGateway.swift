#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import SLPSupport

/// `slp` run by a web server as a CGI program (RFC 3875; `GATEWAY_INTERFACE` is set): answers
/// the one request it was started for, on standard output, and exits.
@MainActor
enum CGIGateway {
    static func run(_ environment: ProcessEnvironment) async {
        let response: APIResponse
        switch CGIRequestReader.readProcessRequest() {
        case .failure(let failure): response = .failure(failure)
        case .success(let request): response = await APIApplication.respond(to: request, service: APIService(environment: environment))
        }
        if let failure = CGIResponseWriter.write(response, to: STDOUT_FILENO) {
            let reason = failure == 0 ? "nothing written" : String(cString: strerror(failure))
            StandardStreams.writeError("Error: cannot write to standard output: \(reason)\n")
            exit(ExitCode.ioError.rawValue)
        }
    }
}
