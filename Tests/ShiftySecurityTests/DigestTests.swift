import Testing
@testable import ShiftySecurity

@Suite struct DigestTests {
    @Test func sha256KnownVectors() {
        #expect(Hex.encode(Digest.sha256(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Digest.sha256Hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func sha1KnownVector() {
        #expect(Hex.encode(Digest.sha1(Array("abc".utf8))) == "a9993e364706816aba3e25717850c26c9cd0d89d")
    }

    @Test(arguments: [
        ([UInt8](), ""), ([0xFB], "-w"), ([0xFB, 0xFF], "-_8"), ([0x66, 0x6F, 0x6F], "Zm9v"), ([0x66, 0x6F, 0x6F, 0x62], "Zm9vYg"),
    ])
    func base64URL(input: [UInt8], expected: String) {
        #expect(Base64URL.encode(input) == expected)
    }

    @Test func randomTokensAreLongAndDistinct() {
        let tokens = (0..<100).map { _ in SecureRandom.token() }
        #expect(Set(tokens).count == 100)
        #expect(tokens.allSatisfy { $0.count == 43 })
    }

    @Test func secretTokenStoresOnlyTheHash() {
        let token = SecretToken()
        #expect(token.hash == SecretToken.hash(of: token.value))
        #expect(token.hash.count == 64)
        #expect(!token.hash.contains(token.value))
    }

    @Test func passwordPolicy() {
        let policy = PasswordPolicy()
        #expect(policy.violation(for: "short") == .tooShort(minimum: 8))
        #expect(policy.violation(for: "long enough") == nil)
        #expect(policy.violation(for: String(repeating: "a", count: 1025)) == .tooLong(maximumBytes: 1024))
        #expect(policy.violation(for: String(repeating: "é", count: 600)) == .tooLong(maximumBytes: 1024))
    }
}
