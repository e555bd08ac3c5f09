/// How many connections one address may hold at once, as a script lighttpd runs for each
/// request (`mod_magnet`, lighttpd's replacement for mod_evasive, which 1.4.68 removed). A
/// request from an address that holds more is answered 429 with slp's JSON error object, so the
/// connections one address holds cannot crowd out everyone else's. Connections are counted only
/// when more are open in all than one address may hold: otherwise none can be over.
///
/// lighttpd learns a connection's address when it accepts it but runs the script only once its
/// request's headers have come, so connections still sending their headers are bounded by the
/// read timeout instead (`LighttpdConfiguration`); a limit at accept needs a firewall or a
/// reverse proxy in front (docs/DEPLOY.md).
enum ConnectionLimitScript {
    /// Connections one address may hold: enough for the people behind one carrier's or one
    /// office's NAT, each with a few requests and waiting connections at once.
    static let perAddress = 256

    /// The refusal, as slp words it.
    static let refusal = HTTPRefusal(
        status: 429, code: "too_many_connections", message: "too many connections from one address; close some and try again")

    /// The script, its refusal worded by `errorObject` (slp's JSON error object).
    static func text(errorObject: (HTTPRefusal) -> String) -> String {
        """
        -- slp serve: at most \(perAddress) connections from one address.
        local limit = \(perAddress)
        if lighty.server.stats["clients_open"] <= limit then return 0 end
        local address = lighty.r.req_attr["request.remote-addr"]
        local held = 0
        for r in lighty.server.irequests() do
          if r.req_attr["request.remote-addr"] == address then
            held = held + 1
            if held > limit then
              lighty.r.resp_header["Content-Type"] = "application/json; charset=utf-8"
              lighty.r.resp_header["Cache-Control"] = "no-store"
              lighty.r.resp_body.set({ '\(errorObject(refusal))\\n' })
              return 429
            end
          end
        end
        return 0

        """
    }
}
