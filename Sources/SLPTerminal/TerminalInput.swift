#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SLPSupport
import Synchronization

/// The keys typed at the terminal and its changes of size, as they happen: a thread of its own
/// waits on the input and on a pipe that the SIGWINCH handler writes to, so that the program's
/// own work (waiting for messages) never delays a key or a resize. The stream ends at the end
/// of input or on `stop()`.
public final class TerminalInput: Sendable {
    public let events: AsyncStream<TerminalEvent>
    private let wakeWrite: Int32
    private let wakeRead: Int32
    private let thread: pthread_t
    private let stopped = Mutex(false)

    /// The descriptor the SIGWINCH handler wakes the reader through; -1 when none listens.
    nonisolated(unsafe) static var windowChanges: Int32 = -1

    /// Starts reading `input`; sizes are those of the terminal `output` is open on.
    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) throws(SystemCallError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw SystemCallError(operation: "pipe", code: errno) }
        for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        wakeRead = ends[0]
        wakeWrite = ends[1]
        let (events, continuation) = AsyncStream.makeStream(of: TerminalEvent.self, bufferingPolicy: .unbounded)
        self.events = events
        let reader = InputReader(input: input, output: output, wake: ends[0], continuation: continuation)
        Self.windowChanges = ends[1]
        signal(SIGWINCH, Self.windowChanged)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(reader).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<InputReader>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<InputReader>.fromOpaque(context).release()
            signal(SIGWINCH, SIG_DFL)
            Self.windowChanges = -1
            close(ends[0])
            close(ends[1])
            throw SystemCallError(operation: "pthread_create", code: created)
        }
        self.thread = thread
    }

    /// Stops reading and waits for the reader to finish; the stream ends. Safe to call again.
    public func stop() {
        let first = stopped.withLock { stopped in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        signal(SIGWINCH, SIG_DFL)
        Self.windowChanges = -1
        var stop = InputReader.stopByte
        _ = write(wakeWrite, &stop, 1)
        pthread_join(thread, nil)
        close(wakeRead)
        close(wakeWrite)
    }

    deinit { stop() }

    /// Only async-signal-safe calls: write(2).
    private static let windowChanged: @convention(c) (Int32) -> Void = { _ in
        var byte = InputReader.resizeByte
        let descriptor = TerminalInput.windowChanges
        if descriptor >= 0 { _ = write(descriptor, &byte, 1) }
    }
}
