import Foundation
@testable import ShiftyFeatures
@testable import ShiftyServer
@testable import ShiftyTerminal
import Testing

/// The request bodies the terminal sends are ShiftyAPI types the server decodes (docs/api-shapes.md).
/// Each is checked against the `requestBody` schema openapi.yaml documents for its route: written
/// by the terminal's encoder with every optional set it has exactly the schema's `properties`, with
/// every optional nil exactly its `required` list; and the server's decoder reads the full body back
/// to the same value. A field added, renamed, dropped or made optional in the type or the spec alone
/// fails here (the server and the terminal cannot differ: they use the one type).
@Suite struct APIRequestBodyShapeTests {
    struct Body: Sendable {
        var method = "POST"
        var path: String
        var full: any Encodable & Sendable
        var bare: any Encodable & Sendable
        /// Decodes `data` with the server's decoder and says whether it equals `full`.
        var readsBack: @Sendable (Data) throws -> Bool
    }

    static func body<Value: Codable & Equatable & Sendable>(_ path: String, full: Value, bare: Value) -> Body {
        Body(path: path, full: full, bare: bare, readsBack: { try JSONDecoder.api.decode(Value.self, from: $0) == full })
    }

    static let bodies: [Body] = [
        body("/api/v1/sessions",
             full: LoginBody(workplace: "cafe", username: "anna", password: "secret", client: .bearer),
             bare: LoginBody(workplace: "cafe", username: "anna", password: "secret")),
        body("/api/v1/deals/{id}/approve",
             full: ApproveDealBody(note: "fine by me", override: true, reason: "short-staffed"), bare: ApproveDealBody()),
        body("/api/v1/deals/{id}/reject", full: NoteBody(note: "not that night"), bare: NoteBody()),
        body("/api/v1/deals/{id}/cancel", full: NoteBody(note: "changed my mind"), bare: NoteBody()),
        body("/api/v1/requests", full: PostRequestsBody(dates: ["2026-07-04"]), bare: PostRequestsBody(dates: [])),
        body("/api/v1/requests/{id}/suggestions", full: SuggestBody(shiftId: 41), bare: SuggestBody(shiftId: 41)),
        body("/api/v1/swaps",
             full: ProposeSwapBody(offeredShiftId: 41, wantedShiftId: 57), bare: ProposeSwapBody(offeredShiftId: 41, wantedShiftId: 57)),
        body("/api/v1/time-off",
             full: RequestTimeOffBody(firstDate: "2026-06-08", lastDate: "2026-06-12", startTime: "09:00", endTime: "17:00", reason: "Holiday"),
             bare: RequestTimeOffBody(firstDate: "2026-06-08")),
        body("/api/v1/time-off/{id}/approve", full: NoteBody(note: "enjoy"), bare: NoteBody()),
        body("/api/v1/time-off/{id}/decline", full: NoteBody(note: "busy week"), bare: NoteBody()),
    ]

    @Test(arguments: Self.bodies.map(\.path))
    func theTerminalWritesExactlyTheDocumentedRequestBody(_ path: String) throws {
        let body = try #require(Self.bodies.first { $0.path == path })
        let document = try OpenAPIDocument.load()
        let schema = try document.requestSchema(body.method, body.path)
        let name = "\(body.method) \(body.path) (\(type(of: body.full)))"
        let full = ShiftyAPIClient.encode(body.full)
        let properties = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
        let required = Set(schema["required"] as? [String] ?? [])
        APIShapeSampleTests.compare(try Self.keys(full), properties, "\(name) (every optional set)", "properties")
        APIShapeSampleTests.compare(try Self.keys(ShiftyAPIClient.encode(body.bare)), required, "\(name) (every optional nil)", "required")
        #expect(try body.readsBack(full), "\(name): the server does not read the terminal's body back to the same value")
    }

    /// `client` of the login body (and of sign-up, workplace creation and password reset) is the
    /// one `SessionKind` the server keeps with the session; its values are openapi.yaml's `ClientKind`.
    @Test func theSessionKindsAreTheDocumentedClientKinds() throws {
        let schema = try OpenAPIDocument.load().resolve(["$ref": "#/components/schemas/ClientKind"])
        #expect(Set(ShiftyAPI.SessionKind.allCases.map(\.rawValue)) == Set(schema["enum"] as? [String] ?? []))
    }

    static func keys(_ data: Data) throws -> Set<String> {
        Set(try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]).keys)
    }
}
