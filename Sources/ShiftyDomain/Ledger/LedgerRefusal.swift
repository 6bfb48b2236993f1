import Foundation

/// Why a ledger report or a waiver was refused (``LedgerRules``); the edge makes the answers.
public enum LedgerRefusal: Error, Sendable, Hashable {
    /// No such entry in the caller's workplace.
    case entryNotFound
    /// The entry was waived already (by whom and why stays as it was).
    case alreadyWaived
    /// A waiver's reason empty, longer than ``LedgerRules/waiveReasonLength`` or over several lines.
    case waiveReasonInvalid
    /// A report period with `to` before `from` or longer than ``LedgerRules/maximumReportDays``.
    case periodInvalid
}

/// The rules of reading and waiving the schedule-change ledger, without I/O.
public enum LedgerRules {
    public static let waiveReasonLength = 1...500
    /// A report covers at most a year of shift dates (a payroll year, with room for a leap day).
    public static let maximumReportDays = 366

    /// The reason as it will be stored (trimmed), or the refusal.
    public static func waiveReason(_ text: String) throws(LedgerRefusal) -> String {
        let reason = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard waiveReasonLength.contains(reason.count), !reason.contains(where: \.isNewline) else { throw .waiveReasonInvalid }
        return reason
    }

    public static func checkPeriod(from: LocalDate, to: LocalDate) throws(LedgerRefusal) {
        guard from <= to, from.days(until: to) < maximumReportDays else { throw .periodInvalid }
    }
}
