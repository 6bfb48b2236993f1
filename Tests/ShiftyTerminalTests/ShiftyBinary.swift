import Foundation
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
        let process = Process()
        if let shell {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", shell]
        } else {
            process.executableURL = URL(fileURLWithPath: Self.path)
            process.arguments = arguments
        }
        process.environment = self.environment.merging(["SHIFTY": Self.path]) { first, _ in first }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let finished = Locked(false)
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if !finished.withLock({ $0 }), process.isRunning { process.terminate() }
        }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                let stderrData = Locked(Data())
                let group = DispatchGroup()
                group.enter()
                DispatchQueue.global().async {
                    let data = err.fileHandleForReading.readDataToEndOfFile()
                    stderrData.withLock { $0 = data }
                    group.leave()
                }
                let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
                group.wait()
                process.waitUntilExit()
                finished.withLock { $0 = true }
                continuation.resume(returning: Result(
                    status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
                    stderr: String(decoding: stderrData.withLock { $0 }, as: UTF8.self)))
            }
        }
    }
}
