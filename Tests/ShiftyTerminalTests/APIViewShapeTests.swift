import Foundation
import ShiftyAPI
@testable import ShiftyServerCore
import Testing

/// The answer types that used to live only in the server (fixed shifts, fixed-shift requests and
/// their previews, history, closed days, week copies, positions, notification preferences, the
/// calendar feed, free dates, the push key) are ShiftyAPI types now, so openapi.yaml is checked
/// against them like against the marketplace's: each is encoded by the server's encoder with
/// every optional set and with every optional nil; the first must write exactly the documented
/// properties (deeply: nested objects and arrays too), the second exactly the `required` list;
/// every list of words must be the documented `enum`; and what is written must read back into
/// the same value (the terminal and tests can decode every answer).
@Suite struct APIViewShapeTests {
    static let at = Date(timeIntervalSince1970: 1_790_000_000)

    static let shift = MarketShift(
        id: 1, ownerId: 2, ownerName: "Anna", date: "2026-09-21", startTime: "09:00", endTime: "17:00",
        startsAt: at, endsAt: at.addingTimeInterval(28_800), position: "bar", status: .scheduled, dealId: nil, requestId: nil,
        fixedShiftId: 5, unassigned: false)
    static let rule = ActionPreview.Rule(
        code: "overlapping_shift", severity: .refuse, overridable: true, detail: "Anna already works then.", userId: 2, userName: "Anna",
        shiftId: 1, conflictingShiftIds: [3])
    static let refusal = ActionPreview.Refusal(code: "overlapping_shift", status: 409, detail: "Anna already works then.")
    static let fixedShift = FixedShiftView(
        id: 5, ownerId: 2, ownerName: "Anna", weekday: 1, startTime: "09:00", durationMinutes: 480, position: "bar",
        validFrom: "2026-09-21", validUntil: "2026-12-31", active: true)
    static let bareFixedShift = FixedShiftView(
        id: 5, ownerId: 2, ownerName: "Anna", weekday: 1, startTime: "09:00", durationMinutes: 480, validFrom: "2026-09-21", active: true)

    /// Each type: its schema in openapi.yaml, a value with every optional set and one with every optional nil.
    struct Check {
        var name: String
        var schema: (OpenAPIDocument) throws -> [String: Any]
        var full: any Encodable
        var bare: any Encodable
        var roundTrip: (Data) throws -> Data
    }

    static func check<T: Codable>(
        _ name: String, _ full: T, _ bare: T, schema: @escaping (OpenAPIDocument) throws -> [String: Any]
    ) -> Check {
        Check(name: name, schema: schema, full: full, bare: bare) { data in
            try APIJSON.encoder.encode(try JSONDecoder().decode(T.self, from: data))
        }
    }

    static func named(_ name: String) -> (OpenAPIDocument) throws -> [String: Any] {
        { $0.resolve(["$ref": "#/components/schemas/\(name)"]) }
    }

    static func answer(_ method: String, _ path: String, items: Bool = false) -> (OpenAPIDocument) throws -> [String: Any] {
        { document in
            let schema = try document.answerSchema(method, path)
            return items ? document.resolve(schema["items"] as? [String: Any] ?? [:]) : schema
        }
    }

