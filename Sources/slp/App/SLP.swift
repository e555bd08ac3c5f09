import Foundation

/// Entry point: run, print, exit.
@main
struct SLP {
    @MainActor
    static func main() async {
        // Past a file size limit (`ulimit -f`) a write then fails with EFBIG, which slp reports
        // (exit 74) with the transaction rolled back, instead of the process being killed.
        signal(SIGXFSZ, SIG_IGN)
        let output = await Application.run(.current())
        FileHandle.standardOutput.write(Data(output.stdout.utf8))
        if !output.stdoutBytes.isEmpty { output.stdoutBytes.withUnsafeBytes { FileHandle.standardOutput.write(Data($0)) } }
        FileHandle.standardError.write(Data(output.stderr.utf8))
        exit(output.exitCode.rawValue)
    }
}
