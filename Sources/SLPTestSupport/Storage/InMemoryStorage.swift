import Foundation
import SLPDomain

/// `Storage` over an `InMemoryDatabase`: a write that throws leaves every table as it was, a
/// commit moves the change token. It records the transactions it ran, so a test can tell
/// whether a use case reached storage at all.
package final class InMemoryStorage: Storage {
    package let database: InMemoryDatabase
    /// "read" or "write" for each transaction begun, in order.
    package private(set) var transactions: [String] = []
    /// While false, this store is read-only, as a file this process may not write.
    package var acceptsWrites = true

    package init(_ database: InMemoryDatabase = InMemoryDatabase()) {
        self.database = database
    }

    package func read<T>(_ body: (any ReadTransaction) throws -> T) throws -> T {
        transactions.append("read")
        return try body(InMemoryTransaction(database))
    }

    package func write<T>(_ body: (any WriteTransaction) throws -> T) throws -> T {
        transactions.append("write")
        precondition(acceptsWrites, "a write to a read-only store")
        let saved = database.tables
        do {
            let result = try body(InMemoryTransaction(database))
            database.changeToken += 1
            return result
        } catch {
            database.tables = saved
            throw error
        }
    }

    package func changeToken() throws -> Int64 { database.changeToken }

    /// Returns at once: no other process can commit while this one waits.
    package nonisolated(nonsending) func waitForChange(after token: Int64, upTo limit: Duration) async throws -> Int64 {
        database.changeToken
    }

    /// Another process commits something: the change token moves.
    package func commitElsewhere() {
        database.changeToken += 1
    }
}
