import NIOCore
import NIOPosix
import ShiftySecurity

/// Runs Argon2id on its own threads.
///
/// A hash costs about 0.14 s of CPU at production settings: on an event loop that would stall
/// every connection of that loop, and on the cooperative pool it would starve other tasks.
public final class PasswordService: Sendable {
    public let hasher: PasswordHasher
    public let policy: PasswordPolicy
    private let threadPool: NIOThreadPool
    /// One turn per hashing thread: see ``VerificationTurns``.
    private let turns: VerificationTurns
    /// A real hash to verify against when the username does not exist, so that the response
    /// time does not reveal which usernames exist.
    private let dummyHash: String

    public init(parameters: Argon2idParameters, policy: PasswordPolicy = PasswordPolicy(), threads: Int = System.coreCount) throws {
        self.hasher = PasswordHasher(parameters: parameters)
        self.policy = policy
        self.threadPool = NIOThreadPool(numberOfThreads: max(1, threads))
        self.turns = VerificationTurns(permits: max(1, threads))
        self.threadPool.start()
        self.dummyHash = try hasher.hash(SecureRandom.token())
    }

    /// Checks the policy, then hashes. Throws ``PasswordRefusal`` for a password that breaks the policy.
    public func hashNewPassword(_ password: String, field: String = "password") async throws -> String {
        if let violation = policy.violation(for: password) { throw PasswordRefusal(field: field, violation: violation) }
        let hasher = self.hasher
        return try await threadPool.runIfActive { try hasher.hash(password) }
    }

    /// Verifies `password` against `encoded`, or against a dummy hash when `encoded` is nil.
    public func verify(_ password: String, encoded: String?) async throws -> Bool {
        // Oversized input is never hashed; it cannot match a policy-conforming password anyway.
        guard password.utf8.count <= policy.maximumBytes else { return false }
        let hasher = self.hasher
        let target = encoded ?? dummyHash
        let matches = try await threadPool.runIfActive { hasher.verify(password, encoded: target) }
        return encoded != nil && matches
    }

    /// Runs a whole secret check (throttle slot, verification, settling the slot) when one of this
    /// instance's hashing threads is free, so waiting attempts hold no throttle slot.
    package func inTurn<Value: Sendable>(_ check: @Sendable () async throws -> Value) async throws -> Value {
        try await turns.run(check)
    }

    public func needsRehash(_ encoded: String) -> Bool { hasher.needsRehash(encoded) }

    public func shutdown() async throws {
        try await threadPool.shutdownGracefully()
    }
}
