import Foundation
@testable import ShiftyEvents
@testable import ShiftyLive
@testable import ShiftyServer
@testable import ShiftyServerCore
@testable import ShiftyTerminal
import ShiftyTestSupport
import Testing

/// One source of truth for the API's shapes (docs/api-shapes.md): the server's Swift types define
/// what goes over the wire; openapi.yaml must describe exactly that, and the terminal client may
/// only read what it describes. Each route the terminal uses is called on a real server, its JSON
/// checked key by key (nested objects and arrays too) against the route's documented answer, and
/// decoded with the client's type, whose stored properties must all be documented. A field added,
/// renamed or dropped in one place but not the others fails here.
@Suite struct APIShapesTests {
    @Test func everyAnswerTheTerminalReadsMatchesOpenAPIAndTheClientTypes() async throws {
        try await TestServer.with { server in
            let document = try OpenAPIDocument.load()
            let workplace = try await TerminalTestWorkplace.create(on: server, autoApprove: false)
            let boss = workplace.managerToken
            let anna = try #require(workplace.anna.token)
            let ben = try #require(workplace.ben.token)
            let shiftID = try await workplace.createShiftForAnna(inDays: 3)
            let date = TerminalDates.amsterdamDate(inDays: 3)
            var checked = 0

            /// Calls the route, checks the answer against openapi.yaml and decodes it as `Client`.
            @discardableResult
            func check<Client: Decodable>(
                _ method: String, _ documented: String, _ path: String, body: Any? = nil, token: String?, as client: Client.Type,
                sourceLocation: SourceLocation = #_sourceLocation
            ) async throws -> Any {
                let response = try await server.client.json(method == "POST" ? .POST : .GET, path, body, token: token)
                #expect((200..<300).contains(Int(response.status)), "\(method) \(path): \(response.status) \(response.text)", sourceLocation: sourceLocation)
                let schema = try document.answerSchema(method, documented)
                let json = try JSONSerialization.jsonObject(with: Data(response.text.utf8))
                if let array = json as? [Any] {
                    #expect(!array.isEmpty, "\(path) answered [], so nothing was compared", sourceLocation: sourceLocation)
                }
                #expect(document.mismatches(of: json, against: schema, at: documented) == [], sourceLocation: sourceLocation)
                let decoded: Client
                do {
                    decoded = try JSONDecoder().decode(Client.self, from: Data(response.text.utf8))
                } catch {
                    Issue.record("the terminal's \(Client.self) cannot read \(method) \(path): \(error)", sourceLocation: sourceLocation)
                    return json
                }
                #expect(document.clientMismatches(of: decoded, against: schema, at: "\(Client.self)") == [], sourceLocation: sourceLocation)
                #expect(document.wordMismatches(of: decoded, against: schema, at: "\(Client.self)") == [], sourceLocation: sourceLocation)
                checked += 1
                return json
            }

            try await check("POST", "/api/v1/sessions", "/api/v1/sessions", body: [
                "workplace": workplace.slug, "username": "anna", "password": TerminalTestWorkplace.password, "client": "bearer",
            ], token: nil, as: Session.self)
            try await check("POST", "/api/v1/shifts/{id}/supply", "/api/v1/shifts/\(shiftID)/supply", token: anna, as: MarketplaceActionResult.self)
            try await check("GET", "/api/v1/marketplace", "/api/v1/marketplace", token: ben, as: [MarketShift].self)
            try await check("GET", "/api/v1/shifts/{id}/preview", "/api/v1/shifts/\(shiftID)/preview?action=pick-up", token: ben, as: ActionPreview.self)
            let taken = try await check("POST", "/api/v1/shifts/{id}/pick-up", "/api/v1/shifts/\(shiftID)/pick-up", token: ben, as: MarketplaceActionResult.self)
            let dealID = try #require(((taken as? [String: Any])?["deal"] as? [String: Any])?["id"] as? Int, "\(taken)")
            try await check("GET", "/api/v1/deals/approvals", "/api/v1/deals/approvals", token: boss, as: [MarketDeal].self)
            try await check("GET", "/api/v1/deals/mine", "/api/v1/deals/mine", token: ben, as: [MarketDeal].self)
            try await check("GET", "/api/v1/shifts/{id}/preview", "/api/v1/shifts/\(shiftID)/preview?action=approve", token: boss, as: ActionPreview.self)
            try await check("POST", "/api/v1/deals/{id}/approve", "/api/v1/deals/\(dealID)/approve", body: ["note": "ok"], token: boss, as: MarketplaceActionResult.self)
            try await check("POST", "/api/v1/requests", "/api/v1/requests", body: ["dates": [TerminalDates.amsterdamDate(inDays: 9)]], token: anna, as: MarketplaceActionResult.self)
            try await check("GET", "/api/v1/requests", "/api/v1/requests", token: ben, as: [ShiftRequest].self)
            try await check("GET", "/api/v1/schedule", "/api/v1/schedule", token: ben, as: [ScheduleWeek].self)
            try await check("GET", "/api/v1/team-schedule", "/api/v1/team-schedule?from=\(date)&to=\(date)", token: ben, as: [MarketShift].self)
            try await check("GET", "/api/v1/now", "/api/v1/now", token: anna, as: NowBoard.self)
            try await check("GET", "/api/v1/timeclock/my-hours", "/api/v1/timeclock/my-hours", token: anna, as: MyHours.self)
            try await check("GET", "/api/v1/notifications", "/api/v1/notifications", token: anna, as: [ShiftyTerminal.LiveEvent].self)
            let timeOff = try await check("POST", "/api/v1/time-off", "/api/v1/time-off", body: [
                "firstDate": TerminalDates.amsterdamDate(inDays: 20), "startTime": "12:00", "reason": "dentist",
            ], token: ben, as: TimeOffRequest.self)
            let timeOffID = try #require((timeOff as? [String: Any])?["id"] as? Int, "\(timeOff)")
            try await check("POST", "/api/v1/time-off/{id}/approve", "/api/v1/time-off/\(timeOffID)/approve", body: ["note": "ok"], token: boss, as: TimeOffRequest.self)
            try await check("GET", "/api/v1/time-off", "/api/v1/time-off", token: ben, as: [TimeOffRequest].self)
            #expect(checked == 19)
        }
    }

