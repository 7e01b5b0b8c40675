import Foundation
import Synchronization

/// The output folder, replaced as a whole and written incrementally.
///
/// Three folders take part, side by side: the output (`Output`), the
/// previous site (`.Output.previous`, the generation the last build
/// replaced) and the staging folder (`.Output.staging`). A build moves the
/// previous site into staging, rewrites there only the files that differ
/// from it (its manifest says what it holds), deletes the files that are
/// gone, swaps staging and output in one system call, and moves the
/// replaced site back to `.previous`. Readers see the old site or the new
/// one, never a mix; a killed build leaves a staging folder without marker,
/// which the next build removes. A folder that Despina did not create is
/// never replaced unless the writer says so (`--force`).
///
/// Whole folders a build cannot start from (a staging folder an
/// interrupted build left, a previous site `--clean` gives up) are deleted
/// before it starts, and so are files it replaces or removes in staging.
///
/// The marker file `.despina-output` in each generation holds the
/// identifier of its manifest; manifests are kept in the site's cache
/// folder (`.despina/output/`), not in the published site.
///
/// Files and folders at the top of the output that no build made (a
/// `.git` a writer deploys from, a `CNAME`) are the writer's: each is
/// renamed into the new generation just before the swap, so it stays in
/// the output build after build and is never deleted, `--clean` included.
/// A build stopped between those renames and the swap left them in a
/// staging folder whose manifest is known; the next build puts them back.
struct OutputFolder: Sendable {
    /// The name of the file that marks a folder as Despina's output.
    static let markerName = ".despina-output"
    static let markerPrefix = "despina output "
    /// How the folders beside an output `NAME` end: `.NAME.staging`,
    /// `.NAME.previous`, `.NAME.trash` and `.NAME.trash-emptying`.
    static let siblingSuffixes = [".staging", ".previous", ".trash", ".trash-emptying"]

    /// Whether `name` is one Despina gives its own files, in an output
    /// folder or beside one: the marker, a staging, previous-site or trash
    /// folder (for an output of any name), or the site's cache `.despina`.
    /// A page there would be replaced by Despina's file, or be taken for it.
    static func isOwnName(_ name: Substring) -> Bool {
        guard name.hasPrefix(".") else { return false }
        if name == markerName || name == ".despina" { return true }
        return siblingSuffixes.contains { suffix in name.count > suffix.count + 1 && name.hasSuffix(suffix) }
    }

    let fileSystem: any FileSystem
    /// The final folder.
    let path: String
    /// The folder the build writes into.
    let stagingPath: String
    /// The site the last build replaced.
    let previousPath: String
    /// Where earlier versions of Despina left replaced files (with
    /// `-emptying`, the folder they emptied on another thread): removed.
    let trashPath: String
    /// Where manifests are kept; nil keeps none (every file is written).
    let manifestDirectory: String?
    /// Manifests kept in memory between the builds of a process.
    let manifestMemory: ManifestMemory?
    /// Set when files kept by fingerprint are made anyway and compared.
    private let keptCheck: KeptOutputCheck?
    private let state: State

    private final class State: Sendable {
        /// What the staging folder holds when the build starts.
        let base = Mutex(OutputManifest())
        /// What the output folder holds (the site being replaced).
        let current = Mutex(OutputManifest())
        /// Every file of the new site.
        let written = Mutex(OutputManifest())
        /// How many files of the new site had bytes that neither staging
        /// nor the output held, and were written.
        let changed = Mutex(0)
        /// How many files of the new site staging held when the build
        /// started: when it is all of them, commit has none to remove.
        let heldByStaging = Mutex(0)
        /// Whether a file of the new site was recorded other than the
        /// output's manifest records it (bytes or fingerprint).
        let differs = Mutex(false)
        /// Files equal to the output's but not in staging: linked from the
        /// output at commit, unless nothing changed and no swap is needed.
        let deferred = Mutex<[String]>([])
        /// The identifier of the manifest of the generation put in place.
        let committed = Mutex<String?>(nil)
        /// The folders made in a staging folder that started empty (nil
        /// when it started as the previous site): a file in a folder not
        /// yet made (or linked) has its folder made first, rather than
        /// failing and being tried again.
        let madeFolders = Mutex<Set<String>?>(nil)
        /// The top-level names of the output that a build made (its
        /// manifest's), nil when no manifest of it is known.
        let outputNames = Mutex<Set<String>?>(nil)
        /// Names at the top of the output that no known manifest lists,
        /// kept because they may be the writer's.
        let keptUnknown = Mutex<[String]>([])
        /// The writer's names moved into staging and not yet swapped in:
        /// put back if the swap does not happen.
        let carried = Mutex<[String]>([])
    }

