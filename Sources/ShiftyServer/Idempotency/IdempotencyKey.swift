import Hummingbird
import ShiftySecurity
import ShiftyServerCore

/// The `Idempotency-Key` a client sends with a state-changing request (the IETF httpapi draft
/// "The Idempotency-Key HTTP Header Field"): any 1 to 255 printable ASCII characters, sent as the
/// draft's quoted string (`"4c1f…"`) or bare; our clients send a quoted random UUID per action.
struct IdempotencyKey: Sendable, Equatable {
    static let headerName = HTTPFields.Element.Name("Idempotency-Key")!
    static let maximumLength = 255

    let value: String

    /// Parses the header; 400 `idempotency_key_invalid` for anything else than one usable key.
    init(header: String) throws(Problem) {
        var text = Substring(header.trimmingCharacters(in: .whitespaces))
        if text.first == "\"" {
            // A structured-field string: \" and \\ are its only escapes.
            guard text.count >= 2, text.last == "\"" else { throw Self.invalid }
            var unquoted = ""
            var escaped = false
            for character in text.dropFirst().dropLast() {
                if escaped {
                    guard character == "\"" || character == "\\" else { throw Self.invalid }
                    unquoted.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    throw Self.invalid
                } else {
                    unquoted.append(character)
                }
            }
            guard !escaped else { throw Self.invalid }
            text = Substring(unquoted)
        }
        guard (1...Self.maximumLength).contains(text.utf8.count),
              text.utf8.allSatisfy({ (0x20...0x7E).contains($0) })
        else { throw Self.invalid }
        value = String(text)
    }

    static var invalid: Problem {
        Problem(.badRequest, code: .idempotencyKeyInvalid, text: .init("server.problem.idempotency_key_invalid.detail"))
    }

    /// What is stored and looked up: SHA-256 of the key (the key itself stays with the client).
    var hash: String { Digest.sha256Hex("shifty-idempotency-key\u{0}" + value) }

    /// Which request the key was first used for: SHA-256 over the key, method, path, query and
    /// body. The key goes in first so that the stored fingerprint reveals nothing about a body
    /// (bodies carry passwords and PINs) to someone who reads the table but never saw the key.
    func fingerprint(method: String, path: String, query: String, body: some Collection<UInt8>) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(value.utf8.count + method.utf8.count + path.utf8.count + query.utf8.count + body.count + 8)
        for part in ["shifty-idempotency-request", value, method, path, query] {
            bytes.append(contentsOf: part.utf8)
            bytes.append(0)
        }
        bytes.append(contentsOf: body)
        return Hex.encode(Digest.sha256(bytes))
    }
}
