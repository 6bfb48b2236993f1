// Decode+unmask and encode throughput of ShiftyWebSocket against NIOWebSocket, in the same process and the
// same harness: an EmbeddedChannel fed 64 KiB reads (decode) or written frame by frame (encode).
// Run in release mode: Benchmarks/run.sh.
import Foundation
import NIOCore
import NIOEmbedded
import NIOWebSocket
import ShiftyWebSocket

/// Counts delivered payload bytes; benchmark-only, touched from the one embedded event loop.
final class Counter: @unchecked Sendable {
    var bytes = 0
    var frames = 0
}

/// NIO's decoder delivers frames; unmasking is the consumer's job, so this sink does it.
final class NIOUnmaskingSink: ChannelInboundHandler {
    typealias InboundIn = WebSocketFrame
    let counter: Counter
    init(counter: Counter) { self.counter = counter }
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let frame = Self.unwrapInboundIn(data)
        let payload = frame.unmaskedData
        self.counter.bytes += payload.readableBytes
        self.counter.frames += 1
    }
}

let readSize = 64 * 1024
let decodeBytesPerRun = 32 * 1024 * 1024
let encodeBytesPerRun = 32 * 1024 * 1024
let repetitions = 5
/// Encode: how many frames are written before the output is drained (both sides alike). Frames that
/// pile up in the EmbeddedChannel stand in for a socket that has not been written yet.
let drainEvery = max(Int(ProcessInfo.processInfo.environment["BENCH_DRAIN_EVERY"] ?? "") ?? 256, 1)

/// Masked binary frames of `size` bytes, concatenated and cut into 64 KiB reads.
func clientStream(frameSize: Int) -> (reads: [ByteBuffer], frames: Int) {
    let frames = max(decodeBytesPerRun / (frameSize + 14), 1)
    var all = ByteBuffer()
    let payload = ByteBuffer(bytes: (0..<frameSize).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    for index in 0..<frames {
        let key = WebSocketMaskingKey(UInt8(index & 0xFF), 0x5A, 0xC3, 0x11)
        WebSocketFrameEncoder.writeFrame(opcode: .binary, maskingKey: key, payload: payload, into: &all)
    }
    var reads: [ByteBuffer] = []
    while all.readableBytes > 0 {
        reads.append(all.readSlice(length: min(readSize, all.readableBytes))!)
    }
    return (reads, frames)
}

/// `BENCH_CLOCK=cpu` times each repetition with this thread's CPU time instead of the wall clock: on a
/// shared machine the wall clock also counts the time other processes hold the core, which lands on
/// whichever side happens to run then. Both sides are timed with the same clock.
let usesThreadCPUTime = ProcessInfo.processInfo.environment["BENCH_CLOCK"] == "cpu"

func now() -> Double {
    var time = timespec()
    clock_gettime(usesThreadCPUTime ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func measure(_ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<repetitions {
        let start = now()
        try body()
        best = min(best, now() - start)
    }
    return best
}

func benchmarkDecodeOurs(reads: [ByteBuffer], frames: Int) throws -> Double {
    try measure {
        let counter = Counter()
        let channel = EmbeddedChannel()
        var configuration = WebSocketConfiguration()
        configuration.pingInterval = nil
        try channel.pipeline.syncOperations.addHandler(
            WebSocketHandler(
                role: .server,
                configuration: configuration,
                callbacks: WebSocketCallbacks(onMessage: { message, _ in
                    counter.bytes += message.data.readableBytes
                    counter.frames += 1
                })
            )
        )
        for read in reads {
            try channel.writeInbound(read)
        }
        precondition(counter.frames == frames, "ours decoded \(counter.frames) of \(frames)")
        _ = try channel.finish()
    }
}

func benchmarkDecodeNIO(reads: [ByteBuffer], frames: Int) throws -> Double {
    try measure {
        let counter = Counter()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 20)))
        try channel.pipeline.syncOperations.addHandler(NIOUnmaskingSink(counter: counter))
        for read in reads {
            try channel.writeInbound(read)
        }
        precondition(counter.frames == frames, "NIO decoded \(counter.frames) of \(frames)")
        _ = try channel.finish()
    }
}

func drain(_ channel: EmbeddedChannel) throws -> Int {
    var total = 0
    while let buffer = try channel.readOutbound(as: ByteBuffer.self) {
        total += buffer.readableBytes
    }
    return total
}

