@testable import SLPDomain
import SLPSupport
import XCTest

final class StudyTallyTests: XCTestCase {
    /// The one-pass selection gives exactly the first `limit` of a full sort by count, then key.
    func testMostCommonEqualsTheHeadOfAFullRanking() throws {
        var random = SplitMix64(seed: 0x7A11)
        let vocabulary = try (0..<40).map { try Study("s\($0 % 13)x\($0 / 13)") } + [try Study("anything")]
        for round in 0..<300 {
            var tally = StudyTally()
            var expected: [String: (study: Study, count: Int)] = [:]
            let excluded = vocabulary[Int(random.next() % UInt64(vocabulary.count))]
            for _ in 0..<Int(random.next() % 60) {
                var picked: [Study] = []
                for _ in 0..<Int(random.next() % 8) {
                    let study = vocabulary[Int(random.next() % UInt64(vocabulary.count))]
                    if !picked.contains(study) { picked.append(study) }
                }
                tally.add(StudyList(stored: picked), except: excluded)
                for study in picked where study != excluded { expected[study.key, default: (study, 0)].count += 1 }
            }
            let ranked = expected.values.sorted {
                $0.count != $1.count ? $0.count > $1.count : $0.study.key.utf8.lexicographicallyPrecedes($1.study.key.utf8)
            }
            let limit = Int(random.next() % 7)
            XCTAssertEqual(tally.mostCommon(limit).map(\.key), ranked.prefix(limit).map(\.study.key), "round \(round)")
        }
    }
}
