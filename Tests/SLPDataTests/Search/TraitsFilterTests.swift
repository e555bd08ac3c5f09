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
        let seed = SeedPopulationUseCase(population: population, clock: StoppedClock(queueTestNow))
        try seed(try SeedOptions(count: 2_500, seed: 17, center: center, spreadKilometres: 2))
        try seed(try SeedOptions(count: 2_000, seed: 18, center: center, spreadKilometres: 2, hotspots: true))
        // A few registered the ordinary way, open to anything or with mixed-case studies.
        var random = SplitMix64(seed: 5)
        for index in 0..<60 {
            let lists: [[String]] = [[], ["anything", "swift"], ["SWIFT", "코딩"], ["Ｐｙｔｈｏｎ"], ["anything"]]
            try register("Hand\(index)", gender: index % 2 == 0 ? .female : .male, birth: (1980 + index % 25, 1 + index % 12, 1 + index % 28),
                         ages: index % 7 == 0 ? (30, 40) : (18, 65), searchable: index % 11 != 0)
            try enter("Hand\(index)", at: center.moved(2_000 * random.nextUnit().squareRoot(), bearing: 360 * random.nextUnit()),
                      studies: lists[index % lists.count])
        }
        scanned = try scanQueue()
        XCTAssertEqual(scanned.count, 4_560)
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
