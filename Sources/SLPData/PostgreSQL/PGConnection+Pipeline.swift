#if PostgreSQL
import CLibPQ

/// Fewer round trips for a transaction through libpq's pipeline mode: its BEGIN travels with its
/// first statement, and a read's COMMIT is sent without waiting for the answer, which is read
/// before the connection's next use. A statement that fails still fails where it is run.
extension PGConnection {
    /// Holds `begin` back until the first statement, which it precedes in the same round trip. A
    /// transaction that runs no statement then sends nothing.
    func deferBegin(_ begin: String) {
        deferredBegin = begin
    }

    /// Ends a read-only transaction with `commit` without waiting for the server's answer: what
    /// was read stands however that ends. Nothing is sent when the BEGIN never was.
    func commitWithoutWaiting(_ commit: String) throws(PGError) {
        guard deferredBegin == nil else {
            deferredBegin = nil
            return
        }
        try settle()
        guard PQenterPipelineMode(handle) == 1 else { return try executeScript(commit) }
        answerPending = true
        // A connection that cannot take it is given up at its next use, never read out of step.
        if PQsendQueryParams(handle, commit, 0, nil, nil, nil, nil, 0) != 1 || PQpipelineSync(handle) != 1 { outOfStep = true }
    }

    /// Ends the transaction after a failure: a BEGIN never sent is forgotten, else ROLLBACK.
    func rollBack() {
        guard deferredBegin == nil else {
            deferredBegin = nil
            return
        }
        _ = try? executeScript("ROLLBACK")
    }

    /// Reads the answer to what was sent without waiting. The statement's own error no longer
    /// matters (a read's COMMIT); a broken connection, or one given up, is reported before
    /// anything else is sent on it.
    func settle() throws(PGError) {
        guard !outOfStep else { throw lost() }
        guard answerPending else { return }
        answerPending = false
        for result in try pipelineResults() { PQclear(result) }
        guard PQexitPipelineMode(handle) == 1 else {
            outOfStep = true
            throw lost()
        }
        if PQtransactionStatus(handle) != PQTRANS_IDLE { _ = try check(PQexec(handle, "ROLLBACK")) }
    }

    /// Sends a deferred BEGIN on its own, before what cannot go in a pipeline (a script, COPY).
    func sendDeferredBegin() throws(PGError) {
        guard let begin = deferredBegin else { return }
        deferredBegin = nil
        _ = try check(PQexec(handle, begin))
    }

    /// Runs `begin` and then `sql` in one round trip: `sql` runs only if `begin` succeeded, and
    /// the first error is thrown.
    func execute(_ sql: String, texts: [String?], after begin: String) throws(PGError) -> PGResult {
        guard PQenterPipelineMode(handle) == 1 else {
            _ = try check(PQexec(handle, begin))
            return try execute(sql, texts: texts)
        }
        let plan = plan(sql)
        let count = Int32(texts.count)
        var sent = PQsendQueryParams(handle, begin, 0, nil, nil, nil, nil, 0) == 1
        switch plan {
        case .prepared(let name):
            sent = sent && withParameters(texts) { PQsendQueryPrepared(handle, name, count, $0, nil, nil, 0) } == 1
        case .prepare(let name):
            sent = sent && PQsendPrepare(handle, name, sql, count, nil) == 1
            sent = sent && withParameters(texts) { PQsendQueryPrepared(handle, name, count, $0, nil, nil, 0) } == 1
        case .once:
            sent = sent && withParameters(texts) { PQsendQueryParams(handle, sql, count, nil, $0, nil, nil, 0) } == 1
        }
        sent = sent && PQpipelineSync(handle) == 1
        guard sent else {
            outOfStep = true
            throw lost()
        }
        var results = try pipelineResults()[...]
        guard results.count == (plan.isNew ? 3 : 2) else {
            results.forEach { PQclear($0) }
            outOfStep = true
            throw lost()
        }
        guard PQexitPipelineMode(handle) == 1 else {
            results.forEach { PQclear($0) }
            outOfStep = true
            throw lost()
        }
        // Each result checked in order (the first error is thrown), the rest cleared.
        defer { results.forEach { PQclear($0) } }
        _ = try check(results.removeFirst())
        if case .prepare(let name) = plan {
            _ = try check(results.removeFirst())
            remember(sql, preparedAs: name)
        }
        return try check(results.removeFirst())
    }

    /// The results of one pipeline up to its sync point, one for each statement sent. A
    /// connection that breaks on the way is reported lost.
    private func pipelineResults() throws(PGError) -> [OpaquePointer] {
        var results: [OpaquePointer] = []
        // libpq ends each statement's results with nil; two in a row mean nothing more comes.
        var ended = false
        while true {
            guard let result = PQgetResult(handle) else {
                guard !ended, PQstatus(handle) == CONNECTION_OK else {
                    results.forEach { PQclear($0) }
                    outOfStep = true
                    throw lost()
                }
                ended = true
                continue
            }
            ended = false
            if PQresultStatus(result) == PGRES_PIPELINE_SYNC {
                PQclear(result)
                return results
            }
            results.append(result)
        }
    }
}
#endif