    /// The identifier of the manifest of the site `commit()` put in place
    /// (nil before, or when no manifests are kept).
    var committedManifestIdentifier: String? { state.committed.withLock { $0 } }

    /// What the last `commit()` kept at the top of the output without a
    /// record of who made it (no manifest of the old output was known):
    /// the writer's files, or pages of a build whose cache was deleted.
    var keptFilesOfUnknownOrigin: [String] { state.keptUnknown.withLock { $0 } }

    init(
        path: String, fileSystem: any FileSystem, manifestDirectory: String? = nil,
        manifestMemory: ManifestMemory? = nil, verifiesKept: Bool = false
    ) {
        self.fileSystem = fileSystem
        self.path = path
        keptCheck = verifiesKept ? KeptOutputCheck(outputName: lastPathComponent(path)) : nil
        self.manifestDirectory = manifestDirectory
        self.manifestMemory = manifestMemory
        let parent = parentPath(path)
        let name = lastPathComponent(path)
        stagingPath = joinPath(parent, ".\(name).staging")
        previousPath = joinPath(parent, ".\(name).previous")
        trashPath = joinPath(parent, ".\(name).trash")
        state = State()
    }

    /// Checks that the folder may be replaced, removes what an interrupted
    /// build left, and makes the staging folder: the previous site when its
    /// manifest is known (and `clean` is off), else an empty folder.
    func prepare(force: Bool, clean: Bool = false) throws(Diagnostic) {
        if let info = fileSystem.info(at: path) {
            guard info.kind == .directory else {
                throw Diagnostic(path: path, message: "the output path exists and is not a folder")
            }
            let entries = (try? fileSystem.entries(of: path)) ?? []
            let isOurs = entries.contains { $0.name == Self.markerName }
            if !entries.isEmpty && !isOurs && !force {
                throw Diagnostic(
                    path: path,
                    message: "the output folder is not empty and was not made by Despina; "
                        + "refusing to build into it (use --force to build into it; the files there are kept)")
            }
        }
        let outputManifest = manifest(of: path)
        state.outputNames.withLock { $0 = outputManifest.map(Self.topLevelNames) }
        if !clean, let outputManifest {
            state.current.withLock { $0 = outputManifest }
        }
        let previousManifest = manifest(of: previousPath)
        // Every file of the new site is recorded: room for as many as before.
        let count = max(outputManifest?.entries.count ?? 0, previousManifest?.entries.count ?? 0)
        state.written.withLock { $0.entries.reserveCapacity(count) }
        bringBackWritersFiles(from: [stagingPath: nil, previousPath: previousManifest])
        let previous = clean ? nil : previousManifest
        do {
            // What a stopped build left, a previous site this build cannot
            // start from, and the trash folders earlier versions kept.
            for unused in [trashPath, trashPath + "-emptying"] { try? fileSystem.removeItem(at: unused) }
            for leftover in [stagingPath] + (previous == nil ? [previousPath] : []) {
                try fileSystem.removeItem(at: leftover)
            }
            if let previous {
                // The marker goes first: if this build dies, the staging
                // folder no longer claims to match any manifest.
                try fileSystem.move(previousPath, to: stagingPath)
                try fileSystem.removeItem(at: joinPath(stagingPath, Self.markerName))
                state.base.withLock { $0 = previous }
            } else {
                try fileSystem.createDirectory(at: stagingPath)
                state.madeFolders.withLock { $0 = [""] }
            }
        } catch {
            throw Diagnostic(path: stagingPath, message: "cannot prepare the staging folder: \(error)")
        }
    }

