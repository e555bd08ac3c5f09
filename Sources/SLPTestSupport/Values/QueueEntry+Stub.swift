import Foundation
import SLPDomain

extension QueueEntry {
    /// A waiting place with studies as typed, shown 100 m north unless said otherwise; invalid
    /// values are a bug in the test and stop it.
    package static func stub(
        _ uid: String, at coordinate: Coordinate, studies: [String] = [], enteredAt: Date = Date(timeIntervalSince1970: 1_795_000_000),
        displacement: Displacement = .stub
    ) -> QueueEntry {
        try! QueueEntry(
            uid: UserID(uid), coordinate: coordinate, studies: StudyList(parsing: studies), enteredAt: enteredAt, displacement: displacement)
    }
}

extension Displacement {
    /// 100 m north.
    package static let stub = try! Displacement(centidegrees: 0, centimetres: 10_000)

    /// A displacement known to be valid in a test.
    package static func of(_ distance: Double, bearing: Double) -> Displacement {
        try! Displacement(bearing: bearing, distance: distance)
    }
}
