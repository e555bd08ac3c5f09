/// How many connections one address may hold at once, as a script lighttpd runs for each
/// request (`mod_magnet`, lighttpd's replacement for mod_evasive, which 1.4.68 removed). A
/// request from an address that holds more is answered 429 with slp's JSON error object, so the
/// connections one address holds cannot crowd out everyone else's. Connections are counted only
/// when more are open in all than one address may hold: otherwise none can be over.
///
/// What a request costs does not grow with the connections open. mod_magnet runs a script only
/// as a request starts (its headers in) and as its answer starts, never when a request or a
/// connection ends, so a count kept only by adding and subtracting would miss the ends no script
/// sees (a client gone mid-request, a keep-alive timeout, a WebSocket closing) and lock its
/// address out. So lighttpd runs this script at both points: it counts every connection
/// lighttpd holds, by address, at most once a second (`lighty.server.irequests()`), into a table
/// its Lua state keeps between requests; a connection's first request in between adds it (a
/// connection is known by its address and port), and an answer after which the connection
/// closes takes it away. Any end the table misses is gone from it at the next count. (lighttpd's
/// walk passes over an HTTP/2 connection between streams: it counts while a stream is open.)
///
/// lighttpd learns a connection's address when it accepts it but runs the script only once its
/// request's headers have come, so connections that never complete their headers are never
/// refused here; a limit at accept needs a firewall or a reverse proxy in front (docs/DEPLOY.md).
///
/// Behind a trusted proxy (`--trusted-proxy`), mod_extforward gives a request its client's
/// address (port 0) from its headers in until its answer is done, and the connection the proxy's
/// own again after it; a proxy keeping its connections alive sends other clients' requests on
/// it next. So what a client holds there is a request, not a connection: a forwarded request
/// counts for its client from its headers until its answer starts (a WebSocket until it closes),
/// known by its client and the instant it started (lighttpd's clock to the nanosecond, which
/// serve's access line asks for), not by a port; a connection between requests counts for the
/// proxy's address, which the script is never run for (`LighttpdConfiguration`). Counting the
/// proxy's connections instead would lock out everyone behind it at once; counting a forwarded
/// request for its whole connection would charge the next client's requests to the first.
package enum ConnectionLimitScript {
    /// Connections one address may hold by default (`--connections-per-address`): enough for the
    /// people behind one carrier's or one office's NAT, each with a few requests and waiting
    /// connections at once.
    package static let defaultPerAddress = 256
    /// What `--connections-per-address` may be.
    package static let perAddressRange = 1...65_535

    /// The refusal, as slp words it.
    static let refusal = HTTPRefusal(
        status: 429, code: "too_many_connections", message: "too many connections from one address; close some and try again")

    /// The script for at most `limit` connections from one address, its refusal worded by
    /// `errorObject` (slp's JSON error object).
    static func text(limit: Int = defaultPerAddress, errorObject: (HTTPRefusal) -> String) -> String {
        """
        -- slp serve: at most \(limit) connections from one address.
        \(MagnetRefusal.prelude)
        local limit = \(limit)
        local request = lighty.r
        local items, attributes = request.req_item, request.req_attr
        -- Kept in the global table: a script's own globals are cleared after each run.
        local counted = _G.slp_connections
        local now = lighty.c.time()
        -- A connection's key: its address and port, or a forwarded request's client (port 0) and
        -- the instant it started.
        local function key(address, port, item)
          if port ~= "0" then return address .. " " .. port end
          local seconds, nanoseconds = item.start_time()
          return address .. " @" .. seconds .. "." .. nanoseconds
        end
        if items.http_status ~= 0 then
          -- An answer starts: a connection that closes after it leaves the count now (not an
          -- upgrade's, whose WebSocket goes on, nor an HTTP/2 stream's, whose connection does),
          -- and so does a forwarded request, whose connection goes back to the proxy.
          local port = attributes["request.remote-port"]
          if counted == nil or counted.second ~= now or (items.keep_alive ~= 0 and port ~= "0") or items.http_status == 101
            or attributes["request.protocol"] == "HTTP/2.0" then
            return 0
          end
          local address = attributes["request.remote-addr"]
          local connection = key(address, port, items)
          if counted.seen[connection] then
            counted.seen[connection] = nil
            counted.held[address] = counted.held[address] - 1
          end
          return 0
        end
        if lighty.server.stats["clients_open"] <= limit then return 0 end
        if counted == nil or counted.second ~= now then
          counted = { second = now, seen = {}, held = {} }
          local seen, held = counted.seen, counted.held
          for r in lighty.server.irequests() do
            local their, item = r.req_attr, r.req_item
            local address, port = their["request.remote-addr"], their["request.remote-port"]
            local connection = key(address, port, item)
            -- An HTTP/2 connection's streams come one by one: the connection counts once. A
            -- forwarded request whose answer started holds nothing of its client's any more.
            if not seen[connection] and (port ~= "0" or item.http_status == 0 or item.http_status == 101) then
              seen[connection] = true
              held[address] = (held[address] or 0) + 1
            end
          end
          _G.slp_connections = counted
        end
        local address = attributes["request.remote-addr"]
        local connection = key(address, attributes["request.remote-port"], items)
        local held = counted.held[address] or 0
        if not counted.seen[connection] then
          counted.seen[connection] = true
          held = held + 1
          counted.held[address] = held
        end
        if held > limit then
          \(MagnetRefusal.returning(refusal, errorObject: errorObject))
        end
        return 0

        """
    }
}
