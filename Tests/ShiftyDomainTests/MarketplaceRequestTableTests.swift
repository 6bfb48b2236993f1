import Foundation
import Testing
@testable import ShiftyDomain

/// Every (request status × request action × actor) combination. Dave requests work on
/// 2026-06-02; Alice is the coworker who suggested (shift 1) or can suggest (shift 3).
@Suite struct MarketplaceRequestTableTests {
    typealias W = MarketplaceWorld

    enum Who: String, CaseIterable { case requester, coworker, manager, inactiveRequester }
    enum Act: String, CaseIterable { case withdrawRequest, suggest, acceptSuggestion }

    /// Expected outcome per action, per request status, listed for [requester, coworker, manager, inactiveRequester].
    static let expected: [Act: [RequestStatus: [String]]] = [
        .withdrawRequest: [
            .open: ["ok", "not_request_owner", "not_request_owner", "user_inactive"],
            .pendingDeal: ["request_not_open", "not_request_owner", "not_request_owner", "user_inactive"],
            .fulfilled: ["request_not_open", "not_request_owner", "not_request_owner", "user_inactive"],
            .withdrawn: ["request_not_open", "not_request_owner", "not_request_owner", "user_inactive"],
        ],
        .suggest: [
            .open: ["not_shift_owner", "ok", "not_shift_owner", "user_inactive"],
            .pendingDeal: ["not_shift_owner", "request_not_open", "not_shift_owner", "user_inactive"],
            .fulfilled: ["not_shift_owner", "request_not_open", "not_shift_owner", "user_inactive"],
            .withdrawn: ["not_shift_owner", "request_not_open", "not_shift_owner", "user_inactive"],
        ],
        .acceptSuggestion: [
            .open: ["ok", "not_request_owner", "not_request_owner", "user_inactive"],
            .pendingDeal: ["request_not_open", "not_request_owner", "not_request_owner", "user_inactive"],
            .fulfilled: ["request_not_open", "not_request_owner", "not_request_owner", "user_inactive"],
            .withdrawn: ["request_not_open", "not_request_owner", "not_request_owner", "user_inactive"],
        ],
    ]

    static let combinations: [(Act, RequestStatus, Who)] = Act.allCases.flatMap { act in
        RequestStatus.allCases.flatMap { status in Who.allCases.map { (act, status, $0) } }
    }

    @Test(arguments: combinations)
    func outcome(act: Act, status: RequestStatus, who: Who) throws {
        let request: RequestID = W.id(900)
        var world = MarketplaceWorld()
        world.requests[request] = ExtraWorkRequest(
            id: request, requester: W.dave, date: try #require(LocalDate("2026-06-02")), status: status,
            dealID: status == .pendingDeal ? W.id(800) : nil)
        world.add(W.shift(1, owner: W.alice, "2026-06-02", "09:00", "17:00", status: .suggested, requestID: request))
        world.add(W.shift(3, owner: W.alice, "2026-06-02", "18:00", "20:00"))
        let actor: MarketplaceActor = switch who {
        case .requester: MarketplaceActor(userID: W.dave, role: .employee)
        case .coworker: MarketplaceActor(userID: W.alice, role: .employee)
        case .manager: MarketplaceActor(userID: W.carol, role: .manager)
        case .inactiveRequester: MarketplaceActor(userID: W.dave, role: .employee, isActive: false)
        }
        let action: MarketplaceAction = switch act {
        case .withdrawRequest: .withdrawRequest(request)
        case .suggest: .suggest(W.id(3), to: request)
        case .acceptSuggestion: .acceptSuggestion(W.id(1), newDealID: W.id(700))
        }
        let before = world
        let result = world.perform(action, by: actor)
        let index = try #require(Who.allCases.firstIndex(of: who))
        let want = try #require(Self.expected[act]?[status]?[index])
        #expect(result.outcome == want, "\(act) on \(status) by \(who)")
        if case .failure = result {
            #expect(world.shifts == before.shifts && world.requests == before.requests)
        } else {
            #expect(world.requests[request]?.status.isTerminal == (act == .withdrawRequest))
        }
    }
}
