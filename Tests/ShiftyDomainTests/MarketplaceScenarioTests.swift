import Foundation
import Testing
@testable import ShiftyDomain

@Suite struct MarketplaceScenarioTests {
    typealias W = MarketplaceWorld
    let alice = MarketplaceActor(userID: W.alice, role: .employee)
    let bob = MarketplaceActor(userID: W.bob, role: .employee)
    let carol = MarketplaceActor(userID: W.carol, role: .manager)
    let dave = MarketplaceActor(userID: W.dave, role: .employee)
    let deal: DealID = W.id(700)

    func worldWithSuppliedShift() -> MarketplaceWorld {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00"))
        world.perform(.supply(W.id(1)), by: alice)
        return world
    }

    @Test func pickUpWaitsForApprovalThenMovesOwner() throws {
        var world = worldWithSuppliedShift()
        #expect(world.shifts[W.id(1)]?.status == .supplied)
        let pickUp = try world.perform(.pickUp(W.id(1), newDealID: deal), by: bob).get()
        #expect(pickUp.deal?.state == .pendingApproval)
        #expect(pickUp.events.contains { $0.kind == .dealAwaitingApproval && $0.audience == .managers })
        // The giver hears at once, not only when a manager decides.
        #expect(pickUp.events.contains { $0.kind == .shiftPickedUp && $0.audience == .users([W.alice]) && $0.dealID == deal })
        #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.alice, status: .inDeal, dealID: deal))
        let approval = try world.perform(.approve(deal, note: "fine"), by: carol).get()
        #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.bob, status: .scheduled))
        #expect(approval.deal?.decidedBy == W.carol)
        #expect(approval.deal?.decisionNote == "fine")
        #expect(approval.history.contains { $0.subject == .shift(W.id(1)) && $0.note?.contains("owner") == true })
        // Decided deals never revert.
        #expect(world.perform(.reject(deal, note: nil), by: carol).outcome == "deal_not_pending")
        #expect(world.perform(.cancel(deal, note: nil), by: bob).outcome == "deal_not_pending")
    }

    @Test func autoApprovalMovesOwnerImmediately() throws {
        var world = worldWithSuppliedShift()
        world.settings.autoApprove = true
        let pickUp = try world.perform(.pickUp(W.id(1), newDealID: deal), by: bob).get()
        #expect(pickUp.deal?.state == .approved)
        #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.bob, status: .scheduled))
    }

    @Test func onlyOnePersonCanWinAPickUp() throws {
        var world = worldWithSuppliedShift()
        // Both read the same snapshot; the first transition is persisted first.
        let snapshot = world.context()
        let first = Marketplace.apply(.pickUp(W.id(1), newDealID: deal), actor: bob, context: snapshot)
        let second = Marketplace.apply(.pickUp(W.id(1), newDealID: W.id(701)), actor: dave, context: snapshot)
        world.persist(try first.get())
        // The second would be a conditional update expecting `supplied`: it no longer matches.
        let secondChange = try #require(try second.get().shiftChanges.first)
        #expect(world.shifts[W.id(1)]?.state != secondChange.from)
        // Re-evaluated against fresh rows, the second is refused.
        #expect(world.perform(.pickUp(W.id(1), newDealID: W.id(701)), by: dave).outcome == "shift_no_longer_available")
    }

    @Test func rejectionRestoresPreviousOwnerAndState() throws {
        var world = worldWithSuppliedShift()
        world.perform(.pickUp(W.id(1), newDealID: deal), by: bob)
        let rejection = try world.perform(.reject(deal, note: "no"), by: carol).get()
        #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.alice, status: .supplied))
        #expect(world.deals[deal]?.state == .rejected)
        #expect(rejection.history.contains { $0.subject == .deal(deal) && $0.from == "pending_approval" && $0.to == "rejected" && $0.note == "no" })
        // Back on the marketplace: someone else may take it now.
        #expect(world.perform(.pickUp(W.id(1), newDealID: W.id(701)), by: dave).outcome == "ok")
    }

    @Test func unwindingRequiresEveryShiftOfTheDeal() throws {
        var world = worldWithSuppliedShift()
        world.perform(.pickUp(W.id(1), newDealID: deal), by: bob)
        var context = world.context(deal: deal)
        context.shifts = [:]
        let result = Marketplace.apply(.reject(deal, note: nil), actor: carol, context: context)
        #expect(result.outcome == "shift_not_found")
    }

    @Test func cancelByEitherParticipantRestores() throws {
        for canceller in [alice, bob] {
            var world = worldWithSuppliedShift()
            world.perform(.pickUp(W.id(1), newDealID: deal), by: bob)
            #expect(world.perform(.cancel(deal, note: nil), by: canceller).outcome == "ok")
            #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.alice, status: .supplied))
            #expect(world.deals[deal]?.state == .cancelled)
        }
    }

