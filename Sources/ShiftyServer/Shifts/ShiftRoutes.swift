import Foundation
import Hummingbird
import Logging
import ShiftyDomain
import ShiftyPostgres
import ShiftyServerCore

/// HTTP endpoints for schedules, fixed shifts, closed days and (through `MarketplaceRoutes`)
/// the marketplace; documented in openapi.yaml.
struct ShiftRoutes {
    let shifts: ShiftService
    let marketplace: MarketplaceService
    let authenticator: Authenticator

    init(pool: PostgresPool, authenticator: Authenticator, logger: Logger, clock: @escaping @Sendable () -> Date) {
        self.shifts = ShiftService(pool: pool, logger: logger, clock: clock)
        self.marketplace = MarketplaceService(pool: pool, logger: logger, clock: clock)
        self.authenticator = authenticator
    }

    func register(on api: RouterGroup<ShiftyRequestContext>) {
        api.get("schedule") { request, _ in
            let caller = try await authenticator.require(request)
            let query = QueryParameters(request)
            let weeks = try query.int("weeks", in: 1...52) ?? FixedShift.generationWeeks
            let userID = try query.id("userId")
            if let userID, userID != caller.id { try caller.requireManager() }
            return try APIJSON.response(try await shifts.schedule(caller, userID: userID, weeks: weeks))
        }

        api.get("team-schedule") { request, _ in
            let caller = try await authenticator.require(request)
            let query = QueryParameters(request)
            let from = try query.requiredDate("from")
            let to = try query.requiredDate("to")
            return try APIJSON.response(try await shifts.teamSchedule(caller, from: from, to: to))
        }

        api.get("fixed-shifts") { request, _ in
            let caller = try await authenticator.require(request)
            let ownerID = try QueryParameters(request).id("userId")
            return try APIJSON.response(try await shifts.fixedShifts(caller, ownerID: ownerID))
        }
        api.post("fixed-shifts") { request, context in
            let caller = try await authenticator.require(request)
            let body = try await request.decodeJSON(CreateFixedShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.createFixedShift(caller, body), status: .created)
        }
        // What saving would answer, week by week, from the same rule check as the save.
        api.post("fixed-shifts/preview") { request, context in
            let caller = try await authenticator.require(request)
            let body = try await request.decodeJSON(CreateFixedShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.previewFixedShift(caller, body))
        }
        api.post("fixed-shifts/:id/preview") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            let body = try await request.decodeJSON(UpdateFixedShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.previewFixedShiftEdit(caller, id: id, body))
        }
        api.patch("fixed-shifts/:id") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            let body = try await request.decodeJSON(UpdateFixedShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.updateFixedShift(caller, id: id, body))
        }
        api.delete("fixed-shifts/:id") { request, context in
            let caller = try await authenticator.require(request)
            try await shifts.endFixedShift(caller, id: try context.id("id"))
            return APIJSON.noContent()
        }

        api.post("shifts") { request, context in
            let caller = try await authenticator.require(request)
            let body = try await request.decodeJSON(CreateShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.createShift(caller, body), status: .created)
        }
        // A week's one-off shifts again a week later, each through the rulebook (WeekCopyService).
        let weekCopy = WeekCopyService(shifts: shifts, marketplace: marketplace)
        api.post("shifts/copy-week/preview") { request, context in
            let caller = try await authenticator.require(request)
            let body = try await request.decodeJSON(CopyWeekRequest.self, context: context)
            return try APIJSON.response(try await weekCopy.copy(caller, body, preview: true))
        }
        api.post("shifts/copy-week") { request, context in
            let caller = try await authenticator.require(request)
            let body = try await request.decodeJSON(CopyWeekRequest.self, context: context)
            return try APIJSON.response(try await weekCopy.copy(caller, body, preview: false))
        }
        api.get("shifts/:id") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await shifts.shift(caller, id: try context.id("id")))
        }
        api.delete("shifts/:id") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            try await shifts.deleteShift(caller, shiftID: id, note: try await optionalNote(request, context))
            return APIJSON.noContent()
        }
        api.patch("shifts/:id") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            let body = try await request.decodeJSON(EditShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.editShift(caller, shiftID: id, body))
        }
        api.post("shifts/:id/edit/preview") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            let body = try await request.decodeJSON(EditShiftRequest.self, context: context)
            return try APIJSON.response(try await marketplace.previewEdit(caller, shiftID: id, body))
        }
        api.post("shifts/:id/assign") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            let body = try await request.decodeJSON(AssignShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.assign(caller, shiftID: id, body))
        }
        api.post("shifts/:id/unassign") { request, context in
            let caller = try await authenticator.require(request)
            let id = try context.id("id")
            let note = try await optionalNote(request, context)
            return try APIJSON.response(try await shifts.unassign(caller, shiftID: id, note: note))
        }
        api.get("shifts/:id/history") { request, context in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await shifts.history(caller, shiftID: try context.id("id")))
        }

        api.get("closed-days") { request, _ in
            try APIJSON.response(try await shifts.closedDays(try await authenticator.require(request)))
        }
        api.get("closed-days/preview") { request, _ in
            let caller = try await authenticator.require(request)
            return try APIJSON.response(try await shifts.closingPreview(caller, date: try QueryParameters(request).requiredDate("date")))
        }
        api.post("closed-days") { request, context in
            let caller = try await authenticator.require(request)
            let body = try await request.decodeJSON(CreateClosedDayRequest.self, context: context)
            return try APIJSON.response(try await shifts.addClosedDay(caller, body), status: .created)
        }
        api.post("closed-days/import") { request, context in
            let caller = try await authenticator.require(request)
            let buffer: ByteBuffer
            do {
                buffer = try await request.body.collect(upTo: context.maxUploadSize)
            } catch {
                throw Problem(.contentTooLarge, code: .bodyTooLarge, text: .init("server.problem.body_too_large.file", ["bytes": String(context.maxUploadSize)]))
            }
            // PostgreSQL text cannot hold NUL (see JSONNULScan); the CSV body is not JSON, so it is checked here.
            guard !buffer.readableBytesView.contains(0) else { throw Problem.invalid("body", "must not contain a NUL character") }
            let text = String(decoding: buffer.readableBytesView, as: UTF8.self)
            return try APIJSON.response(try await shifts.importClosedDays(caller, csv: text), status: .created)
        }
        api.delete("closed-days/:date") { request, context in
            let caller = try await authenticator.require(request)
            try await shifts.removeClosedDay(caller, date: context.parameters.get("date") ?? "")
            return APIJSON.noContent()
        }

        MarketplaceRoutes(marketplace: marketplace, authenticator: authenticator).register(on: api)
    }
}
