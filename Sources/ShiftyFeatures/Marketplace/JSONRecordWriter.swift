/// A JSON array of flat records, the parameter that `jsonb_to_recordset` turns into rows (a deal's
/// legs, a transition's history rows and event rows), written by hand.
///
/// Foundation's `JSONEncoder` cost about a fifth of the client's CPU per pick-up + approval (issue 14:
/// a fresh encoder state, boxing, key sorting for every one of a transition's five or six small
/// records); these records are a handful of integers, strings and booleans, so appending their text
/// is enough. Field names are our own identifiers (literals, never escaped); string values are
/// escaped as JSON requires (quote, backslash, control characters). Key order is free: `jsonb` keeps
/// its own. Event payloads, whose shape the API defines, are still encoded by `APIJSON` and spliced
/// in with ``field(_:json:)``.
struct JSONRecordWriter {
    /// The UTF-8 written so far (appending bytes costs less than appending strings to a `String`).
    private var bytes: [UInt8] = [UInt8(ascii: "[")]
    private var records = 0
    private var fields = 0

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Starts the next record; ``endRecord()`` closes it.
    mutating func beginRecord() {
        if records > 0 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "{"))
        records += 1
        fields = 0
    }

    mutating func endRecord() {
        bytes.append(UInt8(ascii: "}"))
    }

    /// The array's text.
    var json: String { String(decoding: bytes + [UInt8(ascii: "]")], as: UTF8.self) }

    mutating func field(_ name: String, _ value: Int64?) {
        key(name)
        if let value { bytes.append(contentsOf: String(value).utf8) } else { bytes.append(contentsOf: "null".utf8) }
    }

    mutating func field(_ name: String, _ value: Int) {
        field(name, Int64(value))
    }

    mutating func field(_ name: String, _ value: Bool) {
        key(name)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    mutating func field(_ name: String, _ values: [Int64]) {
        key(name)
        bytes.append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: String(value).utf8)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func field(_ name: String, _ value: String?) {
        key(name)
        guard let value else {
            bytes.append(contentsOf: "null".utf8)
            return
        }
        Self.appendQuoted(value, to: &bytes)
    }

    /// A value that is JSON text already (an event's payload encoded by `APIJSON`).
    mutating func field(_ name: String, json: String) {
        key(name)
        bytes.append(contentsOf: json.utf8)
    }

    private mutating func key(_ name: String) {
        if fields > 0 { bytes.append(UInt8(ascii: ",")) }
        fields += 1
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// `value` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\r`, `\t` or
    /// `\u00XX`. Everything to escape is ASCII, so the UTF-8 bytes are handled one by one; a string
    /// with nothing to escape (nearly all of them) is appended as it is.
    static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        if !value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            bytes.append(contentsOf: value.utf8)
        } else {
            for byte in value.utf8 {
                switch byte {
                case 0x22, 0x5C: bytes += [0x5C, byte]
                case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
                case 0x0D: bytes += [0x5C, UInt8(ascii: "r")]
                case 0x09: bytes += [0x5C, UInt8(ascii: "t")]
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    bytes += [0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
