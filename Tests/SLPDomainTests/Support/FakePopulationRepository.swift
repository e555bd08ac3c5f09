import Foundation
import SLPDomain

/// An in-memory `PopulationRepository`: keeps every batch; `seededCount` starts at `alreadySeeded`.
/// People whose phone number is in `takenPhones` are left out, as a real registration would make them.
final class FakePopulationRepository: PopulationRepository {
    private let alreadySeeded: Int
    private let takenPhones: Set<String>
    private(set) var batches: [[WaitingUser]] = []
    private var drawn = 0

    init(alreadySeeded: Int = 0, takenPhones: Set<String> = []) {
        self.alreadySeeded = alreadySeeded
        self.takenPhones = takenPhones
    }

    var added: [WaitingUser] { batches.flatMap { $0 } }

    func seededCount() throws -> Int { alreadySeeded + drawn }

    func addWaiting(count: Int, drawing next: () -> WaitingUser) throws -> Int {
        let users = (0..<count).map { _ in next() }
        drawn += users.count
        let kept = users.filter { !takenPhones.contains($0.user.phone.e164) }
        batches.append(kept)
        return kept.count
    }
}
