// Fuzz target: the development server's HTTP request parser and the mapping
// of request targets onto files.
//
// The input is the raw bytes a client sends. They are parsed with the
// default limits and with tight ones, whole, as a slice that does not start
// at index 0, and cut in half (as a read that stopped early). A parsed
// request's target is then resolved against a small served folder made once
// in the temporary directory (files, a folder with and without index.html,
// hidden files, `.well-known`, symbolic links inside and outside the
// folder); the whole input is also resolved as if it were a target. Checked
// on every input: `consumed` lies inside the buffer, and a resolved file
// lies inside the folder's canonical path.
//
// Run with `Fuzz/run.sh http SECONDS`.

import Foundation
import StaticServer

private struct ServedFolder {
    let url: URL
    let canonicalPath: String
}

/// Creates the served folder once per process; it is removed at exit.
private let servedFolder: ServedFolder = {
    let manager = FileManager.default
    let root = manager.temporaryDirectory
        .appendingPathComponent("despina-fuzz-http-\(ProcessInfo.processInfo.processIdentifier)")
    try? manager.removeItem(at: root)
    let files = [
        "index.html", "about/index.html", "posts/first/index.html", "empty-folder/.keep",
        ".hidden/secret.txt", ".well-known/security.txt", "assets/style.css", "café.html",
        "with space.txt", "a%2Fb.txt",
    ]
    for file in files {
        let url = root.appendingPathComponent(file)
        try? manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = manager.createFile(atPath: url.path, contents: Data(file.utf8))
    }
    try? manager.createSymbolicLink(atPath: root.appendingPathComponent("outside").path, withDestinationPath: "/etc")
    try? manager.createSymbolicLink(atPath: root.appendingPathComponent("inside.html").path, withDestinationPath: "index.html")
    try? manager.createSymbolicLink(atPath: root.appendingPathComponent("loop").path, withDestinationPath: "loop")
    let canonical = root.resolvingSymlinksInPath().path
    atexit { try? FileManager.default.removeItem(at: servedFolder.url) }
    return ServedFolder(url: root, canonicalPath: canonical)
}()

private func checkResolution(of target: String) {
    let resolution = RequestPath.resolve(target, in: servedFolder.url)
    if case .file(let path) = resolution {
        precondition(path.hasPrefix(servedFolder.canonicalPath + "/"), "a file outside the served folder")
    }
}

private func checkParse(_ result: HTTPRequestParser.ParseResult, available: Int) {
    switch result {
    case .incomplete, .error:
        break
    case .request(let request, let consumed):
        precondition(consumed > 0 && consumed <= available, "consumed bytes outside the buffer")
        precondition(request.bodyLength >= 0 && request.bodyLength <= consumed, "a body longer than the request")
        _ = request.path
        _ = request.keepsAlive
        _ = request.value(forHeader: "Host")
        _ = request.value(forHeader: "if-none-match")
        checkResolution(of: request.target)
    }
}

private let tightLimits = HTTPRequestParser.Limits(
    maxRequestLineBytes: 32, maxHeaderBytes: 64, maxHeaderCount: 2, maxBodyBytes: 8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTP(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    checkParse(HTTPRequestParser.parse(bytes), available: size)
    checkParse(HTTPRequestParser.parse(bytes, limits: tightLimits), available: size)
    if size > 1 {
        checkParse(HTTPRequestParser.parse(bytes[1...]), available: size - 1)
        checkParse(HTTPRequestParser.parse(bytes[..<(size / 2)]), available: size / 2)
    }
    checkResolution(of: String(decoding: bytes, as: UTF8.self))
    return 0
}
