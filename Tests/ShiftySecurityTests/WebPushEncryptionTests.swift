import Testing
@testable import ShiftySecurity

/// RFC 8291 §5 (with Appendix A's keys): the exact body for the exact inputs, byte for byte.
@Suite struct WebPushEncryptionTests {
    static let plaintext = "When I grow up, I want to be a watermelon"
    static let userAgentPublic = "BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4"
    static let userAgentPrivate = "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94"
    static let senderPublic = "BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8"
    static let senderPrivate = "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw"
    static let authSecret = "BTBZMqHH6r4Tts7J_aSIgg"
    static let salt = "DGv6ra1nlYgDCS1FRnbzlw"
    static let body = "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
    /// Appendix A's intermediate values, so a failure says which step moved.
    static let sharedSecret = "kyrL1jIIOHEzg3sM2ZWRHDRB62YACZhhSlknJ672kSs"
    static let contentEncryptionKey = "oIhVW04MRdy2XN9CiKLxTg"
    static let nonce = "4h_95klXJ5E_qnoN"

    static func bytes(_ text: String) -> [UInt8] { Base64URL.decode(text)! }

    @Test func encryptsTheWorkedExampleToTheExactBody() throws {
        let sender = try P256KeyPair(privateKey: Self.bytes(Self.senderPrivate), publicKey: Self.bytes(Self.senderPublic))
        let body = try WebPushEncryption.encrypt(
            Array(Self.plaintext.utf8), userAgentPublicKey: Self.bytes(Self.userAgentPublic), authSecret: Self.bytes(Self.authSecret),
            senderKey: sender, salt: Self.bytes(Self.salt))
        #expect(Base64URL.encode(body) == Self.body)
        #expect(body.count == 144)
    }

    @Test func derivesAppendixAIntermediates() throws {
        let sender = try P256KeyPair(privateKey: Self.bytes(Self.senderPrivate), publicKey: Self.bytes(Self.senderPublic))
        let secret = try sender.sharedSecret(with: Self.bytes(Self.userAgentPublic))
        #expect(Base64URL.encode(secret) == Self.sharedSecret)
        let keys = WebPushEncryption.contentKeys(
            sharedSecret: secret, authSecret: Self.bytes(Self.authSecret), salt: Self.bytes(Self.salt),
            userAgentPublicKey: Self.bytes(Self.userAgentPublic), senderPublicKey: Self.bytes(Self.senderPublic))
        #expect(Base64URL.encode(keys.contentEncryptionKey) == Self.contentEncryptionKey)
        #expect(Base64URL.encode(keys.nonce) == Self.nonce)
    }

    @Test func theReceiverDecryptsTheWorkedExample() throws {
        let receiver = try P256KeyPair(privateKey: Self.bytes(Self.userAgentPrivate), publicKey: Self.bytes(Self.userAgentPublic))
        let payload = try WebPushEncryption.decrypt(Self.bytes(Self.body), userAgentKey: receiver, authSecret: Self.bytes(Self.authSecret))
        #expect(String(decoding: payload, as: UTF8.self) == Self.plaintext)
    }

    @Test func freshKeysRoundTripWithPaddingAndDifferEachTime() throws {
        let receiver = try P256KeyPair.generate()
        let auth = SecureRandom.bytes(16)
        let message = Array("{\"title\":\"Shift offered\"}".utf8)
        let first = try WebPushEncryption.encrypt(message, userAgentPublicKey: receiver.publicKey, authSecret: auth, paddingLength: 40)
        let second = try WebPushEncryption.encrypt(message, userAgentPublicKey: receiver.publicKey, authSecret: auth)
        #expect(first.count == 86 + message.count + 1 + 40 + 16)
        #expect(first.prefix(16) != second.prefix(16))
        #expect(try WebPushEncryption.decrypt(first, userAgentKey: receiver, authSecret: auth) == message)
        #expect(try WebPushEncryption.decrypt(second, userAgentKey: receiver, authSecret: auth) == message)
        var tampered = first
        tampered[100] ^= 1
        #expect(throws: WebPushCryptoError.malformedMessage) {
            try WebPushEncryption.decrypt(tampered, userAgentKey: receiver, authSecret: auth)
        }
    }

    @Test func refusesBadKeysAndOversizedPayloads() throws {
        let receiver = try P256KeyPair.generate()
        #expect(throws: WebPushCryptoError.invalidAuthSecret) {
            try WebPushEncryption.encrypt([1], userAgentPublicKey: receiver.publicKey, authSecret: [1, 2, 3])
        }
        var offCurve = receiver.publicKey
        offCurve[40] ^= 0x55
        #expect(throws: WebPushCryptoError.invalidPublicKey) {
            try WebPushEncryption.encrypt([1], userAgentPublicKey: offCurve, authSecret: SecureRandom.bytes(16))
        }
        #expect(throws: WebPushCryptoError.payloadTooLarge(maximum: WebPushEncryption.maximumPayload)) {
            try WebPushEncryption.encrypt(
                [UInt8](repeating: 7, count: WebPushEncryption.maximumPayload + 1), userAgentPublicKey: receiver.publicKey, authSecret: SecureRandom.bytes(16))
        }
        let other = try P256KeyPair.generate()
        #expect(throws: WebPushCryptoError.invalidPrivateKey) {
            try P256KeyPair(privateKey: receiver.privateKey, publicKey: other.publicKey)
        }
    }

    @Test func vapidTokenNamesTheOriginAndVerifiesWithThePublicKey() throws {
        #expect(VAPIDToken.audience(ofEndpoint: "https://Push.Example.net:8443/wpush/v2/abc?x=1") == "https://push.example.net:8443")
        #expect(VAPIDToken.audience(ofEndpoint: "https://push.example.net:443/x") == "https://push.example.net", "an origin without its default port")
        #expect(VAPIDToken.audience(ofEndpoint: "ftp://push.example.net/x") == nil)
        #expect(VAPIDToken.audience(ofEndpoint: "https://user@evil/x") == nil)
        let key = try P256KeyPair.generate()
        let token = VAPIDToken(audience: "https://push.example.net", expiresAt: 1_800_000_000, subject: "mailto:ops@example.com")
        let jwt = try token.jwt(signedWith: key)
        let parts = jwt.split(separator: ".").map(String.init)
        #expect(parts.count == 3)
        #expect(String(decoding: Base64URL.decode(parts[0])!, as: UTF8.self) == #"{"typ":"JWT","alg":"ES256"}"#)
        #expect(String(decoding: Base64URL.decode(parts[1])!, as: UTF8.self)
            == #"{"aud":"https://push.example.net","exp":1800000000,"sub":"mailto:ops@example.com"}"#)
        #expect(Base64URL.decode(parts[2])!.count == 64)
        #expect(try key.verifyES256(Base64URL.decode(parts[2])!, over: Array((parts[0] + "." + parts[1]).utf8)))
        #expect(try !key.verifyES256(Base64URL.decode(parts[2])!, over: Array((parts[0] + "." + parts[1] + "x").utf8)))
        #expect(try token.authorization(signedWith: key).hasSuffix(", k=" + Base64URL.encode(key.publicKey)))
    }
}