    /// The server's list of event types is the one list: openapi.yaml's `EventType` enum and the
    /// page's `EVENT_TYPES` (web/live.js) must name exactly the same types.
    /// In a YAML flow mapping (`{ description: A, b. }`) an unquoted comma ends the value: the rest
    /// becomes a stray key with no value, the description is cut, and tools that read the document
    /// see a property or parameter field that does not exist. Such a key has spaces in it.
    @Test func openAPIHasNoTextCutIntoStrayKeys() throws {
        let document = try OpenAPIDocument.load()
        var stray: [String] = []
        func walk(_ node: Any, _ path: String) {
            if let object = node as? [String: Any] {
                for (key, value) in object {
                    if key.contains(" "), value is NSNull { stray.append("\(path)/\(key)") }
                    walk(value, "\(path)/\(key)")
                }
            } else if let array = node as? [Any] {
                for (index, element) in array.enumerated() { walk(element, "\(path)/\(index)") }
            }
        }
        walk(document.root, "")
        #expect(stray.isEmpty, "quote these descriptions in openapi.yaml: \(stray.sorted())")
    }

    @Test func everyEventTypeIsInOpenAPIAndTheWebPage() throws {
        let types = Set(EventType.allCases.map(\.rawValue))
        let document = try OpenAPIDocument.load()
        let schema = document.resolve(["$ref": "#/components/schemas/EventType"])
        let documented = try #require(schema["enum"] as? [String], "openapi.yaml must list the event types as components.schemas.EventType.enum")
        #expect(documented.count == Set(documented).count, "an event type is listed twice in openapi.yaml")
        #expect(types.subtracting(documented).sorted() == [], "event types missing from openapi.yaml")
        #expect(Set(documented).subtracting(types).sorted() == [], "openapi.yaml lists event types the server does not have")

        let script = try String(contentsOf: TestServer.repositoryRoot.appendingPathComponent("web/live.js"), encoding: .utf8)
        let start = try #require(script.range(of: "export const EVENT_TYPES = Object.freeze(["), "web/live.js must export EVENT_TYPES")
        let end = try #require(script[start.upperBound...].range(of: "]);"))
        let listed = script[start.upperBound..<end.lowerBound].matches(of: /'([a-z_.]+)'/).map { String($0.output.1) }
        #expect(types.subtracting(listed).sorted() == [], "event types missing from web/live.js")
        #expect(Set(listed).subtracting(types).sorted() == [], "web/live.js lists event types the server does not have")
    }
}

