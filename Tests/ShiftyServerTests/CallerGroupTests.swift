import Foundation
import NIOHTTP1
import ShiftyTestSupport
import Testing

/// Who may call each route, as openapi.yaml's `security` says and as the server's route groups
/// (App/APIGroups.swift) enforce: every operation is asked, none is listed here by hand.
///
/// - no `security`: the document's default, a member's session (`members`, or `managers` below);
/// - `security` naming the `manager` role: a manager's session, 403 `manager_only` for anyone else
///   before the request's path, query or body is read;
/// - `security: [{ kiosk: [] }]`: a kiosk's token;
/// - `security: []`: anyone (not asked here).
@Suite struct CallerGroupTests {
    enum Caller: Equatable {
        case anyone, member, manager, kiosk
    }

    struct Operation: CustomStringConvertible {
        var method: String
        var path: String
        var caller: Caller
        /// Answered by a WebSocket upgrade (`/api/v1/live`): its plain-HTTP answer is 426 for
        /// everyone, and the upgrade authenticates before the router.
        var upgrades: Bool

        var description: String { "\(method.uppercased()) \(path)" }

        /// The path with its parameters filled in: `{id}` with `id`, the others with a plausible value.
        func url(id: Int64 = 1) -> String {
            path.replacingOccurrences(of: "{id}", with: String(id))
                .replacingOccurrences(of: "{shiftId}", with: "1")
                .replacingOccurrences(of: "{date}", with: "2031-01-06")
                .replacingOccurrences(of: "{token}", with: "not-a-feed")
        }
    }

    /// Every operation of openapi.yaml with the caller its `security` asks for.
    static func operations() throws -> [Operation] {
        let yaml = try String(contentsOf: TestServer.repositoryRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let methods: Set<String> = ["get", "put", "post", "delete", "patch"]
        var operations: [Operation] = []
        var inPaths = false
        var path: String?
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("paths:") { inPaths = true; continue }
            if inPaths, let first = line.first, first != " ", first != "#" { inPaths = false }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), !line.hasPrefix("   "), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":"),
                      let path, case let key = String(line.trimmingCharacters(in: .whitespaces).dropLast()), methods.contains(key) {
                operations.append(Operation(method: key, path: path, caller: .member, upgrades: false))
            } else if line.hasPrefix("      security:"), !operations.isEmpty {
                let value = line.dropFirst("      security:".count).trimmingCharacters(in: .whitespaces)
                operations[operations.count - 1].caller =
                    value == "[]" ? .anyone : value.contains("kiosk") ? .kiosk : value.contains("manager") ? .manager : .member
            } else if line.hasPrefix("        \"426\":"), !operations.isEmpty {
                operations[operations.count - 1].upgrades = true
            }
        }
        return operations
    }

    @Test func theDocumentNamesEveryKindOfCaller() throws {
        let operations = try Self.operations()
        #expect(operations.count > 100)
        for caller in [Caller.anyone, .member, .manager, .kiosk] {
            #expect(operations.contains { $0.caller == caller }, "no operation for \(caller): the parser no longer reads openapi.yaml")
        }
    }

    /// Every operation that needs a session answers 401 without one, and 401 `session_expired`
    /// for a token that is no session.
    @Test func everySessionRouteRefusesARequestWithoutASession() async throws {
        let operations = try Self.operations().filter { [.member, .manager].contains($0.caller) && !$0.upgrades }
        try await TestServer.with { server in
            for operation in operations {
                let anonymous = try await server.client.json(operation.httpMethod, operation.url())
                #expect(anonymous.status == 401, "\(operation) without a session: \(anonymous.status) \(anonymous.text)")
                #expect(anonymous.problemCode == "unauthenticated", "\(operation) without a session: \(anonymous.text)")
                let stranger = try await server.client.json(operation.httpMethod, operation.url(), token: "no-such-session")
                #expect(stranger.status == 401, "\(operation) with an unknown token: \(stranger.status) \(stranger.text)")
                #expect(stranger.problemCode == "session_expired", "\(operation) with an unknown token: \(stranger.text)")
            }
        }
    }

    /// Every operation for managers refuses an employee with 403 `manager_only` before it reads the
    /// request (no body, no query, the employee's own id in the path: an answer about any of them
    /// would mean the handler ran), and no other operation refuses an employee for their role alone.
    @Test func everyManagerRouteRefusesAnEmployeeBeforeReadingTheRequest() async throws {
        // Logging out ends the session the other requests use: it goes last.
        let operations = try Self.operations().filter { [.member, .manager].contains($0.caller) && !$0.upgrades }
            .sorted { ($0.path == "/api/v1/sessions/current" ? 1 : 0) < ($1.path == "/api/v1/sessions/current" ? 1 : 0) }
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            let anna = try await server.createEmployee(in: boss, username: "anna")
            for operation in operations {
                let answer = try await server.client.json(operation.httpMethod, operation.url(id: anna.userID), token: anna.token)
                if operation.caller == .manager {
                    #expect(answer.status == 403, "\(operation) for an employee: \(answer.status) \(answer.text)")
                    #expect(answer.problemCode == "manager_only", "\(operation) for an employee: \(answer.text)")
                } else {
                    #expect(answer.problemCode != "manager_only", "\(operation) refuses employees: openapi.yaml should name the manager role")
                }
            }
        }
    }

    /// A kiosk route answers only a kiosk: nothing, or a member's session, is 403 `kiosk_required`.
    @Test func everyKioskRouteRefusesAnythingButAKiosk() async throws {
        let operations = try Self.operations().filter { $0.caller == .kiosk }
        try await TestServer.with { server in
            let boss = try await server.createWorkplace()
            for operation in operations {
                let anonymous = try await server.client.json(operation.httpMethod, operation.url())
                #expect(anonymous.status == 403, "\(operation) without a kiosk: \(anonymous.status) \(anonymous.text)")
                #expect(anonymous.problemCode == "kiosk_required", "\(operation) without a kiosk: \(anonymous.text)")
                let member = try await server.client.json(operation.httpMethod, operation.url(), token: boss.token)
                #expect(member.problemCode == "kiosk_required", "\(operation) with a manager's session: \(member.text)")
            }
        }
    }
}

extension CallerGroupTests.Operation {
    var httpMethod: HTTPMethod { HTTPMethod(rawValue: method.uppercased()) }
}
