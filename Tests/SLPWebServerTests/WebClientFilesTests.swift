import Foundation
import SLPWebClient
import XCTest

final class WebClientFilesTests: XCTestCase {
    private static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/SLPWebClient/Files")

    /// Every file of the folder, subfolders included, by its path relative to the folder.
    private func repositoryFiles() throws -> [String: Data] {
        var files: [String: Data] = [:]
        let walk = try XCTUnwrap(FileManager.default.enumerator(atPath: Self.folder.path))
        for case let path as String in walk where !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: Self.folder.path + "/" + path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = try Data(contentsOf: Self.folder.appendingPathComponent(path))
            }
        }
        return files
    }

    func testEveryFileOfTheFolderIsCompiledInWithItsRelativePathAndBytes() throws {
        let embedded = Dictionary(uniqueKeysWithValues: WebClientFiles.all.map { ($0.path, Data($0.bytes)) })
        XCTAssertEqual(embedded, try repositoryFiles())
    }

    func testServeLaysThePageAtTheTopAndTheAppUnderItsHash() throws {
        let served = WebClientFiles.served
        XCTAssertEqual(served.filter { !$0.path.hasPrefix("app/\(WebClientFiles.hash)/") }.map(\.path), ["index.html"])
        let page = String(decoding: try XCTUnwrap(served.first { $0.path == "index.html" }).bytes, as: UTF8.self)
        XCTAssertTrue(page.contains("\"/app/\(WebClientFiles.hash)/main.js\""), page)
        XCTAssertFalse(page.contains("\"/app/main.js\""), page)
        XCTAssertEqual(served.first { $0.path == "app/\(WebClientFiles.hash)/main.js" }?.contentType, "text/javascript; charset=utf-8")
    }
}
