import Foundation
import ShiftyTestSupport
@testable import ShiftyTerminal

/// Runs the built `shifty` executable as a user would, one process per command ("a terminal"), with
/// its own token and no saved session.
struct ShiftyBinary {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `.build/debug/shifty` next to the test bundle (`swift build --build-tests` builds it), or SHIFTY_BINARY.
    static var path: String {
        if let path = ProcessInfo.processInfo.environment["SHIFTY_BINARY"] { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/debug/shifty").path
    }

    var server: String
    var token: String?
    /// More variables for this terminal (e.g. `LANG`), over the defaults below.
    var extraEnvironment: [String: String] = [:]

    /// The environment of one terminal: its token and server, a private config dir, no colour settings.
    var environment: [String: String] {
        var environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory(), "XDG_CONFIG_HOME": NSTemporaryDirectory() + "shifty-test-\(UUID().uuidString)", "SHIFTY_SERVER": server]
        if let token { environment["SHIFTY_TOKEN"] = token }
        return environment.merging(self.extraEnvironment) { _, extra in extra }
    }

    /// Runs `shifty arguments…` (or `/bin/sh -c script` with `shell`) off the cooperative pool and
    /// returns its exit status and output; kills it after `timeout` seconds.
    func run(_ arguments: [String], shell: String? = nil, timeout: Double = 60) async throws -> Result {
        let command = shell.map { ["/bin/sh", "-c", $0] } ?? [Self.path] + arguments
        let result = try await ChildProcess.run(
            command, environment: environment.merging(["SHIFTY": Self.path]) { first, _ in first }, timeout: timeout)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }
}
