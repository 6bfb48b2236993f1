import CCrypto

/// An owned OpenSSL `EVP_PKEY` for P-256, made from raw bytes and freed on deinit.
final class OpenSSLKey {
    let pointer: OpaquePointer

    // OSSL_KEYMGMT_SELECT_*: EVP_PKEY_PUBLIC_KEY (0x86) and EVP_PKEY_KEYPAIR (0x87) are macros
    // built from other macros, which Swift does not import.
    private static let selectPublicKey: Int32 = 0x86
    private static let selectKeyPair: Int32 = 0x87

    convenience init(keyPair: P256KeyPair) throws {
        try self.init(publicKey: keyPair.publicKey, privateKey: keyPair.privateKey)
    }

    convenience init(publicKey: [UInt8]) throws {
        try self.init(publicKey: publicKey, privateKey: nil)
    }

    private init(publicKey: [UInt8], privateKey: [UInt8]?) throws {
        guard publicKey.count == 65, publicKey.first == 0x04 else { throw WebPushCryptoError.invalidPublicKey }
        // OSSL_PARAM_BLD keeps pointers to the strings and bytes it is given until
        // OSSL_PARAM_BLD_to_param copies them, so everything stays pinned until then.
        self.pointer = try publicKey.withUnsafeBufferPointer { publicBytes in
            try Self.makeKey(publicKey: publicBytes, privateKey: privateKey)
        }
    }

    /// Parameter names and the group name as C strings that live as long as the process: the
    /// finished OSSL_PARAM array still points at its keys when EVP_PKEY_fromdata reads it.
    private static func permanent(_ text: String) -> UnsafePointer<CChar> {
        let bytes = Array(text.utf8CString)
        let storage = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
        storage.initialize(from: bytes, count: bytes.count)
        return UnsafePointer(storage)
    }
    nonisolated(unsafe) private static let groupKey = permanent("group")
    nonisolated(unsafe) private static let publicKeyKey = permanent("pub")
    nonisolated(unsafe) private static let privateKeyKey = permanent("priv")
    nonisolated(unsafe) private static let groupName = permanent("prime256v1")

    private static func makeKey(publicKey: UnsafeBufferPointer<UInt8>, privateKey: [UInt8]?) throws -> OpaquePointer {
        guard let builder = OSSL_PARAM_BLD_new() else { throw WebPushCryptoError.openSSL("OSSL_PARAM_BLD_new") }
        defer { OSSL_PARAM_BLD_free(builder) }
        var scalar: OpaquePointer?
        defer { if let scalar { BN_clear_free(scalar) } }
        guard OSSL_PARAM_BLD_push_utf8_string(builder, groupKey, groupName, 0) == 1,
              OSSL_PARAM_BLD_push_octet_string(builder, publicKeyKey, publicKey.baseAddress, publicKey.count) == 1
        else { throw WebPushCryptoError.openSSL("OSSL_PARAM_BLD_push") }
        if let privateKey {
            guard privateKey.count == 32, let value = BN_bin2bn(privateKey, 32, nil) else { throw WebPushCryptoError.invalidPrivateKey }
            scalar = value
            guard OSSL_PARAM_BLD_push_BN(builder, privateKeyKey, value) == 1 else { throw WebPushCryptoError.openSSL("OSSL_PARAM_BLD_push_BN") }
        }
        guard let parameters = OSSL_PARAM_BLD_to_param(builder) else { throw WebPushCryptoError.openSSL("OSSL_PARAM_BLD_to_param") }
        defer { OSSL_PARAM_free(parameters) }
        guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { throw WebPushCryptoError.openSSL("EVP_PKEY_CTX_new_from_name") }
        defer { EVP_PKEY_CTX_free(context) }
        var key: OpaquePointer?
        guard EVP_PKEY_fromdata_init(context) == 1,
              EVP_PKEY_fromdata(context, &key, privateKey == nil ? selectPublicKey : selectKeyPair, parameters) == 1,
              let key
        else { throw privateKey == nil ? WebPushCryptoError.invalidPublicKey : WebPushCryptoError.invalidPrivateKey }
        return key
    }

    deinit { EVP_PKEY_free(pointer) }

