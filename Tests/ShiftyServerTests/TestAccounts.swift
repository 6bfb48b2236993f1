import Foundation
import ShiftyTestSupport
import Testing

/// Helpers that create workplaces and members through the public API, as a browser would.
extension TestServer {
    struct Account {
        var token: String
        var userID: Int64
        var workplaceID: Int64
        var slug: String
    }

    static let password = "correct horse battery"

    func createWorkplace(slug: String = "wp-\(UUID().uuidString.prefix(8).lowercased())", manager: String = "boss") async throws -> Account {
        let response = try await client.json(.POST, "/api/v1/workplaces", [
            "name": "Workplace \(slug)", "slug": slug, "timeZone": "Europe/Amsterdam", "client": "bearer",
            "manager": ["username": manager, "displayName": "The Boss", "password": Self.password],
        ])
        try #require(response.status == 201, "create workplace: \(response.status) \(response.text)")
        return try account(from: response)
    }

    func account(from response: TestHTTPClient.Response) throws -> Account {
        let json = response.json
        let user = try #require(json["user"] as? [String: Any])
        let workplace = try #require(json["workplace"] as? [String: Any])
        return Account(
            token: try #require(json["token"] as? String),
            userID: Int64(try #require(user["id"] as? Int)),
            workplaceID: Int64(try #require(workplace["id"] as? Int)),
            slug: try #require(workplace["slug"] as? String)
        )
    }

    /// A manager creates an employee; the employee logs in with a bearer token.
    func createEmployee(in workplace: Account, username: String, role: String = "employee") async throws -> Account {
        let created = try await retryingABusyPool {
            try await client.json(.POST, "/api/v1/users", [
                "username": username, "displayName": username.capitalized, "password": Self.password, "role": role,
            ], token: workplace.token)
        }
        try #require(created.status == 201, "create user: \(created.status) \(created.text)")
        return try await login(workplace: workplace.slug, username: username)
    }

    func login(workplace: String, username: String, password: String = TestServer.password) async throws -> Account {
        let response = try await retryingABusyPool {
            try await client.json(.POST, "/api/v1/sessions", [
                "workplace": workplace, "username": username, "password": password, "client": "bearer",
            ])
        }
        try #require(response.status == 201, "login: \(response.status) \(response.text)")
        return try account(from: response)
    }

    /// Setting up, not the test: a 503 (every pooled connection busy for longer than the pool
    /// waits, as 50 parallel sign-ups on a loaded CI machine can be) is tried again, as its problem
    /// document says; any other answer is returned as it is.
    func retryingABusyPool(_ send: () async throws -> TestHTTPClient.Response) async throws -> TestHTTPClient.Response {
        var response = try await send()
        for attempt in 1...5 where response.status == 503 {
            try await Task.sleep(for: .milliseconds(200 * attempt))
            response = try await send()
        }
        return response
    }
}