    @Test func swapMovesBothShiftsTogether() throws {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00"))
        world.add(W.shift(2, owner: W.dave, "2026-06-02", "12:00", "20:00"))
        // Same day and overlapping, but each gives theirs away: legal.
        let proposal = try world.perform(.proposeSwap(offered: W.id(1), wanted: W.id(2), newDealID: deal), by: alice).get()
        #expect(proposal.deal?.state == .proposed)
        #expect(proposal.deal?.expiresAt == W.at("2026-06-02", "09:00"))
        #expect(world.perform(.approve(deal, note: nil), by: carol).outcome == "deal_not_pending")
        #expect(world.perform(.acceptSwap(deal), by: dave).outcome == "ok")
        #expect(world.deals[deal]?.state == .pendingApproval)
        #expect(world.perform(.approve(deal, note: nil), by: carol).outcome == "ok")
        #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.dave, status: .scheduled))
        #expect(world.shifts[W.id(2)]?.state == ShiftState(owner: W.alice, status: .scheduled))
    }

    @Test func swapRejectedOrBrokenMovesNothing() throws {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00"))
        world.add(W.shift(2, owner: W.dave, "2026-06-03", "09:00", "17:00", status: .supplied))
        world.perform(.proposeSwap(offered: W.id(1), wanted: W.id(2), newDealID: deal), by: alice)
        world.perform(.acceptSwap(deal), by: dave)
        // Meanwhile Alice received a shift overlapping Dave's: approval re-checks and refuses atomically.
        world.add(W.shift(3, owner: W.alice, "2026-06-03", "16:00", "22:00"))
        let before = world.shifts
        #expect(world.perform(.approve(deal, note: nil), by: carol).outcome == "overlapping_shift")
        #expect(world.shifts == before)
        world.perform(.reject(deal, note: nil), by: carol)
        #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.alice, status: .scheduled))
        #expect(world.shifts[W.id(2)]?.state == ShiftState(owner: W.dave, status: .supplied))
    }

    @Test func declinedSwapRestoresBoth() throws {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00", status: .supplied))
        world.add(W.shift(2, owner: W.dave, "2026-06-03", "09:00", "17:00"))
        world.perform(.proposeSwap(offered: W.id(1), wanted: W.id(2), newDealID: deal), by: alice)
        #expect(world.perform(.declineSwap(deal), by: dave).outcome == "ok")
        #expect(world.deals[deal]?.state == .declined)
        #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.alice, status: .supplied))
        #expect(world.shifts[W.id(2)]?.state == ShiftState(owner: W.dave, status: .scheduled))
    }

    @Test func swapWithOwnShiftIsRefused() {
        var world = MarketplaceWorld()
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00"))
        world.add(W.shift(2, owner: W.alice, "2026-06-03", "09:00", "17:00"))
        let result = world.perform(.proposeSwap(offered: W.id(1), wanted: W.id(2), newDealID: deal), by: alice)
        #expect(result.outcome == "swap_with_own_shift")
        #expect((try? result.get()) == nil)
    }

    @Test func overlapIsRefusedButBackToBackIsFine() {
        var world = worldWithSuppliedShift() // 09:00–17:00 on 2026-06-02
        world.settings.onePerDay = false
        world.add(W.shift(5, owner: W.bob, "2026-06-02", "16:59", "22:00"))
        #expect(world.perform(.pickUp(W.id(1), newDealID: deal), by: bob).outcome == "overlapping_shift")
        world.shifts[W.id(5)] = W.shift(5, owner: W.bob, "2026-06-02", "17:00", "22:00")
        #expect(world.perform(.pickUp(W.id(1), newDealID: deal), by: bob).outcome == "ok")
    }

    @Test func onePerDayUsesTheWorkplaceLocalDate() {
        var world = worldWithSuppliedShift() // 09:00–17:00 on 2026-06-02 (Amsterdam)
        // 2026-06-01 23:00 Amsterdam is 21:00 UTC on 06-01; 00:30 on 06-03 is 22:30 UTC on 06-02.
        world.add(W.shift(5, owner: W.bob, "2026-06-03", "00:30", "04:00"))
        world.add(W.shift(6, owner: W.bob, "2026-06-01", "22:00", "23:30"))
        #expect(world.perform(.pickUp(W.id(1), newDealID: deal), by: bob).outcome == "ok")

        var sameDay = worldWithSuppliedShift()
        sameDay.add(W.shift(5, owner: W.bob, "2026-06-02", "19:00", "23:00"))
        #expect(sameDay.perform(.pickUp(W.id(1), newDealID: deal), by: bob).outcome == "one_shift_per_day")
        sameDay.settings.onePerDay = false
        #expect(sameDay.perform(.pickUp(W.id(1), newDealID: deal), by: bob).outcome == "ok")
    }

