/// How serve's scripts for lighttpd (`RequestSizeScript`, `ConnectionLimitScript`) answer a
/// request they refuse, stated once: slp's JSON error object, which no cache keeps.
enum MagnetRefusal {
    /// Lua that each script opens with: `refuse(status, body)` answers with `body` (slp's JSON
    /// error object) and gives the status for the script to return.
    static let prelude = """
        local function refuse(status, body)
          lighty.r.resp_header["Content-Type"] = "application/json; charset=utf-8"
          lighty.r.resp_header["Cache-Control"] = "no-store"
          lighty.r.resp_body.set({ body, "\\n" })
          return status
        end
        """

    /// Lua that ends the script's run refusing with `refusal`, worded by `errorObject`.
    static func returning(_ refusal: HTTPRefusal, errorObject: (HTTPRefusal) -> String) -> String {
        "return refuse(\(refusal.status), [==[\(errorObject(refusal))]==])"
    }
}
