/// A member's employment terms as the API shows and edits them (openapi.yaml `Employment`):
/// `GET`/`PUT /api/v1/users/{id}/employment`, a month report's and "my hours"' `employment`.
public struct EmploymentView: Codable, Sendable, Hashable {
    public var userID: Int64
    /// First and last day of employment; `nil` when not set (still employed, for `end`).
    public var start: String?
    public var end: String?
    /// Contract hours per week, in minutes; `nil` without a contract.
    public var contractMinutesPerWeek: Int?
    /// Whether every quota day is a working day for this member.
    public var worksFixedQuota: Bool

    public init(userID: Int64, start: String? = nil, end: String? = nil, contractMinutesPerWeek: Int? = nil, worksFixedQuota: Bool) {
        self.userID = userID
        self.start = start
        self.end = end
        self.contractMinutesPerWeek = contractMinutesPerWeek
        self.worksFixedQuota = worksFixedQuota
    }
}