    /// OpenSSL's full key check: the point is on the curve and, with a private key, matches it.
    func check() throws {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else { throw WebPushCryptoError.openSSL("EVP_PKEY_CTX_new_from_pkey") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_check(context) == 1 else { throw WebPushCryptoError.invalidPrivateKey }
    }

    func checkPublic() throws {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else { throw WebPushCryptoError.openSSL("EVP_PKEY_CTX_new_from_pkey") }
        defer { EVP_PKEY_CTX_free(context) }
        guard EVP_PKEY_public_check(context) == 1 else { throw WebPushCryptoError.invalidPublicKey }
    }

    func deriveSharedSecret(with peer: OpenSSLKey) throws -> [UInt8] {
        try peer.checkPublic()
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, pointer, nil) else { throw WebPushCryptoError.openSSL("EVP_PKEY_CTX_new_from_pkey") }
        defer { EVP_PKEY_CTX_free(context) }
        var length = 0
        guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer(context, peer.pointer) == 1,
              EVP_PKEY_derive(context, nil, &length) == 1, length == 32
        else { throw WebPushCryptoError.openSSL("EVP_PKEY_derive") }
        var secret = [UInt8](repeating: 0, count: length)
        guard EVP_PKEY_derive(context, &secret, &length) == 1, length == 32 else { throw WebPushCryptoError.openSSL("EVP_PKEY_derive") }
        return secret
    }

    func signES256(_ message: [UInt8]) throws -> [UInt8] {
        guard let digestContext = EVP_MD_CTX_new() else { throw WebPushCryptoError.openSSL("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(digestContext) }
        guard EVP_DigestSignInit(digestContext, nil, EVP_sha256(), nil, pointer) == 1 else { throw WebPushCryptoError.openSSL("EVP_DigestSignInit") }
        var length = 0
        guard EVP_DigestSign(digestContext, nil, &length, message, message.count) == 1 else { throw WebPushCryptoError.openSSL("EVP_DigestSign") }
        var der = [UInt8](repeating: 0, count: length)
        guard EVP_DigestSign(digestContext, &der, &length, message, message.count) == 1 else { throw WebPushCryptoError.openSSL("EVP_DigestSign") }
        return try der.withUnsafeBufferPointer { buffer -> [UInt8] in
            var cursor: UnsafePointer<UInt8>? = buffer.baseAddress
            guard let signature = d2i_ECDSA_SIG(nil, &cursor, length) else { throw WebPushCryptoError.openSSL("d2i_ECDSA_SIG") }
            defer { ECDSA_SIG_free(signature) }
            var r: OpaquePointer?
            var s: OpaquePointer?
            ECDSA_SIG_get0(signature, &r, &s)
            var output = [UInt8](repeating: 0, count: 64)
            let written = output.withUnsafeMutableBufferPointer { out in
                (BN_bn2binpad(r, out.baseAddress, 32), BN_bn2binpad(s, out.baseAddress! + 32, 32))
            }
            guard written == (32, 32) else { throw WebPushCryptoError.openSSL("BN_bn2binpad") }
            return output
        }
    }

    func verifyES256(_ signature: [UInt8], over message: [UInt8]) throws -> Bool {
        guard signature.count == 64 else { return false }
        guard let ecdsa = ECDSA_SIG_new() else { throw WebPushCryptoError.openSSL("ECDSA_SIG_new") }
        defer { ECDSA_SIG_free(ecdsa) }
        guard let r = BN_bin2bn(signature, 32, nil), let s = BN_bin2bn(Array(signature[32...]), 32, nil) else {
            throw WebPushCryptoError.openSSL("BN_bin2bn")
        }
        guard ECDSA_SIG_set0(ecdsa, r, s) == 1 else { BN_free(r); BN_free(s); throw WebPushCryptoError.openSSL("ECDSA_SIG_set0") }
        var derPointer: UnsafeMutablePointer<UInt8>?
        let derLength = i2d_ECDSA_SIG(ecdsa, &derPointer)
        guard derLength > 0, let derPointer else { throw WebPushCryptoError.openSSL("i2d_ECDSA_SIG") }
        defer { CRYPTO_free(derPointer, #fileID, #line) }
        guard let digestContext = EVP_MD_CTX_new() else { throw WebPushCryptoError.openSSL("EVP_MD_CTX_new") }
        defer { EVP_MD_CTX_free(digestContext) }
        guard EVP_DigestVerifyInit(digestContext, nil, EVP_sha256(), nil, pointer) == 1 else { throw WebPushCryptoError.openSSL("EVP_DigestVerifyInit") }
        return EVP_DigestVerify(digestContext, derPointer, Int(derLength), message, message.count) == 1
    }
}