    @Test func pendingIncomingShiftsCountForTheReceiver() {
        var world = MarketplaceWorld()
        world.settings.onePerDay = false
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00", status: .supplied))
        world.add(W.shift(2, owner: W.dave, "2026-06-02", "12:00", "20:00", status: .supplied))
        #expect(world.perform(.pickUp(W.id(1), newDealID: deal), by: bob).outcome == "ok")
        #expect(world.perform(.pickUp(W.id(2), newDealID: W.id(701)), by: bob).outcome == "overlapping_shift")
    }

    @Test func deactivatedUsersCannotTrade() {
        var world = worldWithSuppliedShift()
        let inactiveBob = MarketplaceActor(userID: W.bob, role: .employee, isActive: false)
        #expect(world.perform(.pickUp(W.id(1), newDealID: deal), by: inactiveBob).outcome == "user_inactive")
        world.inactive = [W.alice]
        #expect(world.perform(.pickUp(W.id(1), newDealID: deal), by: bob).outcome == "counterparty_inactive")
        world.inactive = []
        world.perform(.pickUp(W.id(1), newDealID: deal), by: bob)
        world.inactive = [W.bob]
        // Approval re-checks the members too.
        #expect(world.perform(.approve(deal, note: nil), by: carol).outcome == "counterparty_inactive")
    }

    @Test func requestSuggestAcceptReleasesTheOthers() throws {
        var world = MarketplaceWorld()
        let request: RequestID = W.id(900)
        #expect(world.perform(.postRequests([NewRequest(id: request, date: LocalDate("2026-06-02")!)]), by: bob).outcome == "ok")
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00"))
        world.add(W.shift(2, owner: W.dave, "2026-06-02", "12:00", "20:00"))
        world.add(W.shift(3, owner: W.dave, "2026-06-03", "12:00", "20:00"))
        #expect(world.perform(.suggest(W.id(1), to: request), by: alice).outcome == "ok")
        #expect(world.perform(.suggest(W.id(2), to: request), by: dave).outcome == "ok")
        #expect(world.perform(.suggest(W.id(3), to: request), by: dave).outcome == "wrong_date_for_request")
        #expect(world.perform(.suggest(W.id(1), to: request), by: bob).outcome == "not_shift_owner")
        // Only the requester accepts.
        #expect(world.perform(.acceptSuggestion(W.id(1), newDealID: deal), by: dave).outcome == "not_request_owner")
        let accepted = try world.perform(.acceptSuggestion(W.id(1), newDealID: deal), by: bob).get()
        #expect(accepted.deal?.kind == .suggestionAccepted)
        #expect(world.shifts[W.id(2)]?.state == ShiftState(owner: W.dave, status: .scheduled))
        #expect(accepted.events.contains { $0.kind == .suggestionReleased && $0.audience == .users([W.dave]) })
        #expect(world.requests[request]?.status == .pendingDeal)
        // Rejection: the accepted shift goes back to being suggested, the request reopens.
        world.perform(.reject(deal, note: nil), by: carol)
        #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.alice, status: .suggested, requestID: request))
        #expect(world.requests[request]?.status == .open)
        // Accept again and approve: Bob owns it and the request is fulfilled.
        world.perform(.acceptSuggestion(W.id(1), newDealID: W.id(701)), by: bob)
        #expect(world.perform(.approve(W.id(701), note: nil), by: carol).outcome == "ok")
        #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.bob, status: .scheduled))
        #expect(world.requests[request]?.status == .fulfilled)
        #expect(world.perform(.withdrawRequest(request), by: bob).outcome == "request_not_open")
    }

