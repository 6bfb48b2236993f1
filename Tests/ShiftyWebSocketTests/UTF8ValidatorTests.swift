import Testing
@testable import ShiftyWebSocket

@Suite struct UTF8ValidatorTests {
    static let validSamples: [String] = [
        "", "hello", "κόσμε", "日本語テキスト", "emoji 🎉 and more 🧪", String(repeating: "a", count: 100) + "é",
        "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}", "\u{D7FF}\u{E000}",
    ]

    static let invalidSamples: [[UInt8]] = [
        [0x80],  // lone continuation
        [0xC0, 0xAF],  // overlong "/"
        [0xC1, 0xBF],  // overlong
        [0xE0, 0x80, 0xAF],  // overlong three-byte
        [0xED, 0xA0, 0x80],  // UTF-16 surrogate U+D800
        [0xF0, 0x80, 0x80, 0xAF],  // overlong four-byte
        [0xF4, 0x90, 0x80, 0x80],  // above U+10FFFF
        [0xF5, 0x80, 0x80, 0x80],
        [0xFF],
        [0x61, 0x62, 0xCE, 0xBA, 0xE1, 0xBD, 0x61],  // three-byte sequence cut short by ASCII
    ]

    @Test(arguments: validSamples)
    func acceptsValidText(_ text: String) {
        var validator = UTF8Validator()
        let accepted = validator.validate(contentsOf: Array(text.utf8))
        #expect(accepted)
        #expect(validator.isComplete)
    }

    @Test(arguments: validSamples)
    func acceptsValidTextByteByByte(_ text: String) {
        var validator = UTF8Validator()
        for byte in text.utf8 {
            let accepted = validator.validate(contentsOf: [byte])
            #expect(accepted)
        }
        #expect(validator.isComplete)
    }

    @Test(arguments: invalidSamples)
    func rejectsInvalidSequences(_ bytes: [UInt8]) {
        var validator = UTF8Validator()
        let accepted = validator.validate(contentsOf: bytes)
        #expect(!accepted)
    }

    @Test func truncatedSequenceIsValidSoFarButIncomplete() {
        var validator = UTF8Validator()
        let accepted = validator.validate(contentsOf: [0x61, 0xE2, 0x82])
        #expect(accepted)
        #expect(!validator.isComplete)
        let completed = validator.validate(contentsOf: [0xAC])  // completes "€"
        #expect(completed)
        #expect(validator.isComplete)
    }

    @Test func failsAtTheFirstImpossibleByte() {
        // "κόσμε" followed by an overlong sequence: fed byte by byte, the failure comes at 0xC0 exactly.
        let bytes = Array("κόσμε".utf8) + [0xC0, 0x80, 0x61]
        var validator = UTF8Validator()
        var failedAt: Int?
        for (index, byte) in bytes.enumerated() where failedAt == nil {
            if !validator.validate(contentsOf: [byte]) { failedAt = index }
        }
        #expect(failedAt == Array("κόσμε".utf8).count)
    }

    @Test func agreesWithTheStandardLibraryOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let count = Int.random(in: 0..<24, using: &generator)
            // Bias towards high bytes so multi-byte forms are exercised.
            let bytes = (0..<count).map { _ in UInt8.random(in: 0x60...0xFF, using: &generator) }
            var validator = UTF8Validator()
            let ours = validator.validate(contentsOf: bytes) && validator.isComplete
            let reference = String(validating: bytes, as: UTF8.self) != nil
            #expect(ours == reference, "bytes \(bytes)")
        }
    }
}
