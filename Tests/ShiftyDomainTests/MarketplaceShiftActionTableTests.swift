import Foundation
import Testing
@testable import ShiftyDomain

/// Every (shift status × shift action × actor) combination and its outcome.
@Suite struct MarketplaceShiftActionTableTests {
    typealias W = MarketplaceWorld

    enum Who: String, CaseIterable { case owner, other, manager, inactiveOwner }
    enum Act: String, CaseIterable { case supply, revoke, pickUp, suggest, withdrawSuggestion, proposeSwap, cancelShift, unassign }

    /// Expected outcome per action, per status, listed for [owner, other, manager, inactiveOwner].
    static let expected: [Act: [ShiftStatus: [String]]] = [
        .supply: [
            .scheduled: ["ok", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .supplied: ["shift_not_scheduled", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .suggested: ["shift_not_scheduled", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .inDeal: ["shift_in_pending_deal", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .cancelled: ["shift_cancelled", "shift_cancelled", "shift_cancelled", "user_inactive"],
        ],
        .revoke: [
            .scheduled: ["shift_not_supplied", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .supplied: ["ok", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .suggested: ["shift_not_supplied", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .inDeal: ["shift_no_longer_available", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .cancelled: ["shift_cancelled", "shift_cancelled", "shift_cancelled", "user_inactive"],
        ],
        .pickUp: [
            .scheduled: ["own_shift", "shift_not_supplied", "shift_not_supplied", "user_inactive"],
            .supplied: ["own_shift", "ok", "ok", "user_inactive"],
            .suggested: ["own_shift", "shift_not_supplied", "shift_not_supplied", "user_inactive"],
            .inDeal: ["own_shift", "shift_no_longer_available", "shift_no_longer_available", "user_inactive"],
            .cancelled: ["shift_cancelled", "shift_cancelled", "shift_cancelled", "user_inactive"],
        ],
        .suggest: [
            .scheduled: ["ok", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .supplied: ["shift_not_scheduled", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .suggested: ["shift_not_scheduled", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .inDeal: ["shift_in_pending_deal", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .cancelled: ["shift_cancelled", "shift_cancelled", "shift_cancelled", "user_inactive"],
        ],
        .withdrawSuggestion: [
            .scheduled: ["shift_not_suggested", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .supplied: ["shift_not_suggested", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .suggested: ["ok", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .inDeal: ["shift_in_pending_deal", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .cancelled: ["shift_cancelled", "shift_cancelled", "shift_cancelled", "user_inactive"],
        ],
        .proposeSwap: [
            .scheduled: ["ok", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .supplied: ["ok", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .suggested: ["ok", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .inDeal: ["shift_in_pending_deal", "not_shift_owner", "not_shift_owner", "user_inactive"],
            .cancelled: ["shift_cancelled", "shift_cancelled", "shift_cancelled", "user_inactive"],
        ],
        .cancelShift: [
            .scheduled: ["not_a_manager", "not_a_manager", "ok", "user_inactive"],
            .supplied: ["not_a_manager", "not_a_manager", "ok", "user_inactive"],
            .suggested: ["not_a_manager", "not_a_manager", "ok", "user_inactive"],
            .inDeal: ["not_a_manager", "not_a_manager", "shift_in_pending_deal", "user_inactive"],
            .cancelled: ["shift_cancelled", "shift_cancelled", "shift_cancelled", "user_inactive"],
        ],
        .unassign: [
            .scheduled: ["not_a_manager", "not_a_manager", "ok", "user_inactive"],
            .supplied: ["not_a_manager", "not_a_manager", "ok", "user_inactive"],
            .suggested: ["not_a_manager", "not_a_manager", "shift_not_scheduled", "user_inactive"],
            .inDeal: ["not_a_manager", "not_a_manager", "shift_in_pending_deal", "user_inactive"],
            .cancelled: ["shift_cancelled", "shift_cancelled", "shift_cancelled", "user_inactive"],
        ],
    ]

    static let combinations: [(Act, ShiftStatus, Who)] = Act.allCases.flatMap { act in
        ShiftStatus.allCases.flatMap { status in Who.allCases.map { (act, status, $0) } }
    }

    @Test(arguments: combinations)
    func outcome(act: Act, status: ShiftStatus, who: Who) throws {
        let request: RequestID = W.id(900)
        let otherRequest: RequestID = W.id(901)
        var world = MarketplaceWorld()
        // Alice's shift under test, tomorrow 09:00–17:00, in the status under test.
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00", status: status,
                          dealID: status == .inDeal ? W.id(800) : nil,
                          requestID: status == .suggested ? otherRequest : nil))
        // Dave's shift (swap target) on another day, and Dave's open request for tomorrow.
        world.add(W.shift(2, owner: W.dave, "2026-06-03", "09:00", "17:00"))
        world.requests[request] = ExtraWorkRequest(id: request, requester: W.dave, date: LocalDate("2026-06-02")!)
        world.requests[otherRequest] = ExtraWorkRequest(id: otherRequest, requester: W.dave, date: LocalDate("2026-06-02")!)

        let actor: MarketplaceActor = switch who {
        case .owner: MarketplaceActor(userID: W.alice, role: .employee)
        case .other: MarketplaceActor(userID: W.bob, role: .employee)
        case .manager: MarketplaceActor(userID: W.carol, role: .manager)
        case .inactiveOwner: MarketplaceActor(userID: W.alice, role: .employee, isActive: false)
        }
        let action: MarketplaceAction = switch act {
        case .supply: .supply(W.id(1))
        case .revoke: .revoke(W.id(1))
        case .pickUp: .pickUp(W.id(1), newDealID: W.id(700))
        case .suggest: .suggest(W.id(1), to: request)
        case .withdrawSuggestion: .withdrawSuggestion(W.id(1))
        case .proposeSwap: .proposeSwap(offered: W.id(1), wanted: W.id(2), newDealID: W.id(700))
        case .cancelShift: .cancelShift(W.id(1), note: "closed for renovation")
        case .unassign: .unassign(W.id(1), note: "on leave")
        }
        let before = world
        let result = world.perform(action, by: actor)
        let whoIndex = try #require(Who.allCases.firstIndex(of: who))
        let want = try #require(Self.expected[act]?[status]?[whoIndex])
        #expect(result.outcome == want, "\(act) on \(status) by \(who)")
        if case .failure(let refusal) = result {
            #expect(world.shifts == before.shifts, "a refusal changes nothing")
        } else {
            let transition = try result.get()
            #expect(!transition.shiftChanges.isEmpty)
            #expect(transition.history.count >= transition.shiftChanges.count, "every change is recorded")
        }
    }

    @Test(arguments: Act.allCases)
    func pastShiftsCannotBeTraded(act: Act) {
        var world = MarketplaceWorld()
        let request: RequestID = W.id(900)
        let status: ShiftStatus = switch act {
        case .revoke, .pickUp: .supplied
        case .withdrawSuggestion: .suggested
        default: .scheduled
        }
        // Started an hour ago.
        world.add(W.shift(1, owner: W.alice, "2026-06-01", "09:00", "17:00", status: status,
                          requestID: status == .suggested ? request : nil))
        world.add(W.shift(2, owner: W.dave, "2026-06-03", "09:00", "17:00"))
        world.requests[request] = ExtraWorkRequest(id: request, requester: W.dave, date: LocalDate("2026-06-01")!)
        let (action, actor): (MarketplaceAction, UserID) = switch act {
        case .supply: (.supply(W.id(1)), W.alice)
        case .revoke: (.revoke(W.id(1)), W.alice)
        case .pickUp: (.pickUp(W.id(1), newDealID: W.id(700)), W.bob)
        case .suggest: (.suggest(W.id(1), to: request), W.alice)
        case .withdrawSuggestion: (.withdrawSuggestion(W.id(1)), W.alice)
        case .proposeSwap: (.proposeSwap(offered: W.id(1), wanted: W.id(2), newDealID: W.id(700)), W.alice)
        case .cancelShift: (.cancelShift(W.id(1), note: nil), W.carol)
        case .unassign: (.unassign(W.id(1), note: nil), W.carol)
        }
        let managerOnly = act == .cancelShift || act == .unassign
        let result = world.perform(action, by: MarketplaceActor(userID: actor, role: managerOnly ? .manager : .employee))
        // Withdrawing a suggestion is cleanup, allowed even after the start.
        #expect(result.outcome == (act == .withdrawSuggestion ? "ok" : "shift_in_past"))
    }
}