func benchmarkEncodeOurs(frameSize: Int, frames: Int) throws -> Double {
    let payload = ByteBuffer(bytes: (0..<frameSize).map { UInt8(truncatingIfNeeded: $0) })
    return try measure {
        let channel = EmbeddedChannel()
        var configuration = WebSocketConfiguration()
        configuration.pingInterval = nil
        let opened = Counter()
        nonisolated(unsafe) var connection: WebSocketConnection?
        try channel.pipeline.syncOperations.addHandler(
            WebSocketHandler(role: .server, configuration: configuration, callbacks: WebSocketCallbacks(onOpen: { connection = $0; opened.frames += 1 }))
        )
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        guard let connection else { fatalError("not opened") }
        var written = 0
        for index in 0..<frames {
            // The message is made per send, as NIO's side makes its `WebSocketFrame` per send.
            connection.send(.binary(payload))
            if index % drainEvery == drainEvery - 1 { written += try drain(channel) }
        }
        written += try drain(channel)
        precondition(written >= frames * (frameSize + 2), "ours wrote \(written)")
        _ = try channel.finish()
    }
}

func benchmarkEncodeNIO(frameSize: Int, frames: Int) throws -> Double {
    let payload = ByteBuffer(bytes: (0..<frameSize).map { UInt8(truncatingIfNeeded: $0) })
    return try measure {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(WebSocketFrameEncoder())
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        var written = 0
        for index in 0..<frames {
            channel.writeAndFlush(WebSocketFrame(fin: true, opcode: .binary, data: payload), promise: nil)
            if index % drainEvery == drainEvery - 1 { written += try drain(channel) }
        }
        written += try drain(channel)
        precondition(written >= frames * (frameSize + 2), "NIO wrote \(written)")
        _ = try channel.finish()
    }
}

func format(_ value: Double) -> String { String(format: "%.1f", value) }

var sizes = [16, 125, 1024, 65536]
if CommandLine.arguments.count > 1 {
    sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }
}
print("| operation | frame payload | ShiftyWebSocket MB/s | NIOWebSocket MB/s | Shifty frames/s | NIO frames/s | ratio |")
print("|---|---:|---:|---:|---:|---:|---:|")
let only = ProcessInfo.processInfo.environment["BENCH_ONLY"]
if let only {
    // Profiling aid: run one side alone, e.g. BENCH_ONLY=encode-ours perf record ...
    for size in sizes {
        let frames = max(encodeBytesPerRun / (size + 10), 1)
        switch only {
        case "encode-ours": _ = try benchmarkEncodeOurs(frameSize: size, frames: frames)
        case "encode-nio": _ = try benchmarkEncodeNIO(frameSize: size, frames: frames)
        case "decode-ours":
            let (reads, count) = clientStream(frameSize: size)
            _ = try benchmarkDecodeOurs(reads: reads, frames: count)
        default:
            let (reads, count) = clientStream(frameSize: size)
            _ = try benchmarkDecodeNIO(reads: reads, frames: count)
        }
    }
    exit(0)
}
for size in sizes {
    let (reads, frames) = clientStream(frameSize: size)
    let wireBytes = Double(reads.reduce(0) { $0 + $1.readableBytes })
    let ours = try benchmarkDecodeOurs(reads: reads, frames: frames)
    let nio = try benchmarkDecodeNIO(reads: reads, frames: frames)
    print("| decode+unmask | \(size) B | \(format(wireBytes / ours / 1e6)) | \(format(wireBytes / nio / 1e6)) | \(format(Double(frames) / ours)) | \(format(Double(frames) / nio)) | \(String(format: "%.2fx", nio / ours)) |")
}
for size in sizes {
    let frames = max(encodeBytesPerRun / (size + 10), 1)
    let wireBytes = Double(frames * (size + (size <= 125 ? 2 : size <= 65535 ? 4 : 10)))
    let ours = try benchmarkEncodeOurs(frameSize: size, frames: frames)
    let nio = try benchmarkEncodeNIO(frameSize: size, frames: frames)
    print("| encode | \(size) B | \(format(wireBytes / ours / 1e6)) | \(format(wireBytes / nio / 1e6)) | \(format(Double(frames) / ours)) | \(format(Double(frames) / nio)) | \(String(format: "%.2fx", nio / ours)) |")
}
