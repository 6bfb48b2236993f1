import Foundation

/// What publishing a range would do (openapi.yaml `PublicationPreview`):
/// `POST /api/v1/plan/publish/preview`. Publish with its `revision`: a plan changed meanwhile is
/// refused (`plan_changed_since_preview`) rather than published unseen.
public struct PublicationPreviewView: Codable, Sendable, Hashable {
    public var revision: Int64
    /// Drafts that would publish.
    public var publishable: Int
    /// Drafts that would stay drafts, each with why.
    public var kept: [KeptDraft]
    /// Per person, what they will be told.
    public var people: [PersonChanges]
    /// What the publication would owe under the workplace's schedule-change rule (empty without one).
    public var premiums: [LedgerEntryView]

    public init(revision: Int64, publishable: Int, kept: [KeptDraft], people: [PersonChanges], premiums: [LedgerEntryView] = []) {
        self.premiums = premiums
        self.revision = revision
        self.publishable = publishable
        self.kept = kept
        self.people = people
    }

    /// A draft a publication leaves in the plan.
    public struct KeptDraft: Codable, Sendable, Hashable {
        public var draftId: Int64
        public var shiftId: Int64
        /// `stale` (the published shift changed since the draft: a trade, another edit) or a
        /// refusal's problem code (`overlapping_shift`, `shift_in_pending_deal`, …).
        public var reason: String
        /// The refusal's sentence in the caller's language; absent for `stale`.
        public var detail: String?

        public init(draftId: Int64, shiftId: Int64, reason: String, detail: String?) {
            self.draftId = draftId
            self.shiftId = shiftId
            self.reason = reason
            self.detail = detail
        }
    }

    /// One person's changes in a publication (what their one notification lists).
    public struct PersonChanges: Codable, Sendable, Hashable {
        public var userId: Int64
        public var name: String
        public var changes: [ScheduleChangeView]

        public init(userId: Int64, name: String, changes: [ScheduleChangeView]) {
            self.userId = userId
            self.name = name
            self.changes = changes
        }
    }
}

/// One change of one person's schedule in a publication (openapi.yaml `ScheduleChange`), also
/// the `changes` of the `schedule.published` event they get.
public struct ScheduleChangeView: Codable, Sendable, Hashable {
    public var kind: Kind
    /// The shift as published now (for `removed`: as it was).
    public var shift: MarketShift
    /// For `changed`: the shift as it was.
    public var before: MarketShift?

    public init(kind: Kind, shift: MarketShift, before: MarketShift?) {
        self.kind = kind
        self.shift = shift
        self.before = before
    }
}

extension ScheduleChangeView {
    /// What a publication does to one person's shift (openapi.yaml `ScheduleChange.kind`).
    public enum Kind: APIWord {
        /// A shift new to them (created, or given to them).
        case added
        /// Their shift at other times or for another position.
        case changed
        /// Their shift taken off the schedule or given to someone else.
        case removed
        /// Their shift on the marketplace: they cover it until someone picks it up.
        case released
        /// A kind of a newer server (``APIWord``).
        case unknown(String)

        public static let allCases: [Self] = [.added, .changed, .removed, .released]

        public var rawValue: String {
            switch self {
            case .added: "added"
            case .changed: "changed"
            case .removed: "removed"
            case .released: "released"
            case .unknown(let word): word
            }
        }
    }
}

/// What a publication did (openapi.yaml `Publication`): `POST /api/v1/plan/publish`.
public struct PublicationView: Codable, Sendable, Hashable {
    @ISO8601Date public var publishedAt: Date
    public var published: Int
    public var kept: [PublicationPreviewView.KeptDraft]
    public var revision: Int64

    public init(publishedAt: Date, published: Int, kept: [PublicationPreviewView.KeptDraft], revision: Int64) {
        self.publishedAt = publishedAt
        self.published = published
        self.kept = kept
        self.revision = revision
    }
}