    static var checks: [Check] {
        [
            check("FixedShift", fixedShift, bareFixedShift, schema: named("FixedShift")),
            check(
                "HistoryEntry",
                HistoryEntryView(
                    id: 1, subject: .fixedShift, subjectId: 1, actorId: 9, actorName: "The Boss", at: at, action: "assigned", from: "Anna",
                    to: "Ben", note: "swap"),
                HistoryEntryView(id: 1, subject: .deal, subjectId: 1, at: at, action: "created", to: "Anna"),
                schema: named("HistoryEntry")),
            check("ClosedDay", ClosedDayView(date: "2026-12-25", name: "Christmas"), ClosedDayView(date: "2026-12-25", name: ""), schema: named("ClosedDay")),
            check(
                "GET /closed-days/preview", ClosingPreviewView(date: "2026-12-25", removed: [shift], kept: [shift]),
                ClosingPreviewView(date: "2026-12-25", removed: [], kept: []), schema: answer("GET", "/api/v1/closed-days/preview")),
            check(
                "WeekCopy",
                WeekCopyView(
                    fromWeek: "2026-09-21", toWeek: "2026-09-28", preview: false,
                    items: [.init(
                        source: shift, date: "2026-09-28", startTime: "09:00", durationMinutes: 480, allowed: false, refusal: refusal,
                        rules: [rule], created: shift)],
                    created: 0, refused: 1),
                WeekCopyView(fromWeek: "2026-09-21", toWeek: "2026-09-28", preview: true, items: [], created: 0, refused: 0),
                schema: named("WeekCopy")),
            check(
                "FixedShiftPreview",
                FixedShiftPreviewView(
                    action: .approve, fixedShiftId: 5, allowed: false, refusal: refusal, overridable: true, dates: ["2026-09-21"],
                    rules: [.init(
                        code: "overlapping_shift", severity: .warn, overridable: true, detail: "Anna already works then.", date: "2026-09-21",
                        startTime: "09:00", endTime: "17:00", userId: 2, userName: "Anna", conflictingShifts: [shift],
                        conflictingFixedShifts: [.init(fixedShiftId: 6, date: "2026-10-05")])]),
                FixedShiftPreviewView(action: .create, fixedShiftId: 0, allowed: true, overridable: false, dates: [], rules: []),
                schema: named("FixedShiftPreview")),
            check(
                "FixedShiftRequest",
                FixedShiftRequestView(
                    id: 3, userId: 2, userName: "Anna", kind: .change, fixedShiftId: 5, fixedShift: fixedShift,
                    before: .init(weekday: 2, startTime: "10:00", durationMinutes: 240, position: "kitchen"), weekday: 1, startTime: "09:00",
                    durationMinutes: 480, position: "bar", validFrom: "2026-09-21", validUntil: "2026-12-31", reason: "school",
                    status: .approved, managerNote: "ok", decidedBy: 9, decidedAt: at, createdAt: at),
                FixedShiftRequestView(id: 4, userId: 2, userName: "Anna", kind: .add, reason: "", status: .pending, createdAt: at),
                schema: named("FixedShiftRequest")),
            check(
                "NotificationPreferences",
                NotificationPreferencesView(
                    emailEnabled: true, pushEnabled: true, hasEmailAddress: true,
                    kinds: [.init(kind: .offer, channels: [.inApp, .push], defaultChannels: [.inApp])],
                    quietHours: .init(start: "22:00", end: "07:00"), digest: true, digestTime: "08:00", timeZone: "Europe/Amsterdam"),
                NotificationPreferencesView(
                    emailEnabled: false, pushEnabled: true, hasEmailAddress: false, kinds: [], digest: false, digestTime: "08:00",
                    timeZone: "Europe/Amsterdam"),
                schema: named("NotificationPreferences")),
            check(
                "GET /positions",
                PositionsView(
                    positions: ["bar"],
                    members: [.init(
                        userId: 2, positions: ["bar"],
                        hourLimits: .init(maxWeeklyHours: 40, minRestHours: 11, maxConsecutiveDays: 6, maxShiftHours: 10))]),
                PositionsView(positions: [], members: []), schema: answer("GET", "/api/v1/positions")),
            check("MemberHourLimits", MemberHourLimitsView(maxWeeklyHours: 40, minRestHours: 11, maxConsecutiveDays: 6, maxShiftHours: 10),
                  MemberHourLimitsView(), schema: named("MemberHourLimits")),
            check(
                "PUT /users/{id}/qualifications", SetQualificationsView(userId: 2, positions: ["bar"]), SetQualificationsView(userId: 2, positions: []),
                schema: answer("PUT", "/api/v1/users/{id}/qualifications")),
            check(
                "GET /calendar-feed",
                CalendarFeedView(enabled: true, enabledAt: at, url: "https://shifty.test/calendar/t.ics", path: "/calendar/t.ics"),
                CalendarFeedView(enabled: false), schema: answer("GET", "/api/v1/calendar-feed")),
            check(
                "GET /requests/free-dates", FreeDateView(date: "2026-09-21", weekday: 1, week: "2026-W39"),
                FreeDateView(date: "2026-09-21", weekday: 1, week: "2026-W39"), schema: answer("GET", "/api/v1/requests/free-dates", items: true)),
            check(
                "GET /push/vapid-public-key", VAPIDPublicKeyView(publicKey: "BPk"), VAPIDPublicKeyView(publicKey: "BPk"),
                schema: answer("GET", "/api/v1/push/vapid-public-key")),
        ]
    }

    @Test(arguments: checks.map(\.name))
    func theTypeWritesExactlyWhatOpenAPIDocuments(_ name: String) throws {
        let check = try #require(Self.checks.first { $0.name == name })
        let document = try OpenAPIDocument.load()
        let schema = try check.schema(document)
        let fullData = try APIJSON.encoder.encode(check.full)
        let full = try #require(try JSONSerialization.jsonObject(with: fullData) as? [String: Any])
        let bare = try #require(try JSONSerialization.jsonObject(with: try APIJSON.encoder.encode(check.bare)) as? [String: Any])
        let properties = Set((schema["properties"] as? [String: Any] ?? [:]).keys)
        #expect(!properties.isEmpty, "\(name): openapi.yaml documents no properties")
        #expect(Set(full.keys) == properties, "\(name) with every optional set writes \(full.keys.sorted()), openapi.yaml documents \(properties.sorted())")
        #expect(Set(bare.keys) == Set(schema["required"] as? [String] ?? []),
                "\(name) with every optional nil writes \(bare.keys.sorted()), openapi.yaml requires \((schema["required"] as? [String] ?? []).sorted())")
        #expect(document.mismatches(of: full, against: schema, at: name) == [])
        #expect(document.clientMismatches(of: check.full, against: schema, at: name) == [])
        #expect(document.wordMismatches(of: check.full, against: schema, at: name, strings: ["\(name).rules.code"]) == [])
        #expect(try check.roundTrip(fullData) == fullData, "\(name) does not read back what it writes")
    }

    /// The check is not blind: a property the spec does not have, and a required one left out, fail it.
    @Test func theCheckSeesAnUndocumentedAndAMissingProperty() throws {
        let document = try OpenAPIDocument.load()
        let schema = document.resolve(["$ref": "#/components/schemas/ClosedDay"])
        #expect(document.mismatches(of: ["date": "2026-12-25", "name": "x", "colour": "red"], against: schema, at: "ClosedDay").count == 1)
        #expect(document.mismatches(of: ["date": "2026-12-25"], against: schema, at: "ClosedDay").count == 1)
    }
}
