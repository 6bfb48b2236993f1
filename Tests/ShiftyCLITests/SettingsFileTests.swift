import ArgumentParser
import Foundation
@testable import ShiftyCLI
import Testing

/// The settings file and the validation of `shifty serve`'s options: clear errors, never a crash.
@Suite struct SettingsFileTests {
    @Test func parsesKeyValueLinesWithCommentsQuotesAndExport() throws {
        let file = try SettingsFile.parse(
            """
            # Shifty settings
            SHIFTY_PORT=8081
            export SHIFTY_INSTANCE_NAME = "web-1"
            DATABASE_URL='postgresql://shifty@db/shifty'

            SHIFTY_ALLOWED_ORIGINS=https://a.example,https://b.example
            """, name: "test.env")
        #expect(file.values == [
            "SHIFTY_PORT": "8081", "SHIFTY_INSTANCE_NAME": "web-1", "DATABASE_URL": "postgresql://shifty@db/shifty",
            "SHIFTY_ALLOWED_ORIGINS": "https://a.example,https://b.example",
        ])
    }

    @Test func unknownKeysAndBrokenLinesNameTheFileAndLine() {
        #expect(throws: ValidationError.self) { try SettingsFile.parse("SHIFTY_PROT=1", name: "x") }
        do {
            _ = try SettingsFile.parse("# ok\nPORT=1", name: "/etc/shifty/shifty.env")
            Issue.record("accepted an unknown key")
        } catch {
            #expect("\(error)".contains("/etc/shifty/shifty.env, line 2"))
            #expect("\(error)".contains("Did you mean SHIFTY_PORT?"))
        }
        do {
            _ = try SettingsFile.parse("SHIFTY_PORT 8080", name: "f")
            Issue.record("accepted a line without =")
        } catch {
            #expect("\(error)".contains("line 1: expected KEY=VALUE"))
        }
    }

    @Test func theFileIsUnderTheEnvironmentAndFlagsWin() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-\(UUID().uuidString).env")
        try "SHIFTY_PORT=9001\nSHIFTY_INSTANCE_NAME=from-file\nSHIFTY_SHUTDOWN_TIMEOUT=25\nSHIFTY_EVENT_RETENTION_DAYS=3\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = try ServerOptions.parse(["--config", url.path, "--migrations", Self.sqlFolder]).configuration()
        #expect(fromFile.port == 9001)
        #expect(fromFile.instanceName == "from-file")
        #expect(fromFile.shutdownTimeout == .seconds(25))
        #expect(fromFile.eventRetentionDays == 3)
        let flagged = try ServerOptions.parse(["--config", url.path, "--port", "9002", "--instance-name", "cli", "--migrations", Self.sqlFolder]).configuration()
        #expect(flagged.port == 9002)
        #expect(flagged.instanceName == "cli")
    }

    @Test func httpTimeoutsComeFromFlagsTheEnvironmentOrTheFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-\(UUID().uuidString).env")
        try "SHIFTY_HTTP_IDLE_TIMEOUT=45\nSHIFTY_HTTP_HEADER_TIMEOUT=5\nSHIFTY_HTTP_BODY_TIMEOUT=20\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = try ServerOptions.parse(["--config", url.path, "--migrations", Self.sqlFolder]).configuration()
        #expect(fromFile.httpTimeouts.idle == .seconds(45))
        #expect(fromFile.httpTimeouts.header == .seconds(5))
        #expect(fromFile.httpTimeouts.body == .seconds(20))
        let flagged = try ServerOptions.parse(["--config", url.path, "--http-idle-timeout", "7", "--migrations", Self.sqlFolder]).configuration()
        #expect(flagged.httpTimeouts.idle == .seconds(7))
        let defaults = try ServerOptions.parse(["--migrations", Self.sqlFolder]).configuration()
        #expect(defaults.httpTimeouts.idle == .seconds(30))
        #expect(defaults.httpTimeouts.header == .seconds(10))
        #expect(defaults.httpTimeouts.body == .seconds(30))
        for bad in [["--http-idle-timeout", "0"], ["--http-header-timeout", "99999"], ["--http-body-timeout", "-1"]] {
            #expect(throws: (any Error).self, "\(bad)") {
                try ServerOptions.parse(bad + ["--migrations", Self.sqlFolder]).configuration()
            }
        }
    }

    @Test func theRequestDeadlineBodyRateAndConnectionCeilingComeFromFlagsTheEnvironmentOrTheFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-\(UUID().uuidString).env")
        try "SHIFTY_HTTP_REQUEST_TIMEOUT=90\nSHIFTY_HTTP_MIN_BODY_RATE=0\nSHIFTY_MAX_CONNECTIONS=50\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = try ServerOptions.parse(["--config", url.path, "--migrations", Self.sqlFolder]).configuration()
        #expect(fromFile.httpTimeouts.request == .seconds(90))
        #expect(fromFile.httpTimeouts.minimumBodyRate == 0)
        #expect(fromFile.connectionCeiling == 50)
        let flagged = try ServerOptions.parse([
            "--config", url.path, "--http-request-timeout", "3", "--http-header-timeout", "2", "--http-min-body-rate", "2048",
            "--max-connections", "7", "--migrations", Self.sqlFolder,
        ]).configuration()
        #expect(flagged.httpTimeouts.request == .seconds(3))
        #expect(flagged.httpTimeouts.minimumBodyRate == 2048)
        #expect(flagged.connectionCeiling == 7)
        let defaults = try ServerOptions.parse(["--migrations", Self.sqlFolder]).configuration()
        #expect(defaults.httpTimeouts.request == .seconds(60))
        #expect(defaults.httpTimeouts.minimumBodyRate == 500)
        #expect(defaults.connectionCeiling == nil)
        // The settings file example ships the key empty: the ceiling then comes from the limit.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-\(UUID().uuidString).env")
        try "SHIFTY_MAX_CONNECTIONS=\n".write(to: empty, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(try ServerOptions.parse(["--config", empty.path, "--migrations", Self.sqlFolder]).configuration().connectionCeiling == nil)
        let bad: [[String]] = [
            ["--http-request-timeout", "0"], ["--http-request-timeout", "5"], ["--http-min-body-rate", "-1"],
            ["--max-connections", "0"], ["--max-connections", "100000000"],
        ]
        for arguments in bad {
            #expect(throws: (any Error).self, "\(arguments)") {
                try ServerOptions.parse(arguments + ["--migrations", Self.sqlFolder]).configuration()
            }
        }
    }

    @Test func theDatabaseTimeoutComesFromTheFileOrAFlagAndIsChecked() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-\(UUID().uuidString).env")
        try "SHIFTY_DATABASE_TIMEOUT=50\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = try ServerOptions.parse(["--config", url.path, "--migrations", Self.sqlFolder]).configuration()
        #expect(fromFile.databaseRoundTripTimeout == .seconds(50))
        let flagged = try ServerOptions.parse(["--database-timeout", "40", "--migrations", Self.sqlFolder]).configuration()
        #expect(flagged.databaseRoundTripTimeout == .seconds(40))
        // Not set: the pool derives it from the statement timeout (30 s + 5 s).
        #expect(try ServerOptions.parse(["--migrations", Self.sqlFolder]).configuration().databaseRoundTripTimeout == nil)
        for bad in ["4", "3601", "soon"] {
            #expect(throws: (any Error).self, "\(bad)") {
                try ServerOptions.parse(["--database-timeout", bad, "--migrations", Self.sqlFolder]).configuration()
            }
        }
    }

    /// Every key deploy/shifty.env.example documents is one the settings file accepts (the deploy
    /// test switches them all on; a key known to the flags but not to the file stopped the server).
    @Test func liveLimitsComeFromTheFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-\(UUID().uuidString).env")
        try "SHIFTY_LIVE_CONNECTIONS_PER_SESSION=4\nSHIFTY_LIVE_CONNECTIONS_PER_USER=9\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = try ServerOptions.parse(["--config", url.path, "--migrations", Self.sqlFolder]).configuration()
        #expect(fromFile.liveLimits.connectionsPerSession == 4)
        #expect(fromFile.liveLimits.connectionsPerUser == 9)
    }

    @Test func webPushSettingsComeFromTheFileAndAreChecked() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-\(UUID().uuidString).env")
        try "SHIFTY_VAPID_SUBJECT=mailto:ops@example.com\nSHIFTY_PUSH_SERVICE_HOSTS=push.example.org, Push.Example.net\n"
            .write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = try ServerOptions.parse(["--config", url.path, "--migrations", Self.sqlFolder]).configuration()
        #expect(fromFile.vapidSubject == "mailto:ops@example.com")
        #expect(fromFile.pushEndpoints.extraHosts == ["push.example.org", "push.example.net"])
        #expect(fromFile.pushEndpoints.allows("https://push.example.net/x"))
        let flagged = try ServerOptions.parse(["--vapid-subject", "https://shifty.example.com/contact", "--migrations", Self.sqlFolder]).configuration()
        #expect(flagged.vapidSubject == "https://shifty.example.com/contact")
        for bad in [["--vapid-subject", "ops@example.com"], ["--vapid-subject", "http://example.com"], ["--push-service-host", "https://x.example"]] {
            #expect(throws: (any Error).self, "\(bad)") { try ServerOptions.parse(bad + ["--migrations", Self.sqlFolder]).configuration() }
        }
    }

    @Test func anOperatorsOwnPushServiceComesFromTheFileAndIsChecked() throws {
        let ca = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-push-ca-\(UUID().uuidString).pem")
        try "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n".write(to: ca, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: ca) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-\(UUID().uuidString).env")
        try "SHIFTY_PUSH_SERVICE_HOSTS=push.internal.example:8443\nSHIFTY_PUSH_CA_FILE=\(ca.path)\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = try ServerOptions.parse(["--config", url.path, "--migrations", Self.sqlFolder]).configuration()
        #expect(fromFile.pushCAFile == ca.path)
        #expect(fromFile.pushEndpoints.allows("https://push.internal.example:8443/x"))
        #expect(!fromFile.pushEndpoints.allows("https://push.internal.example/x"))
        let flagged = try ServerOptions.parse(["--push-ca-file", ca.path, "--migrations", Self.sqlFolder]).configuration()
        #expect(flagged.pushCAFile == ca.path)
        #expect(try ServerOptions.parse(["--migrations", Self.sqlFolder]).configuration().pushCAFile == nil, "the system's CAs by default")
        let empty = url.deletingLastPathComponent().appendingPathComponent("shifty-\(UUID().uuidString).env")
        try "SHIFTY_PUSH_CA_FILE=\n".write(to: empty, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(try ServerOptions.parse(["--config", empty.path, "--migrations", Self.sqlFolder]).configuration().pushCAFile == nil, "empty: none")
        for bad in [["--push-ca-file", "/nonexistent/push-ca.pem"], ["--push-service-host", "push.example:0"], ["--push-service-host", "push.example:http"]] {
            #expect(throws: (any Error).self, "\(bad)") { try ServerOptions.parse(bad + ["--migrations", Self.sqlFolder]).configuration() }
        }
    }

    @Test func badValuesAreRefusedWithAMessage() throws {
        let cases: [[String]] = [
            ["--port", "70000"], ["--shutdown-timeout", "0"], ["--event-retention-days", "0"],
            ["--instance-name", "has space"], ["--log-level", "loud"], ["--config", "/nonexistent/shifty.env"],
        ]
        for arguments in cases {
            #expect(throws: (any Error).self, "\(arguments)") {
                try ServerOptions.parse(arguments + ["--migrations", Self.sqlFolder]).configuration()
            }
        }
        let defaults = try ServerOptions.parse(["--migrations", Self.sqlFolder, "--port", "8085"]).configuration()
        #expect(defaults.instanceName == "127.0.0.1:8085")
        #expect(defaults.shutdownTimeout == .seconds(10))
    }

    static var sqlFolder: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("sql").path
    }
}
