import Foundation
import ShiftyDomain
import ShiftyPostgres

/// Loads and locks exactly what `Marketplace.apply` needs for one action (see
/// `MarketplaceAction.referencedShiftIDs` and friends).
///
/// A preview loads exactly the same rows, with the receivers' commitments widened to the whole
/// week of each incoming shift (for the hours before and after; the rules give the same answer).
enum MarketplaceContextLoader {
    static func load(
        _ action: MarketplaceAction, caller: MarketplaceCaller, now: Date, forPreview: Bool = false,
        on connection: PostgresConnection
    ) throws -> (MarketplaceActor, MarketplaceContext) {
        let workplaceID = caller.workplaceID
        let (timeZone, settings) = try MarketplaceStore.workplace(workplaceID, on: connection)
        let actorID = UserID(rawValue: caller.userID)

        var deal: Deal?
        var shiftIDs = action.referencedShiftIDs
        if let dealID = action.referencedDealID {
            deal = try MarketplaceStore.lockDeal(dealID, workplaceID: workplaceID, on: connection)
            shiftIDs += deal?.shiftIDs ?? []
        }
        var shifts = try MarketplaceStore.lockShifts(Array(Set(shiftIDs)), workplaceID: workplaceID, on: connection)

        var requestID = action.referencedRequestID
        if requestID == nil, deal?.kind == .suggestionAccepted { requestID = deal?.requestID }
        switch action {
        case .acceptSuggestion(let id, _), .withdrawSuggestion(let id):
            requestID = requestID ?? shifts.first(where: { $0.id == id })?.requestID
        default:
            break
        }
        var request: ShiftRequest?
        if let requestID {
            request = try MarketplaceStore.lockRequest(requestID, workplaceID: workplaceID, on: connection)
            switch action {
            case .suggest, .withdrawRequest, .acceptSuggestion:
                let known = Set(shifts.map(\.id))
                shifts += try MarketplaceStore.lockSuggestedShifts(requestID: requestID, workplaceID: workplaceID, on: connection)
                    .filter { !known.contains($0.id) }
            default:
                break
            }
        }

        let byID = Dictionary(shifts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let receivers = action.receivers(actor: actorID, shifts: byID, deal: deal)
        var commitments: [UserID: [ShiftInterval]] = [:]
        if !receivers.isEmpty {
            try MarketplaceStore.lockMembers(receivers, workplaceID: workplaceID, on: connection)
            var incoming = shifts.map(\.interval)
            if case .createShift(let new, _) = action { incoming.append(new.interval) }
            let windows = incoming.map {
                forPreview
                    ? Marketplace.previewWindow(for: $0, in: timeZone)
                    : Marketplace.commitmentWindow(for: MarketShift(id: $0.shiftID, owner: actorID, start: $0.start, end: $0.end), in: timeZone)
            }
            if let lower = windows.map(\.lowerBound).min(), let upper = windows.map(\.upperBound).max() {
                commitments = try MarketplaceStore.commitments(of: receivers, window: lower..<upper, on: connection)
            }
        }

        var members: Set<UserID> = [actorID]
        members.formUnion(shifts.map(\.owner))
        members.formUnion(deal?.participants ?? [])
        if let request { members.insert(request.requester) }
        members.formUnion(receivers)
        let inactive = try MarketplaceStore.inactiveMembers(among: members, on: connection)

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
            actorRequestDates: requestDates)
        return (actor, context)
    }
}
