/// Lets at most `permits` secret checks (reserve a throttle slot, verify with Argon2id, settle the
/// slot) run at once on this instance; the others wait their turn *before* they take a slot.
///
/// A throttle slot is taken before verification so that concurrent guesses cannot outrun the limit
/// (docs/throttles.md). Without turns, fifty coworkers logging in at once through the shop's one
/// address would hold fifty slots of the address's thirty while they queue for the two Argon2id
/// threads, and the last twenty would be told to wait although nobody guessed anything. With turns,
/// only the checks actually running hold slots (the hashing threads' number per instance), so a
/// rush of right passwords never fills a budget and wrong ones still cannot pass it.
actor VerificationTurns {
    private let permits: Int
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(permits: Int) {
        self.permits = max(1, permits)
    }

    /// Runs `body` when a turn is free.
    nonisolated func run<Value: Sendable>(_ body: @Sendable () async throws -> Value) async throws -> Value {
        await self.acquire()
        do {
            let value = try await body()
            await self.release()
            return value
        } catch {
            await self.release()
            throw error
        }
    }

    private func acquire() async {
        if running < permits {
            running += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func release() {
        if waiting.isEmpty {
            running -= 1
        } else {
            // The turn passes straight to the longest waiter: `running` stays the same.
            waiting.removeFirst().resume()
        }
    }
}
