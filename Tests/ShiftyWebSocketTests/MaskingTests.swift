import Testing
@testable import ShiftyWebSocket

@Suite struct MaskingTests {
    @Test func wordAtATimeMatchesBytewiseReferenceForAllLengthsAndOffsets() {
        let key = WebSocketMaskingKey(0xA1, 0x02, 0xF3, 0x7C)
        let source = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        for length in [0, 1, 3, 7, 8, 9, 15, 31, 32, 33, 63, 64, 65, 127, 300] {
            for offset in 0..<4 {
                let input = Array(source.prefix(length))
                var output = [UInt8](repeating: 0, count: length)
                input.withUnsafeBytes { src in
                    output.withUnsafeMutableBytes { dst in key.apply(from: src, to: dst, offset: offset) }
                }
                let expected = input.enumerated().map { $0.element ^ key[(offset + $0.offset) % 4] }
                #expect(output == expected, "length \(length) offset \(offset)")
            }
        }
    }

    @Test func maskingTwiceRestoresTheInput() {
        let key = WebSocketMaskingKey.random()
        let input = Array("the quick brown fox jumps over the lazy dog".utf8)
        var once = input
        once.withUnsafeMutableBytes { buffer in key.apply(from: UnsafeRawBufferPointer(buffer), to: buffer, offset: 0) }
        #expect(once != input)
        var twice = once
        twice.withUnsafeMutableBytes { buffer in key.apply(from: UnsafeRawBufferPointer(buffer), to: buffer, offset: 0) }
        #expect(twice == input)
    }
}
