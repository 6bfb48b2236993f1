/// `shifty watch --json`: the `event` object of each event message, exactly as the server sent it,
/// on one line (for `jq`).
///
/// The object is cut out of the frame's text with a small JSON scanner instead of being decoded and
/// re-encoded, so numbers, key order and unknown fields reach the script unchanged.
public enum EventJSONLine {
    /// The raw `event` member of a `{"type":"event",…}` message; `nil` for other messages or bad JSON.
    public static func line(fromMessage text: String) -> String? {
        let bytes = Array(text.utf8)
        var scanner = JSONSpanScanner(bytes: bytes)
        guard let members = scanner.topLevelMembers() else { return nil }
        guard let type = members["type"], String(decoding: bytes[type], as: UTF8.self) == "\"event\"",
              let event = members["event"], bytes[event.lowerBound] == UInt8(ascii: "{")
        else { return nil }
        // Raw newlines cannot occur inside JSON strings, so replacing them keeps the JSON valid.
        return String(decoding: bytes[event].map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }, as: UTF8.self)
    }
}

/// Finds the byte ranges of a top-level JSON object's member values without decoding them.
struct JSONSpanScanner {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    /// Member name (unescaped only for plain ASCII names) → range of its value; `nil` if not an object.
    mutating func topLevelMembers() -> [String: Range<Int>]? {
        self.skipWhitespace()
        guard self.consume(UInt8(ascii: "{")) else { return nil }
        var members: [String: Range<Int>] = [:]
        self.skipWhitespace()
        if self.consume(UInt8(ascii: "}")) { return self.atEnd() ? members : nil }
        while true {
            self.skipWhitespace()
            guard let keyRange = self.skipString() else { return nil }
            let key = String(decoding: self.bytes[(keyRange.lowerBound + 1)..<(keyRange.upperBound - 1)], as: UTF8.self)
            self.skipWhitespace()
            guard self.consume(UInt8(ascii: ":")) else { return nil }
            self.skipWhitespace()
            let start = self.index
            guard self.skipValue(depth: 0) else { return nil }
            members[key] = start..<self.index
            self.skipWhitespace()
            if self.consume(UInt8(ascii: ",")) { continue }
            guard self.consume(UInt8(ascii: "}")) else { return nil }
            return self.atEnd() ? members : nil
        }
    }

    mutating func atEnd() -> Bool {
        self.skipWhitespace()
        return self.index == self.bytes.count
    }

    mutating func consume(_ byte: UInt8) -> Bool {
        guard self.index < self.bytes.count, self.bytes[self.index] == byte else { return false }
        self.index += 1
        return true
    }

    mutating func skipWhitespace() {
        while self.index < self.bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(self.bytes[self.index]) { self.index += 1 }
    }

    mutating func skipString() -> Range<Int>? {
        let start = self.index
        guard self.consume(UInt8(ascii: "\"")) else { return nil }
        while self.index < self.bytes.count {
            let byte = self.bytes[self.index]
            self.index += 1
            if byte == UInt8(ascii: "\\") {
                self.index += 1
            } else if byte == UInt8(ascii: "\"") {
                return start..<self.index
            } else if byte < 0x20 {
                return nil
            }
        }
        return nil
    }

    /// Skips one value; nesting is bounded so hostile input cannot exhaust the stack.
    mutating func skipValue(depth: Int) -> Bool {
        guard depth < 64, self.index < self.bytes.count else { return false }
        switch self.bytes[self.index] {
        case UInt8(ascii: "\""):
            return self.skipString() != nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let close = self.bytes[self.index] == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
            let isObject = close == UInt8(ascii: "}")
            self.index += 1
            self.skipWhitespace()
            if self.consume(close) { return true }
            while true {
                self.skipWhitespace()
                if isObject {
                    guard self.skipString() != nil else { return false }
                    self.skipWhitespace()
                    guard self.consume(UInt8(ascii: ":")) else { return false }
                    self.skipWhitespace()
                }
                guard self.skipValue(depth: depth + 1) else { return false }
                self.skipWhitespace()
                if self.consume(UInt8(ascii: ",")) { continue }
                return self.consume(close)
            }
        default:
            // A number, true, false or null: everything up to the next delimiter.
            let start = self.index
            while self.index < self.bytes.count,
                  ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D].contains(self.bytes[self.index]) {
                self.index += 1
            }
            return self.index > start
        }
    }
}
