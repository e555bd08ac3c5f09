/// The key of the keyed hash behind where the API shows people (`ShownPlaces`): made once per
/// service and kept in `secrets`, so that nobody without the database knows where in its cell
/// anyone is shown.
enum ShownPlaceKey {
    /// The name of the key in `secrets`.
    static let secretName = "shown-place-key"
    /// 256 bits, as long as the hash.
    static let keyLength = 32
}
