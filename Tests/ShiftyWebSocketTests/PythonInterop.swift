import Foundation
import ShiftyTestSupport

/// Runs python3 scripts for the interop tests and explains clearly when python3 or `websockets` is missing.
enum PythonInterop {
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Fails with instructions unless `python3 -c "import websockets"` works.
    static func requireWebsockets() throws {
        let check = try? self.run(script: "import websockets; print(websockets.__version__)", arguments: [], timeout: 30)
        guard let check, check.status == 0 else {
            throw Missing(
                description: "The interop tests need python3 with the 'websockets' package: run `python3 -m pip install websockets` (make test does this)."
            )
        }
    }

    /// Runs `python3 -c script args...`, killing it after `timeout` seconds.
    static func run(script: String, arguments: [String], timeout: TimeInterval) throws -> Output {
        let result = try ChildProcess(["python3", "-c", script] + arguments).collect(timeout: timeout)
        return Output(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// Starts a long-running python3 script and returns it with its first stdout line.
    static func launch(script: String, arguments: [String]) throws -> (ChildProcess, String) {
        let process = try ChildProcess(["python3", "-u", "-c", script] + arguments, standardError: .inherit)
        return (process, process.standardOutput.map(PipeReader.readLine) ?? "")
    }
}
