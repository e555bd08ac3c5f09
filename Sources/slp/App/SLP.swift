#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPTerminal
import SLPSupport
import SLPWebServer

/// Entry point: run, print, exit.
@main
struct SLP {
    @MainActor
    static func main() async {
        // Past a file size limit (`ulimit -f`) a write then fails with EFBIG, which slp reports
        // (exit 74) with the transaction rolled back, instead of the process being killed.
        signal(SIGXFSZ, SIG_IGN)
        // Started by `slp serve` as its realtime hub: hold the waiting clients until serve ends.
        if let socket = EnvironmentVariables.value(of: HubProcess.socketVariable) {
            exit(await HubProcess.run(socket: socket, environment: .current()))
        }
        // Run as CGI on `slp serve --metrics`'s listener: the metrics page, from serve's file and /proc.
        if let file = EnvironmentVariables.value(of: MetricsPage.pageVariable) {
            MetricsGateway.answer(file: file)
        }
        // Run by a web server as a CGI program (`slp serve`, or any server configured so):
        // answer that one request instead of reading a command line.
        // Started by a web server as an SCGI worker (`slp serve`): answer its requests until stopped.
        if SCGIGateway.isListening(STDIN_FILENO) {
            await SCGIGateway.run(listening: STDIN_FILENO, environment: .current())
        }
        if EnvironmentVariables.value(of: "GATEWAY_INTERFACE") != nil {
            await CGIGateway.run(.current())
            exit(0)
        }
        let output = await CommandTable.run(.current())
        // Paged only when it would not fit on the screen with the prompt after it.
        if let pager = output.pager, let screen = TerminalSize.of(descriptor: STDOUT_FILENO), screen.lines(of: output.stdout) >= screen.rows {
            Pager.show(output.stdout, through: pager)
        } else {
            StandardStreams.writeOutput(output.stdout)
        }
        if let json = output.stdoutJSON { StandardStreams.writeOutput(json) }
        StandardStreams.writeError(output.stderr)
        // What the output still holds (a search's thousands of results) is left for the exit to
        // free rather than released value by value. The database is already closed (its -wal
        // and -shm files removed) by the time a command returns.
        withExtendedLifetime(output) { exit(output.exitCode.rawValue) }
    }
}
