import Foundation
import ShiftyAPI
@testable import ShiftyServerCore
import Testing

/// The answer types that used to live only in the server (fixed shifts, fixed-shift requests and
/// their previews, history, closed days, week copies, positions, notification preferences, the
/// calendar feed, free dates, the push key; the timeclock's punches, kiosks, days, timesheets,
/// employment and approvals; invites, `/me`, password reset links, availability, the chart data)
/// are ShiftyAPI types now, so openapi.yaml is checked
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
    static let punch = PunchView(
        id: 7, userID: 2, username: "anna", displayName: "Anna", at: at, localDate: "2026-09-21", kind: .checkIn, source: .kiosk,
        kioskName: "Front desk", position: "bar")
    static let barePunch = PunchView(
        id: 7, userID: 2, username: "anna", displayName: "Anna", at: at, localDate: "2026-09-21", kind: .checkOut, source: .manager)
    static let day = MyHours.Day(
        date: "2026-09-21", status: .present, workedMinutes: 500, breakMinutes: 30, paidMinutes: 470, scheduledMinutes: 480, expected: true,
        quotaMinutes: 480, overtimeMinutes: -10, lengthMinutes: 1440, isClosed: false)
    static let bareDay = MyHours.Day(date: "2026-09-22", status: .upcoming)
    static let user = User(
        id: 2, workplaceID: 1, username: "anna", displayName: "Anna", email: "anna@example.com", emailInvalid: true, role: .manager,
        payType: .diligence, active: true)
    static let workplace = Workplace(
        id: 1, slug: "demo", name: "Café Demo", timeZone: "Europe/Amsterdam", settings: WorkplaceSettings(
            autoApprove: false, onePerDay: true, employeesManageFixedShifts: true, reminderMinutesBefore: 30,
            hourLimits: .init(
                maxWeeklyHours: .init(limit: 40, severity: .refuse), minRestHours: .init(limit: 11, severity: .warn),
                maxConsecutiveDays: .init(limit: 6, severity: .refuse), maxShiftHours: .init(limit: 10, severity: .warn)),
            timeOffRule: .warn, availabilityRule: .refuse, dealExpiryHours: 0, language: "en", scheduleChanges: .init(preset: "us_oregon")))
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
                "SchedulePlan",
                SchedulePlanView(
                    from: "2026-09-21", to: "2026-09-27", shifts: [shift],
                    totals: PlanTotalsView(weeks: [WeekTotalsView(
                        monday: "2026-09-21", from: "2026-09-21", to: "2026-09-27", minutes: 480, headcount: 1, openShifts: 1,
                        people: [.init(
                            userId: 2, name: "Anna", minutes: 480, shifts: 1, contractMinutes: 1920, weeklyLimitMinutes: 2400,
                            overContract: false, overLimit: false)],
                        days: [.init(date: "2026-09-21", headcount: 1, minutes: 480, openShifts: 1)])]),
                    coverage: [CoverageSegmentView(
                        date: "2026-09-21", position: "bar", startTime: "17:00", endTime: "19:00", startsAt: at, endsAt: at.addingTimeInterval(7200),
                        needed: 2, staffed: 1)],
                    revision: 4, unpublishedChanges: 1,
                    drafts: [PlanDraftView(draftId: 9, shiftId: 1, state: .changed, before: shift, overrideReason: "busy week")]),
                SchedulePlanView(
                    from: "2026-09-21", to: "2026-09-21", shifts: [],
                    totals: PlanTotalsView(weeks: [WeekTotalsView(
                        monday: "2026-09-21", from: "2026-09-21", to: "2026-09-21", minutes: 0, headcount: 0, openShifts: 0,
                        people: [.init(userId: 2, name: "Anna", minutes: 0, shifts: 0, overContract: false, overLimit: false)], days: [])]),
                    coverage: [CoverageSegmentView(
                        date: "2026-09-21", position: nil, startTime: "17:00", endTime: "19:00", startsAt: at, endsAt: at, needed: 1, staffed: 0)]),
                schema: answer("GET", "/api/v1/plan")),
            check(
                "PlanChangeResult", PlanChangeResult(revision: 5, draftId: 9, shiftId: -9), PlanChangeResult(revision: 5, draftId: nil, shiftId: nil),
                schema: answer("POST", "/api/v1/plan/changes")),
            check(
                "PlanDiscardResult", PlanDiscardResult(discarded: 2, revision: 6), PlanDiscardResult(discarded: 0, revision: 6),
                schema: answer("DELETE", "/api/v1/plan/drafts")),
            check(
                "PublicationPreview",
                PublicationPreviewView(
                    revision: 6, publishable: 1, kept: [PublicationPreviewView.KeptDraft(draftId: 9, shiftId: -9, reason: "overlapping_shift", detail: "Anna already works then.")],
                    people: [.init(userId: 2, name: "Anna", changes: [ScheduleChangeView(kind: .changed, shift: shift, before: shift)])]),
                PublicationPreviewView(
                    revision: 6, publishable: 0, kept: [.init(draftId: 9, shiftId: 1, reason: "stale", detail: nil)],
                    people: [.init(userId: 2, name: "Anna", changes: [ScheduleChangeView(kind: .added, shift: shift, before: nil)])]),
                schema: answer("POST", "/api/v1/plan/publish/preview")),
            check(
                "Publication",
                PublicationView(publishedAt: at, published: 1, kept: [PublicationPreviewView.KeptDraft(draftId: 9, shiftId: -9, reason: "overlapping_shift", detail: "Anna already works then.")], revision: 7),
                PublicationView(publishedAt: at, published: 0, kept: [], revision: 7),
                schema: answer("POST", "/api/v1/plan/publish")),
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
            check(
                "CoverageNeeds",
                CoverageNeedsView(needs: [.init(weekday: 5, startTime: "17:00", endTime: "23:00", position: "bar", headcount: 2)]),
                CoverageNeedsView(needs: [.init(weekday: 5, startTime: "17:00", endTime: "23:00", position: nil, headcount: 2)]),
                schema: named("CoverageNeeds")),
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
                "GET /schedule-weeks", ScheduleWeekPublication(monday: "2026-09-21", publishedAt: at),
                ScheduleWeekPublication(monday: "2026-09-28"), schema: answer("GET", "/api/v1/schedule-weeks", items: true)),
            check(
                "GET /requests/free-dates", FreeDateView(date: "2026-09-21", weekday: 1, week: "2026-W39"),
                FreeDateView(date: "2026-09-21", weekday: 1, week: "2026-W39"), schema: answer("GET", "/api/v1/requests/free-dates", items: true)),
            check(
                "GET /push/vapid-public-key", VAPIDPublicKeyView(publicKey: "BPk"), VAPIDPublicKeyView(publicKey: "BPk"),
                schema: answer("GET", "/api/v1/push/vapid-public-key")),
            check("Punch", punch, barePunch, schema: named("Punch")),
            check(
                "PunchEdit",
                PunchEditView(
                    id: 1, punchID: 7, userID: 2, actorID: 9, actorName: "The Boss", at: at, action: .move,
                    before: .init(at: at, kind: .checkIn), after: .init(at: at.addingTimeInterval(600), kind: .checkOut), reason: "forgot"),
                PunchEditView(id: 1, punchID: 7, userID: 2, actorID: 9, actorName: "The Boss", at: at, action: .delete, reason: "double"),
                schema: named("PunchEdit")),
            check(
                "KioskPunchResult",
                KioskPunchResult(
                    punch: punch, action: .breakStarted, displayName: "Anna", workedMinutesToday: 120, workedMinutesThisWeek: 600,
                    shift: KioskShiftView(id: 1, startsAt: at, endsAt: at.addingTimeInterval(28_800), position: "bar"),
                    timing: KioskTimingView(verdict: .onTime, minutes: 0), timeZone: "Europe/Amsterdam"),
                KioskPunchResult(
                    punch: barePunch, action: .checkedIn, displayName: "Anna", workedMinutesToday: 0, workedMinutesThisWeek: 0,
                    timeZone: "Europe/Amsterdam"),
                schema: named("KioskPunchResult")),
            check(
                "KioskPunchResult.shift", KioskShiftView(id: 1, startsAt: at, endsAt: at, position: "bar"), KioskShiftView(id: 1, startsAt: at, endsAt: at),
                schema: { document in
                    let properties = try Self.named("KioskPunchResult")(document)["properties"] as? [String: Any]
                    return document.resolve(properties?["shift"] as? [String: Any] ?? [:])
                }),
            check(
                "GET /kiosk/tiles", KioskTileView(userID: 2, username: "anna", displayName: "Anna", hasPin: true, checkedIn: false),
                KioskTileView(userID: 2, username: "anna", displayName: "Anna", hasPin: false, checkedIn: true),
                schema: answer("GET", "/api/v1/kiosk/tiles", items: true)),
            check(
                "GET /timeclock/present", PresentMemberView(userID: 2, username: "anna", displayName: "Anna", since: at),
                PresentMemberView(userID: 2, username: "anna", displayName: "Anna", since: at), schema: answer("GET", "/api/v1/timeclock/present", items: true)),
            check(
                "Kiosk",
                KioskView(id: 1, name: "Front desk", createdAt: at, lastUsedAt: at, revoked: false, allowedNetworks: ["10.0.0.0/8"], token: "t"),
                KioskView(id: 1, name: "Front desk", createdAt: at, revoked: true, allowedNetworks: []), schema: named("Kiosk")),
            check(
                "GET /timeclock/days",
                TimeclockDaysView(userID: 2, from: "2026-09-21", to: "2026-09-22", days: [day, bareDay], workedMinutes: 500),
                TimeclockDaysView(userID: 2, from: "2026-09-21", to: "2026-09-20", days: [], workedMinutes: 0),
                schema: answer("GET", "/api/v1/timeclock/days")),
            check("TimeclockDay", day, bareDay, schema: named("TimeclockDay")),
            check(
                "TimesheetDay", MyHours.Entry(day: day, attention: [.late, .missingCheckOut], lateMinutes: 12, earlyMinutes: 3), MyHours.Entry(day: bareDay),
                schema: named("TimesheetDay")),
            check(
                "TimesheetReview",
                TimesheetReview(
                    from: "2026-09-01", to: "2026-09-30", thresholdMinutes: 5,
                    members: [MemberTimesheet(
                        userID: 2, name: "Anna", username: "anna", attentionDays: 1, approved: false, approvedDates: ["2026-09-01"],
                        workedMinutes: 500, breakMinutes: 30, paidMinutes: 470, scheduledMinutes: 480,
                        days: [MyHours.Entry(day: day, attention: [.oddPunches, .workedWithoutShift, .shiftWithoutPunches, .early])])]),
                TimesheetReview(from: "2026-09-01", to: "2026-09-30", thresholdMinutes: 5, members: []), schema: named("TimesheetReview")),
            check(
                "Employment",
                EmploymentView(userID: 2, start: "2026-01-01", end: "2026-12-31", contractMinutesPerWeek: 1200, worksFixedQuota: false),
                EmploymentView(userID: 2, worksFixedQuota: true), schema: named("Employment")),
            check(
                "Approval",
                ApprovalView(
                    id: 4, userID: 2, displayName: "Anna", from: "2026-09-01", to: "2026-09-30", approvedBy: 9, approvedByName: "The Boss",
                    approvedAt: at, locked: false, unlockedBy: 9, unlockedByName: "The Boss", unlockedAt: at, unlockReason: "typo"),
                ApprovalView(
                    id: 4, userID: 2, displayName: "Anna", from: "2026-09-01", to: "2026-09-30", approvedBy: 9, approvedByName: "The Boss",
                    approvedAt: at, locked: true),
                schema: named("Approval")),
            check(
                "Invite",
                InviteView(id: 3, role: .manager, createdAt: at, expiresAt: at, maxUses: 5, uses: 1, revoked: false, note: "new staff", code: "ABCD"),
                InviteView(id: 3, role: .employee, createdAt: at, expiresAt: at, maxUses: 1, uses: 0, revoked: true), schema: named("Invite")),
            check(
                "POST /password-resets", PasswordResetLinkView(link: "https://shifty.test/#/reset?token=t", expiresAt: at),
                PasswordResetLinkView(link: "https://shifty.test/#/reset?token=t", expiresAt: at), schema: answer("POST", "/api/v1/password-resets")),
            check(
                "MemberAvailability",
                MemberAvailabilityView(
                    userId: 2, entries: [.init(weekday: 1, from: "09:00", to: "17:00", kind: .unavailable), .init(weekday: 5, from: "22:00", to: "02:00", kind: .preferred)]),
                MemberAvailabilityView(userId: 2, entries: []), schema: named("MemberAvailability")),
            check(
                "GET /me", MeView(user: user, workplace: workplace, language: "nl", languagePreference: "nl"),
                MeView(user: user, workplace: workplace, language: "en"), schema: answer("GET", "/api/v1/me")),
            check(
                "PUT /me/language", LanguageView(language: "nl", languagePreference: "nl"), LanguageView(language: "en"),
                schema: answer("PUT", "/api/v1/me/language")),
            check(
                "ChartData",
                ChartData(
                    range: .month, from: "2026-09-01", to: "2026-09-30", userID: 2, days: [.init(date: "2026-09-01", workedMinutes: 480)],
                    smoothedHours: [8, 7.5], byPosition: [.init(position: "bar", workedMinutes: 480, scheduledMinutes: 480)], totalWorkedMinutes: 480),
                ChartData(range: .last7Days, from: "2026-09-01", to: "2026-09-07", days: [], byPosition: [], totalWorkedMinutes: 0),
                schema: named("ChartData")),
            check(
                "GET /kiosk", KioskIdentity(id: 1, name: "Front desk", timeZone: "Europe/Amsterdam"),
                KioskIdentity(id: 1, name: "Front desk", timeZone: "UTC"), schema: answer("GET", "/api/v1/kiosk")),
            check(
                "GET /login-page",
                LoginPageOptions(demo: true, allowSignup: true, email: true, language: "nl", languages: [.init(code: "nl", name: "Nederlands")]),
                LoginPageOptions(demo: false, allowSignup: false, email: false, language: "en", languages: []),
                schema: answer("GET", "/api/v1/login-page")),
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
