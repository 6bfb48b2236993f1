import Foundation
import ShiftyDomain
@testable import ShiftyServer
@testable import ShiftyServerCore
import Testing

/// The edge's one mapping from a time-off refusal to the problem document clients read: each
/// answer is the status, code and sentence the time-off routes have always given.
@Suite struct TimeOffRefusalProblemTests {
    let seven = TimeOffID(rawValue: 7)

    /// (refusal, status, code, detail, field named in `errors`)
    var table: [(TimeOffRefusal, Int, String, String, String?)] {
        [
            (.managerOnly, 403, "manager_only", Problem.managerOnly.detail, nil),
            (.notFound, 404, "not_found", "No such time-off request.", nil),
            (.notPending(seven, .approved), 409, "time_off_not_pending", "Time-off request 7 was already decided or withdrawn (approved).", nil),
            (.notWithdrawable(seven, .declined), 409, "time_off_not_withdrawable", "Time-off request 7 is declined; it cannot be withdrawn.", nil),
            (.malformedDate(.firstDate), 422, "validation_failed", "firstDate: expected YYYY-MM-DD", "firstDate"),
            (.malformedDate(.lastDate), 422, "validation_failed", "lastDate: expected YYYY-MM-DD", "lastDate"),
            (.malformedTime(.startTime), 422, "validation_failed", "startTime: expected HH:MM", "startTime"),
            (.malformedTime(.endTime), 422, "validation_failed", "endTime: expected HH:MM", "endTime"),
            (.lastDateBeforeFirstDate, 422, "validation_failed", "lastDate: must not be before firstDate", "lastDate"),
            (.tooManyDays, 422, "validation_failed", "lastDate: a request covers at most 366 days", "lastDate"),
            (.endTimeNotAfterStartTime, 422, "validation_failed", "endTime: must be after startTime on the same day", "endTime"),
            (.emptyPeriod, 422, "validation_failed", "endTime: the time off must not be empty", "endTime"),
            (.alreadyOver, 422, "validation_failed", "lastDate: the time off is already over", "lastDate"),
            (.reasonTooLong, 422, "validation_failed", "reason: at most 1000 characters", "reason"),
            (.noteTooLong, 422, "validation_failed", "note: at most 1000 characters", "note"),
        ]
    }

    @Test func everyRefusalAnswersWithItsStatusCodeAndSentence() {
        for (refusal, status, code, detail, field) in table {
            let problem = Problem(refusal)
            #expect(problem.status.code == status, "\(refusal)")
            #expect(problem.code == code && problem.code == refusal.code.rawValue, "\(refusal)")
            #expect(problem.detail == detail, "\(refusal)")
            #expect(problem.errors.map(\.field) == (field.map { [$0] } ?? []), "\(refusal)")
            #expect(!problem.title.isEmpty)
        }
    }

    @Test func everyRefusalCodeIsInTheAPIsList() {
        for code in TimeOffRefusal.Code.allCases {
            #expect(ProblemCode(rawValue: code.rawValue) == ProblemCode(code), "\(code.rawValue)")
            #expect(ProblemCode(code).rawValue == code.rawValue && ProblemCode.allCases.contains(ProblemCode(code)), "\(code.rawValue)")
        }
        // The codes time off shares with the server's checks are the server's, listed once; its own are nested.
        #expect(ProblemCode(TimeOffRefusal.Code.managerOnly) == .server(.managerOnly))
        #expect(ProblemCode(TimeOffRefusal.Code.timeOffNotPending) == .timeOff(.timeOffNotPending))
    }

    @Test func theDecisionSentencesComeFromTheCatalogueSoTheyAreWrittenInTheCallersLanguage() {
        #expect(Problem(.notPending(seven, .approved)).text != nil)
        #expect(Problem(.notWithdrawable(seven, .withdrawn)).text != nil)
        #expect(Problem(.notFound).text != nil)
    }
}