    @Test func requestRules() throws {
        var world = MarketplaceWorld()
        let request: RequestID = W.id(900)
        let yesterday = NewRequest(id: request, date: LocalDate("2026-05-31")!)
        let today = NewRequest(id: request, date: LocalDate("2026-06-01")!)
        let tomorrow = NewRequest(id: W.id(901), date: LocalDate("2026-06-02")!)
        #expect(world.perform(.postRequests([yesterday]), by: bob).outcome == "request_date_in_past")
        #expect(world.perform(.postRequests([]), by: bob).outcome == "no_request_dates")
        #expect(world.perform(.postRequests([today, today]), by: bob).outcome == "duplicate_request_date")
        let tooMany = (0...Marketplace.maximumRequestDates).map { NewRequest(id: W.id(2000 + $0), date: LocalDate("2026-06-01")!.adding(days: $0)) }
        #expect(world.perform(.postRequests(tooMany), by: bob).outcome == "too_many_request_dates")
        var busy = world.context()
        busy.actorRequestDates = [LocalDate("2026-06-02")!]
        #expect(Marketplace.apply(.postRequests([today, tomorrow]), actor: bob, context: busy).outcome == "request_already_open")
        let posted = try world.perform(.postRequests([tomorrow, today]), by: bob).get()
        #expect(posted.requestChanges.map(\.to.date.description) == ["2026-06-01", "2026-06-02"])
        #expect(posted.requestChanges.allSatisfy { $0.from == nil && $0.to.status == .open && $0.to.requester == W.bob })
        #expect(posted.history.count == 2)
        world.add(W.shift(1, owner: W.bob, "2026-06-01", "19:00", "23:00"))
        #expect(world.perform(.suggest(W.id(1), to: request), by: bob).outcome == "own_request")
        world.add(W.shift(2, owner: W.alice, "2026-06-01", "19:00", "23:00"))
        world.perform(.suggest(W.id(2), to: request), by: alice)
        #expect(world.perform(.withdrawRequest(request), by: alice).outcome == "not_request_owner")
        #expect(world.perform(.withdrawRequest(request), by: bob).outcome == "ok")
        #expect(world.shifts[W.id(2)]?.status == .scheduled)
        #expect(world.requests[request]?.status == .withdrawn)
    }

    @Test func overlongNotesAreRefused() {
        var world = worldWithSuppliedShift()
        world.perform(.pickUp(W.id(1), newDealID: deal), by: bob)
        let note = String(repeating: "x", count: Marketplace.maximumNoteLength + 1)
        #expect(world.perform(.approve(deal, note: note), by: carol).outcome == "note_too_long")
    }

    @Test func refusalCodesAreStableAndMapped() {
        #expect(MarketplaceRefusal.Code.allCases.count == Set(MarketplaceRefusal.Code.allCases.map(\.rawValue)).count)
        for code in MarketplaceRefusal.Code.allCases {
            #expect(code.rawValue == code.rawValue.lowercased() && !code.rawValue.contains(" "))
        }
        #expect(MarketplaceRefusal.Code.notShiftOwner.kind == .notAllowed)
        #expect(MarketplaceRefusal.Code.shiftNoLongerAvailable.kind == .conflict)
        #expect(MarketplaceRefusal.Code.ownShift.kind == .invalid)
        #expect(MarketplaceRefusal.Code.dealNotFound.kind == .notFound)
    }

    @Test func transitionsEncodeAsJSON() throws {
        var world = worldWithSuppliedShift()
        let transition = try world.perform(.pickUp(W.id(1), newDealID: deal), by: bob).get()
        let data = try JSONEncoder().encode(transition.deal)
        let decoded = try JSONDecoder().decode(Deal.self, from: data)
        #expect(decoded == transition.deal)
        #expect(String(decoding: data, as: UTF8.self).contains("\"pending_approval\""))
    }
}

@Suite struct MarketplaceReferenceTests {
    typealias W = MarketplaceWorld

    @Test func actionsNameWhatMustBeLoaded() {
        let deal: DealID = W.id(700)
        let request: RequestID = W.id(900)
        #expect(MarketplaceAction.proposeSwap(offered: W.id(1), wanted: W.id(2), newDealID: deal).referencedShiftIDs == [W.id(1), W.id(2)])
        #expect(MarketplaceAction.approve(deal, note: nil).referencedDealID == deal)
        #expect(MarketplaceAction.approve(deal, note: nil).referencedShiftIDs.isEmpty)
        #expect(MarketplaceAction.suggest(W.id(1), to: request).referencedRequestID == request)
        #expect(MarketplaceAction.supply(W.id(1)).referencedDealID == nil)
        let shifts: [ShiftID: OwnedShift] = [W.id(2): W.shift(2, owner: W.dave, "2026-06-02", "09:00", "17:00")]
        #expect(MarketplaceAction.proposeSwap(offered: W.id(1), wanted: W.id(2), newDealID: deal)
            .receivers(actor: W.alice, shifts: shifts, deal: nil) == [W.alice, W.dave])
        #expect(MarketplaceAction.pickUp(W.id(1), newDealID: deal).receivers(actor: W.bob, shifts: [:], deal: nil) == [W.bob])
        #expect(MarketplaceAction.revoke(W.id(1)).receivers(actor: W.bob, shifts: [:], deal: nil).isEmpty)
    }

    @Test func commitmentWindowCoversTheLocalDayAndTheShift() {
        let night = W.shift(1, owner: W.alice, "2026-06-02", "22:00", "06:00")
        let window = Marketplace.commitmentWindow(for: night, in: W.amsterdam)
        #expect(window.lowerBound == W.at("2026-06-02", "00:00"))
        #expect(window.upperBound == W.at("2026-06-03", "06:00"))
    }
}
