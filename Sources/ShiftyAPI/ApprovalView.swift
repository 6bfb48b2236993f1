import Foundation

/// An approved period of one member, locked against punch edits while `locked` (openapi.yaml
/// `Approval`): `GET /api/v1/timesheets/approvals`, approving, unlocking, "my hours"' `approvals`.
public struct ApprovalView: Codable, Sendable, Hashable {
    public var id: Int64
    public var userID: Int64
    public var displayName: String
    public var from: String
    public var to: String
    public var approvedBy: Int64
    public var approvedByName: String
    @ISO8601Date public var approvedAt: Date
    public var locked: Bool
    public var unlockedBy: Int64?
    public var unlockedByName: String?
    @ISO8601OptionalDate public var unlockedAt: Date?
    public var unlockReason: String?

    public init(
        id: Int64, userID: Int64, displayName: String, from: String, to: String, approvedBy: Int64, approvedByName: String,
        approvedAt: Date, locked: Bool, unlockedBy: Int64? = nil, unlockedByName: String? = nil, unlockedAt: Date? = nil,
        unlockReason: String? = nil
    ) {
        self.id = id
        self.userID = userID
        self.displayName = displayName
        self.from = from
        self.to = to
        self.approvedBy = approvedBy
        self.approvedByName = approvedByName
        self.approvedAt = approvedAt
        self.locked = locked
        self.unlockedBy = unlockedBy
        self.unlockedByName = unlockedByName
        self.unlockedAt = unlockedAt
        self.unlockReason = unlockReason
    }
}
