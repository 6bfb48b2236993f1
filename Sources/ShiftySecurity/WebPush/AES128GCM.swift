import CCrypto

/// AES-128-GCM with a 96-bit nonce and a 128-bit tag over OpenSSL's EVP interface.
enum AES128GCM {
    static let tagLength = 16

    /// Ciphertext followed by the tag.
    static func seal(_ plaintext: [UInt8], key: [UInt8], nonce: [UInt8]) throws -> [UInt8] {
        guard let context = EVP_CIPHER_CTX_new() else { throw WebPushCryptoError.openSSL("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_EncryptInit_ex(context, EVP_aes_128_gcm(), nil, key, nonce) == 1 else { throw WebPushCryptoError.openSSL("EVP_EncryptInit_ex") }
        var output = [UInt8](repeating: 0, count: plaintext.count + tagLength)
        var written: Int32 = 0
        var finalWritten: Int32 = 0
        let status = output.withUnsafeMutableBufferPointer { out -> Bool in
            guard EVP_EncryptUpdate(context, out.baseAddress, &written, plaintext, Int32(plaintext.count)) == 1 else { return false }
            guard EVP_EncryptFinal_ex(context, out.baseAddress! + Int(written), &finalWritten) == 1 else { return false }
            return EVP_CIPHER_CTX_ctrl(context, 0x10 /* EVP_CTRL_AEAD_GET_TAG */, Int32(tagLength), out.baseAddress! + plaintext.count) == 1
        }
        guard status, Int(written + finalWritten) == plaintext.count else { throw WebPushCryptoError.openSSL("EVP_EncryptUpdate") }
        return output
    }

    /// The plaintext, or ``WebPushCryptoError/malformedMessage`` when the tag does not match.
    static func open(_ sealed: [UInt8], key: [UInt8], nonce: [UInt8]) throws -> [UInt8] {
        guard sealed.count >= tagLength else { throw WebPushCryptoError.malformedMessage }
        guard let context = EVP_CIPHER_CTX_new() else { throw WebPushCryptoError.openSSL("EVP_CIPHER_CTX_new") }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_DecryptInit_ex(context, EVP_aes_128_gcm(), nil, key, nonce) == 1 else { throw WebPushCryptoError.openSSL("EVP_DecryptInit_ex") }
        let ciphertext = Array(sealed.dropLast(tagLength))
        var tag = Array(sealed.suffix(tagLength))
        var output = [UInt8](repeating: 0, count: ciphertext.count + tagLength)
        var written: Int32 = 0
        var finalWritten: Int32 = 0
        let status = output.withUnsafeMutableBufferPointer { out -> Bool in
            guard EVP_DecryptUpdate(context, out.baseAddress, &written, ciphertext, Int32(ciphertext.count)) == 1 else { return false }
            guard EVP_CIPHER_CTX_ctrl(context, 0x11 /* EVP_CTRL_AEAD_SET_TAG */, Int32(tagLength), &tag) == 1 else { return false }
            return EVP_DecryptFinal_ex(context, out.baseAddress! + Int(written), &finalWritten) == 1
        }
        guard status else { throw WebPushCryptoError.malformedMessage }
        return Array(output.prefix(Int(written + finalWritten)))
    }
}
