/// The rows of a batch's people, as both backends' bulk loads write them.
extension SeedBatch {
    /// The values of `UserRecord.seeded` for `person`.
    func writeUser(_ person: Person, to row: inout some BulkRow) {
        row.text(text[person.card..<person.uidEnd])
        row.text(text[person.phone..<person.email])
        row.text(text[person.email..<person.nick])
        row.text(text[person.nick..<person.birth])
        row.text(text[person.birth..<person.end])
        row.integer(Int64(person.gender))
        row.integer(Int64(person.sesac))
        row.integer(Int64(person.background))
        row.integer(Int64(person.ageMin))
        row.integer(Int64(person.ageMax))
        row.boolean(person.searchable)
        row.integer(person.createdAt)
    }

    /// The values of `QueueRecord.columns` for `person`, whose row in `users` is `id`.
    func writeQueueRow(_ person: Person, id: Int64, to row: inout some BulkRow) {
        row.integer(id)
        row.integer(person.cell)
        row.real(person.latitude)
        row.real(person.longitude)
        row.integer(person.shown)
        row.integer(person.shownCell)
        row.real(person.shownLatitude)
        row.real(person.shownLongitude)
        row.integer(person.traits)
        row.text(text[person.card..<person.keys])
        row.text(text[person.card..<person.uidEnd])
        row.text(text[person.studies..<person.keys])
        row.text(text[person.keys..<person.phone])
        row.integer(person.enteredAt)
    }
}
