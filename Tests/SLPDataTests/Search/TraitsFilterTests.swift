import Foundation
@testable import SLPData
import SLPDomain
import SLPTestSupport
import SLPSupport
import XCTest

/// The packed traits SQLite's search checks, against the domain's rule on a seeded population.
/// Search answers themselves against a brute force: `SearchStorageBruteForceContractTests`.
final class TraitsFilterTests: QueueDatabaseTestCase {
    private let center = SeedOptions.seoul
    private var scanned: [ScannedUser] = []

    override func setUpWithError() throws {
        try super.setUpWithError()
        scanned = try populateMixedQueue(around: center)
    }

    /// The packed traits a scan checks decide as the domain's rule does on the stored profile,
    /// for every waiting user and searchers of many ages, ranges and gender filters.
    func testPackedTraitsDecideAsTheDomainRule() throws {
        let packed = Dictionary(uniqueKeysWithValues: try database.read { connection in
            try connection.prepare("SELECT uid, traits FROM queue").map { ($0.text(0), $0.int64(1)) }
        })
        var admitted = 0, refused = 0
        for born in [(1970, 1, 1), (1996, 2, 29), (2005, 11, 21), (2008, 11, 22)] {
            for ages in [(18, 65), (22, 35), (40, 65), (18, 18)] {
                for gender in [nil, Gender.female, .male] {
                    let criteria = try criteria(gender: gender, ages: ages, born: born)
                    let filter = TraitsFilter(criteria)
                    for user in scanned {
                        let decision = criteria.admits(user.user)
                        XCTAssertEqual(filter.admits(try XCTUnwrap(packed[user.uid])), decision, "\(user.uid), \(born) \(ages) \(String(describing: gender))")
                        if decision { admitted += 1 } else { refused += 1 }
                    }
                }
            }
        }
        XCTAssertGreaterThan(admitted, 1_000)
        XCTAssertGreaterThan(refused, 1_000)
    }
}
