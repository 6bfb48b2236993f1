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
        let demoHint = try #require(html.firstRange(of: #"<p id="demo-hint""#).map { html[$0.lowerBound...].prefix { $0 != ">" } })
        let createWorkplace = try #require(html.firstRange(of: #"<details id="create-workplace""#).map { html[$0.lowerBound...].prefix { $0 != ">" } })
        #expect(demoHint.hasSuffix(" hidden"), "the demo hint starts hidden: \(demoHint)")
        #expect(createWorkplace.hasSuffix(" hidden"), "the signup form starts hidden: \(createWorkplace)")
    }
}
