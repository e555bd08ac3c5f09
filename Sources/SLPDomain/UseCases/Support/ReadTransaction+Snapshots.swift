extension ReadTransaction {
    /// My situation as the rules read it: my record, my place in the queue, my latest match;
    /// `not_registered` if I do not exist.
    func party(_ uid: UserID) throws -> PartySnapshot {
        guard let party = try situation(of: uid) else { throw DomainError.notRegistered }
        return party
    }

    /// Me and another user and what lies between us; `not_registered` if I do not exist,
    /// `user_not_found` if they do not.
    func pair(_ me: UserID, _ other: UserID) throws -> PairSnapshot {
        let mine = try party(me)
        guard let theirs = try situation(of: other) else { throw DomainError.userNotFound }
        let reporters = try self.reporters(of: me)
        // My latest match is usually the one with them, when there is one: no second look then.
        let together = mine.latest?.partnerUID == other ? mine.latest : try latestMatch(of: me, with: other)
        return PairSnapshot(
            me: mine, other: theirs, requestFromOther: try hasRequest(from: other, to: me),
            iReported: try reportedUsers(by: me).contains(other), otherReported: reporters.contains(other),
            requestToOther: try hasRequest(from: me, to: other), matchTogether: together)
    }
}
