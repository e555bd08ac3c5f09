import Foundation
import XCTest

import SLPSupport
@testable import slp

/// A JSON line written in memory and through a chunked writer (how stdout gets it): the same
/// bytes, handed over in order, in chunks no larger than asked unless one piece is.
final class JSONLineTests: XCTestCase {
    /// About 9 KB of JSON with escapes, non-ASCII text, numbers and nesting.
    private let document = JSONLine { writer in
        writer.beginObject()
        writer.key("cards" as StaticString)
        writer.beginArray()
        for index in 0..<120 {
            writer.beginObject()
            writer.key("uid" as StaticString)
            writer.string("user-\(index)")
            writer.key("nick")
            writer.string(index % 3 == 0 ? "따옴표\"\\\n\u{2028}" : "새싹\(index)")
            writer.key("lat" as StaticString)
            writer.double(37.5665 + Double(index) / 1_000)
            writer.key("reputation" as StaticString)
            writer.beginArray()
            for title in 0..<6 { writer.int(index * title - 7) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }

    private func chunks(of line: JSONLine, chunk: Int) -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        var writer = JSONWriter(chunk: chunk) { chunks.append(Array($0)) }
        line.write(to: &writer)
        writer.flush()
        return chunks
    }

    func testTextIsTheDocumentAndANewline() throws {
        let text = document.text
        XCTAssertTrue(text.hasSuffix("}\n"))
        XCTAssertEqual(text.filter { $0 == "\n" }.count, 1, "one line: newlines inside strings are escaped")
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        XCTAssertEqual((parsed?["cards"] as? [Any])?.count, 120)
        // Equal when they write the same bytes.
        XCTAssertEqual(JSONLine { $0.null() }, JSONLine { $0.null() })
        XCTAssertNotEqual(document, JSONLine { $0.null() })
    }

    func testChunksAreTheSameBytesInOrderEachNoLargerThanTheBuffer() {
        let whole = Array(document.text.utf8)
        XCTAssertGreaterThan(whole.count, 8_000)
        for size in [64, 100, 1_000, 4_096, whole.count - 1, whole.count, whole.count + 1, 65_536] {
            let handed = chunks(of: document, chunk: size)
            XCTAssertEqual(Array(handed.joined()), whole, "chunk \(size)")
            XCTAssertFalse(handed.contains { $0.isEmpty }, "chunk \(size)")
            XCTAssertFalse(handed.contains { $0.count > size }, "chunk \(size)")
            // A chunk goes only when the next piece would not fit: all but the last are nearly full.
            XCTAssertFalse(handed.dropLast().contains { $0.count < size - 32 }, "chunk \(size)")
            XCTAssertEqual(handed.count == 1, whole.count <= size, "one chunk exactly when it all fits: \(size)")
        }
    }

    func testNothingIsHandedOverBeforeTheBufferFillsOrAFlush() {
        var chunks: [[UInt8]] = []
        var writer = JSONWriter(chunk: 64) { chunks.append(Array($0)) }
        writer.beginArray()
        for _ in 0..<15 { writer.int(7) }  // "[7,7,…,7": 30 bytes
        XCTAssertEqual(chunks.count, 0)
        writer.flush()
        XCTAssertEqual(chunks.map { String(decoding: $0, as: UTF8.self) }, ["[" + Array(repeating: "7", count: 15).joined(separator: ",")])
        writer.flush()
        XCTAssertEqual(chunks.count, 1, "a flush with nothing buffered hands nothing over")
        writer.int(8)
        writer.endArray()
        writer.newline()
        writer.flush()
        XCTAssertEqual(chunks.last.map { String(decoding: $0, as: UTF8.self) }, ",8]\n", "the separator state survives a flush")
    }

    func testAPieceLargerThanTheBufferGrowsIt() {
        let long = String(repeating: "스터디", count: 100)  // 900 bytes
        let line = JSONLine { writer in
            writer.beginArray()
            writer.string("a")
            writer.string(long)
            writer.string("b")
            writer.endArray()
        }
        let handed = chunks(of: line, chunk: 64)
        XCTAssertEqual(String(decoding: Array(handed.joined()), as: UTF8.self), "[\"a\",\"\(long)\",\"b\"]\n")
        XCTAssertEqual(handed.filter { $0.count > 64 }.count, 1, "only the long string needed more room")
    }
}
