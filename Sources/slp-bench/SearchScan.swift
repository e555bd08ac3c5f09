/// The uids of a search answer's two lists, read straight from its bytes: at a million waiting
/// users an answer holds about 2,000 cards (half a megabyte), and decoding it whole would take
/// the benchmark's client more CPU than the two cores can spare the server.
enum SearchScan {
    /// The uids in `fromQueueDB` and in `fromQueueDBRequested`, in order.
    static func uids(_ body: [UInt8]) -> (nearby: [String], requested: [String]) {
        let requestedKey = Array("\"fromQueueDBRequested\":".utf8)
        let recommendKey = Array("\"fromRecommend\":".utf8)
        let split = body.firstRange(of: requestedKey)?.lowerBound ?? body.endIndex
        let end = body[split...].firstRange(of: recommendKey)?.lowerBound ?? body.endIndex
        return (cards(body[..<split]), cards(body[split..<end]))
    }

    /// Each card opens with its uid: `{"uid":"…"`. A string value cannot hold that sequence
    /// unescaped, so every match is a card.
    private static func cards(_ bytes: ArraySlice<UInt8>) -> [String] {
        let opening = Array("{\"uid\":\"".utf8)
        var uids: [String] = []
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index + opening.count < buffer.count {
                guard buffer[index] == opening[0] else {
                    index += 1
                    continue
                }
                if (0..<opening.count).allSatisfy({ buffer[index + $0] == opening[$0] }) {
                    let start = index + opening.count
                    var stop = start
                    while stop < buffer.count, buffer[stop] != UInt8(ascii: "\"") { stop += 1 }
                    uids.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<stop]), as: UTF8.self))
                    index = stop
                } else {
                    index += 1
                }
            }
        }
        return uids
    }
}
