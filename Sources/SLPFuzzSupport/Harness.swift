// What every fuzz target shares: the input's reading, replaying saved inputs, findings.
import Foundation

/// Runs saved inputs (files, or every file of a directory) through a fuzz target's checks,
/// as libFuzzer would; used when the target is built without `--sanitize=fuzzer`.
public enum CorpusReplay {
    public static func run(_ arguments: [String], check: (FuzzInput) -> Void) {
        let name = arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "fuzz"
        guard arguments.count > 1 else {
            print("usage: \(name) FILE|DIRECTORY ... (replays saved inputs; build with --sanitize=fuzzer to fuzz)")
            exit(0)
        }
        var count = 0
        for path in arguments.dropFirst() {
            guard let files = inputFiles(at: path) else {
                FileHandle.standardError.write(Data("\(name): cannot read '\(path)'\n".utf8))
                exit(66)
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("\(name): cannot read '\(file)'\n".utf8))
                    exit(66)
                }
                check(FuzzInput(Array(data)))
                count += 1
            }
        }
        print("\(name): replayed \(count) input\(count == 1 ? "" : "s"), all checks held")
        exit(0)
    }

    /// The file itself, or the regular files of a directory in name order.
    private static func inputFiles(at path: String) -> [String]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
        guard isDirectory.boolValue else { return [path] }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return nil }
        return names.sorted().map { URL(fileURLWithPath: path).appendingPathComponent($0).path }.filter { file in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) && !isDirectory.boolValue
        }
    }
}

/// One fuzz input: the first byte picks what to check, the rest is the payload.
public struct FuzzInput: Sendable {
    public let selector: UInt8
    public let payload: [UInt8]

    public init(_ bytes: [UInt8]) {
        selector = bytes.first ?? 0
        payload = Array(bytes.dropFirst())
    }

    public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        self.init(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    }

    /// The payload as text (invalid UTF-8 repaired, as the command line and stdin decode it).
    public var text: String { String(decoding: payload, as: UTF8.self) }

    /// The payload cut at NUL bytes: several arguments, as `argv` would hold them.
    public var texts: [String] {
        payload.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `count` little-endian bytes from `offset`, zero-padded past the end.
    public func bits(_ offset: Int, _ count: Int) -> UInt64 {
        (0..<count).reduce(0) { value, index in
            let at = offset + index
            return value | UInt64(at < payload.count ? payload[at] : 0) << (8 * UInt64(index))
        }
    }

    public func int8(_ offset: Int) -> Int { Int(Int8(truncatingIfNeeded: bits(offset, 1))) }
    public func int16(_ offset: Int) -> Int { Int(Int16(truncatingIfNeeded: bits(offset, 2))) }
    public func int64(_ offset: Int) -> Int { Int(Int64(bitPattern: bits(offset, 8))) }
    public func double(_ offset: Int) -> Double { Double(bitPattern: bits(offset, 8)) }
}

/// A broken invariant is a finding: stop with a message libFuzzer reports as a crash.
public func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("invariant broken: \(message())") }
}

/// No control, line or paragraph separator: the text prints as one line.
public func isOneLine(_ text: String) -> Bool {
    !text.unicodeScalars.contains { scalar in
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
