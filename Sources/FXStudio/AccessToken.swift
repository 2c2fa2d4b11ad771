// SPDX-License-Identifier: MIT
import CMicroHTTPD

/// The studio's secret: 128 random bits from the kernel (getrandom), as 32 hex digits. A request
/// carries it in the URL once, then in an HttpOnly, SameSite=Strict cookie.
struct AccessToken: Sendable {
    let text: String

    init?() {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard fx_studio_random(&bytes, bytes.count) == bytes.count else { return nil }
        text = bytes.map { String($0 >> 4, radix: 16) + String($0 & 15, radix: 16) }.joined()
    }

    /// Whether `given` is the token, comparing every byte whatever differs first.
    func matches(_ given: String?) -> Bool {
        guard let given else { return false }
        let a = Array(given.utf8), b = Array(text.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<a.count { difference |= a[i] ^ b[i] }
        return difference == 0
    }
}
