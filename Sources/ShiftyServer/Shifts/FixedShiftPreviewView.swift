import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyLocalization
import ShiftyPostgres
import ShiftyServerCore

/// What saving a fixed shift would answer (openapi.yaml `FixedShiftPreview`): the answer of
/// `POST /fixed-shifts/preview`, `POST /fixed-shifts/{id}/preview` and
/// `POST /fixed-shift-requests/{id}/approve/preview`. Like `ActionPreview`, but per week: every
/// rule one of the weeks it would generate breaks or warns about, with that week's date.
struct FixedShiftPreviewView: Encodable, Sendable {
    /// `create`, `edit` or `approve`.
    var action: String
    /// The fixed shift (0 for a new one).
    var fixedShiftId: Int64
    /// Whether the save would be accepted now.
    var allowed: Bool
    var refusal: ShiftyAPI.ActionPreview.Refusal?
    /// Whether a manager's override (with a reason) would let it through.
    var overridable: Bool
    /// Every date it would generate a shift on in the coming eight weeks.
    var dates: [String]
    var rules: [Rule]

    /// One rule one week breaks or warns about.
    struct Rule: Encodable, Sendable {
        var code: String
        var severity: RuleSeverity
        var overridable: Bool
        var detail: String
        /// The week's date and local times.
        var date: String
        var startTime: String
        var endTime: String
        var userId: Int64
        var userName: String
        /// The member's shifts it clashes with.
        var conflictingShifts: [ShiftyAPI.MarketShift]
        /// The member's other fixed shifts' weeks it clashes with that are not generated yet.
        var conflictingFixedShifts: [FixedShiftWeek]
    }

    struct FixedShiftWeek: Encodable, Sendable {
        var fixedShiftId: Int64
        var date: String
    }

    init(
        _ verdict: FixedShiftVerdict, action: String, fixedShiftID: Int64, workplaceID: Int64,
        language: LanguageCode = RequestLanguage.resolved, on connection: PostgresConnection
    ) throws {
        let (zone, _, _) = try MarketplaceStore.workplaceWithPositions(workplaceID, on: connection)
        let findings = verdict.findings
        let shiftIDs = Array(Set(findings.flatMap(\.conflictingShiftIDs).map(\.rawValue).filter { $0 > 0 })).sorted()
        var members = Set(findings.map(\.member.rawValue))
        if let refusal = verdict.refusal { members.formUnion(refusal.memberIDs) }
        let shifts = Dictionary(
            try connection.query("\(ShiftStore.select) WHERE s.id = ANY($1) AND s.workplace_id = $2", [shiftIDs, workplaceID])
                .map(ShiftyAPI.MarketShift.init(row:)).map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        let names = try MemberNames.lookUp(members, workplaceID: workplaceID, on: connection)
        let time: (Date) -> String = { zone.localDateTime(of: $0).time.description }
        self.action = action
        self.fixedShiftId = fixedShiftID
        allowed = verdict.refusal == nil
        refusal = verdict.refusal.map { ShiftyAPI.ActionPreview.Refusal($0, naming: names, in: language) }
        overridable = verdict.acceptsOverride && verdict.refusal != nil && verdict.refusalWithOverride == nil
        dates = verdict.occurrences.map(\.occurrence.date.description)
        rules = verdict.occurrences.flatMap { checked in
            checked.findings.map { finding in
                Rule(
                    code: ProblemCode(finding.code).rawValue, severity: finding.severity, overridable: finding.isOverridable,
                    detail: finding.text(naming: names).written(in: language), date: checked.occurrence.date.description, startTime: time(checked.occurrence.start),
                    endTime: time(checked.occurrence.end), userId: finding.member.rawValue, userName: names[finding.member.rawValue] ?? "",
                    conflictingShifts: finding.conflictingShiftIDs.compactMap { shifts[$0.rawValue] },
                    conflictingFixedShifts: finding.conflictingShiftIDs.compactMap { verdict.placeholders[$0] }.map {
                        FixedShiftWeek(fixedShiftId: $0.fixedShiftID.rawValue, date: $0.date.description)
                    })
            }
        }
    }
}
