import Foundation
import Logging
import ShiftyFeatures
import ShiftyPostgres
import ShiftySecurity
import ShiftyServer
import ShiftyTestSupport
import Testing

@Suite struct HealthAndDocumentTests {
    @Test func healthAndReadiness() async throws {
        try await TestServer.with { server in
            let health = try await server.client.json(.GET, "/healthz")
            #expect(health.status == 200)
            let ready = try await server.client.json(.GET, "/readyz")
            #expect(ready.status == 200)
            #expect(ready.json["database"] as? String == "ok")
        }
    }

    @Test func readinessFailsWhileAMigrationIsPending() async throws {
        let extra = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-migrations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: extra) }
        let sql = TestServer.repositoryRoot.appendingPathComponent("sql")
        let files = try FileManager.default.contentsOfDirectory(atPath: sql.path).filter { $0.hasSuffix(".sql") }
        for file in files {
            try FileManager.default.copyItem(at: sql.appendingPathComponent(file), to: extra.appendingPathComponent(file))
        }
        let pendingName = String(format: "%04d_not_yet_applied.sql", files.count + 1)
        try "SELECT 1;\n".write(to: extra.appendingPathComponent(pendingName), atomically: true, encoding: .utf8)
        try await TestServer.with(configure: { $0.migrationsDirectory = extra }) { server in
            let ready = try await server.client.json(.GET, "/readyz")
            #expect(ready.status == 503)
            #expect(ready.json["status"] as? String == "migrations_pending")
            #expect((ready.json["pendingMigrations"] as? [String]) == [pendingName])
        }
    }

    @Test func responsesCarrySecurityHeaders() async throws {
        try await TestServer.with { server in
            let response = try await server.client.json(.GET, "/healthz")
            let policy = try #require(response.header("Content-Security-Policy"))
            #expect(policy.contains("script-src 'self'"))
            #expect(!policy.contains("unsafe-inline"))
            #expect(response.header("X-Content-Type-Options") == "nosniff")
            #expect(response.header("X-Request-ID") != nil)
        }
    }

    @Test func theOpenAPIDocumentIsServed() async throws {
        try await TestServer.with { server in
            let response = try await server.client.json(.GET, "/api/v1/openapi.yaml")
            #expect(response.status == 200)
            #expect(response.text.hasPrefix("openapi: 3.1"))
        }
    }

    /// Fails when a route exists that openapi.yaml does not describe (or describes a route that is gone).
    @Test func everyRouteIsDocumented() throws {
        let pool = PostgresPool(configuration: PostgresConfiguration(connectionString: "host=/nonexistent dbname=none"), logger: Logger(label: "test"))
        let passwords = try PasswordService(parameters: .testing, threads: 1)
        var configuration = TestServer.defaultConfiguration()
        configuration.webRoot = nil
        let router = ShiftyApplication.makeRouter(configuration: configuration, pool: pool, passwords: passwords, logger: Logger(label: "test"))
        let routes = Set(router.routes.map { route -> String in
            let path = route.path.description.split(separator: "/").map { $0.hasPrefix(":") ? "{\($0.dropFirst())}" : String($0) }.joined(separator: "/")
            return "\(route.method.rawValue.lowercased()) /\(path)"
        })
        let document = try String(contentsOf: TestServer.repositoryRoot.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        let documented = OpenAPIPaths.operations(in: document)
        #expect(routes.subtracting(documented).sorted() == [], "routes missing from openapi.yaml")
        #expect(documented.subtracting(routes).sorted() == [], "openapi.yaml describes routes that do not exist")
    }
}

/// Reads `paths:` → path → method keys from openapi.yaml by indentation (enough for our own file).
enum OpenAPIPaths {
    static func operations(in yaml: String) -> Set<String> {
        var result = Set<String>()
        var inPaths = false
        var currentPath: String?
        let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("paths:") { inPaths = true; continue }
            if inPaths, let first = line.first, first != " ", first != "#" { inPaths = false }
            guard inPaths else { continue }
            if line.hasPrefix("  /"), line.hasSuffix(":"), !line.hasPrefix("   ") {
                currentPath = String(line.dropFirst(2).dropLast())
            } else if line.hasPrefix("    "), !line.hasPrefix("     "), let path = currentPath {
                let key = line.trimmingCharacters(in: .whitespaces).dropLast()
                if methods.contains(String(key)), line.hasSuffix(":") { result.insert("\(key) \(path)") }
            }
        }
        return result
    }
}
