// SPDX-License-Identifier: MIT
import CMicroHTTPD

/// One HTTP request as the studio's routes read it, and its answer.
struct Request {
    let raw: UnsafeMutablePointer<fx_http_request>
    let method: String
    let path: String
    let arguments: [(key: String, value: String)]

    init(_ raw: UnsafeMutablePointer<fx_http_request>) {
        self.raw = raw
        method = String(cString: raw.pointee.method)
        path = String(cString: raw.pointee.url)
        arguments = (0..<raw.pointee.argument_count).map {
            (String(cString: fx_http_argument_key(raw, $0)), String(cString: fx_http_argument_value(raw, $0)))
        }
    }

    func header(_ name: String) -> String? { fx_http_header(raw, name).map { String(cString: $0) } }
    func cookie(_ name: String) -> String? { fx_http_cookie(raw, name).map { String(cString: $0) } }
    func argument(_ key: String) -> String? { arguments.last { $0.key == key }?.value }

    /// Headers on every answer: the page may run only its own scripts and styles, load images it
    /// made itself and talk only to its server; nothing is cached, nothing is sniffed, no other
    /// site may frame it, and no CORS header ever lets another origin read an answer.
    static let safety = [
        "Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        "X-Content-Type-Options: nosniff",
        "X-Frame-Options: DENY",
        "Referrer-Policy: no-referrer",
        "Cache-Control: no-store",
    ]

    func respond(_ status: UInt32, _ type: String, _ body: [UInt8], headers: [String] = []) {
        let all = (["Content-Type: \(type)"] + Request.safety + headers).joined(separator: "\n")
        _ = body.withUnsafeBytes { fx_http_respond(raw, status, all, $0.baseAddress, $0.count) }
    }

    func respond(_ status: UInt32, json: String, headers: [String] = []) {
        respond(status, "application/json", Array((json + "\n").utf8), headers: headers)
    }

    /// An error as the page shows it: `{"error": "…"}`.
    func refuse(_ status: UInt32, _ message: String) {
        respond(status, json: "{\"error\":\(JSONText.quote(message))}")
    }

    func respondWithEvents() {
        let all = (["Content-Type: text/event-stream"] + Request.safety).joined(separator: "\n")
        _ = fx_http_respond_events(raw, all)
    }
}
