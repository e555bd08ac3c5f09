import Foundation

/// 2026-11-21T09:30:00.000Z: the moment tests happen at unless they are about another one.
package let testNow = Date(timeIntervalSince1970: 1_795_253_400)
