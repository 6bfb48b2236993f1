import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyPostgres

/// The actions a shift's preview can show (the `action` query value).
enum PreviewedAction: String, Sendable, CaseIterable {
    case pickUp = "pick-up"
    case swap
    case acceptSuggestion = "accept-suggestion"
    case approve
    case assign
}

extension MarketplaceService {
    /// Previews `action` on shift `shiftID` for the caller: the same loader and `Marketplace.apply`
    /// as the action itself (`MarketplaceExecutor.preview`), nothing written.
    ///
    /// - `swap`: the shift is the one wanted; `offeredShiftId` is the caller's shift.
    /// - `approve`: the deal that currently holds the shift.
    /// - `assign`: `ownerId` is the member who would get it (managers only, like the action).
    func preview(
        _ caller: AuthenticatedUser, shiftID: Int64, action kind: PreviewedAction, offeredShiftID: Int64?, ownerID: Int64?
    ) async throws -> ShiftyAPI.ActionPreview {
        let workplaceID = caller.workplaceID
        let placeholderDeal = DealID(rawValue: 0)
        let shift = ShiftID(rawValue: shiftID)
        if kind == .assign { try caller.requireManager() }
        let (_, preview) = try await executor.preview(MarketplaceCaller(caller)) { connection -> MarketplaceAction in
            switch kind {
            case .pickUp:
                return .pickUp(shift, newDealID: placeholderDeal)
            case .swap:
                guard let offeredShiftID else { throw QueryParameters.invalid("offeredShiftId", "is required for a swap") }
                return .proposeSwap(offered: ShiftID(rawValue: offeredShiftID), wanted: shift, newDealID: placeholderDeal)
            case .acceptSuggestion:
                return .acceptSuggestion(shift, newDealID: placeholderDeal)
            case .approve:
                let dealID = try connection.query(
                    "SELECT deal_id FROM shifts WHERE id = $1 AND workplace_id = $2", [shiftID, workplaceID]
                ).first?.decode("deal_id", as: Int64?.self)
                return .approve(DealID(rawValue: dealID ?? 0), note: nil)
            case .assign:
                guard let ownerID else { throw QueryParameters.invalid("ownerId", "is required to preview an assignment") }
                try ShiftService.requireMember(ownerID, workplaceID: workplaceID, on: connection)
                return .assign(shift, to: UserID(rawValue: ownerID), override: nil)
            }
        }
        return try await view(of: preview, action: kind.rawValue, shiftID: shiftID, caller: caller)
    }

    func view(of preview: ShiftyDomain.ActionPreview, action: String, shiftID: Int64, caller: AuthenticatedUser) async throws -> ShiftyAPI.ActionPreview {
        let workplaceID = caller.workplaceID
        var touched: [ShiftID] = []
        for effect in preview.effects { touched += effect.incoming + effect.outgoing + effect.conflicting }
        for finding in preview.findings { touched += finding.conflictingShiftIDs }
        let shiftIDs: [Int64] = Array(Set(touched.map(\.rawValue))).sorted()
        let memberIDs: [Int64] = preview.effects.map(\.member.rawValue) + preview.findings.map(\.member.rawValue)
        let members: [Int64] = Array(Set(memberIDs)).sorted()
        let (shifts, names) = try await pool.withConnection { connection -> ([Int64: ShiftyAPI.MarketShift], [Int64: String]) in
            let shifts = try connection.query(
                "\(ShiftStore.select) WHERE s.id = ANY($1) AND s.workplace_id = $2", [shiftIDs, workplaceID]
            ).map(ShiftyAPI.MarketShift.init(row:))
            let names = try connection.query(
                "SELECT id, display_name FROM users WHERE id = ANY($1) AND workplace_id = $2", [members, workplaceID]
            ).map { (try $0.decode("id", as: Int64.self), try $0.decode("display_name", as: String.self)) }
            return (Dictionary(shifts.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
                    Dictionary(names, uniquingKeysWith: { first, _ in first }))
        }
        let views: ([ShiftID]) -> [ShiftyAPI.MarketShift] = { $0.compactMap { shifts[$0.rawValue] } }
        let hours: (Int) -> Double = { (Double($0) / 60 * 100).rounded() / 100 }
        return ShiftyAPI.ActionPreview(
            action: action, shiftId: shiftID, allowed: preview.refusal == nil,
            refusal: preview.refusal.map(ShiftyAPI.ActionPreview.Refusal.init),
            overridable: preview.acceptsOverride && preview.refusal != nil && preview.refusalWithOverride == nil,
            rules: preview.findings.map {
                ShiftyAPI.ActionPreview.Rule(
                    code: $0.code.rawValue, severity: $0.severity.rawValue, overridable: $0.isOverridable, detail: $0.detail,
                    userId: $0.member.rawValue, userName: names[$0.member.rawValue] ?? "", shiftId: $0.shiftID.rawValue,
                    conflictingShiftIds: $0.conflictingShiftIDs.map(\.rawValue))
            },
            effects: preview.effects.map {
                ShiftyAPI.ActionPreview.Effect(
                    userId: $0.member.rawValue, userName: names[$0.member.rawValue] ?? "", week: $0.week.description,
                    hoursBefore: hours($0.minutesBefore), hoursAfter: hours($0.minutesAfter),
                    incomingShifts: views($0.incoming), outgoingShifts: views($0.outgoing), conflictingShifts: views($0.conflicting))
            })
    }
}
