import Foundation
import Testing
@testable import ShiftyDomain

/// Every (deal state × deal action × actor) combination for a swap between Alice (initiator)
/// and Dave (counterparty), with Carol as an uninvolved manager and Bob as an outsider.
@Suite struct MarketplaceDealTableTests {
    typealias W = MarketplaceWorld

    enum Who: String, CaseIterable { case initiator, counterparty, manager, outsider }
    enum Act: String, CaseIterable { case acceptSwap, declineSwap, approve, reject, cancel, expire }

    static let terminal = ["not_swap_counterparty", "deal_not_pending", "not_involved_in_deal", "not_involved_in_deal"]
    static let terminalDecision = ["not_a_manager", "not_a_manager", "deal_not_pending", "not_a_manager"]
    static let terminalCancel = ["deal_not_pending", "deal_not_pending", "not_involved_in_deal", "not_involved_in_deal"]
    static let notExpired = Array(repeating: "deal_not_expired", count: 4)
    static let notPending = Array(repeating: "deal_not_pending", count: 4)

    /// Expected outcome per action, per deal state, listed for [initiator, counterparty, manager, outsider].
    static let expected: [Act: [DealState: [String]]] = [
        .acceptSwap: [
            .proposed: ["not_swap_counterparty", "ok", "not_involved_in_deal", "not_involved_in_deal"],
            .pendingApproval: ["not_swap_counterparty", "deal_not_proposed", "not_involved_in_deal", "not_involved_in_deal"],
            .approved: terminal, .rejected: terminal, .cancelled: terminal, .expired: terminal, .declined: terminal,
        ],
        .declineSwap: [
            .proposed: ["not_swap_counterparty", "ok", "not_involved_in_deal", "not_involved_in_deal"],
            .pendingApproval: ["not_swap_counterparty", "deal_not_proposed", "not_involved_in_deal", "not_involved_in_deal"],
            .approved: terminal, .rejected: terminal, .cancelled: terminal, .expired: terminal, .declined: terminal,
        ],
        .approve: [
            .proposed: ["not_a_manager", "not_a_manager", "deal_not_pending", "not_a_manager"],
            .pendingApproval: ["not_a_manager", "not_a_manager", "ok", "not_a_manager"],
            .approved: terminalDecision, .rejected: terminalDecision, .cancelled: terminalDecision,
            .expired: terminalDecision, .declined: terminalDecision,
        ],
        .reject: [
            .proposed: ["not_a_manager", "not_a_manager", "deal_not_pending", "not_a_manager"],
            .pendingApproval: ["not_a_manager", "not_a_manager", "ok", "not_a_manager"],
            .approved: terminalDecision, .rejected: terminalDecision, .cancelled: terminalDecision,
            .expired: terminalDecision, .declined: terminalDecision,
        ],
        .cancel: [
            .proposed: ["ok", "ok", "not_involved_in_deal", "not_involved_in_deal"],
            .pendingApproval: ["ok", "ok", "not_involved_in_deal", "not_involved_in_deal"],
            .approved: terminalCancel, .rejected: terminalCancel, .cancelled: terminalCancel,
            .expired: terminalCancel, .declined: terminalCancel,
        ],
        .expire: [
            .proposed: notExpired, .pendingApproval: notExpired,
            .approved: notPending, .rejected: notPending, .cancelled: notPending, .expired: notPending, .declined: notPending,
        ],
    ]

    static let combinations: [(Act, DealState, Who)] = Act.allCases.flatMap { act in
        DealState.allCases.flatMap { state in Who.allCases.map { (act, state, $0) } }
    }

    /// A world holding one swap deal in `state` (shifts locked while pending, released otherwise).
    static func world(swapIn state: DealState) -> (MarketplaceWorld, DealID) {
        var world = MarketplaceWorld()
        let dealID: DealID = W.id(700)
        let locked = state.isPending
        let mine = W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00",
                           status: locked ? .inDeal : .scheduled, dealID: locked ? dealID : nil)
        let theirs = W.shift(2, owner: W.dave, "2026-06-03", "09:00", "17:00",
                             status: locked ? .inDeal : .scheduled, dealID: locked ? dealID : nil)
        world.add(mine)
        world.add(theirs)
        world.deals[dealID] = Deal(
            id: dealID, kind: .swap, state: state, initiator: W.alice, createdAt: W.now, expiresAt: mine.start,
            legs: [
                DealLeg(shiftID: mine.id, giver: W.alice, receiver: W.dave, previousState: ShiftState(owner: W.alice, status: .scheduled)),
                DealLeg(shiftID: theirs.id, giver: W.dave, receiver: W.alice, previousState: ShiftState(owner: W.dave, status: .scheduled)),
            ])
        return (world, dealID)
    }

    @Test(arguments: combinations)
    func outcome(act: Act, state: DealState, who: Who) throws {
        var (world, dealID) = Self.world(swapIn: state)
        let actor: MarketplaceActor = switch who {
        case .initiator: MarketplaceActor(userID: W.alice, role: .employee)
        case .counterparty: MarketplaceActor(userID: W.dave, role: .employee)
        case .manager: MarketplaceActor(userID: W.carol, role: .manager)
        case .outsider: MarketplaceActor(userID: W.bob, role: .employee)
        }
        let action: MarketplaceAction = switch act {
        case .acceptSwap: .acceptSwap(dealID)
        case .declineSwap: .declineSwap(dealID)
        case .approve: .approve(dealID, note: "ok by me")
        case .reject: .reject(dealID, note: "short staffed")
        case .cancel: .cancel(dealID, note: nil)
        case .expire: .expire(dealID)
        }
        let before = world
        let result = world.perform(action, by: actor)
        let index = try #require(Who.allCases.firstIndex(of: who))
        let want = try #require(Self.expected[act]?[state]?[index])
        #expect(result.outcome == want, "\(act) on \(state) by \(who)")
        if case .success(let transition) = result {
            let newState = try #require(transition.deal?.state)
            #expect(state.canMove(to: newState), "\(state) → \(newState) must be in the transition table")
        } else {
            #expect(world.shifts == before.shifts)
            #expect(world.deals == before.deals)
        }
    }

    @Test func terminalStatesNeverRevert() {
        for from in DealState.allCases where from.isTerminal {
            for to in DealState.allCases {
                #expect(!from.canMove(to: to), "\(from) → \(to)")
            }
        }
        #expect(!DealState.pendingApproval.canMove(to: .proposed))
        #expect(!DealState.pendingApproval.canMove(to: .declined))
    }

    @Test func expiryAtEarliestStartOnly() throws {
        var (world, dealID) = Self.world(swapIn: .pendingApproval)
        let earliest = W.at("2026-06-02", "09:00")
        #expect(world.deals[dealID]?.expiresAt == earliest)
        world.now = earliest.addingTimeInterval(-1)
        let manager = MarketplaceActor(userID: W.carol, role: .manager)
        #expect(world.perform(.expire(dealID), by: manager).outcome == "deal_not_expired")
        world.now = earliest
        #expect(world.perform(.approve(dealID, note: nil), by: manager).outcome == "deal_expired")
        #expect(world.perform(.expire(dealID), by: manager).outcome == "ok")
        #expect(world.deals[dealID]?.state == .expired)
        #expect(world.shifts[W.id(1)]?.state == ShiftState(owner: W.alice, status: .scheduled))
        #expect(world.shifts[W.id(2)]?.state == ShiftState(owner: W.dave, status: .scheduled))
        #expect(world.history.contains { $0.subject == .deal(dealID) && $0.to == "expired" && $0.actor == nil })
    }
}
