import ShiftyAPI
import ShiftyDomain
@testable import ShiftyServer
@testable import ShiftyServerCore
import Testing

/// The HTTP status every marketplace refusal answers with, written out once as the wire promises
/// it (openapi.yaml, the page and the terminal switch on these): the edge's mapping must give
/// exactly this, for the problem document and for the refusal a preview reports.
@Suite struct MarketplaceRefusalStatusTests {
    static let promised: [String: Int] = [
        "not_shift_owner": 403, "user_inactive": 403, "not_a_manager": 403, "not_involved_in_deal": 403,
        "not_swap_counterparty": 403, "not_request_owner": 403,
        "own_shift": 422, "swap_with_own_shift": 422, "own_request": 422, "request_date_in_past": 422,
        "wrong_date_for_request": 422, "note_too_long": 422, "no_request_dates": 422, "too_many_request_dates": 422,
        "duplicate_request_date": 422, "override_reason_required": 422,
        "shift_not_found": 404, "deal_not_found": 404, "request_not_found": 404,
        "shift_in_past": 409, "shift_not_supplied": 409, "shift_no_longer_available": 409, "shift_in_pending_deal": 409,
        "shift_not_scheduled": 409, "shift_not_suggested": 409, "shift_cancelled": 409, "shift_unassigned": 409,
        "overlapping_shift": 409, "one_shift_per_day": 409, "not_qualified": 409, "shift_too_long": 409,
        "weekly_hours_exceeded": 409, "rest_too_short": 409, "too_many_consecutive_days": 409, "on_time_off": 409,
        "unavailable": 409, "counterparty_inactive": 409, "deal_not_pending": 409, "deal_not_proposed": 409,
        "deal_expired": 409, "deal_not_expired": 409, "request_not_open": 409, "request_already_open": 409,
    ]

    @Test func everyRefusalAnswersItsPromisedStatus() throws {
        #expect(Set(MarketplaceRefusal.Code.allCases.map(\.rawValue)) == Set(Self.promised.keys), "a new refusal needs its status here")
        for code in MarketplaceRefusal.Code.allCases {
            let status = try #require(Self.promised[code.rawValue])
            let refusal = MarketplaceRefusal(code)
            let problem = Problem(refusal)
            #expect(problem.status.code == status, "\(code.rawValue)")
            let reported = ShiftyAPI.ActionPreview.Refusal(refusal, in: .english)
            #expect(reported.status == status, "\(code.rawValue)")
            #expect(reported.code == problem.code && reported.detail == problem.detail)
        }
    }
}
