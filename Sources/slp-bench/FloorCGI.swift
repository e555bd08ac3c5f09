import Foundation

/// The floor of the HTTP benchmark: the smallest CGI program, a few lines of C printing a fixed
/// JSON document (the size of a myQueueState answer), compiled with `cc` into the benchmark's
/// directory at run time. What lighttpd, a process start and the client cost with no work.
enum FloorCGI {
    static let source = #"""
        #include <stdio.h>

        int main(void) {
            fputs("Status: 200 OK\r\n"
                  "Content-Type: application/json; charset=utf-8\r\n"
                  "Cache-Control: no-store\r\n"
                  "\r\n"
                  "{\"status\":\"waiting\",\"dodged\":0,\"matched\":0,\"reviewed\":0,\"matchedNick\":null,\"matchedUid\":null}",
                  stdout);
            return 0;
        }
        """#

    /// Compiles the program into `directory`; its path.
    static func build(in directory: String) throws -> String {
        guard let cc = Shell.which("cc") else { throw LoadFailure("the floor needs a C compiler: cc not found (apt-get install gcc)") }
        let sourcePath = directory + "/floor-cgi.c", program = directory + "/floor-cgi"
        try source.write(toFile: sourcePath, atomically: true, encoding: .utf8)
        let result = try ChildProcess(scratch: directory + "/cc").run([cc, "-O2", "-o", program, sourcePath], environment: ["PATH=/usr/bin:/bin"])
        guard result.status == 0 else { throw LoadFailure("cc failed: \(result.errorText.trimmingCharacters(in: .whitespacesAndNewlines))") }
        return program
    }
}
