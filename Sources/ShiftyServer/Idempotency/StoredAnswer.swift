import Foundation
import Hummingbird
import NIOCore

/// The first answer to a request with an `Idempotency-Key`, as it is stored and replayed: status,
/// the headers that describe the body, and the body's bytes.
struct StoredAnswer: Sendable, Equatable {
    /// The headers a replay needs (the rest are added again by the outer middleware on every
    /// answer). Never `Set-Cookie`: cookies carry credentials, and answers that set one that matters
    /// are not stored at all (``IdempotentRequest/answerHoldsSecret()``).
    static let keptHeaders: [HTTPFields.Element.Name] = [.contentType, .contentLanguage, .cacheControl, .location, HTTPFields.Element.Name("Link")!]

    /// Marks a replayed answer (the draft leaves the name to us; Stripe's clients know this one).
    static let replayedHeader = HTTPFields.Element.Name("Idempotent-Replayed")!

    var status: Int
    var headers: [[String]]
    var body: Data

    init(status: Int, headers: [[String]], body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The answer the route gave, with its body already collected.
    init(_ response: Response, body: ByteBuffer, language: String) {
        status = response.status.code
        headers = Self.keptHeaders.compactMap { name in
            response.headers[name].map { [name.canonicalName, $0] }
        }
        if response.headers[.contentLanguage] == nil, Self.speaksLanguage(response) {
            headers.append([HTTPFields.Element.Name.contentLanguage.canonicalName, language])
        }
        self.body = Data(body.readableBytesView)
    }

    /// Answers with a body were written in the caller's language; `LanguageMiddleware` would add a
    /// replay's header from the replay's request, which may speak another.
    private static func speaksLanguage(_ response: Response) -> Bool {
        response.headers[.contentType] != nil
    }

    /// The stored answer as a response, marked as a replay.
    func replay() -> Response {
        var fields = HTTPFields()
        for pair in headers where pair.count == 2 {
            if let name = HTTPFields.Element.Name(pair[0]) { fields[name] = pair[1] }
        }
        fields[Self.replayedHeader] = "true"
        return Response(status: .init(code: status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}
