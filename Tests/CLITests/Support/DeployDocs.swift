import Foundation

/// docs/DEPLOY.md, whose recipes the tests run as written there.
enum DeployDocs {
    /// The code block that holds `marker`, without its fence's language word.
    static func block(containing marker: String) throws -> String {
        let deploy = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/DEPLOY.md")
        let blocks = try String(contentsOf: deploy, encoding: .utf8).components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }
        guard let block = blocks.map(\.element).first(where: { $0.contains(marker) }) else {
            throw HTTPTestError("no code block with \(marker) in \(deploy.path)")
        }
        return String(block.drop { $0 != "\n" }.dropFirst())
    }
}
