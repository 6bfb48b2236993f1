import Foundation

/// Body of POST /shifts/copy-week and /shifts/copy-week/preview.
package struct CopyWeekRequest: Decodable, Sendable {
    /// Any date of the week to copy (its ISO week, Monday to Sunday, in the workplace's zone).
    package var from: String
    /// `true`: each copy becomes a draft of the manager's plan (`POST /plan/changes`, checked
    /// against the other drafts) and nobody sees it until it is published; otherwise each copy is
    /// published at once (`POST /shifts`).
    package var draft: Bool?

    package init(from: String, draft: Bool? = nil) {
        self.from = from
        self.draft = draft
    }
}
