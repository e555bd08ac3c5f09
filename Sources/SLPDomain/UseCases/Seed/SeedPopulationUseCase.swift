import Foundation

/// Adds N synthetic registered users waiting in the queue, deterministic for a seed.
public struct SeedPopulationUseCase {
    /// Users written per transaction: large enough to be fast, small enough to keep memory flat.
    public static let batchSize = 50_000

    private let population: any PopulationRepository
    private let clock: any TimeProvider

    public init(population: any PopulationRepository, clock: any TimeProvider) {
        self.population = population
        self.clock = clock
    }

    /// How many users were added; `progress` hears the running total after each batch.
    @discardableResult
    public func callAsFunction(_ options: SeedOptions, progress: (Int) -> Void = { _ in }) throws -> Int {
        let first = try population.seededCount()
        guard first + options.count <= 100_000_000 else {
            throw DomainError.invalid("invalid_count", "at most 100 000 000 synthetic users in one database")
        }
        var generator = PopulationGenerator(options: options, firstIndex: first, now: clock.now)
        var added = 0
        while added < options.count {
            let batch = generator.next(min(SeedPopulationUseCase.batchSize, options.count - added))
            try population.addWaiting(batch)
            added += batch.count
            progress(added)
        }
        return added
    }
}