    /// The manifest of the generation in `folder`, if its marker names one we kept.
    private func manifest(of folder: String) -> OutputManifest? {
        guard let manifestDirectory,
              let marker = try? fileSystem.text(of: joinPath(folder, Self.markerName)),
              marker.hasPrefix(Self.markerPrefix)
        else { return nil }
        let identifier = marker.dropFirst(Self.markerPrefix.count).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !identifier.isEmpty, !identifier.contains("/") else { return nil }
        let file = joinPath(manifestDirectory, identifier)
        if let known = manifestMemory?.manifest(at: file, fileSystem: fileSystem) { return known }
        guard let bytes = try? fileSystem.contents(of: file),
              let manifest = OutputManifest(bytes: bytes), manifest.identifier == identifier
        else { return nil }
        manifestMemory?.remember(manifest, at: file, fileSystem: fileSystem)
        return manifest
    }

    /// Writes a file of the new site at `relativePath` below the output,
    /// unless the staging folder holds those very bytes already, or the
    /// output does (then it is linked at commit if a swap is needed).
    /// `fingerprint` digests what the bytes were made from (0: unknown);
    /// the next build can keep the file without making it again.
    func write(_ bytes: [UInt8], to relativePath: String, fingerprint: UInt64 = 0) throws {
        let entry = OutputManifest.Entry(size: bytes.count, hash: Fingerprint.of(bytes), fingerprint: fingerprint)
        let isFirst = state.written.withLock { written in
            guard written.entries[relativePath] == nil else { return false }
            written.entries[relativePath] = entry
            return true
        }
        // Every file of a site has one maker; a second write would leave
        // staging and the manifest disagreeing once a rebuild keeps it.
        guard isFirst else {
            throw Diagnostic(path: relativePath, message: "two parts of the site write this file; this is a bug in Despina")
        }
        try keptCheck?.check(bytes, of: relativePath, fileSystem: fileSystem)
        let inOutput = state.current.withLock { $0.entries[relativePath] }
        if entry != inOutput { state.differs.withLock { $0 = true } }
        let inStaging = state.base.withLock { $0.entries[relativePath] }
        if inStaging != nil { state.heldByStaging.withLock { $0 += 1 } }
        if entry.hasSameBytes(as: inStaging) { return }
        if entry.hasSameBytes(as: inOutput) {
            state.deferred.withLock { $0.append(relativePath) }
            return
        }
        let target = joinPath(stagingPath, relativePath)
        // A file in staging may share its inode with the output (a link made
        // by an earlier build): replace the name, never the shared bytes.
        if inStaging != nil { try fileSystem.removeItem(at: target) }
        try makeFolder(of: relativePath)
        try fileSystem.write(bytes, to: target)
        state.changed.withLock { $0 += 1 }
    }

    /// Makes the folder of `relativePath` in a staging folder that started
    /// empty, the first time one of its files is put there.
    private func makeFolder(of relativePath: String) throws {
        let folder = parentPath(relativePath)
        if state.madeFolders.withLock({ $0?.insert(folder).inserted == true }) {
            try fileSystem.createDirectory(at: joinPath(stagingPath, folder))
        }
    }

    /// Keeps the output's file at `relativePath` in the new site, without
    /// its bytes, when it was made from inputs with this `fingerprint`, or
    /// else the previous site's (already in staging; this is what makes a
    /// build after the output was deleted quick); false when the file
    /// must be made.
    func keep(_ relativePath: String, fingerprint: UInt64) -> Bool {
        keep([(relativePath, fingerprint)])[0]
    }

