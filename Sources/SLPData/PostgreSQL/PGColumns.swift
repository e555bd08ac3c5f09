#if PostgreSQL
import CLibPQ

/// The positions of a statement's columns by name, read from its first result and kept with
/// the statement once it is prepared: every result of one prepared statement has the same
/// columns, and a user's row has some fifty, which `PQfnumber` would each find by scanning all.
final class PGColumns {
    private var positions: [String: Int]?

    /// The position of the column `name` in `result` (a result of this statement).
    func position(of name: String, in result: OpaquePointer) -> Int? {
        if let positions { return positions[name] }
        let count = Int(PQnfields(result))
        var found = [String: Int](minimumCapacity: count)
        for column in 0..<count {
            // The first of two columns of one name, as PQfnumber would find.
            let name = String(cString: PQfname(result, Int32(column)))
            if found[name] == nil { found[name] = column }
        }
        positions = found
        return found[name]
    }
}
#endif
