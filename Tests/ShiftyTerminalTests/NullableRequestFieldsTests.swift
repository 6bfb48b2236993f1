import Foundation
import ShiftyAPI
@testable import ShiftyFeatures
@testable import ShiftyServer
import Testing

/// `null` in a request body is refused unless openapi.yaml marks the field nullable (issue 26:
/// schemathesis found `{"active": null}` accepted as "no change"). The server's list of nullable
/// fields per body type (``NullableRequestFields``) must be exactly the spec's for every route that
/// decodes that type, and a route whose body has no such list must have no nullable field in the spec.
@Suite struct NullableRequestFieldsTests {
    /// The body type each route with a JSON body decodes, for the types that take `null` somewhere.
    static var nullableBodies: [String: any NullableRequestFields.Type] { [
        "PATCH /api/v1/workplace": UpdateWorkplaceRequest.self,
        "PUT /api/v1/me/language": ChangeLanguageRequest.self,
        "PATCH /api/v1/users/{id}": UpdateUserRequest.self,
        "PUT /api/v1/users/{id}/hour-limits": SetMemberHourLimitsRequest.self,
        "PUT /api/v1/users/{id}/employment": UpdateEmploymentRequest.self,
        "PUT /api/v1/timeclock/rules": TimeclockRulesDocument.self,
        "PUT /api/v1/plan/budget": LabourBudgetView.self,
        "PUT /api/v1/me/notification-preferences": NotificationPreferencesInput.self,
        "POST /api/v1/push/subscriptions": CreatePushSubscriptionRequest.self,
        "POST /api/v1/deals/{id}/approve": ApproveDealBody.self,
        "POST /api/v1/deals/{id}/reject": NoteBody.self,
        "POST /api/v1/deals/{id}/cancel": NoteBody.self,
        "POST /api/v1/time-off/{id}/approve": NoteBody.self,
        "POST /api/v1/time-off/{id}/decline": NoteBody.self,
        "POST /api/v1/fixed-shift-requests/{id}/approve": NoteBody.self,
        "POST /api/v1/fixed-shift-requests/{id}/decline": NoteBody.self,
        "DELETE /api/v1/shifts/{id}": NoteBody.self,
        "POST /api/v1/shifts/{id}/unassign": NoteBody.self,
    ] }

    @Test func everyNullableFieldOfTheSpecIsTheServersAndNoOther() throws {
        let document = try OpenAPIDocument.load()
        let paths = try #require(document.root["paths"] as? [String: Any])
        var checked = 0
        for (path, item) in paths {
            for (method, value) in (item as? [String: Any]) ?? [:] {
                guard let operation = value as? [String: Any], operation["requestBody"] != nil,
                      let schema = try? document.requestSchema(method, path) else { continue }
                let name = "\(method.uppercased()) \(path)"
                let documented = Self.nullablePaths(in: schema, document: document)
                let served = Self.nullableBodies[name]?.nullableFields ?? []
                #expect(documented == served, "\(name): openapi.yaml marks \(documented.sorted()) nullable, the server accepts null in \(served.sorted())")
                checked += 1
            }
        }
        #expect(checked > 30)
        for name in Self.nullableBodies.keys {
            let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
            #expect((try? document.requestSchema(parts[0], parts[1])) != nil, "\(name) has no JSON body in openapi.yaml")
        }
    }

    @Test func aNullWhereTheSpecAllowsNoneNamesTheField() {
        #expect(JSONNullScan.disallowedNull(in: Data(#"{"active": null}"#.utf8), allowed: []) == "active")
        #expect(JSONNullScan.disallowedNull(in: Data(#"{"settings": {"language": null}}"#.utf8), allowed: ["settings.hourLimits.maxWeeklyHours"]) == "settings.language")
        #expect(JSONNullScan.disallowedNull(in: Data(#"{"settings": {"hourLimits": {"maxWeeklyHours": null}}}"#.utf8), allowed: ["settings.hourLimits.maxWeeklyHours"]) == nil)
        #expect(JSONNullScan.disallowedNull(in: Data(#"{"entries": [{"a": 1}, {"a": null}]}"#.utf8), allowed: []) == "entries.1.a")
        #expect(JSONNullScan.disallowedNull(in: Data(#"{"note": "null is only a word here"}"#.utf8), allowed: []) == nil)
        #expect(JSONNullScan.disallowedNull(in: Data("null".utf8), allowed: []) == "body")
    }

    /// Dotted paths of the schema's properties that take `null` (`type: [..., "null"]` or `nullable`).
    static func nullablePaths(in schema: [String: Any], document: OpenAPIDocument, prefix: [String] = [], depth: Int = 0) -> Set<String> {
        let schema = document.resolve(schema)
        guard depth < 8 else { return [] }
        var result: Set<String> = []
        if !prefix.isEmpty {
            let types = schema["type"] as? [String] ?? []
            if types.contains("null") || (schema["nullable"] as? Bool) == true { result.insert(prefix.joined(separator: ".")) }
        }
        for (key, property) in (schema["properties"] as? [String: Any]) ?? [:] {
            guard let property = property as? [String: Any] else { continue }
            result.formUnion(nullablePaths(in: property, document: document, prefix: prefix + [key], depth: depth + 1))
        }
        if let items = schema["items"] as? [String: Any] {
            result.formUnion(nullablePaths(in: items, document: document, prefix: prefix + ["*"], depth: depth + 1))
        }
        return result
    }
}