    /// `keep(_:fingerprint:)` for many files at once, taking each lock once;
    /// returns, in order, whether each file was kept.
    func keep(_ files: [(path: String, fingerprint: UInt64)]) -> [Bool] {
        func made(from fingerprint: UInt64, _ existing: OutputManifest.Entry?) -> OutputManifest.Entry? {
            guard fingerprint != 0, let existing, existing.fingerprint == fingerprint else { return nil }
            return existing
        }
        let inOutput: [OutputManifest.Entry?] = state.current.withLock { current in
            files.map { made(from: $0.fingerprint, current.entries[$0.path]) }
        }
        // The output may be gone (deleted since the last build) while the
        // previous site, now staging, still holds the file.
        let found: [OutputManifest.Entry?] = state.base.withLock { base in
            zip(files, inOutput).map { file, existing in
                existing ?? made(from: file.fingerprint, base.entries[file.path])
            }
        }
        if let keptCheck {
            for (index, file) in files.enumerated() where found[index] != nil {
                keptCheck.wouldHaveKept(file.path, in: inOutput[index] != nil ? path : stagingPath)
            }
            return files.map { _ in false }
        }
        // A file kept from staging is not the output's.
        if zip(inOutput, found).contains(where: { $0 == nil && $1 != nil }) { state.differs.withLock { $0 = true } }
        adopt(zip(files, found).compactMap { file, existing in existing.map { (file.path, $0) } })
        return found.map { $0 != nil }
    }

    /// Keeps every file of the output whose path `belongs` when the one at
    /// `entryFile` (one of them) was made from inputs with this
    /// `fingerprint`, or else every such file of the previous site on the
    /// same terms; returns how many were kept (0: none, the files must be
    /// made). The others may have been made from fewer inputs, with
    /// fingerprints of their own: a generation's files are all made or
    /// kept by the build that made its entry file, so they fit it.
    func keepAll(where belongs: (String) -> Bool, whenFile entryFile: String, wasMadeFrom fingerprint: UInt64) -> Int {
        guard fingerprint != 0 else { return 0 }
        func files(of manifest: OutputManifest) -> [String: OutputManifest.Entry]? {
            guard manifest.entries[entryFile]?.fingerprint == fingerprint else { return nil }
            return manifest.entries.filter { belongs($0.key) }
        }
        // The output's, else the previous site's (now staging).
        let inOutput = state.current.withLock { files(of: $0) }
        guard let found = inOutput ?? state.base.withLock({ files(of: $0) }) else { return 0 }
        if let keptCheck {
            for file in found.keys { keptCheck.wouldHaveKept(file, in: inOutput != nil ? path : stagingPath) }
            return 0
        }
        if inOutput == nil { state.differs.withLock { $0 = true } }
        adopt(found.map { ($0.key, $0.value) })
        return found.count
    }

    /// Whether the output being replaced has a file at `relativePath`.
    func hadFile(at relativePath: String) -> Bool { state.current.withLock { $0.entries[relativePath] != nil } }

    /// Keeps every file of the output whose path `belongs`, whatever it was
    /// made from; returns how many were kept (0 when there are none).
    /// For a preview that puts off a slow part of the site to a second
    /// build, which makes it anew.
    func keepExisting(where belongs: (String) -> Bool) -> Int {
        // Into a list, not a second dictionary: adopting reads them in turn.
        let files = state.current.withLock { current in
            current.entries.compactMap { path, entry in belongs(path) ? (path, entry) : nil }
        }
        adopt(files)
        return files.count
    }

