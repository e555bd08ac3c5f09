/// A child `TimedProcess` could not start (no such program, no scratch file), or whose exit status
/// it could not learn.
package struct ProcessRunFailure: Error, CustomStringConvertible {
    package let description: String
}
