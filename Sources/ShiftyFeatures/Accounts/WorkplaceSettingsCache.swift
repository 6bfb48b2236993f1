import NIOConcurrencyHelpers

/// Decoded workplace settings by their stored JSON text (see ``StoredWorkplaceSettings/stored(_:workplaceID:)``).
///
/// Keyed by the text itself, so a changed row is simply a new key and nothing is ever stale; bounded
/// (emptied when full) so a process serving many workplaces keeps at most ``capacity`` entries.
final class WorkplaceSettingsCache: Sendable {
    static let shared = WorkplaceSettingsCache()

    let capacity: Int
    private let entries = NIOLockedValueBox([String: StoredWorkplaceSettings]())

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    func settings(for json: String) -> StoredWorkplaceSettings? {
        entries.withLockedValue { $0[json] }
    }

    func remember(_ settings: StoredWorkplaceSettings, for json: String) {
        entries.withLockedValue { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[json] = settings
        }
    }
}
