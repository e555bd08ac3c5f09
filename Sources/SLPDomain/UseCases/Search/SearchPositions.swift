/// Where search places the people it finds.
public enum SearchPositions: Equatable, Sendable {
    /// Where they queued: the command line, run by the service's operators.
    case exact
    /// Where the API shows them (`QueueEntry.shownCoordinate`): who is within the radius, the
    /// distances and the order are all decided from there, so that nothing a search answers
    /// tells more than the shown point.
    case shown
}
