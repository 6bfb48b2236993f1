import Testing

@testable import ShiftyServer

/// The decoded-settings cache (issue 14) must answer exactly what decoding the text answers, never a
/// stale value, and stay bounded.
@Suite struct WorkplaceSettingsCacheTests {
    @Test func aChangedTextIsANewEntryAndCorruptTextStillFails() throws {
        let strict = try WorkplaceSettings.stored(#"{"autoApprove":false}"#, workplaceID: 1)
        let relaxed = try WorkplaceSettings.stored(#"{"autoApprove":true}"#, workplaceID: 1)
        #expect(!strict.autoApprove)
        #expect(relaxed.autoApprove)
        #expect(try WorkplaceSettings.stored(#"{"autoApprove":false}"#, workplaceID: 1) == strict, "asked again: same answer")
        #expect(throws: WorkplaceSettings.CorruptRow.self) { try WorkplaceSettings.stored(#"{"autoApprove":"yes"}"#, workplaceID: 1) }
        #expect(throws: WorkplaceSettings.CorruptRow.self) { try WorkplaceSettings.stored(#"{"autoApprove":"yes"}"#, workplaceID: 1) }
    }

    @Test func staysWithinItsCapacity() {
        let cache = WorkplaceSettingsCache(capacity: 2)
        cache.remember(WorkplaceSettings(), for: "a")
        cache.remember(WorkplaceSettings(), for: "b")
        #expect(cache.settings(for: "a") != nil && cache.settings(for: "b") != nil)
        cache.remember(WorkplaceSettings(), for: "c")
        #expect(cache.settings(for: "a") == nil && cache.settings(for: "b") == nil, "emptied when full")
        #expect(cache.settings(for: "c") != nil)
    }
}
