import Foundation
import StaticServer
import Testing

/// Not a check: runs the server for a load generator such as `wrk`. Enabled
/// only with `DESPINA_SERVE_FOR_BENCH=1`; see docs/server.md for the commands.
/// `DESPINA_BENCH_ROOT` is the folder to serve, `DESPINA_BENCH_PORT` the port
/// (default 8089) and `DESPINA_BENCH_SECONDS` how long to serve (default 60).
@Suite("Benchmark serving")
struct BenchmarkServing {
    private static let environment = ProcessInfo.processInfo.environment

    @Test(.enabled(if: environment["DESPINA_SERVE_FOR_BENCH"] == "1"))
    func serveForALoadGenerator() throws {
        let root = try #require(Self.environment["DESPINA_BENCH_ROOT"], "set DESPINA_BENCH_ROOT to the folder to serve")
        let port = UInt16(Self.environment["DESPINA_BENCH_PORT"] ?? "") ?? 8089
        let seconds = Double(Self.environment["DESPINA_BENCH_SECONDS"] ?? "") ?? 60
        let server = StaticFileServer(root: URL(fileURLWithPath: root), configuration: ServerConfiguration(port: port))
        try server.start()
        print("serving \(root) on http://127.0.0.1:\(server.port)/ for \(seconds) s, pid \(ProcessInfo.processInfo.processIdentifier)")
        Thread.sleep(forTimeInterval: seconds)
        server.stop()
    }
}
