import Foundation

/// One history row of a shift or of a deal it took part in (openapi.yaml `HistoryEntry`):
/// `GET /api/v1/shifts/{id}/history`.
public struct HistoryEntryView: Codable, Sendable, Hashable {
    /// What the row is the history of.
    public enum Subject: APIWord {
        case shift
        case deal
        case request
        case fixedShift
        /// A subject of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.shift, .deal, .request, .fixedShift]

        public var rawValue: String {
            switch self {
            case .shift: "shift"
            case .deal: "deal"
            case .request: "request"
            case .fixedShift: "fixed_shift"
            case .unknown(let word): word
            }
        }
    }

    public var id: Int64
    public var subject: Subject
    public var subjectId: Int64
    public var actorId: Int64?
    public var actorName: String?
    @ISO8601Date public var at: Date
    public var action: String
    public var from: String?
    public var to: String
    public var note: String?

    public init(
        id: Int64, subject: Subject, subjectId: Int64, actorId: Int64? = nil, actorName: String? = nil, at: Date, action: String,
        from: String? = nil, to: String, note: String? = nil
    ) {
        self.id = id
        self.subject = subject
        self.subjectId = subjectId
        self.actorId = actorId
        self.actorName = actorName
        self.at = at
        self.action = action
        self.from = from
        self.to = to
        self.note = note
    }
}
