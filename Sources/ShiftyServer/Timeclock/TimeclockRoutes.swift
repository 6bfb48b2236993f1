import Foundation
import Hummingbird
import ShiftyAPI
import ShiftyDomain
import ShiftyFeatures
import ShiftyPostgres
import ShiftyServerCore

/// HTTP endpoints of the timeclock: kiosks, PINs, punching, punch edits, days, rules and the
/// reports (documented in openapi.yaml).
struct TimeclockRoutes {
    let kiosks: KioskService
    let punches: PunchService
    let reports: ReportService
    let configuration: ServerConfiguration

    init(pool: PostgresPool, passwords: PasswordService, configuration: ServerConfiguration) {
        self.kiosks = KioskService(pool: pool, passwords: passwords, throttle: configuration.loginThrottle, clock: configuration.clock)
        self.punches = PunchService(pool: pool)
        self.reports = ReportService(pool: pool)
        self.configuration = configuration
    }

    func register(on api: APIGroups) {
        registerKiosks(on: api)
        registerPunches(on: api)
        ReportRoutes(reports: reports).register(on: api)
        TimesheetRoutes(timesheets: TimesheetService(pool: punches.pool)).register(on: api)
    }

    private func registerKiosks(on api: APIGroups) {
        api.managers.post("kiosks") { request, context in
            let input = try await request.decodeJSON(CreateKioskRequest.self, context: context)
            // A browser that becomes a kiosk stops being the manager's: the session that made it
            // ends in the same transaction and its cookie is cleared, so nobody at the tablet can
            // open the manager's pages (a bearer client, e.g. a script, keeps its session).
            let inBrowser = context.caller.presentedAs == .cookie
            let kiosk = try await kiosks.create(context.caller, name: input.name, endingSession: inBrowser)
            IdempotentRequest.current?.answerHoldsSecret()  // the kiosk's token
            var response = try APIJSON.response(kiosk, status: .created)
            response.setCookie(kioskCookie(value: kiosk.token ?? "", maxAge: 400 * 86_400, request: request))
            if inBrowser { response.setCookie(endedSessionCookie(request: request)) }
            return response
        }
        api.managers.get("kiosks") { _, context in
            try APIJSON.response(try await kiosks.list(context.caller))
        }
        api.managers.delete("kiosks/:id") { _, context in
            try await kiosks.revoke(context.caller, id: try context.id("id"))
            return APIJSON.noContent()
        }
        api.managers.put("kiosks/:id/networks") { request, context in
            let id = try context.id("id")
            let input = try await request.decodeJSON(KioskNetworksRequest.self, context: context)
            return try APIJSON.response(try await kiosks.setNetworks(context.caller, id: id, networks: input.networks))
        }
        api.kiosk.get("kiosk") { _, context in
            let kiosk = context.kiosk
            let timeZone = try await punches.pool.withConnection { try TimeclockSettingsStore.context(workplaceID: kiosk.workplaceID, on: $0) }?.timeZone
            return try APIJSON.response(KioskIdentity(id: kiosk.id, name: kiosk.name, timeZone: timeZone?.identifier ?? "UTC"))
        }
        api.kiosk.get("kiosk/tiles") { _, context in
            try APIJSON.response(try await kiosks.tiles(at: context.kiosk))
        }
        api.kiosk.post("kiosk/punches") { request, context in
            let input = try await request.decodeJSON(KioskPunchRequest.self, context: context)
            return try APIJSON.response(try await kiosks.punch(at: context.kiosk, input), status: .created)
        }
        api.managers.put("users/:id/pin") { request, context in
            let id = try context.id("id")
            let input = try await request.decodeJSON(SetPinRequest.self, context: context)
            try await kiosks.setPin(context.caller, userID: id, pin: input.pin)
            return APIJSON.noContent()
        }
        api.managers.delete("users/:id/pin") { _, context in
            try await kiosks.removePin(context.caller, userID: try context.id("id"))
            return APIJSON.noContent()
        }
    }

    private func registerPunches(on api: APIGroups) {
        api.members.get("punches") { request, context in
            try APIJSON.response(try await punches.list(context.caller, query: try Self.punchQuery(request, workplace: context.caller.workplace)))
        }
        api.managers.post("punches") { request, context in
            let input = try await request.decodeJSON(AddPunchRequest.self, context: context)
            return try APIJSON.response(try await punches.add(context.caller, input), status: .created)
        }
        api.managers.patch("punches/:id") { request, context in
            let id = try context.id("id")
            let input = try await request.decodeJSON(MovePunchRequest.self, context: context)
            return try APIJSON.response(try await punches.move(context.caller, id: id, input))
        }
        api.managers.delete("punches/:id") { request, context in
            let id = try context.id("id")
            let reason: String
            if let query = try QueryParameters(request).string("reason") {
                reason = query
            } else {
                reason = try await request.decodeJSON(DeletePunchRequest.self, context: context).reason
            }
            try await punches.delete(context.caller, id: id, reason: reason)
            return APIJSON.noContent()
        }
        api.members.get("punch-edits") { request, context in
            let query = QueryParameters(request)
            return try APIJSON.response(try await punches.edits(context.caller, userID: try query.id("userID"), punchID: try query.id("punchID")))
        }
        api.members.get("timeclock/days") { request, context in
            let query = QueryParameters(request)
            let first = try query.requiredDate("from")
            let last = try query.requiredDate("to")
            let userID = try query.id("userID")
            return try APIJSON.response(try await punches.days(context.caller, userID: userID, first: first, last: last))
        }
        api.managers.get("timeclock/present") { _, context in
            try APIJSON.response(try await punches.present(context.caller))
        }
        api.members.get("timeclock/rules") { _, context in
            try APIJSON.response(try await punches.rules(context.caller))
        }
        api.managers.put("timeclock/rules") { request, context in
            let input = try await request.decodeJSON(TimeclockRulesDocument.self, context: context)
            return try APIJSON.response(try await punches.updateRules(context.caller, input))
        }
    }

    private func kioskCookie(value: String, maxAge: Int, request: Request) -> Cookie {
        let secure = configuration.secureCookies || request.headers[.init("X-Forwarded-Proto")!]?.lowercased() == "https"
        return Cookie(name: KioskAuthenticator.cookieName, value: value, maxAge: maxAge, path: "/", secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// Clears the browser's session cookie (same name, path and flags as the one login set).
    private func endedSessionCookie(request: Request) -> Cookie {
        let secure = configuration.secureCookies || request.headers[.init("X-Forwarded-Proto")!]?.lowercased() == "https"
        return Cookie(name: Authenticator.cookieName, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    // MARK: Query parameters

    static func punchQuery(_ request: Request, workplace: WorkplaceView) throws -> PunchStore.Query {
        let parameters = QueryParameters(request)
        let timeZone = (try? WorkplaceTimeZone(identifier: workplace.timeZone)) ?? .utc
        var query = PunchStore.Query()
        query.userID = try parameters.id("userID")
        query.search = try parameters.string("search").flatMap { $0.isEmpty ? nil : String($0.prefix(100)) }
        query.position = try parameters.string("position").flatMap { $0.isEmpty ? nil : String($0.prefix(100)) }
        if let from = try parameters.date("from") { query.from = timeZone.startOfDay(from) }
        if let to = try parameters.date("to") { query.to = timeZone.endOfDay(to) }
        if let sort = try parameters.oneOf("sort", PunchStore.Query.Sort.self) { query.sort = sort }
        if let limit = try parameters.int("limit", in: 1...1000) { query.limit = limit }
        if let offset = try parameters.int("offset", in: 0...1_000_000) { query.offset = offset }
        return query
    }
}
