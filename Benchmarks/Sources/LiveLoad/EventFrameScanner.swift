import NIOCore

/// Finds an event's id (and, on request, its `at`) in a live message by scanning bytes: decoding every
/// frame's JSON would make the generator, not the server, the bottleneck at 10,000 deliveries.
///
/// The server writes events as `{"type":"event","event":{"id":123,…,"at":"…",…}}`
/// (docs/live-protocol.md); anything else (hello, subscribed, pong) is "not an event".
enum EventFrameScanner {
    private static let eventPrefix = Array(#"{"type":"event""#.utf8)
    private static let idKey = Array(#""id":"#.utf8)
    private static let atKey = Array(#""at":""#.utf8)

    /// The event id, or nil when the message is not an event.
    static func eventID(in bytes: UnsafeRawBufferPointer) -> Int64? {
        guard bytes.count > eventPrefix.count, bytes.starts(with: eventPrefix) else { return nil }
        guard var index = find(idKey, in: bytes, from: eventPrefix.count) else { return nil }
        var value: Int64 = 0
        var digits = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9"), digits < 18 {
            value = value * 10 + Int64(bytes[index] - UInt8(ascii: "0"))
            index += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    private static let helloType = Array(#""type":"hello""#.utf8)

    /// Whether the message is the server's `hello` (JSON with sorted keys: `type` is not first).
    static func isHello(_ bytes: UnsafeRawBufferPointer) -> Bool {
        !bytes.starts(with: eventPrefix) && find(helloType, in: bytes, from: 0) != nil
    }

    /// The event's `at` text (ISO 8601), or nil.
    static func at(in bytes: UnsafeRawBufferPointer) -> String? {
        guard let start = find(atKey, in: bytes, from: eventPrefix.count) else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
        guard end < bytes.count else { return nil }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// The index just past the first occurrence of `needle` at or after `from`.
    private static func find(_ needle: [UInt8], in bytes: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = from
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = 1
                while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return index + needle.count }
            }
            index += 1
        }
        return nil
    }
}

extension ByteBuffer {
    /// Event id of a live message held in this buffer (see ``EventFrameScanner``).
    var liveEventID: Int64? { withUnsafeReadableBytes { EventFrameScanner.eventID(in: $0) } }
    var liveEventAt: String? { withUnsafeReadableBytes { EventFrameScanner.at(in: $0) } }
    var isLiveHello: Bool { withUnsafeReadableBytes { EventFrameScanner.isHello($0) } }
}
