import SLPDomain

/// A waiting user as a brute-force scan sees them.
struct ScannedUser {
    let uid: String
    let coordinate: Coordinate
    /// Where the API shows them.
    let shown: Coordinate
    let studies: StudyList
    /// The stored profile, as the person rules read it.
    let user: User
}
