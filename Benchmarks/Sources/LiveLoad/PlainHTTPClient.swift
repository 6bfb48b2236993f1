import Foundation

/// A blocking HTTP/1.1 client on one keep-alive TCP socket, for the benchmark's few control requests
/// (the trigger POSTs and `/healthz`). Blocking is fine here: it runs on the measuring task, never on
/// the event loops that receive the deliveries.
final class PlainHTTPClient {
    struct Response {
        var status: Int
        var body: String
    }

    enum Failure: Error, CustomStringConvertible {
        case connect(String)
        case io(String)
        case malformed

        var description: String {
            switch self {
            case .connect(let reason): "connect: \(reason)"
            case .io(let reason): "i/o: \(reason)"
            case .malformed: "malformed HTTP response"
            }
        }
    }

    private let host: String
    private let port: Int
    private var socket: Int32 = -1
    private var pending: [UInt8] = []

    init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    deinit { disconnect() }

    func disconnect() {
        if socket >= 0 { close(socket) }
        socket = -1
        pending = []
    }

    /// Sends one request and reads the whole response (Content-Length or chunked).
    func request(_ method: String, _ path: String, token: String? = nil, body: String? = nil, timeoutSeconds: Int = 10) throws -> Response {
        if socket < 0 { try connect(timeoutSeconds: timeoutSeconds) }
        var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host):\(port)\r\nAccept: application/json\r\n"
        if let token { head += "Authorization: Bearer \(token)\r\n" }
        let payload = Array((body ?? "").utf8)
        if body != nil { head += "Content-Type: application/json\r\n" }
        head += "Content-Length: \(payload.count)\r\n\r\n"
        do {
            try write(Array(head.utf8) + payload)
            return try readResponse()
        } catch {
            disconnect()
            throw error
        }
    }

    private func connect(timeoutSeconds: Int) throws {
        do {
            socket = try TCPSocket.connect(host: host, port: port, timeoutSeconds: timeoutSeconds)
        } catch {
            throw Failure.connect(error.description)
        }
    }

    private func write(_ bytes: [UInt8]) throws {
        do {
            try TCPSocket.writeAll(socket, bytes)
        } catch {
            throw Failure.io(error.description)
        }
    }

    /// Reads more bytes into `pending`.
    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { throw Failure.io(count == 0 ? "connection closed" : String(cString: strerror(errno))) }
        pending.append(contentsOf: chunk[0..<count])
    }

    private func takeLine() throws -> String {
        while true {
            if let end = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<end], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                pending.removeSubrange(...end)
                return line
            }
            try fill()
        }
    }

    private func take(_ count: Int) throws -> [UInt8] {
        while pending.count < count { try fill() }
        let bytes = Array(pending[..<count])
        pending.removeSubrange(..<count)
        return bytes
    }

    private func readResponse() throws -> Response {
        let statusLine = try takeLine()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw Failure.malformed }
        var length = 0
        var chunked = false
        var closes = false
        while true {
            let line = try takeLine()
            if line.isEmpty { break }
            let lower = line.lowercased()
            if lower.hasPrefix("content-length:") { length = Int(lower.dropFirst(15).trimmingCharacters(in: .whitespaces)) ?? 0 }
            if lower.hasPrefix("transfer-encoding:"), lower.contains("chunked") { chunked = true }
            if lower.hasPrefix("connection:"), lower.contains("close") { closes = true }
        }
        var body: [UInt8] = []
        if chunked {
            while true {
                guard let size = Int(try takeLine().split(separator: ";").first ?? "", radix: 16) else { throw Failure.malformed }
                if size == 0 { _ = try takeLine(); break }
                body += try take(size)
                _ = try takeLine()
            }
        } else {
            body = try take(length)
        }
        if closes { disconnect() }
        return Response(status: status, body: String(decoding: body, as: UTF8.self))
    }
}
