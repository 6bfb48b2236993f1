extension WebSocketMaskingKey {
    /// The key repeated to fill eight bytes in memory order, starting at key byte `offset`.
    ///
    /// XOR-ing a little- or big-endian load with this word is the same as XOR-ing byte by byte, because the
    /// word was built in memory order too.
    @inlinable
    func wideMask(startingAt offset: Int) -> UInt64 {
        var word: UInt64 = 0
        withUnsafeMutableBytes(of: &word) { bytes in
            for index in 0..<8 {
                bytes[index] = self[offset &+ index]
            }
        }
        return word
    }

    /// Copies `source` into `destination` while applying the mask, eight bytes at a time.
    ///
    /// Masking is symmetric, so the same function masks (client send) and unmasks (server receive).
    /// `offset` is how many payload bytes were already processed with this key, so a frame whose payload
    /// arrives in several reads is unmasked chunk by chunk.
    /// - Precondition: `destination.count >= source.count`; the two may be the same memory.
    @inlinable
    public func apply(
        from source: UnsafeRawBufferPointer,
        to destination: UnsafeMutableRawBufferPointer,
        offset: Int
    ) {
        let count = source.count
        guard count > 0, let sourceBase = source.baseAddress, let destinationBase = destination.baseAddress else {
            return
        }
        precondition(destination.count >= count)
        let mask = self.wideMask(startingAt: offset)
        var index = 0
        // Four words per iteration so the compiler can keep several loads in flight.
        while index &+ 32 <= count {
            let a = sourceBase.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            let b = sourceBase.loadUnaligned(fromByteOffset: index &+ 8, as: UInt64.self)
            let c = sourceBase.loadUnaligned(fromByteOffset: index &+ 16, as: UInt64.self)
            let d = sourceBase.loadUnaligned(fromByteOffset: index &+ 24, as: UInt64.self)
            destinationBase.storeBytes(of: a ^ mask, toByteOffset: index, as: UInt64.self)
            destinationBase.storeBytes(of: b ^ mask, toByteOffset: index &+ 8, as: UInt64.self)
            destinationBase.storeBytes(of: c ^ mask, toByteOffset: index &+ 16, as: UInt64.self)
            destinationBase.storeBytes(of: d ^ mask, toByteOffset: index &+ 24, as: UInt64.self)
            index &+= 32
        }
        while index &+ 8 <= count {
            let word = sourceBase.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            destinationBase.storeBytes(of: word ^ mask, toByteOffset: index, as: UInt64.self)
            index &+= 8
        }
        while index < count {
            let byte = sourceBase.load(fromByteOffset: index, as: UInt8.self)
            destinationBase.storeBytes(of: byte ^ self[offset &+ index], toByteOffset: index, as: UInt8.self)
            index &+= 1
        }
    }
}
