import Foundation
import Synchronization

/// A test mode that renders every file the build would keep by its
/// fingerprint and compares the bytes with the kept file: a fingerprint
/// that misses an input keeps a stale page only on some rebuild, and this
/// finds it on the first rebuild that exercises it. `OutputFolder` asks it
/// where it would keep a file; the file is made anyway, and `OutputFolder`
/// hands the made bytes here before it writes them.
///
/// On for every build of a process when `DESPINA_VERIFY_KEPT=1`, so whole
/// test suites run under it; `BuildOptions.verifiesKeptOutput` sets it per
/// build.
final class KeptOutputCheck: Sendable {
    /// Whether builds verify kept files unless their options say otherwise.
    static let isOnByDefault = ProcessInfo.processInfo.environment["DESPINA_VERIFY_KEPT"] == "1"

    /// The output folder's name, which starts each path in a message.
    private let outputName: String
    /// Each file that would have been kept: the folder that holds it.
    private let wouldKeep = Mutex<[String: String]>([:])

    init(outputName: String) {
        self.outputName = outputName
    }

    /// Notes that `relativePath`, in `folder`, would be kept as it is.
    func wouldHaveKept(_ relativePath: String, in folder: String) {
        wouldKeep.withLock { $0[relativePath] = folder }
    }

    /// Compares the freshly made `bytes` of `relativePath` with the file
    /// the build would have kept there, if any.
    func check(_ bytes: [UInt8], of relativePath: String, fileSystem: any FileSystem) throws(Diagnostic) {
        guard let folder = wouldKeep.withLock({ $0.removeValue(forKey: relativePath) }) else { return }
        let kept = try? fileSystem.contents(of: joinPath(folder, relativePath))
        guard kept != bytes else { return }
        throw Diagnostic(
            path: joinPath(outputName, relativePath),
            message: "kept by its fingerprint but renders differently; the fingerprint misses an input")
    }

    /// Fails on the first file (in path order) that would have been kept
    /// but that the build did not make at all.
    func checkAllMade() throws(Diagnostic) {
        guard let unmade = wouldKeep.withLock({ $0.keys.min() }) else { return }
        throw Diagnostic(
            path: joinPath(outputName, unmade),
            message: "kept by its fingerprint but no longer made; the fingerprint misses an input")
    }
}
