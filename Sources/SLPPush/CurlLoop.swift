#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CCurl
import SLPSupport
import Synchronization

/// One curl multi handle driven by a POSIX thread of its own (as libcurl's multi interface is
/// meant to be: one thread, many transfers, `curl_multi_poll` waiting on all of their sockets),
/// so that no caller's thread or actor ever waits on the network. Callers hand requests in
/// through a locked inbox and wake the thread with `curl_multi_wakeup`; each gets its reply
/// through its continuation. At most `maxInFlight` transfers run at once; the rest wait in order.
/// Sendable by hand: the inbox is locked, everything else belongs to the thread.
final class CurlLoop: @unchecked Sendable {
    private struct Inbox {
        var waiting: [(CurlRequest, CheckedContinuation<CurlReply, Never>)] = []
        var stopping = false
        /// Set by the thread as it leaves: the multi handle is gone, no one may wake it.
        var closed = false
    }

    private let multi: UnsafeMutableRawPointer
    private let settings: CurlSettings
    private let maxInFlight: Int
    private let inbox = Mutex(Inbox())
    /// The thread's own: the transfers on the multi handle, by easy handle.
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    /// A loop and its thread; nil when libcurl or the thread cannot be had.
    init?(settings: CurlSettings, maxInFlight: Int) {
        CurlLibrary.prepare()
        guard CurlLibrary.prepared, let multi = curl_multi_init() else { return nil }
        self.multi = multi
        self.settings = settings
        self.maxInFlight = max(1, maxInFlight)
        // Many requests to one host share HTTP/2 connections, each request a stream.
        guard slp_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX)) == CURLM_OK,
              slp_curl_multi_setopt_long(multi, CURLMOPT_MAX_CONCURRENT_STREAMS, self.maxInFlight) == CURLM_OK,
              start()
        else {
            curl_multi_cleanup(multi)
            return nil
        }
    }

    /// The reply to `request`, once the thread has carried it out.
    func perform(_ request: CurlRequest) async -> CurlReply {
        await withCheckedContinuation { continuation in
            let accepted = inbox.withLock { inbox in
                guard !inbox.stopping else { return false }
                inbox.waiting.append((request, continuation))
                curl_multi_wakeup(multi)
                return true
            }
            if !accepted { CurlTransfer.refuse(continuation, "the HTTP client is stopped") }
        }
    }

    /// Ends the thread: what is in flight or waiting is answered as a network failure.
    func stop() {
        inbox.withLock { inbox in
            inbox.stopping = true
            if !inbox.closed { curl_multi_wakeup(multi) }
        }
    }

    /// The loop's thread, which holds the loop until it ends.
    private func start() -> Bool {
        DetachedThread.start { [self] in run() }
    }

    private func run() {
        while true {
            let room = maxInFlight - running.count
            let (admitted, stopping) = inbox.withLock { inbox in
                if inbox.stopping {
                    inbox.closed = true
                    defer { inbox.waiting = [] }
                    return (inbox.waiting, true)
                }
                let taken = Array(inbox.waiting.prefix(room))
                inbox.waiting.removeFirst(taken.count)
                return (taken, false)
            }
            if stopping {
                close(refusing: admitted)
                return
            }
            for (request, continuation) in admitted {
                guard let transfer = CurlTransfer(request, settings: settings, continuation: continuation) else {
                    CurlTransfer.refuse(continuation, "libcurl refused the transfer")
                    continue
                }
                guard curl_multi_add_handle(multi, transfer.handle) == CURLM_OK else {
                    transfer.finish(CURLE_FAILED_INIT)
                    continue
                }
                running[transfer.handle] = transfer
            }
            var active: Int32 = 0
            _ = curl_multi_perform(multi, &active)
            finishDone()
            // Sleeps until a socket is ready, a timer of libcurl's is due or a caller wakes it.
            _ = curl_multi_poll(multi, nil, 0, 1_000, nil)
        }
    }

    private func finishDone() {
        var left: Int32 = 0
        while let message = curl_multi_info_read(multi, &left) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            // Read before the handle is removed: the message is libcurl's and goes with it.
            let code = message.pointee.data.result
            guard let transfer = running.removeValue(forKey: handle) else { continue }
            curl_multi_remove_handle(multi, handle)
            transfer.finish(code)
        }
    }

    private func close(refusing waiting: [(CurlRequest, CheckedContinuation<CurlReply, Never>)]) {
        for (_, continuation) in waiting { CurlTransfer.refuse(continuation, "the HTTP client is stopped") }
        for (handle, transfer) in running {
            curl_multi_remove_handle(multi, handle)
            transfer.finish(CURLE_ABORTED_BY_CALLBACK)
        }
        running = [:]
        curl_multi_cleanup(multi)
    }
}
