import Foundation
import ShiftyDomain
import ShiftyLocalization
@testable import ShiftyServer
@testable import ShiftyServerCore
import Testing

/// The edge's one mapping from the closed-day, fixed-shift request and timesheet refusals to the
/// problem documents clients read: every code the domain names is in the API's list, and the
/// answers the routes cannot reach today (a request whose fixed shift is gone) read as their
/// siblings do. The wire transcripts (`*RefusalWireTests`) pin the rest.
@Suite struct DeciderRefusalProblemTests {
    @Test func everyRefusalCodeIsInTheAPIsList() {
        let codes = ClosedDayRefusal.Code.allCases.map(\.rawValue) + FixedShiftRequestRefusal.Code.allCases.map(\.rawValue)
            + FixedShiftDraftRefusal.Code.allCases.map(\.rawValue) + TimesheetRefusal.Code.allCases.map(\.rawValue)
        for code in codes {
            #expect(ProblemCode(rawValue: code) != nil, "\(code)")
        }
    }

    @Test func eachRefusalAnswersWithTheCodeTheDomainNamesAndItsField() {
        let seven = FixedShiftRequestID(rawValue: 7)
        let refusals: [(Problem, String, String?)] = [
            (Problem(ClosedDayRefusal.nameNotOneLine), ClosedDayRefusal.nameNotOneLine.code.rawValue, "name"),
            (Problem(ClosedDayRefusal.invalidRows([.init(line: 3, reason: .noRows)])), "invalid_csv", "line 3"),
            (Problem(FixedShiftRequestRefusal.outdated(seven, .gone)), "fixed_shift_request_outdated", nil),
            (Problem(FixedShiftRequestRefusal.proposal(.positionTooLong)), "validation_failed", "position"),
            (Problem(FixedShiftRequestRefusal.missing(.durationMinutes)), "validation_failed", "durationMinutes"),
            (Problem(TimesheetRefusal.thresholdOutOfRange), "validation_failed", "threshold"),
            (Problem(TimesheetRefusal.locked(date: LocalDate("2026-10-06")!, approval: TimesheetApprovalID(rawValue: 3))), "timesheet_locked", nil),
        ]
        for (problem, code, field) in refusals {
            #expect(problem.code == code)
            #expect(problem.errors.first?.field == field, "\(problem.detail)")
        }
    }

    @Test func aRequestWhoseFixedShiftIsGoneSaysSoInBothLanguages() {
        let problem = Problem(FixedShiftRequestRefusal.outdated(FixedShiftRequestID(rawValue: 7), .gone))
        #expect(problem.status.code == 409)
        #expect(problem.detail == "Fixed-shift request 7 no longer applies: its fixed shift no longer exists. Decline it instead.")
        #expect(problem.localized(to: .dutch).detail == "Aanvraag 7 voor een vaste dienst geldt niet meer: de vaste dienst bestaat niet meer. Wijs hem af.")
    }

    @Test func everyWayARequestNoLongerAppliesHasASentenceInEveryLanguage() {
        for why in FixedShiftRequestRefusal.Outdated.allCases {
            let problem = Problem(FixedShiftRequestRefusal.outdated(FixedShiftRequestID(rawValue: 7), why))
            for language in [LanguageCode.english, .dutch] {
                let detail = problem.localized(to: language).detail
                #expect(!detail.hasPrefix("server.problem."), "\(why) in \(language): \(detail)")
                #expect(detail.contains("7"), "\(why) in \(language): \(detail)")
            }
        }
    }
}
