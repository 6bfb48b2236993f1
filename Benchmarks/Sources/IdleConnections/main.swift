// Memory per idle server connection: opens N WebSocket connections to a fresh `shifty dev echo-server`,
// keeps them idle, and reports the server's VmRSS growth divided by N. Run by Benchmarks/run.sh.
//
//   IdleConnections --port PORT --server-pid PID [--count 10000] [--host 127.0.0.1]
import Foundation
import NIOCore
import NIOPosix
import ShiftyWebSocket

func argument(_ name: String, default value: String? = nil) -> String? {
    let arguments = CommandLine.arguments
    if let index = arguments.firstIndex(of: name), index + 1 < arguments.count {
        return arguments[index + 1]
    }
    return value
}

/// Resident set size of a process in KiB, from /proc/PID/status.
func residentKiB(pid: Int) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    }
    return nil
}

guard let portText = argument("--port"), let port = Int(portText),
    let pidText = argument("--server-pid"), let serverPID = Int(pidText)
else {
    FileHandle.standardError.write(Data("usage: IdleConnections --port PORT --server-pid PID [--count N] [--host H]\n".utf8))
    exit(2)
}
let host = argument("--host", default: "127.0.0.1")!
let count = Int(argument("--count", default: "10000")!) ?? 10000
let batch = 250

let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
var configuration = WebSocketConfiguration()
configuration.pingInterval = nil
let url = WebSocketURL(host: host, port: port, target: "/idle")

func connectOne() async throws -> any Channel {
    let channel = try await ClientBootstrap(group: group).connect(host: host, port: port).get()
    _ = try await WebSocketClient.upgrade(channel: channel, url: url, configuration: configuration, callbacks: WebSocketCallbacks()).get()
    return channel
}

guard let before = residentKiB(pid: serverPID) else {
    FileHandle.standardError.write(Data("cannot read /proc/\(serverPID)/status\n".utf8))
    exit(1)
}
var channels: [any Channel] = []
channels.reserveCapacity(count)
let start = ContinuousClock.now
while channels.count < count {
    let size = min(batch, count - channels.count)
    let opened = try await withThrowingTaskGroup(of: (any Channel).self) { group in
        for _ in 0..<size { group.addTask { try await connectOne() } }
        var result: [any Channel] = []
        for try await channel in group { result.append(channel) }
        return result
    }
    channels.append(contentsOf: opened)
}
let connectTime = ContinuousClock.now - start
try await Task.sleep(for: .seconds(3))  // let the server finish any deferred work
guard let after = residentKiB(pid: serverPID) else { exit(1) }
let open = channels.filter { $0.isActive }.count
let perConnection = Double(after - before) * 1024 / Double(count)
print("connections: \(count) (still open: \(open)) in \(connectTime)")
print("server VmRSS before: \(before) KiB, after: \(after) KiB, delta: \(after - before) KiB")
print(String(format: "memory per idle connection: %.0f bytes (%.2f KiB)", perConnection, perConnection / 1024))
for channel in channels { channel.close(promise: nil) }
try await Task.sleep(for: .milliseconds(500))
try await group.shutdownGracefully()
