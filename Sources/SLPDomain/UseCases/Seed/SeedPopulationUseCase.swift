
/// Adds N synthetic registered users waiting in the queue, deterministic for a seed.
public struct SeedPopulationUseCase {
    /// Users written per transaction. A large batch lets storage write every index in key
    /// order, at the cost of holding the batch in memory while it is written.
    public static let batchSize = 1_000_000

    private let population: any PopulationRepository
    private let clock: any TimeProvider

    public init(population: any PopulationRepository, clock: any TimeProvider) {
        self.population = population
        self.clock = clock
    }

    /// How many users were added; `progress` hears the running total after each batch, and
    /// `fractionDone` how much of the whole work is done (0 to 1) now and then as it goes.
    @discardableResult
    public func callAsFunction(
        _ options: SeedOptions, progress: (Int) -> Void = { _ in }, fractionDone: (Double) -> Void = { _ in }
    ) throws -> Int {
        let first = try population.seededCount()
        let places = ShownPlaces(key: try population.shownPlaceKey())
        var generator = PopulationGenerator(options: options, firstIndex: first, now: clock.now, places: places)
        var added = 0
        while added < options.count {
            // A person whose number a real user registered is skipped, so draw again until N are in.
            guard generator.index + (options.count - added) <= PopulationGenerator.capacity else {
                throw DomainError.invalid("invalid_count", "at most 100 000 000 synthetic users in one database")
            }
            let before = added, batch = min(SeedPopulationUseCase.batchSize, options.count - added)
            added += try population.addWaiting(count: batch, drawing: { generator.next() }) { done in
                fractionDone(min(1, (Double(before) + Double(batch) * min(max(done, 0), 1)) / Double(options.count)))
            }
            progress(added)
        }
        return added
    }
}
