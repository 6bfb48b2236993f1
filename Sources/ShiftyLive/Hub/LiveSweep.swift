/// One fan-out (a batch of events of one workplace, or one `now` board) over a snapshot of the
/// recipients, done a slice at a time so that the event loop answers its other sockets in between.
///
/// A 10,000-subscriber broadcast done in one go held the loop for 140–200 ms (`/healthz` waited
/// that long); in slices of ``LiveShard/sliceBudget`` deliveries the loop is back at its sockets
/// every millisecond or two. No I/O here: ``LiveShard`` runs it.
struct LiveSweep<Recipient> {
    let recipients: [Recipient]
    /// What one recipient gets (its events, or the board if subscribed).
    let deliver: (Recipient) -> Void
    /// What one recipient costs of a slice's budget: the number of frames it may get.
    let cost: Int
    private(set) var next = 0

    init(recipients: [Recipient], cost: Int, deliver: @escaping (Recipient) -> Void) {
        self.recipients = recipients
        self.cost = max(1, cost)
        self.deliver = deliver
    }

    var isDone: Bool { next >= recipients.count }

    /// Delivers to recipients while `budget` lasts (at least one, so every sweep makes progress);
    /// returns whether the sweep is complete.
    mutating func run(budget: inout Int) -> Bool {
        repeat {
            guard next < recipients.count else { break }
            deliver(recipients[next])
            next += 1
            budget -= cost
        } while budget > 0
        return isDone
    }
}