    /// Puts files of the output or of staging in the new site as they are:
    /// each is recorded as written, and linked from the output at commit
    /// unless staging already holds the same bytes (always so for a file
    /// kept from staging).
    private func adopt(_ files: [(path: String, existing: OutputManifest.Entry)]) {
        guard !files.isEmpty else { return }
        var missingFromStaging: [String] = []
        var isInStaging: [Bool] = []
        isInStaging.reserveCapacity(files.count)
        state.base.withLock { base in
            for file in files {
                let inStaging = base.entries[file.path]
                isInStaging.append(inStaging != nil)
                if !file.existing.hasSameBytes(as: inStaging) { missingFromStaging.append(file.path) }
            }
        }
        let held = state.written.withLock { written in
            var held = 0
            for (file, isHeld) in zip(files, isInStaging) {
                let isNew = written.entries.updateValue(file.existing, forKey: file.path) == nil
                if isNew && isHeld { held += 1 }
            }
            return held
        }
        state.heldByStaging.withLock { $0 += held }
        state.deferred.withLock { $0.append(contentsOf: missingFromStaging) }
    }

    /// Makes the previous site a copy of the output, each file a second
    /// name of the output's (no bytes are copied), when there is no
    /// previous site yet: the preview does this while idle after its first
    /// build into an empty or deleted folder, so that the writer's first
    /// save starts from a staging folder that has every file and writes
    /// only what changed. (`despina build` does not: that work would make
    /// every first build slower to make one second build quicker, and the
    /// second build links what it keeps anyway.) Where the file system
    /// cannot link, no previous site is made (a copy would double the site
    /// on disk). Built in the staging folder and renamed, so an
    /// interruption leaves only a staging folder without marker, which the
    /// next build removes. Call only while no build writes this output;
    /// returns whether a previous site was made.
    @discardableResult
    func mirrorIntoPrevious() throws -> Bool {
        guard !fileSystem.exists(previousPath) else { return false }
        guard let manifest = manifest(of: path) else { return false }
        try fileSystem.removeItem(at: stagingPath)
        try fileSystem.createDirectory(at: stagingPath)
        state.madeFolders.withLock { $0 = [""] }
        do {
            for file in manifest.entries.keys.sorted() {
                try makeFolder(of: file)
                // Where links are not possible, the first one is all it costs.
                try fileSystem.hardLink(joinPath(path, file), to: joinPath(stagingPath, file))
            }
        } catch {
            try fileSystem.removeItem(at: stagingPath)
            return false
        }
        try fileSystem.write(
            fileSystem.contents(of: joinPath(path, Self.markerName)), to: joinPath(stagingPath, Self.markerName))
        try fileSystem.move(stagingPath, to: previousPath)
        return true
    }

    /// Whether this build has put a file at `relativePath` already
    /// (written or kept).
    func holds(_ relativePath: String) -> Bool {
        state.written.withLock { $0.entries[relativePath] != nil }
    }

    /// How many files of the new site were already in place and not written:
    /// every file but those `write` had to write (a file kept or adopted
    /// has the bytes of the output's or of staging's).
    var unchangedCount: Int {
        state.written.withLock { $0.entries.count } - state.changed.withLock { $0 }
    }

