import ShiftyConnections
import ShiftyServer
import Testing

/// The per-process WebSocket budget that turns "out of file descriptors" into a clean 503.
@Suite struct WebSocketConnectionBudgetTests {
    @Test func theCeilingLeavesHeadroomForEverythingElse() {
        #expect(WebSocketConnectionBudget.ceiling(descriptorLimit: 20_000) == 18_744)
        #expect(WebSocketConnectionBudget.ceiling(descriptorLimit: 1_024) == 648)
        #expect(WebSocketConnectionBudget.ceiling(descriptorLimit: 100) == 1)
        #expect(WebSocketConnectionBudget.ceiling(descriptorLimit: 1_000_000) == 940_502)
        // Always below the connection ceiling, so live connections cannot starve HTTP.
        for limit in [300, 1_024, 20_000, 1_000_000] {
            let connections = DescriptorBudget(limit: limit, databaseConnections: 8).connectionCeiling
            #expect(WebSocketConnectionBudget.ceiling(descriptorLimit: limit) < connections)
        }
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
