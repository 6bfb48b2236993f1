import Foundation
import ShiftyAPI
import ShiftyDomain
import ShiftyLocalization
import ShiftyPostgres
import ShiftyServerCore

/// The fixed-shift preview (``ShiftyAPI/FixedShiftPreviewView``) from the rulebook's verdict, with the
/// clashing shifts and the members' names read in the caller's workplace.
extension FixedShiftPreviewView {
    init(
        _ verdict: FixedShiftVerdict, action: Action, fixedShiftID: Int64, workplaceID: Int64,
        language: LanguageCode = RequestLanguage.resolved, on connection: PostgresConnection
    ) throws {
        let (zone, _, _) = try MarketplaceStore.workplaceWithPositions(workplaceID, on: connection)
        let findings = verdict.findings
        let shiftIDs = Array(Set(findings.flatMap(\.conflictingShiftIDs).map(\.rawValue).filter { $0 > 0 })).sorted()
        var members = Set(findings.map(\.member.rawValue))
        if let refusal = verdict.refusal { members.formUnion(refusal.memberIDs) }
        let shifts = Dictionary(
            try connection.query("\(sql: ShiftStore.select) WHERE s.id = ANY(\(shiftIDs)) AND s.workplace_id = \(workplaceID)")
                .map(ShiftyAPI.MarketShift.init(row:)).map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        let names = try MemberNames.lookUp(members, workplaceID: workplaceID, on: connection)
        let time: (Date) -> String = { zone.localDateTime(of: $0).time.description }
        let rules = verdict.occurrences.flatMap { checked in
            checked.findings.map { finding in
                Rule(
                    code: ProblemCode(finding.code).rawValue, severity: .init(finding.severity), overridable: finding.isOverridable,
                    detail: finding.text(naming: names).written(in: language), date: checked.occurrence.date.description, startTime: time(checked.occurrence.start),
                    endTime: time(checked.occurrence.end), userId: finding.member.rawValue, userName: names[finding.member.rawValue] ?? "",
                    conflictingShifts: finding.conflictingShiftIDs.compactMap { shifts[$0.rawValue] },
                    conflictingFixedShifts: finding.conflictingShiftIDs.compactMap { verdict.placeholders[$0] }.map {
                        FixedShiftWeek(fixedShiftId: $0.fixedShiftID.rawValue, date: $0.date.description)
                    })
            }
        }
        self.init(
            action: action, fixedShiftId: fixedShiftID, allowed: verdict.refusal == nil,
            refusal: verdict.refusal.map { ShiftyAPI.ActionPreview.Refusal($0, naming: names, in: language) },
            overridable: verdict.acceptsOverride && verdict.refusal != nil && verdict.refusalWithOverride == nil,
            dates: verdict.occurrences.map(\.occurrence.date.description), rules: rules)
    }
}
