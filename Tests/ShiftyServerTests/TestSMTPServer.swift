import Foundation
import ShiftyNotifications
import ShiftyServer
import ShiftyTestSupport
import Testing

/// A real SMTP server for a test: scripts/mail/smtp_test_server.py (aiosmtpd) with STARTTLS and
/// AUTH required, run as a child process; the messages it accepted are read back as parsed by
/// Python's own e-mail package, so a malformed message shows up as a defect.
final class TestSMTPServer: @unchecked Sendable {
    static let user = "shifty"
    static let password = "mail-secret"

    let directory: URL
    let port: Int
    private let process: ChildProcess

    /// One accepted message: the parsed summary and the raw bytes.
    struct Mail {
        var summary: [String: Any]
        var raw: String
        var headers: [String: String] { summary["headers"] as? [String: String] ?? [:] }
        var recipients: [String] { summary["rcptTos"] as? [String] ?? [] }
        var parts: [[String: Any]] { summary["parts"] as? [[String: Any]] ?? [] }
        func part(_ type: String) -> String? { parts.first { $0["type"] as? String == type }?["text"] as? String }
    }

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-smtp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        process = try ChildProcess(
            [
                "python3", TestServer.repositoryRoot.appendingPathComponent("scripts/mail/smtp_test_server.py").path,
                directory.path, Self.user, Self.password,
            ],
            standardInput: .pipe, standardOutput: .pipe, standardError: .inherit)
        let line = process.standardOutput.map(PipeReader.readLine) ?? ""
        let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("port "), let port = Int(text.dropFirst(5)) else {
            process.terminate()
            throw TestSMTPServerError(description: "the SMTP test server did not start (is aiosmtpd installed? `pip install aiosmtpd`): '\(text)'")
        }
        self.port = port
    }

    deinit { stop() }

    func stop() {
        if process.isRunning {
            try? process.standardInput?.close()
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// The settings a server sends through this one with (trusting its self-signed certificate).
    func settings(password: String = TestSMTPServer.password) throws -> SMTPSettings {
        try SMTPSettings(
            url: "smtp://\(Self.user):\(password)@127.0.0.1:\(port)", from: "shifty@shifty.test",
            caFile: directory.appendingPathComponent("cert.pem").path)
    }

    /// Every message accepted so far, in order.
    func mails() throws -> [Mail] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }.sorted()
        return try names.map { name in
            let json = try Data(contentsOf: directory.appendingPathComponent(name))
            let raw = try String(contentsOf: directory.appendingPathComponent(name.replacingOccurrences(of: ".json", with: ".eml")), encoding: .utf8)
            return Mail(summary: try JSONSerialization.jsonObject(with: json) as? [String: Any] ?? [:], raw: raw)
        }
    }

    func mails(to address: String) throws -> [Mail] {
        try mails().filter { $0.recipients.contains(address) }
    }
}

struct TestSMTPServerError: Error, CustomStringConvertible {
    var description: String
}
