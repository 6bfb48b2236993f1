import Foundation
import Hummingbird
import Logging
import ShiftyDomain
import ShiftyFeatures
import ShiftyPostgres
import ShiftyServerCore

/// HTTP endpoints for schedules, fixed shifts, closed days and (through `MarketplaceRoutes`)
/// the marketplace; documented in openapi.yaml.
struct ShiftRoutes {
    let shifts: ShiftService
    let marketplace: MarketplaceService

    init(pool: PostgresPool, logger: Logger, clock: @escaping @Sendable () -> Date) {
        self.shifts = ShiftService(pool: pool, logger: logger, clock: clock)
        self.marketplace = MarketplaceService(pool: pool, logger: logger, clock: clock)
    }

    func register(on api: APIGroups) {
        api.members.get("schedule") { request, context in
            let caller = context.caller
            let query = QueryParameters(request)
            let weeks = try query.int("weeks", in: 1...52) ?? FixedShift.generationWeeks
            let userID = try query.id("userId")
            // Someone else's schedule is a manager's view.
            if let userID, userID != caller.id { _ = try ManagerRequestContext(context: context) }
            return try APIJSON.response(try await shifts.schedule(caller, userID: userID, weeks: weeks))
        }

        api.members.get("team-schedule") { request, context in
            let query = QueryParameters(request)
            let from = try query.requiredDate("from")
            let to = try query.requiredDate("to")
            return try APIJSON.response(try await shifts.teamSchedule(context.caller, from: from, to: to))
        }

        // Since when each week is final: any member, their own workplace's weeks.
        api.members.get("schedule-weeks") { request, context in
            let query = QueryParameters(request)
            let from = try query.requiredDate("from")
            let to = try query.requiredDate("to")
            return try APIJSON.response(try await shifts.scheduleWeeks(context.caller, from: from, to: to))
        }

        // The manager's plan: the published shifts plus hours per person, day and week.
        api.managers.get("plan") { request, context in
            let query = QueryParameters(request)
            let from = try query.requiredDate("from")
            let to = try query.requiredDate("to")
            return try APIJSON.response(try await shifts.plan(context.caller, from: from, to: to))
        }

        // The manager's drafts: changes nobody else sees until they are published (PlanService).
        let planning = shifts.planning
        api.managers.post("plan/changes/preview") { request, context in
            let body = try await request.decodeJSON(PlanChangeRequest.self, context: context)
            return try APIJSON.response(try await planning.previewChange(context.caller, body))
        }
        api.managers.post("plan/changes") { request, context in
            let body = try await request.decodeJSON(PlanChangeRequest.self, context: context)
            return try APIJSON.response(try await planning.change(context.caller, body))
        }
        api.managers.delete("plan/drafts") { request, context in
            let query = QueryParameters(request)
            let from = try query.requiredDate("from")
            let to = try query.requiredDate("to")
            return try APIJSON.response(try await planning.discard(context.caller, from: from, to: to))
        }
        api.managers.post("plan/publish/preview") { request, context in
            let body = try await request.decodeJSON(PublishPlanRequest.self, context: context)
            return try APIJSON.response(try await planning.previewPublication(context.caller, body))
        }
        api.managers.post("plan/publish") { request, context in
            let body = try await request.decodeJSON(PublishPlanRequest.self, context: context)
            return try APIJSON.response(try await planning.publish(context.caller, body))
        }

        api.members.get("fixed-shifts") { request, context in
            let ownerID = try QueryParameters(request).id("userId")
            return try APIJSON.response(try await shifts.fixedShifts(context.caller, ownerID: ownerID))
        }
        api.members.post("fixed-shifts") { request, context in
            let body = try await request.decodeJSON(CreateFixedShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.createFixedShift(context.caller, body), status: .created)
        }
        // What saving would answer, week by week, from the same rule check as the save.
        api.members.post("fixed-shifts/preview") { request, context in
            let body = try await request.decodeJSON(CreateFixedShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.previewFixedShift(context.caller, body))
        }
        api.members.post("fixed-shifts/:id/preview") { request, context in
            let id = try context.id("id")
            let body = try await request.decodeJSON(UpdateFixedShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.previewFixedShiftEdit(context.caller, id: id, body))
        }
        api.members.patch("fixed-shifts/:id") { request, context in
            let id = try context.id("id")
            let body = try await request.decodeJSON(UpdateFixedShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.updateFixedShift(context.caller, id: id, body))
        }
        api.members.delete("fixed-shifts/:id") { _, context in
            try await shifts.endFixedShift(context.caller, id: try context.id("id"))
            return APIJSON.noContent()
        }

        api.managers.post("shifts") { request, context in
            let body = try await request.decodeJSON(CreateShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.createShift(context.caller, body), status: .created)
        }
        // A week's one-off shifts again a week later, each through the rulebook (WeekCopyService).
        let weekCopy = WeekCopyService(shifts: shifts, marketplace: marketplace)
        api.managers.post("shifts/copy-week/preview") { request, context in
            let body = try await request.decodeJSON(CopyWeekRequest.self, context: context)
            return try APIJSON.response(try await weekCopy.copy(context.caller, body, preview: true))
        }
        api.managers.post("shifts/copy-week") { request, context in
            let body = try await request.decodeJSON(CopyWeekRequest.self, context: context)
            return try APIJSON.response(try await weekCopy.copy(context.caller, body, preview: false))
        }
        api.members.get("shifts/:id") { _, context in
            try APIJSON.response(try await shifts.shift(context.caller, id: try context.id("id")))
        }
        // Deleting and unassigning are the marketplace's decisions: a member's attempt is its
        // `not_a_manager` refusal, so these stay with the members.
        api.members.delete("shifts/:id") { request, context in
            let id = try context.id("id")
            try await shifts.deleteShift(context.caller, shiftID: id, note: try await optionalNote(request, context))
            return APIJSON.noContent()
        }
        api.managers.patch("shifts/:id") { request, context in
            let id = try context.id("id")
            let body = try await request.decodeJSON(EditShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.editShift(context.caller, shiftID: id, body))
        }
        api.managers.post("shifts/:id/edit/preview") { request, context in
            let id = try context.id("id")
            let body = try await request.decodeJSON(EditShiftRequest.self, context: context)
            return try APIJSON.response(try await marketplace.previewEdit(context.caller, shiftID: id, body))
        }
        api.managers.post("shifts/:id/assign") { request, context in
            let id = try context.id("id")
            let body = try await request.decodeJSON(AssignShiftRequest.self, context: context)
            return try APIJSON.response(try await shifts.assign(context.caller, shiftID: id, body))
        }
        api.members.post("shifts/:id/unassign") { request, context in
            let id = try context.id("id")
            let note = try await optionalNote(request, context)
            return try APIJSON.response(try await shifts.unassign(context.caller, shiftID: id, note: note))
        }
        api.members.get("shifts/:id/history") { _, context in
            try APIJSON.response(try await shifts.history(context.caller, shiftID: try context.id("id")))
        }

        api.members.get("closed-days") { _, context in
            try APIJSON.response(try await shifts.closedDays(context.caller))
        }
        api.managers.get("closed-days/preview") { request, context in
            try APIJSON.response(try await shifts.closingPreview(context.caller, date: try QueryParameters(request).requiredDate("date")))
        }
        api.managers.post("closed-days") { request, context in
            let body = try await request.decodeJSON(CreateClosedDayRequest.self, context: context)
            return try APIJSON.response(try await shifts.addClosedDay(context.caller, body), status: .created)
        }
        api.managers.post("closed-days/import") { request, context in
            let buffer: ByteBuffer
            do {
                buffer = try await request.body.collect(upTo: context.maxUploadSize)
            } catch {
                throw Problem(.contentTooLarge, code: .bodyTooLarge, text: .init("server.problem.body_too_large.file", ["bytes": String(context.maxUploadSize)]))
            }
            // PostgreSQL text cannot hold NUL (see JSONNULScan); the CSV body is not JSON, so it is checked here.
            guard !buffer.readableBytesView.contains(0) else { throw Problem.invalid("body", ProblemText("server.invalid.nul")) }
            let text = String(decoding: buffer.readableBytesView, as: UTF8.self)
            return try APIJSON.response(try await shifts.importClosedDays(context.caller, csv: text), status: .created)
        }
        api.managers.delete("closed-days/:date") { _, context in
            try await shifts.removeClosedDay(context.caller, date: context.parameters.get("date") ?? "")
            return APIJSON.noContent()
        }

        MarketplaceRoutes(marketplace: marketplace).register(on: api)
    }
}
