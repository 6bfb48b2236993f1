import Foundation

/// What a member's qualifications and own hour limits may hold, without I/O: the positions a
/// manager names for a member, and limits that are a number of hours (or days) a person can keep.
public enum QualificationRules {
    /// Positions one member may be qualified for.
    public static let maximumPositions = 50
    /// A position's name, trimmed.
    public static let positionLength = 1...100
    /// Any one hour limit (hours, or days for consecutive days).
    public static let hourLimit = 1...10_000

    /// The positions as stored: trimmed, each named once, sorted; each one line of
    /// ``positionLength`` characters, at most ``maximumPositions`` of them.
    public static func checkedPositions(_ positions: [String]) throws(QualificationRefusal) -> [String] {
        let names = Set(positions.map { $0.trimmingCharacters(in: .whitespaces) })
        guard names.allSatisfy({ positionLength.contains($0.count) }) else { throw .positionLength }
        guard !names.contains(where: SingleLine.hasControlCharacters) else { throw .positionNotOneLine }
        guard names.count <= maximumPositions else { throw .tooManyPositions }
        return names.sorted()
    }

    /// A member's own limits: each one given is within ``hourLimit``, checked in the order of the body.
    public static func check(_ limits: MemberHourLimits) throws(QualificationRefusal) {
        let values: [(QualificationRefusal.Field, Int?)] = [
            (.maxWeeklyHours, limits.maxWeeklyHours), (.minRestHours, limits.minRestHours),
            (.maxConsecutiveDays, limits.maxConsecutiveDays), (.maxShiftHours, limits.maxShiftHours),
        ]
        for (field, value) in values {
            if let value, !hourLimit.contains(value) { throw .hourLimitOutOfRange(field) }
        }
    }
}
