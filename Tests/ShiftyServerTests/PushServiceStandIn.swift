import Foundation
import ShiftyTestSupport

/// scripts/push/push_service_standin.py as a child process: an independent Web Push service and
/// browser (Python's `http_ece` and `py_vapid`) that decrypts and verifies what Shifty sends and
/// reports each request as a JSON line.
final class PushServiceStandIn: @unchecked Sendable {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    let process: ChildProcess
    let output: FileHandle
    let origin: String
    let p256dh: String
    let auth: String
    /// With `tls`: the stand-in's self-signed certificate (trust it with `--push-ca-file`).
    let caFile: String?
    private let directory: URL?

    /// `tls`: serve HTTPS with a self-signed certificate (an operator's own push service).
    init(tls: Bool = false) throws {
        let check = try ChildProcess(["python3", "-c", "import http_ece, py_vapid"], standardOutput: .null, standardError: .null)
        guard check.terminationStatus == 0 else {
            throw Missing(description: "The push tests need python3 with http_ece and py_vapid: run `make test` (scripts/test.sh installs them) or `python3 -m pip install http-ece==1.2.1 py-vapid==1.9.6`.")
        }
        var arguments = ["python3", "-u", TestServer.repositoryRoot.appendingPathComponent("scripts/push/push_service_standin.py").path]
        if tls {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shifty-push-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            arguments += ["--tls", folder.path]
            directory = folder
        } else {
            directory = nil
        }
        // stdin is a pipe the stand-in watches: it stops when the pipe closes.
        process = try ChildProcess(arguments, standardInput: .pipe, standardOutput: .pipe, standardError: .inherit)
        output = process.standardOutput!
        let first = Self.readLine(output)
        let hello = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any] ?? [:]
        guard let origin = hello["origin"] as? String, let p256dh = hello["p256dh"] as? String, let auth = hello["auth"] as? String else {
            throw Missing(description: "push stand-in did not start: '\(first)'")
        }
        self.origin = origin
        self.p256dh = p256dh
        self.auth = auth
        caFile = hello["caFile"] as? String
    }

    /// The next request the stand-in received (blocking read on a detached thread).
    func nextRequest() async throws -> [String: Any] {
        let handle = output
        let line = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Self.readLine(handle)) }
        }
        return try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
    }

    func stop() {
        try? process.standardInput?.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private static func readLine(_ handle: FileHandle) -> String { PipeReader.readLine(handle) }
}
