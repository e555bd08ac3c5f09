import Foundation
@testable import SLPData
import SLPDomain
import SLPTestSupport
import XCTest

/// Each table's columns are named once (`TableColumns`), and every writer gives one value per
/// named column: the records, and the rows a bulk load writes for either backend.
final class RecordColumnsTests: XCTestCase {
    /// Counts the values a seed row writer gives.
    private struct CountingRow: BulkRow {
        var count = 0
        mutating func integer(_ value: Int64) { count += 1 }
        mutating func real(_ value: Double) { count += 1 }
        mutating func text(_ bytes: ArraySlice<UInt8>) { count += 1 }
        mutating func boolean(_ value: Bool) { count += 1 }
    }

    func testEachRecordGivesOneValuePerColumn() throws {
        let user = try User.everyField()
        XCTAssertEqual(UserRecord.values(of: user).count, UserRecord.columns.count)
        XCTAssertEqual(UserRecord.changeableValues(of: user).count, UserRecord.changeable.count)
        XCTAssertEqual(Set(UserRecord.columns.names).count, UserRecord.columns.count, "each column once")
        let entry = QueueEntry.stub(user.uid.rawValue, at: .at(37.5, 127), studies: ["Swift"])
        XCTAssertEqual(try QueueRecord.values(of: entry, user: user, id: 7).count, QueueRecord.columns.count)
        let message = ChatMessage(
            id: MessageID(conversation: 1, sequence: 2), from: user.uid, to: try UserID("Other1"), text: "hi", createdAt: .now)
        XCTAssertEqual(MessageRecord.values(of: message).count, MessageRecord.columns.count)
        let partner = MatchView.Partner(uid: try UserID("Other1"), nick: try Nick("other"))
        let kinds: [UserEventKind] = [
            .request(from: partner, distance: 5), .matched(partner: partner), .dodged(partner: partner),
            .reviewed(by: partner, titles: [.kind]), .message(message, from: partner), .penaltyOver,
        ]
        for kind in kinds {
            XCTAssertEqual(EventRecord.values(of: kind, at: .now, writtenAt: .now).count, EventRecord.columns.count, kind.name)
        }
        let sanctions = Sanctions(reportBan: true, dodgePenaltyUntil: nil, dodgeCount: 1)
        XCTAssertEqual(SanctionsRecord.values(of: sanctions, phoneKey: "k").count, SanctionsRecord.columns.count)
    }

    func testABulkLoadWritesOneValuePerColumn() throws {
        let waiting = WaitingUser(user: try User.everyField(), entry: QueueEntry.stub("AbCdEf0123456789GhIjKl4567", at: .at(37.5, 127)))
        let batch = try SeedBatch(count: 1) { waiting }
        let person = try XCTUnwrap(batch.people.first)
        var user = CountingRow(), place = CountingRow()
        batch.writeUser(person, to: &user)
        batch.writeQueueRow(person, id: 1, to: &place)
        XCTAssertEqual(user.count, UserRecord.seeded.count)
        XCTAssertEqual(place.count, QueueRecord.columns.count)
        XCTAssertTrue(Set(UserRecord.seeded.names).isSubset(of: UserRecord.columns.names))
    }

    func testTheStatementsAColumnListMakes() {
        let columns: TableColumns = ["a", "b", "c"]
        XCTAssertEqual(columns.list, "a, b, c")
        XCTAssertEqual(columns.insert(into: "t"), "INSERT INTO t (a, b, c) VALUES ($1, $2, $3)")
        XCTAssertEqual(columns.insert(into: "t", placeholdersFrom: 2), "INSERT INTO t (a, b, c) VALUES ($2, $3, $4)")
        XCTAssertEqual(columns.assignments(from: 3), "a = $3, b = $4, c = $5")
        XCTAssertEqual(columns.dropFirst().assignmentsFromExcluded, "b = excluded.b, c = excluded.c")
        XCTAssertEqual((["id"] + columns).list, "id, a, b, c")
    }
}
