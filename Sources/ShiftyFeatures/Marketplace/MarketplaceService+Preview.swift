import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyLocalization
import ShiftyPostgres
import ShiftyServerCore

/// The actions a shift's preview can show (the `action` query value).
package enum PreviewedAction: String, Sendable, CaseIterable {
    case pickUp = "pick-up"
    case swap
    case acceptSuggestion = "accept-suggestion"
    case approve
    case assign
}

/// The actions a list of shifts can be previewed for at once (`GET /marketplace/previews`): the
/// ones that need nothing but the shift, which the page asks about for every shift it lists.
package enum BatchPreviewedAction: String, Sendable, CaseIterable {
    case pickUp = "pick-up"
    case acceptSuggestion = "accept-suggestion"
    case approve
}

extension MarketplaceService {
    /// Most shifts one batch previews; the page asks in pages of this size.
    package static let maximumBatchPreviews = 100

    /// Previews `action` on each of `shiftIDs` for the caller, in the order given: one connection,
    /// no locks, the same decisions ``preview(_:shiftID:action:offeredShiftID:ownerID:)`` makes one
    /// by one. A shift that is gone answers its own refusal (`not_found`), like the single preview.
    package func previews(_ caller: AuthenticatedUser, shiftIDs: [Int64], action kind: BatchPreviewedAction) async throws -> [ShiftyAPI.ActionPreview] {
        let marketplaceCaller = MarketplaceCaller(caller)
        let workplaceID = caller.workplaceID
        let language = RequestLanguage.resolved
        return try await executor.previewing { connection, now in
            var dealsByShift: [Int64: Int64] = [:]
            if kind == .approve {
                for row in try connection.query(
                    "SELECT id, deal_id FROM shifts WHERE id = ANY(\(shiftIDs)) AND workplace_id = \(workplaceID) AND deal_id IS NOT NULL") {
                    dealsByShift[try row.decode("id")] = try row.decode("deal_id", as: Int64.self)
                }
            }
            return try shiftIDs.map { shiftID in
                let shift = ShiftID(rawValue: shiftID)
                let action: MarketplaceAction = switch kind {
                case .pickUp: .pickUp(shift, newDealID: DealID(rawValue: 0))
                case .acceptSuggestion: .acceptSuggestion(shift, newDealID: DealID(rawValue: 0))
                case .approve: .approve(DealID(rawValue: dealsByShift[shiftID] ?? 0), note: nil)
                }
                let (_, preview) = try MarketplaceExecutor.preview(action, caller: marketplaceCaller, now: now, on: connection)
                return try Self.view(
                    of: preview, action: .init(kind), shiftID: shiftID, workplaceID: workplaceID, language: language, on: connection)
            }
        }
    }

    /// Previews `action` on shift `shiftID` for the caller: the same loader and `Marketplace.apply`
    /// as the action itself (`MarketplaceExecutor.preview`), nothing written.
    ///
    /// - `swap`: the shift is the one wanted; `offeredShiftId` is the caller's shift.
    /// - `approve`: the deal that currently holds the shift.
    /// - `assign`: `ownerId` is the member who would get it (managers only, like the action).
    package func preview(
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
                guard let offeredShiftID else { throw MarketplaceQueryRefusal.swapPreviewWithoutOfferedShift }
                return .proposeSwap(offered: ShiftID(rawValue: offeredShiftID), wanted: shift, newDealID: placeholderDeal)
            case .acceptSuggestion:
                return .acceptSuggestion(shift, newDealID: placeholderDeal)
            case .approve:
                let dealID = try connection.query(
                    "SELECT deal_id FROM shifts WHERE id = \(shiftID) AND workplace_id = \(workplaceID)").first?.decode("deal_id", as: Int64?.self)
                return .approve(DealID(rawValue: dealID ?? 0), note: nil)
            case .assign:
                guard let ownerID else { throw MarketplaceQueryRefusal.assignPreviewWithoutOwner }
                try ShiftService.requireMember(ownerID, workplaceID: workplaceID, on: connection)
                return .assign(shift, to: UserID(rawValue: ownerID), override: nil)
            }
        }
        return try await view(of: preview, action: .init(kind), shiftID: shiftID, caller: caller)
    }

    package func view(of preview: ShiftyDomain.ActionVerdict, action: ShiftyAPI.ActionPreview.Action, shiftID: Int64, caller: AuthenticatedUser) async throws -> ShiftyAPI.ActionPreview {
        let workplaceID = caller.workplaceID
        let language = RequestLanguage.resolved
        // Cost for managers only (their wages and budget); an employee's preview has none.
        let zone = caller.isManager ? try caller.workplaceTimeZone() : nil
        return try await pool.withConnection { connection in
            let view = try Self.view(of: preview, action: action, shiftID: shiftID, workplaceID: workplaceID, language: language, on: connection)
            guard let zone else { return view }
            let costed = try PreviewCost.adding(to: view, verdict: preview, workplaceID: workplaceID, zone: zone, on: connection)
            return try PreviewPremiums.adding(to: costed, verdict: preview, workplaceID: workplaceID, on: connection)
        }
    }

    /// The preview as the API shows it: the shifts it touches and the members it names, read on
    /// `connection` (the batch reads them in the same transaction as its decisions), its refusal's
    /// and findings' sentences in `language`, naming members by their display names.
    package static func view(
        of preview: ShiftyDomain.ActionVerdict, action: ShiftyAPI.ActionPreview.Action, shiftID: Int64, workplaceID: Int64,
        language: LanguageCode, on connection: PostgresConnection
    ) throws -> ShiftyAPI.ActionPreview {
        var touched: [ShiftID] = []
        for effect in preview.effects { touched += effect.incoming + effect.outgoing + effect.conflicting }
        for finding in preview.findings { touched += finding.conflictingShiftIDs }
        let shiftIDs: [Int64] = Array(Set(touched.map(\.rawValue))).sorted()
        var members = Set(preview.effects.map(\.member.rawValue) + preview.findings.map(\.member.rawValue))
        if let refusal = preview.refusal { members.formUnion(refusal.memberIDs) }
        let shifts = try ShiftStore.shifts(ids: shiftIDs, workplaceID: workplaceID, on: connection)
        let names = try MemberNames.lookUp(members, workplaceID: workplaceID, on: connection)
        let views: ([ShiftID]) -> [ShiftyAPI.MarketShift] = { $0.compactMap { shifts[$0.rawValue] } }
        let hours: (Int) -> Double = { (Double($0) / 60 * 100).rounded() / 100 }
        return ShiftyAPI.ActionPreview(
            action: action, shiftId: shiftID, allowed: preview.refusal == nil,
            refusal: preview.refusal.map { ShiftyAPI.ActionPreview.Refusal($0, naming: names, in: language) },
            overridable: preview.acceptsOverride && preview.refusal != nil && preview.refusalWithOverride == nil,
            rules: preview.findings.map {
                ShiftyAPI.ActionPreview.Rule(
                    code: ProblemCode($0.code).rawValue, severity: .init($0.severity), overridable: $0.isOverridable,
                    detail: $0.text(naming: names).written(in: language),
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
