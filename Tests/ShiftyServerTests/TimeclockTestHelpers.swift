import Foundation
import ShiftyTestSupport
import Testing

/// Helpers for the timeclock suites: kiosks, punches and reports through the public API.
extension TestServer {
    struct Kiosk {
        var id: Int64
        var token: String
        var cookie: String { "shifty_kiosk=\(token)" }
    }

    /// What a same-origin browser sends with an unsafe request.
    var sameOrigin: [(String, String)] { [("Origin", "http://127.0.0.1:\(port)")] }

    func createKiosk(_ manager: Account, name: String = "Front desk") async throws -> Kiosk {
        let response = try await client.json(.POST, "/api/v1/kiosks", ["name": name], token: manager.token)
        try #require(response.status == 201, "create kiosk: \(response.status) \(response.text)")
        let cookie = try #require(response.header("Set-Cookie"))
        #expect(cookie.contains("shifty_kiosk="))
        #expect(cookie.contains("HttpOnly"))
        return Kiosk(id: Int64(try #require(response.json["id"] as? Int)), token: try #require(response.json["token"] as? String))
    }

    func kioskPunch(_ kiosk: Kiosk, username: String, password: String? = nil, pin: String? = nil) async throws -> TestHTTPClient.Response {
        var body: [String: Any] = ["username": username]
        if let password { body["password"] = password }
        if let pin { body["pin"] = pin }
        return try await client.json(.POST, "/api/v1/kiosk/punches", body, cookie: kiosk.cookie, headers: sameOrigin)
    }

    /// A manager adds one punch; returns its id.
    @discardableResult
    func addPunch(_ manager: Account, userID: Int64, at: String, kind: String, reason: String = "forgot to punch") async throws -> Int64 {
        let response = try await client.json(.POST, "/api/v1/punches", ["userID": userID, "at": at, "kind": kind, "reason": reason], token: manager.token)
        try #require(response.status == 201, "add punch: \(response.status) \(response.text)")
        return Int64(try #require(response.json["id"] as? Int))
    }
}

extension TestServer {
    /// A manager sets a member's employment terms (PUT /users/:id/employment); returns the answer.
    @discardableResult
    func setEmployment(_ manager: Account, userID: Int64, _ body: [String: Any]) async throws -> TestHTTPClient.Response {
        let response = try await client.json(.PUT, "/api/v1/users/\(userID)/employment", body, token: manager.token)
        try #require(response.status == 200, "set employment: \(response.status) \(response.text)")
        return response
    }
}
