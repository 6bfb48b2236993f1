/// What the broadcast measurement needs from a set of subscribers, whichever client holds them.
protocol BroadcastSubscribers: Sendable {
    var deliveries: Int { get }
    var hellos: Int { get }
    var logs: [DeliveryLog] { get }
    var closes: (count: Int, codes: [String: Int]) { get }
}

extension LoadClient: BroadcastSubscribers {}

extension EpollSubscribers: BroadcastSubscribers {
    var logs: [DeliveryLog] { [deliveryLog] }
    var closes: (count: Int, codes: [String: Int]) { deliveryLog.closes }
}
