/// A program the tests drive is not installed: a failure, never a skip (`.ci/run` installs it).
struct MissingTool: Error, CustomStringConvertible {
    let name: String

    var description: String { "\(name) is not installed; the tests need it (.ci/run installs it)" }
}