    /// Puts the new site in place of the old one, which becomes the previous
    /// site. When the new site is the old one file for file, nothing moves.
    func commit() throws(Diagnostic) {
        try keptCheck?.checkAllMade()
        let written = state.written.withLock { $0 }
        let base = state.base.withLock { $0 }
        let current = state.current.withLock { $0 }
        do {
            // Every file recorded as the output has it, and as many: the same site.
            let isSame = !state.differs.withLock { $0 } && written.entries.count == current.entries.count
            if !current.entries.isEmpty && isSame && fileSystem.exists(path) {
                // Nothing changed: the output stays, and staging (untouched)
                // goes back to being the previous site.
                if base.entries.isEmpty {
                    try fileSystem.removeItem(at: stagingPath)
                } else {
                    try fileSystem.write(Array((Self.markerPrefix + base.identifier + "\n").utf8),
                                         to: joinPath(stagingPath, Self.markerName))
                    try fileSystem.removeItem(at: previousPath)
                    try fileSystem.move(stagingPath, to: previousPath)
                }
                if manifestDirectory != nil { state.committed.withLock { $0 = current.identifier } }
                return
            }
            // On all cores: after a first build into an empty folder, the next
            // build links every file it keeps (a folder another thread is
            // still making is made by the link too).
            try parallelForEach(state.deferred.withLock { $0 }) { relativePath in
                let target = joinPath(stagingPath, relativePath)
                if base.entries[relativePath] != nil { try fileSystem.removeItem(at: target) }
                try makeFolder(of: relativePath)
                try fileSystem.linkOrCopy(joinPath(path, relativePath), to: target)
            }
            // Files of the previous site that this build did not make
            // (none, most often: then no path is looked up).
            var emptiedFolders = Set<String>()
            let madeAll = state.heldByStaging.withLock { $0 } == base.entries.count
            for path in madeAll ? [] : base.entries.keys.filter({ written.entries[$0] == nil }).sorted() {
                try fileSystem.removeItem(at: joinPath(stagingPath, path))
                emptiedFolders.insert(parentPath(path))
            }
            for folder in emptiedFolders.sorted(by: >) where !folder.isEmpty {
                removeIfEmpty(folder)
            }
            // The manifest's text is made once: it lists every file of the site.
            let (writtenText, writtenIdentifier) = written.serializedBytes()
            var marker = Self.markerPrefix + "\n"
            if let manifestDirectory {
                let file = joinPath(manifestDirectory, writtenIdentifier)
                try fileSystem.write(writtenText, to: file)
                var remembered = written
                remembered.setIdentifier(writtenIdentifier)
                manifestMemory?.remember(remembered, at: file, fileSystem: fileSystem)
                marker = Self.markerPrefix + writtenIdentifier + "\n"
            }
            try fileSystem.write(Array(marker.utf8), to: joinPath(stagingPath, Self.markerName))
            if fileSystem.exists(path) {
                try carryWritersFiles(besides: written)
                try fileSystem.exchange(stagingPath, path)
                state.carried.withLock { $0 = [] }
                try fileSystem.removeItem(at: previousPath)
                try fileSystem.move(stagingPath, to: previousPath)
            } else {
                let parent = parentPath(path)
                if !parent.isEmpty { try fileSystem.createDirectory(at: parent) }
                try fileSystem.move(stagingPath, to: path)
            }
            pruneManifests(keeping: [writtenIdentifier, current.identifier])
            if manifestDirectory != nil { state.committed.withLock { $0 = writtenIdentifier } }
        } catch {
            throw Diagnostic(path: path, message: "cannot replace the output folder: \(error)")
        }
    }

    /// The first component of every path of `manifest`, and the marker's name.
    static func topLevelNames(of manifest: OutputManifest) -> Set<String> {
        // Tens of thousands of paths share a handful of names: each path's
        // first component is compared by its bytes with the few found so
        // far (no hashing), and becomes a string only when it is new.
        var names = [Array(markerName.utf8)]
        for var path in manifest.entries.keys {
            path.withUTF8 { bytes in
                let name = bytes[..<(bytes.firstIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex)]
                if !names.contains(where: { $0.count == name.count && $0.elementsEqual(name) }) { names.append(Array(name)) }
            }
        }
        return Set(names.map { String(decoding: $0, as: UTF8.self) })
    }

    /// The names at the top of `folder` that `madeNames` does not hold.
    private func names(in folder: String, apartFrom madeNames: Set<String>) -> [String] {
        ((try? fileSystem.entries(of: folder)) ?? []).map(\.name).filter { !madeNames.contains($0) }
    }

