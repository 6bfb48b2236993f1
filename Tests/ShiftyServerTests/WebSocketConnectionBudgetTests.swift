import ShiftyServer
import Testing

/// The per-process WebSocket budget that turns "out of file descriptors" into a clean 503.
@Suite struct WebSocketConnectionBudgetTests {
    @Test func theCeilingLeavesHeadroomForEverythingElse() {
        #expect(WebSocketConnectionBudget.ceiling(descriptorLimit: 20_000) == 19_500)
        #expect(WebSocketConnectionBudget.ceiling(descriptorLimit: 1_024) == 768)
        #expect(WebSocketConnectionBudget.ceiling(descriptorLimit: 100) == 1)
        #expect(WebSocketConnectionBudget.ceiling(descriptorLimit: 1_000_000) == 975_000)
    }

    @Test func placesAreTakenUpToTheCeilingAndGivenBack() {
        let budget = WebSocketConnectionBudget(ceiling: 2)
        #expect(budget.tryAcquire())
        #expect(budget.tryAcquire())
        #expect(!budget.tryAcquire())
        #expect(budget.openConnections == 2)
        budget.release()
        #expect(budget.tryAcquire())
        #expect(!budget.tryAcquire())
    }
}
