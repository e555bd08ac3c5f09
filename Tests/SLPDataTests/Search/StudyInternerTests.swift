@testable import SLPData
import SLPDomain
import XCTest

/// The search repository keeps one interner for its lifetime: it must keep answering right
/// after it has grown and after it has started afresh at its largest size.
final class StudyInternerTests: XCTestCase {
    private func list(_ interner: StudyInterner, _ text: String) -> StudyList {
        var text = text
        return text.withUTF8 { interner.studyList($0[...]) }
    }

    /// The list as its description reads back without an interner: each name made a study anew.
    private func expected(_ text: String) -> StudyList {
        StudyList(stored: text.split(separator: " ").map { Study(stored: String($0)) })
    }

    func testReadsListsBackAcrossGrowthAndRestart() throws {
        let interner = StudyInterner()
        // More distinct names than the largest table holds, so it starts afresh at least once.
        let names = (0..<(StudyInterner.maxNames + 5_000)).map { "s\($0)" }
        for start in stride(from: 0, to: names.count, by: 3) {
            let text = names[start..<min(start + 3, names.count)].joined(separator: " ")
            XCTAssertEqual(list(interner, text), expected(text))
        }
        // Names met before (some forgotten at the restart) and mixed-case Hangul and wide ones.
        for text in ["s0 s1 s2", "s40000 s7", "코딩 SWIFT Ｐｙｔｈｏｎ", "anything", ""] {
            XCTAssertEqual(list(interner, text), expected(text))
            XCTAssertEqual(list(interner, text).studies.map(\.key), expected(text).studies.map(\.key))
        }
    }

    /// Lists of one study are kept beside the study: read back the same across growth and after
    /// a restart, whether the name was met alone or inside a longer list first.
    func testSingleStudyListsAcrossGrowthAndRestart() throws {
        let interner = StudyInterner()
        let names = (0..<(StudyInterner.maxNames + 3_000)).map { "n\($0)" }
        for (index, name) in names.enumerated() {
            if index % 3 == 0 { _ = list(interner, name + " x\(index)") }
            XCTAssertEqual(list(interner, name), expected(name))
            if index % 7 == 0 { XCTAssertEqual(list(interner, name).studies.map(\.key), [name]) }
        }
        for name in ["n0", "n17", "코딩", "ＲＥＡＣＴ", "anything"] {
            XCTAssertEqual(list(interner, name), expected(name))
            XCTAssertEqual(list(interner, name).studies.map(\.key), expected(name).studies.map(\.key))
        }
    }
}