    /// Renames the writer's files and folders at the top of the output
    /// into staging, which holds the new site (`written`): those no
    /// manifest of the output lists, or, when none is known, those the new
    /// site does not make (noted in `keptFilesOfUnknownOrigin`). A name the
    /// new site makes is the new site's.
    private func carryWritersFiles(besides written: OutputManifest) throws {
        let known = state.outputNames.withLock { $0 }
        // Most often a build made every name there: then the new site's
        // names (from every one of its paths) are not needed.
        let candidates = names(in: path, apartFrom: known ?? [])
        let newNames = candidates.isEmpty ? [] : Self.topLevelNames(of: written)
        var unknown: [String] = []
        for name in candidates where !newNames.contains(name) {
            try fileSystem.move(joinPath(path, name), to: joinPath(stagingPath, name))
            state.carried.withLock { $0.append(name) }
            if known == nil { unknown.append(name) }
        }
        state.keptUnknown.withLock { $0 = unknown }
    }

    /// Puts back into the output the writer's files that a stopped build
    /// left in `folders` (each with its manifest when already read): a
    /// staging folder stopped between `carryWritersFiles` and the swap,
    /// or a previous site from a version of Despina that moved them there.
    /// Only a folder whose manifest is known tells its files from the writer's.
    private func bringBackWritersFiles(from folders: [String: OutputManifest?]) {
        guard fileSystem.isDirectory(path) else { return }
        // A name the output's manifest lists is a build's, and most often
        // all are: then no folder's own names need working out.
        let made = state.outputNames.withLock { $0 } ?? []
        for (folder, known) in folders.sorted(by: { $0.key < $1.key }) {
            let unlisted = names(in: folder, apartFrom: made)
            guard !unlisted.isEmpty, let manifest = known ?? manifest(of: folder) else { continue }
            let ours = Self.topLevelNames(of: manifest)
            for name in unlisted where !ours.contains(name) && !fileSystem.exists(joinPath(path, name)) {
                try? fileSystem.move(joinPath(folder, name), to: joinPath(path, name))
            }
        }
    }

    /// Removes `folder` (relative to staging) and its parents while they are empty.
    private func removeIfEmpty(_ folder: String) {
        var current = folder
        while !current.isEmpty {
            let absolute = joinPath(stagingPath, current)
            guard let entries = try? fileSystem.entries(of: absolute), entries.isEmpty else { return }
            try? fileSystem.removeItem(at: absolute)
            current = parentPath(current)
        }
    }

    /// Keeps only the manifests of the output and the previous site.
    private func pruneManifests(keeping identifiers: Set<String>) {
        guard let manifestDirectory, let entries = try? fileSystem.entries(of: manifestDirectory) else { return }
        for entry in entries where !identifiers.contains(entry.name) {
            try? fileSystem.removeItem(at: joinPath(manifestDirectory, entry.name))
        }
    }

    /// Removes the staging folder of a failed build; the old site stays.
    func discard() {
        for name in state.carried.withLock({ $0 }) where !fileSystem.exists(joinPath(path, name)) {
            try? fileSystem.move(joinPath(stagingPath, name), to: joinPath(path, name))
        }
        try? fileSystem.removeItem(at: stagingPath)
    }
}

/// The few manifests the last builds of a process used (the preview's),
/// each with the size and time its file had then: the next build finds
/// the two it needs here instead of parsing them again, unless their file
/// was rewritten since.
final class ManifestMemory: Sendable {
    private struct Known {
        var file: String
        var size: Int
        var modified: Int64
        var manifest: OutputManifest
    }

    private let known = Mutex<[Known]>([])

    init() {}

    func manifest(at file: String, fileSystem: any FileSystem) -> OutputManifest? {
        guard let info = fileSystem.info(at: file) else { return nil }
        return known.withLock { known in
            known.first { $0.file == file && $0.size == info.size && $0.modified == info.modified }?.manifest
        }
    }

    func remember(_ manifest: OutputManifest, at file: String, fileSystem: any FileSystem) {
        guard let info = fileSystem.info(at: file) else { return }
        known.withLock { known in
            known.removeAll { $0.file == file }
            known.append(Known(file: file, size: info.size, modified: info.modified, manifest: manifest))
            if known.count > 3 { known.removeFirst(known.count - 3) }
        }
    }
}
