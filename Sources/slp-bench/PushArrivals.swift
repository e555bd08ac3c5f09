import Foundation

/// Every push the fake FCM's processes accepted so far, read from their logs (one JSON line
/// each) as they grow: each call reads only what was added since the last.
final class PushArrivals {
    private let paths: [String]
    private var offsets: [Int]
    private var partial: [[UInt8]]
    private(set) var all: [PushArrival] = []
    /// How many each log (each process of the fake) holds: how evenly the kernel spread the connections.
    private(set) var perLog: [Int]

    init(paths: [String]) {
        self.paths = paths
        offsets = Array(repeating: 0, count: paths.count)
        partial = Array(repeating: [], count: paths.count)
        perLog = Array(repeating: 0, count: paths.count)
    }

    /// Reads what the logs gained; the number of pushes seen so far.
    @discardableResult
    func poll() -> Int {
        for (index, path) in paths.enumerated() {
            guard let handle = FileHandle(forReadingAtPath: path) else { continue }
            defer { try? handle.close() }
            try? handle.seek(toOffset: UInt64(offsets[index]))
            let data = (try? handle.readToEnd()) ?? Data()
            offsets[index] += data.count
            var bytes = partial[index] + [UInt8](data)
            // Only whole lines: the rest waits for its newline.
            let end = bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            for line in bytes[..<end].split(separator: UInt8(ascii: "\n")) {
                if let arrival = Self.parse(Data(line)) {
                    all.append(arrival)
                    perLog[index] += 1
                }
            }
            bytes.removeFirst(end)
            partial[index] = bytes
        }
        return all.count
    }

    /// Polls until `done` holds of the pushes seen, or `seconds` pass without a new one.
    func wait(quietFor seconds: Double, until done: ([PushArrival]) -> Bool) {
        var lastCount = poll(), lastChange = Stopwatch.now()
        while !done(all) {
            usleep(20_000)
            let count = poll()
            if count != lastCount {
                lastCount = count
                lastChange = Stopwatch.now()
            } else if Double(Stopwatch.now() - lastChange) / 1e9 > seconds {
                return
            }
        }
    }

    private static func parse(_ line: Data) -> PushArrival? {
        guard let record = try? JSONSerialization.jsonObject(with: line) as? [String: Any],
              let arrived = record["arrived"] as? Double, let message = record["message"] as? [String: Any],
              let token = message["token"] as? String,
              let headers = (message["apns"] as? [String: Any])?["headers"] as? [String: Any],
              let collapseID = headers["apns-collapse-id"] as? String else { return nil }
        return PushArrival(arrived: arrived, collapseID: collapseID, token: token, body: (message["data"] as? [String: Any])?["body"] as? String)
    }
}
