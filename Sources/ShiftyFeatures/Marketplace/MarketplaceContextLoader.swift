import Foundation
import ShiftyDomain
import ShiftyPostgres

/// Loads exactly what `Marketplace.apply` needs for one action (see
/// `MarketplaceAction.referencedShiftIDs` and friends), locked for an action.
///
/// A preview loads exactly the same rows, without locks (``MarketplaceLoad``). Receivers'
/// commitments cover the whole week of each incoming shift plus the days the rest and days-in-a-row limits reach (for actions and previews alike).
enum MarketplaceContextLoader {
    static func load(
        _ action: MarketplaceAction, caller: MarketplaceCaller, now: Date, _ load: MarketplaceLoad,
        on connection: PostgresConnection
    ) throws -> (MarketplaceActor, MarketplaceContext) {
        let workplaceID = caller.workplaceID
        let (timeZone, settings, workplacePositions) = try MarketplaceStore.workplaceWithPositions(workplaceID, on: connection)
        let actorID = UserID(rawValue: caller.userID)

        var deal: Deal?
        var shiftIDs = action.referencedShiftIDs
        if let dealID = action.referencedDealID {
            deal = try MarketplaceStore.deal(dealID, workplaceID: workplaceID, load, on: connection)
            shiftIDs += deal?.shiftIDs ?? []
        }
        var shifts = try MarketplaceStore.shifts(Array(Set(shiftIDs)), workplaceID: workplaceID, load, on: connection)

        var requestID = action.referencedRequestID
        if requestID == nil, deal?.kind == .suggestionAccepted { requestID = deal?.requestID }
        switch action {
        case .acceptSuggestion(let id, _), .withdrawSuggestion(let id):
            requestID = requestID ?? shifts.first(where: { $0.id == id })?.requestID
        default:
            break
        }
        var request: ExtraWorkRequest?
        if let requestID {
            request = try MarketplaceStore.request(requestID, workplaceID: workplaceID, load, on: connection)
            switch action {
            case .suggest, .withdrawRequest, .acceptSuggestion:
                let known = Set(shifts.map(\.id))
                shifts += try MarketplaceStore.suggestedShifts(requestID: requestID, workplaceID: workplaceID, load, on: connection)
                    .filter { !known.contains($0.id) }
            default:
                break
            }
        }

        let byID = Dictionary(shifts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let receivers = action.receivers(actor: actorID, shifts: byID, deal: deal)
        var members: Set<UserID> = [actorID]
        members.formUnion(shifts.map(\.owner))
        members.formUnion(deal?.participants ?? [])
        if let request { members.insert(request.requester) }
        members.formUnion(receivers)
        // One round trip: lock the receivers (for an action), read their limits, qualifications and availability, and who is inactive.
        let facts = try MarketplaceStore.lockedMemberFacts(
            receivers: receivers, members: members, workplaceID: workplaceID, lock: load == .forAction, on: connection)
        let inactive = facts.inactive

        var commitments: [UserID: [ShiftInterval]] = [:]
        var memberLimits: [UserID: MemberHourLimits] = [:]
        var qualifications: [UserID: Set<String>] = [:]
        var trackedPositions: Set<String> = []
        var timeOff: [UserID: [TimeOffInterval]] = [:]
        var availability: [UserID: [WeeklyAvailability]] = [:]
        if !receivers.isEmpty {
            var incoming = shifts.map(\.interval)
            if case .createShift(let new, _) = action { incoming.append(new.interval) }
            if case .editShift(let edit, _) = action { incoming.append(edit.interval) }
            memberLimits = facts.hourLimits
            qualifications = facts.qualifications
            trackedPositions = workplacePositions
            // The hour limits look at the whole week and some days either side (rest, days in a
            // row); the other rules only at the shift's own day, so the wider load changes nothing for them.
            let reach = receivers.map { settings.marketplace.hourLimits.overridden(by: memberLimits[$0]).reachInDays }.max() ?? 2
            let windows = incoming.map {
                let week = Marketplace.previewWindow(for: $0, in: timeZone)
                return week.lowerBound.addingTimeInterval(-Double(reach) * 86_400)..<week.upperBound.addingTimeInterval(Double(reach) * 86_400)
            }
            if let lower = windows.map(\.lowerBound).min(), let upper = windows.map(\.upperBound).max() {
                (commitments, timeOff) = try MarketplaceStore.commitmentsAndTimeOff(of: receivers, window: lower..<upper, on: connection)
            }
            availability = facts.availability
        }

        var requestDates: Set<LocalDate> = []
        if case .postRequests = action {
            requestDates = try MarketplaceStore.liveRequestDates(of: actorID, on: connection)
        }

        let actor = MarketplaceActor(
            userID: actorID, role: caller.isManager ? .manager : .employee, isActive: !inactive.contains(actorID))
        let context = MarketplaceContext(
            now: now, timeZone: timeZone,
            settings: settings.marketplace,
            shifts: shifts, deal: deal, request: request, commitments: commitments, inactiveUsers: inactive,
            actorRequestDates: requestDates, trackedPositions: trackedPositions, qualifications: qualifications,
            memberHourLimits: memberLimits, timeOff: timeOff, availability: availability)
        return (actor, context)
    }
}
