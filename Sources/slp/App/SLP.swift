import Foundation

/// Entry point: run, print, exit.
@main
struct SLP {
    @MainActor
    static func main() async {
        let output = await Application.run(.current())
        FileHandle.standardOutput.write(Data(output.stdout.utf8))
        if !output.stdoutBytes.isEmpty { output.stdoutBytes.withUnsafeBytes { FileHandle.standardOutput.write(Data($0)) } }
        FileHandle.standardError.write(Data(output.stderr.utf8))
        exit(output.exitCode.rawValue)
    }
}
