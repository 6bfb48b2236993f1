import Foundation
import ShiftyTestSupport
import Testing

/// `GET /api/v1/login-page`: the logged-out page shows the demo logins and the "Create a new
/// workplace" form only where the server offers them.
@Suite struct LoginPageTests {
    @Test func aPlainServerOffersNeitherTheDemoNorSignup() async throws {
        try await TestServer.with(configure: { $0.allowSignup = false; $0.demo = false }) { server in
            let options = try await server.client.json(.GET, "/api/v1/login-page")
            #expect(options.status == 200, "\(options.text)")
            #expect(options.json["demo"] as? Bool == false)
            #expect(options.json["allowSignup"] as? Bool == false)
        }
    }

    @Test func signupIsOfferedOnlyWhereItIsAllowed() async throws {
        try await TestServer.with(configure: { $0.allowSignup = true }) { server in
            let options = try await server.client.json(.GET, "/api/v1/login-page")
            #expect(options.json["allowSignup"] as? Bool == true)
            #expect(options.json["demo"] as? Bool == false)
        }
    }

    @Test func thePageHidesBothUntilTheServerSaysSo() throws {
        let html = try String(contentsOf: TestServer.repositoryRoot.appendingPathComponent("web/index.html"), encoding: .utf8)
        #expect(html.contains(#"<p id="demo-hint" class="hint" hidden>"#))
        #expect(html.contains(#"<details id="create-workplace" hidden>"#))
    }
}
