import Foundation
import ShiftyAPI
import ShiftyDomain

/// The answer of GET /shifts/{id}/preview: what the action would answer now, every rule it
/// breaks, and its effect on each receiver's week (see `Marketplace.preview`).
struct ActionPreviewView: Encodable, Sendable {
    /// The refusal the action would answer with, as the problem document would carry it.
    struct Refusal: Encodable, Sendable {
        var code: String
        var status: Int
        var detail: String
    }

    struct Rule: Encodable, Sendable {
        var code: String
        /// `refuse` or `warn`.
        var severity: String
        var overridable: Bool
        var detail: String
        var userId: Int64
        var userName: String
        var shiftId: Int64
        var conflictingShiftIds: [Int64]
    }

    struct Effect: Encodable, Sendable {
        var userId: Int64
        var userName: String
        /// ISO week of the incoming shift, "2026-W23".
        var week: String
        var hoursBefore: Double
        var hoursAfter: Double
        var incomingShifts: [ShiftyAPI.MarketShift]
        var outgoingShifts: [ShiftyAPI.MarketShift]
        var conflictingShifts: [ShiftyAPI.MarketShift]
    }

    var action: String
    var shiftId: Int64
    /// Whether the action would be accepted now.
    var allowed: Bool
    var refusal: Refusal?
    /// Whether a manager's explicit override (`override: true` with a reason) would let it through.
    var overridable: Bool
    var rules: [Rule]
    var effects: [Effect]
}

extension ActionPreviewView.Refusal {
    init(_ refusal: MarketplaceRefusal) {
        self.init(code: ProblemCode(refusal.code).rawValue, status: refusal.httpStatus, detail: refusal.detail)
    }
}
