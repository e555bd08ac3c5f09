#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// An address or network whose connections may tell the client's address in
/// `X-Forwarded-For` (`slp serve --trusted-proxy`): an IPv4 or IPv6 address, or one with a prefix
/// length (`10.0.0.0/8`, `fd00::/8`). Held as a network in lighttpd's words (`ADDRESS/BITS`, a
/// single address as all its bits), so that it matches however lighttpd spells the peer's address.
package struct TrustedProxy: Sendable, Equatable {
    /// `ADDRESS/BITS`, the address as `inet_ntop` spells it.
    package let network: String

    /// `text` as given to `--trusted-proxy`; nil unless it is an address, optionally with a prefix
    /// length of 1 to 32 (IPv4) or 1 to 128 (IPv6). A prefix of 0 (everyone) is not a proxy.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let first = parts.first, !first.isEmpty, first.utf8.count < 64 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        let family: Int32
        if inet_pton(AF_INET, String(first), &bytes) == 1 {
            family = AF_INET
        } else if inet_pton(AF_INET6, String(first), &bytes) == 1 {
            family = AF_INET6
        } else {
            return nil
        }
        let width = family == AF_INET ? 32 : 128
        var bits = width
        if parts.count == 2 {
            guard !parts[1].isEmpty, parts[1].utf8.allSatisfy({ (0x30...0x39).contains($0) }), parts[1].utf8.count <= 3,
                  let given = Int(parts[1]), (1...width).contains(given) else { return nil }
            bits = given
        }
        var spelled = [CChar](repeating: 0, count: 64)
        guard inet_ntop(family, bytes, &spelled, socklen_t(spelled.count)) != nil else { return nil }
        network = String(decoding: spelled.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/\(bits)"
    }
}
