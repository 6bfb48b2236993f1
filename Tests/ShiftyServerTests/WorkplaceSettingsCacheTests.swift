import Testing

@testable import ShiftyServer
@testable import ShiftyFeatures

/// The decoded-settings cache (issue 14) must answer exactly what decoding the text answers, never a
/// stale value, and stay bounded.
@Suite struct WorkplaceSettingsCacheTests {
    @Test func aChangedTextIsANewEntryAndCorruptTextStillFails() throws {
        let strict = try StoredWorkplaceSettings.stored(#"{"autoApprove":false}"#, workplaceID: 1)
        let relaxed = try StoredWorkplaceSettings.stored(#"{"autoApprove":true}"#, workplaceID: 1)
        #expect(!strict.autoApprove)
        #expect(relaxed.autoApprove)
        #expect(try StoredWorkplaceSettings.stored(#"{"autoApprove":false}"#, workplaceID: 1) == strict, "asked again: same answer")
        #expect(throws: StoredWorkplaceSettings.CorruptRow.self) { try StoredWorkplaceSettings.stored(#"{"autoApprove":"yes"}"#, workplaceID: 1) }
        #expect(throws: StoredWorkplaceSettings.CorruptRow.self) { try StoredWorkplaceSettings.stored(#"{"autoApprove":"yes"}"#, workplaceID: 1) }
    }

    @Test func staysWithinItsCapacity() {
        let cache = WorkplaceSettingsCache(capacity: 2)
        cache.remember(StoredWorkplaceSettings(), for: "a")
        cache.remember(StoredWorkplaceSettings(), for: "b")
        #expect(cache.settings(for: "a") != nil && cache.settings(for: "b") != nil)
        cache.remember(StoredWorkplaceSettings(), for: "c")
        #expect(cache.settings(for: "a") == nil && cache.settings(for: "b") == nil, "emptied when full")
        #expect(cache.settings(for: "c") != nil)
    }
}
