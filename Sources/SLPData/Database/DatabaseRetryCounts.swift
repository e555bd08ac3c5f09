import Synchronization

/// This process's transactions run again because the database was busy or in conflict, and
/// those given up after their last attempt (or their wait for the write queue): counted in
/// memory, for the metrics `slp serve --metrics` shows, never written anywhere by this.
package enum DatabaseRetryCounts {
    package static let retries = Atomic<UInt64>(0)
    package static let failures = Atomic<UInt64>(0)
}
