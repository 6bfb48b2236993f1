import Foundation

/// One entry of the punch audit trail (openapi.yaml `PunchEdit`): `GET /api/v1/punch-edits`.
public struct PunchEditView: Codable, Sendable, Hashable {
    /// A punch's time and kind before or after the edit.
    public struct State: Codable, Sendable, Hashable {
        @ISO8601Date public var at: Date
        public var kind: PunchView.Kind

        public init(at: Date, kind: PunchView.Kind) {
            self.at = at
            self.kind = kind
        }
    }

    public var id: Int64
    public var punchID: Int64
    public var userID: Int64
    public var actorID: Int64
    public var actorName: String
    @ISO8601Date public var at: Date
    public var action: Action
    /// Left out for an added punch.
    public var before: State?
    /// Left out for a deleted punch.
    public var after: State?
    public var reason: String

    public init(
        id: Int64, punchID: Int64, userID: Int64, actorID: Int64, actorName: String, at: Date, action: Action, before: State? = nil,
        after: State? = nil, reason: String
    ) {
        self.id = id
        self.punchID = punchID
        self.userID = userID
        self.actorID = actorID
        self.actorName = actorName
        self.at = at
        self.action = action
        self.before = before
        self.after = after
        self.reason = reason
    }
}

extension PunchEditView {
    /// What a manager did to the punch.
    public enum Action: APIWord {
        case add
        case move
        case delete
        /// An action of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.add, .move, .delete]

        public var rawValue: String {
            switch self {
            case .add: "add"
            case .move: "move"
            case .delete: "delete"
            case .unknown(let word): word
            }
        }
    }
}
