import SLPSupport

/// The address `slp serve` listens on: checked before lighttpd starts (a port already taken is
/// one clear line, exit 74), then watched until lighttpd accepts connections on it.
struct ListeningAddress {
    let host: String
    let port: Int

    /// A host lighttpd's configuration can hold as it is: an IPv4 or IPv6 literal, or a name of
    /// letters, digits, dots and dashes.
    static func isValidHost(_ host: String) -> Bool {
        !host.isEmpty && host.utf8.count <= 253
            && host.utf8.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2E || byte == 0x2D || byte == 0x3A
            }
    }

    /// Why nothing can listen there now, or nil when something can.
    func unavailable() -> String? {
        TCPAddress(host: host, port: port).listenProblem()
    }

    /// Whether a connection to the address is accepted now.
    func accepts() -> Bool {
        TCPAddress(host: host, port: port).acceptsConnections()
    }
}
