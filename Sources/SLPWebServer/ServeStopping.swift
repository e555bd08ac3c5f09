/// Where a stopping `slp serve` is: asked by a first SIGINT or SIGTERM to finish what it holds,
/// by a second to stop at once.
struct ServeStopping {
    /// When the first signal came.
    let since: ContinuousClock.Instant = .now
    /// Whether the hub has been told to say goodbye (once lighttpd no longer listens).
    var hubTold = false
    /// Whether a second signal (or the drain's outer bound) stopped everything at once.
    var atOnce = false

    /// The hub says goodbye once lighttpd has closed its listening socket, or after this even if
    /// serve could not see it closed: a client the goodbye makes reconnect must find the port refused.
    static let listenerBound: Duration = .seconds(2)
    /// When serve stops what is left at once: lighttpd itself waits for the requests under way
    /// without a bound (`LighttpdConfiguration.gracefulStopLines`), and so does a generation a
    /// certificate renewal left behind, which serve waits for too.
    static let drainBound: Duration = .seconds(LighttpdConfiguration.gracefulStopSeconds)
    /// How long the workers get to end, once lighttpd has, before they are killed.
    static let workersBound: Duration = .seconds(5)

    /// Whether the hub should say goodbye now: lighttpd refuses new connections (`listening`
    /// false) or the bound for seeing it has passed.
    func hubShouldBeTold(listening: () -> Bool) -> Bool {
        !hubTold && (ContinuousClock.now - since > Self.listenerBound || !listening())
    }

    /// Whether the drain has outrun its bound.
    var isOverdue: Bool { !atOnce && ContinuousClock.now - since > Self.drainBound }
}
