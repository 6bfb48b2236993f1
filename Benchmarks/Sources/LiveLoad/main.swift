// LiveLoad: the load generator for the live push benchmarks (issue 5, BENCHMARKS.md "Live push").
// Our own WebSocket client over NIOPosix, several event loops, a byte scan per received frame; for
// broadcasts also EpollSubscribers (`--client epoll`: one thread, ACKs sent from the reading thread).
// Run by scripts/bench-live.sh, which sets up the server, the workplace and the tokens.
//
//   LiveLoad idle --port P --server-pid PID --tokens T1,T2 --count 19000 [--beyond 1500] [--threads 2]
//   LiveLoad overflow --port P --server-pid PID --tokens T --count 1500
//   LiveLoad broadcast --port P --tokens T1,T2 --trigger-token T --shift ID --subscribers 10000 --events 20
//            [--client nio|epoll] [--ack-from-reader 0|1]
import Foundation

let arguments = Arguments(CommandLine.arguments)
do {
    switch arguments.mode {
    case "idle": try await IdleMode.run(arguments)
    case "overflow": try await OverflowMode.run(arguments)
    case "broadcast": try await BroadcastMode.run(arguments)
    default: throw UsageError("usage: LiveLoad idle|overflow|broadcast --port P --tokens T[,T…] … (see main.swift)")
    }
} catch {
    log("LiveLoad: \(error)")
    exit(1)
}
