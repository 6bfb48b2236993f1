import Foundation
@testable import ShiftyTerminal
import ShiftyTestSupport
import Testing

/// A workplace with a manager and two employees, created through the API, and the terminal's own
/// client logged in as each.
struct TerminalTestWorkplace {
    static let password = "correct horse battery"

    let server: TestServer
    let slug: String
    let manager: ShiftyAPIClient
    let anna: ShiftyAPIClient
    let ben: ShiftyAPIClient
    let managerToken: String
    let annaID: Int64
    let workplaceID: Int64

    var address: ServerAddress { ServerAddress("http://127.0.0.1:\(server.port)")! }

    static func create(on server: TestServer, autoApprove: Bool = true) async throws -> TerminalTestWorkplace {
        let slug = "term-\(UUID().uuidString.prefix(8).lowercased())"
        let created = try await server.client.json(.POST, "/api/v1/workplaces", [
            "name": "Café Terminal", "slug": slug, "timeZone": "Europe/Amsterdam", "client": "bearer",
            "manager": ["username": "boss", "displayName": "The Boss", "password": password],
        ])
        try #require(created.status == 201, "create workplace: \(created.status) \(created.text)")
        let managerToken = try #require(created.json["token"] as? String)
        let workplaceID = Int64(try #require((created.json["workplace"] as? [String: Any])?["id"] as? Int))
        // With auto-approval a take is one event; without it a manager decides.
        let settings = try await server.client.json(
            .PATCH, "/api/v1/workplace", ["settings": ["autoApprove": autoApprove]], token: managerToken)
        try #require(settings.status == 200, "settings: \(settings.status) \(settings.text)")
        for name in ["anna", "ben"] {
            let user = try await server.client.json(.POST, "/api/v1/users", [
                "username": name, "displayName": name.capitalized, "password": password, "role": "employee",
            ], token: managerToken)
            try #require(user.status == 201, "create user: \(user.status) \(user.text)")
        }
        let address = try #require(ServerAddress("http://127.0.0.1:\(server.port)"))
        func login(_ name: String) async throws -> (ShiftyAPIClient, Session) {
            let result = try await ShiftyAPIClient(server: address, token: nil).login(workplace: slug, username: name, password: password)
            return (ShiftyAPIClient(server: address, token: result.token), result)
        }
        let (anna, annaLogin) = try await login("anna")
        let (ben, _) = try await login("ben")
        return TerminalTestWorkplace(
            server: server, slug: slug, manager: ShiftyAPIClient(server: address, token: managerToken), anna: anna, ben: ben,
            managerToken: managerToken, annaID: annaLogin.user.id, workplaceID: workplaceID)
    }

    /// A manager's shift for Anna `days` from today; returns its id.
    func createShiftForAnna(inDays days: Int, at time: String = "10:00") async throws -> Int64 {
        let date = Calendar(identifier: .gregorian).date(byAdding: .day, value: days, to: Date()) ?? Date()
        let day = date.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "Europe/Amsterdam") ?? .gmt).year().month().day())
        let response = try await server.client.json(.POST, "/api/v1/shifts", [
            "ownerId": annaID, "date": day, "startTime": time, "durationMinutes": 240,
        ], token: managerToken)
        try #require(response.status == 201, "create shift: \(response.status) \(response.text)")
        return Int64(try #require(response.json["id"] as? Int))
    }

    /// Ids of this workplace's events after `after`, in order (what a resume must deliver).
    func eventIDs(after: Int64, type: String) async throws -> [Int64] {
        let workplaceID = self.workplaceID
        return try await server.pool.withConnection { connection in
            try connection.query(
                "SELECT id FROM events WHERE workplace_id = $1 AND id > $2 AND type = $3 ORDER BY id",
                [workplaceID, after, type]
            ).map { try $0.decode("id", as: Int64.self) }
        }
    }
}

/// Collects a watcher's snapshots so a test can wait for a condition.
final class SnapshotRecorder: Sendable {
    let latest = Locked<WatchSnapshot?>(nil)

    func attach(to watcher: LiveWatcher) {
        watcher.observe { [latest] snapshot in latest.withLock { $0 = snapshot } }
    }

    /// Waits up to `timeout` seconds for `condition`; returns the snapshot that met it. The default
    /// only turns a hang into a failure; it is not a latency bound.
    func wait(
        timeout: Double = 60, _ what: String, sourceLocation: SourceLocation = #_sourceLocation,
        until condition: (WatchSnapshot) -> Bool
    ) async throws -> WatchSnapshot {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let snapshot = latest.withLock({ $0 }), condition(snapshot) { return snapshot }
            try await Task.sleep(for: .milliseconds(20))
        }
        let last = latest.withLock { $0 }
        Issue.record("timed out waiting for \(what); last status \(String(describing: last?.status)), events \(last?.appliedEventIDs ?? [])", sourceLocation: sourceLocation)
        throw CancellationError()
    }
}
