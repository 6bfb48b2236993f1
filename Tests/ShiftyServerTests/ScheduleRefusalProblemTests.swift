import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyLocalization
@testable import ShiftyServer
@testable import ShiftyServerCore
import Testing

/// The edge's one mapping from the schedule, qualification and availability refusals to the
/// problem documents clients read: every refusal answers with the code the domain names (in the
/// API's list) and the field it names, and reads in every language. The wire transcripts
/// (`ShiftRefusalWireTests`, `MemberSettingsRefusalWireTests`) pin the answers.
@Suite struct ScheduleRefusalProblemTests {
    static let shift: [ShiftRefusal] = [
        .managerOnly, .fixedShiftsManagedByManagers, .memberNotFound, .shiftNotFound, .fixedShiftNotFound, .ownerNotMember,
        .ownerNotActiveMember, .malformedStartTime, .durationOutOfRange, .positionTooLong, .positionNotOneLine, .rangeBackwards,
        .rangeTooLong, .planningRangeTooLong,
    ] + ShiftRefusal.Field.allCases.map(ShiftRefusal.malformedDate)
    static let qualification: [QualificationRefusal] = [.positionLength, .positionNotOneLine, .tooManyPositions, .memberNotFound]
        + QualificationRefusal.Field.allCases.map(QualificationRefusal.hourLimitOutOfRange)
    static let availability: [AvailabilityRefusal] = [.managerOnly, .tooManyEntries, .memberNotFound]

    static var answers: [RefusalAnswer] {
        shift.map { ("\($0)", Problem($0), $0.code.rawValue, $0.field?.rawValue) }
            + qualification.map { ("\($0)", Problem($0), $0.code.rawValue, $0.field?.rawValue) }
            + availability.map { ("\($0)", Problem($0), $0.code.rawValue, $0.field?.rawValue) }
    }

    @Test func everyRefusalAnswersWithTheCodeAndFieldTheDomainNames() {
        RefusalAnswerChecks.codesAndFields(Self.answers)
    }

    @Test func everyRefusalReadsInEveryLanguage() {
        RefusalAnswerChecks.readInEveryLanguage(Self.answers)
    }

    @Test func aWeekCopyReportsAScheduleRefusalAsTheActionWouldAnswer() {
        let refusal = ShiftyAPI.ActionPreview.Refusal(ShiftRefusal.ownerNotMember)
        #expect(refusal.code == "validation_failed" && refusal.status == 422)
        #expect(refusal.detail == "ownerId: is not a member of this workplace")
    }
}

/// The report and marketplace-look refusals, as the edge answers them.
@Suite struct ReportAndMarketplaceQueryRefusalProblemTests {
    @Test func eachRefusalAnswersNotFoundOrNamesItsField() {
        let answers: [(Problem, String, String?)] = [
            (Problem(ReportRefusal.workplaceNotFound), "No such workplace.", nil),
            (Problem(ReportRefusal.memberNotFound), "No such user.", nil),
            (Problem(MarketplaceQueryRefusal.dealNotFound), "No such deal.", nil),
            (Problem(MarketplaceQueryRefusal.malformedRequestDate(index: 2)), "dates.2: must be a date (YYYY-MM-DD)", "dates.2"),
            (Problem(MarketplaceQueryRefusal.tradesRangeOutOfRange), "to: must be on or after 'from' and at most a year later", "to"),
        ]
        for (problem, detail, field) in answers {
            #expect(problem.detail == detail)
            #expect(problem.errors.first?.field == field)
            #expect(ProblemCode(rawValue: problem.code) != nil)
        }
        #expect(MarketplaceQueryRefusal.malformedRequestDate(index: 2).field == "dates.2")
        #expect(ReportRefusal.memberNotFound.code.rawValue == Problem(ReportRefusal.memberNotFound).code)
    }
}