/// The API types (ShiftyAPI, which the server encodes and the terminal decodes) against openapi.yaml's
/// schemas: encoded with every optional set, a type must write exactly the documented properties
/// (fields left out when nil never reach a live answer, so the route test above cannot see them);
/// encoded with every optional nil, it must write exactly the documented `required` list. A field
/// added to a type but not to the spec, a property documented but never written, or a required
/// list that says more or less than the type always writes fails here.
@Suite struct APIShapeSampleTests {
    @Test func apiTypesWriteExactlyTheDocumentedPropertiesAndRequiredLists() throws {
        let document = try OpenAPIDocument.load()
        let sample = Dictionary(uniqueKeysWithValues: APIWireGoldenTests.samples.map { ($0.name, $0.value) })
        // (schema, every optional set, every optional nil, array properties whose first item is checked too, and nested objects)
        let checks: [(schema: String, full: String, bare: String, nested: [String])] = [
            ("Shift", "shift", "bareShift", []),
            ("Deal", "deal", "pendingDeal", ["legs"]),
            ("Request", "request", "openRequest", []),
            ("ScheduleWeek", "scheduleWeek", "scheduleWeek", []),
            ("MarketplaceResult", "result", "bareResult", []),
            ("TimeOff", "timeOff", "pendingTimeOff", []),
            ("ActionPreview", "preview", "allowedPreview", ["rules", "effects"]),
            ("Problem", "problem", "bareProblem", ["errors"]),
            ("NowBoard", "nowBoard", "emptyNowBoard", ["onShift"]),
            ("MyHours", "myHours", "bareMyHours", ["days", "approvals"]),
            ("Session", "session", "bareSession", ["user", "workplace"]),
        ]
        for check in checks {
            let schema = document.resolve(["$ref": "#/components/schemas/\(check.schema)"])
            let full = try Self.object(try #require(sample[check.full]))
            let bare = try Self.object(try #require(sample[check.bare]))
            let properties = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
            let required = Set(schema["required"] as? [String] ?? [])
            Self.compare(Set(full.keys), properties, "\(check.schema) (every optional set)", "properties")
            Self.compare(Set(bare.keys), required, "\(check.schema) (every optional nil)", "required")
            for key in check.nested {
                let property = document.resolve((schema["properties"] as? [String: Any])?[key] as? [String: Any] ?? [:])
                if let object = full[key] as? [String: Any] {
                    // A nested object: every optional set against its properties, every optional nil against its required list.
                    let bareObject = try #require(bare[key] as? [String: Any])
                    Self.compare(Set(object.keys), Set((property["properties"] as? [String: Any] ?? [:]).keys), "\(check.schema).\(key)", "properties")
                    Self.compare(Set(bareObject.keys), Set(property["required"] as? [String] ?? []), "\(check.schema).\(key)", "required")
                    continue
                }
                let items = document.resolve(property["items"] as? [String: Any] ?? [:])
                let first = try #require((full[key] as? [[String: Any]])?.first)
                Self.compare(Set(first.keys), Set((items["properties"] as? [String: Any] ?? [:]).keys), "\(check.schema).\(key)[]", "properties")
            }
        }
    }

    /// Every list of words the API types have (``APIWord``: statuses, states, kinds, roles…) is the
    /// `enum:` openapi.yaml documents for that field, word for word, and no documented `enum:` is
    /// read as a plain `String`. Walked over the samples with every optional set, plus settings with
    /// every hour limit (the captured session has none). Problem codes stay text: their one list is
    /// the server's `ProblemCode` (ProblemCodeListTests, ProblemMessagesTests).
    @Test func apiWordListsAreTheDocumentedEnums() throws {
        let document = try OpenAPIDocument.load()
        let sample = Dictionary(uniqueKeysWithValues: APIWireGoldenTests.samples.map { ($0.name, $0.value) })
        let checks: [(schema: String, value: Any)] = [
            ("Shift", try #require(sample["shift"])),
            ("Deal", try #require(sample["deal"])),
            ("Request", try #require(sample["request"])),
            ("ScheduleWeek", try #require(sample["scheduleWeek"])),
            ("MarketplaceResult", try #require(sample["result"])),
            ("TimeOff", try #require(sample["timeOff"])),
            ("ActionPreview", try #require(sample["preview"])),
            ("Problem", try #require(sample["problem"])),
            ("NowBoard", try #require(sample["nowBoard"])),
            ("MyHours", try #require(sample["myHours"])),
            ("Session", try #require(sample["session"])),
            ("WorkplaceSettings", WorkplaceSettings(
                autoApprove: false, onePerDay: true, employeesManageFixedShifts: true, reminderMinutesBefore: 30,
                hourLimits: .init(
                    maxWeeklyHours: .init(limit: 40, severity: .refuse), minRestHours: .init(limit: 11, severity: .warn),
                    maxConsecutiveDays: .init(limit: 6, severity: .refuse), maxShiftHours: .init(limit: 10, severity: .warn)),
                timeOffRule: .warn, availabilityRule: .refuse, dealExpiryHours: 0, language: "en", scheduleChanges: .init(preset: "us_oregon"))),
        ]
        for check in checks {
            let schema = document.resolve(["$ref": "#/components/schemas/\(check.schema)"])
            #expect(document.wordMismatches(of: check.value, against: schema, at: check.schema, strings: ["Problem.code"]) == [])
        }
        // The walk finds a list the spec does not document, and a documented one read as text.
        let bare = ["type": "object", "properties": ["status": ["type": "string"]]] as [String: Any]
        #expect(document.wordMismatches(of: try #require(sample["shift"]), against: bare, at: "Shift").count == 1)
        #expect(document.wordMismatches(of: try #require(sample["problem"]), against: document.resolve(["$ref": "#/components/schemas/Problem"]), at: "Problem").count == 1)
    }

    static func object(_ value: any Encodable) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: try APIJSON.encoder.encode(value)) as? [String: Any])
    }

    static func compare(
        _ written: Set<String>, _ documented: Set<String>, _ name: String, _ list: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(written.subtracting(documented).sorted() == [], "\(name): written, but not in openapi.yaml's \(list)", sourceLocation: sourceLocation)
        #expect(documented.subtracting(written).sorted() == [], "\(name): in openapi.yaml's \(list), but not written", sourceLocation: sourceLocation)
    }
}
