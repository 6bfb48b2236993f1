import Testing
import ShiftyTerminal

@Suite struct ReconnectPolicyTests {
    @Test func delaysDoubleUpToTheCap() {
        let policy = ReconnectPolicy(initialDelay: 0.5, multiplier: 2, maximumDelay: 30, jitter: 0.5)
        let nominal = (1...10).map { policy.nominalDelay(attempt: $0) }
        #expect(nominal == [0.5, 1, 2, 4, 8, 16, 30, 30, 30, 30])
        #expect(policy.nominalDelay(attempt: 1_000_000) == 30)
        #expect(policy.nominalDelay(attempt: Int.max) == 30)
    }

    @Test func jitterTakesUpToItsFractionOff() {
        let policy = ReconnectPolicy(initialDelay: 1, multiplier: 2, maximumDelay: 30, jitter: 0.5)
        #expect(policy.delay(attempt: 3, random: 0) == 4)
        #expect(policy.delay(attempt: 3, random: 0.5) == 3)
        #expect(policy.delay(attempt: 3, random: 0.999_999) > 2)
        #expect(policy.delay(attempt: 20, random: 0.999_999) <= 30)
        #expect(policy.delay(attempt: 20, random: 0.999_999) >= 15)
        // Out-of-range randomness cannot produce a negative or oversized delay.
        #expect(policy.delay(attempt: 3, random: -5) == 4)
        #expect(policy.delay(attempt: 3, random: 7) == 2)
    }

    @Test func noJitterMeansExactDelays() {
        let policy = ReconnectPolicy(initialDelay: 0.25, multiplier: 3, maximumDelay: 10, jitter: 0)
        #expect((1...5).map { policy.delay(attempt: $0, random: 0.9) } == [0.25, 0.75, 2.25, 6.75, 10])
    }
}
