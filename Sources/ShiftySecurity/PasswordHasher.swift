import CArgon2

/// Hashes and verifies passwords with Argon2id through libargon2.
///
/// What is stored is libargon2's encoded string (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), so the
/// parameters travel with each hash and ``needsRehash(_:)`` can upgrade old hashes at the next login.
///
/// Both ``hash(_:)`` and ``verify(_:encoded:)`` are deliberately slow and block the calling thread:
/// callers must run them on a thread pool, never on an event loop or the cooperative pool.
public struct PasswordHasher: Sendable {
    public let parameters: Argon2idParameters
    public static let saltLength = 16
    public static let hashLength = 32

    public init(parameters: Argon2idParameters = .owasp) {
        self.parameters = parameters
    }

    /// Hashes `password` with a fresh random salt and returns the encoded form.
    public func hash(_ password: String) throws(PasswordHashingError) -> String {
        let passwordBytes = Array(password.utf8)
        let salt = SecureRandom.bytes(Self.saltLength)
        let encodedLength = argon2_encodedlen(
            parameters.iterations, parameters.memoryKiB, parameters.parallelism,
            UInt32(Self.saltLength), UInt32(Self.hashLength), Argon2_id
        )
        var encoded = [CChar](repeating: 0, count: encodedLength)
        let status = passwordBytes.withUnsafeBytes { passwordPointer in
            salt.withUnsafeBytes { saltPointer in
                encoded.withUnsafeMutableBufferPointer { encodedPointer in
                    argon2id_hash_encoded(
                        parameters.iterations, parameters.memoryKiB, parameters.parallelism,
                        passwordPointer.baseAddress, passwordPointer.count,
                        saltPointer.baseAddress, saltPointer.count,
                        Self.hashLength, encodedPointer.baseAddress, encodedPointer.count
                    )
                }
            }
        }
        guard status == ARGON2_OK.rawValue else {
            throw PasswordHashingError(code: status)
        }
        let bytes = encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// True when `password` matches `encoded`. A malformed encoded string is simply a mismatch.
    public func verify(_ password: String, encoded: String) -> Bool {
        guard encoded.hasPrefix("$argon2id$") else { return false }
        let passwordBytes = Array(password.utf8)
        let status = passwordBytes.withUnsafeBytes { passwordPointer in
            encoded.withCString { encodedPointer in
                argon2id_verify(encodedPointer, passwordPointer.baseAddress, passwordPointer.count)
            }
        }
        return status == ARGON2_OK.rawValue
    }

    /// True when `encoded` was made with other parameters than ours (or is not Argon2id at all),
    /// so the account should be re-hashed after its next successful login.
    public func needsRehash(_ encoded: String) -> Bool {
        EncodedArgon2Hash(encoded)?.parameters != parameters
    }
}

/// Why libargon2 refused to hash.
public struct PasswordHashingError: Error, CustomStringConvertible {
    public let code: Int32
    public var description: String {
        String(cString: argon2_error_message(code))
    }
}
