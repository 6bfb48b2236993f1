import Testing
@testable import ShiftySecurity

@Suite struct PasswordHasherTests {
    let hasher = PasswordHasher(parameters: .testing)

    @Test func verifiesTheRightPassword() throws {
        let encoded = try hasher.hash("correct horse battery staple")
        #expect(encoded.hasPrefix("$argon2id$v=19$m=8,t=1,p=1$"))
        #expect(hasher.verify("correct horse battery staple", encoded: encoded))
    }

    @Test func rejectsTheWrongPassword() throws {
        let encoded = try hasher.hash("correct horse battery staple")
        #expect(!hasher.verify("correct horse battery stapler", encoded: encoded))
        #expect(!hasher.verify("", encoded: encoded))
    }

    @Test func saltsEveryHash() throws {
        #expect(try hasher.hash("same password") != hasher.hash("same password"))
    }

    @Test func malformedEncodingIsAMismatchNotACrash() {
        #expect(!hasher.verify("x", encoded: ""))
        #expect(!hasher.verify("x", encoded: "$argon2id$v=19$m=8,t=1,p=1$AAAA"))
        #expect(!hasher.verify("x", encoded: "$argon2i$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaA"))
        #expect(!hasher.verify("x", encoded: "plaintext"))
    }

    @Test func flagsHashesWithOtherParametersForRehash() throws {
        let old = try hasher.hash("password123")
        let current = PasswordHasher(parameters: .init(memoryKiB: 16, iterations: 1, parallelism: 1))
        #expect(current.needsRehash(old))
        #expect(!hasher.needsRehash(old))
        #expect(current.verify("password123", encoded: old), "old hashes still verify after a parameter change")
        #expect(hasher.needsRehash("not a hash"))
    }

    @Test func owaspDefaults() {
        #expect(Argon2idParameters.owasp == .init(memoryKiB: 19_456, iterations: 2, parallelism: 1))
        #expect(PasswordHasher().parameters == .owasp)
    }
}
