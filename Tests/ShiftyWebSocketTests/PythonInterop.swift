import Foundation

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        let outData = ReadAll(out.fileHandleForReading)
        let errData = ReadAll(err.fileHandleForReading)
        while process.isRunning, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        if process.isRunning {
            process.terminate()
        }
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: outData.wait(), stderr: errData.wait())
    }

    /// Starts a long-running python3 script and returns it with its first stdout line.
    static func launch(script: String, arguments: [String]) throws -> (Process, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-c", script] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.standardError
        try process.run()
        var line = Data()
        while true {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data([10]) { break }
            line.append(byte)
        }
        return (process, String(decoding: line, as: UTF8.self))
    }
}

/// Drains a pipe on a background thread so a chatty child cannot block on a full pipe.
final class ReadAll: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func wait() -> String {
        self.done.wait()
        return String(decoding: self.data, as: UTF8.self)
    }
}
