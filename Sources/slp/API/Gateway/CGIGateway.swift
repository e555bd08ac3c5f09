/// `slp` run by a web server as a CGI program (RFC 3875; `GATEWAY_INTERFACE` is set): answers
/// the one request it was started for, on standard output, and exits.
@MainActor
enum CGIGateway {
    static func run(_ environment: ProcessEnvironment) async {
        let response: APIResponse
        switch CGIRequestReader.readProcessRequest() {
        case .failure(let failure): response = .failure(failure)
        case .success(let request): response = await APIApplication.respond(to: request, environment: environment)
        }
        StandardStreams.writeOutput(CGIResponseWriter.text(response))
        if let document = response.document { StandardStreams.writeOutput(document) }
    }
}
