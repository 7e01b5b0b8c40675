/// What `despina build` was asked to do.
public struct BuildOptions: Sendable {
    /// The site folder (absolute).
    public var siteDirectory: String
    /// The output folder (absolute); `SITE/Output` when nil.
    public var outputDirectory: String?
    /// Include posts marked as drafts.
    public var includeDrafts = false
    /// Include posts dated after now.
    public var includeFuture = false
    /// Replaces the configured base URL (for previews).
    public var baseURL: String?
    /// Replace an output folder that Despina did not create.
    public var force = false
    /// Ignore the build cache: rewrite every output file.
    public var clean = false
    /// The process ends right after the build: the build's data is left
    /// for the system to reclaim at exit instead of being freed piece by
    /// piece (which takes a tenth of a second on a large site).
    public var endsProcessAfterBuild = false
    /// Whether the build records what it wrote in the site's cache folder
    /// (off for `despina check`, which must not touch the disk).
    var recordsOutput = true
    /// What the builds of this process keep for the next one (the
    /// preview server's rebuilds).
    var memory: BuildMemory?
    /// Keeps the search index files of the output as they are, when there
    /// are any, instead of making them (the preview reloads pages first and
    /// then builds again for the index). The build is not recorded as up
    /// to date, so the next one makes the index.
    var defersSearchIndex = false
    /// Warnings the log has shown already for these inputs, not shown
    /// again (still counted in the summary): the preview's index build
    /// follows its pages build of the same change, which showed them.
    var warningsShownAlready: Set<Diagnostic> = []
    /// Makes every file the build would keep by its fingerprint and fails
    /// when its bytes differ from the kept file's (`KeptOutputCheck`): a
    /// test mode that finds fingerprints missing an input.
    var verifiesKeptOutput = KeptOutputCheck.isOnByDefault
    /// How many bytes of Markdown bodies the build holds between reading
    /// and rendering them; the rest are read from their files again.
    var heldBodyBytes = SiteBuilder.Bodies.defaultBudget

    /// Creates options for the site at `siteDirectory`.
    public init(siteDirectory: String) {
        self.siteDirectory = siteDirectory
    }

    /// The output folder the build writes.
    public var resolvedOutputDirectory: String {
        outputDirectory ?? joinPath(siteDirectory, "Output")
    }
}

/// What a finished build reports.
public struct BuildSummary: Sendable {
    /// Published posts.
    public var postCount: Int
    /// Standalone pages.
    public var pageCount: Int
    /// Files of the built site.
    public var fileCount: Int
    /// Files that were already in place and were not written again.
    public var unchangedFileCount = 0
    /// Wall time of the whole build.
    public var seconds: Double
    /// The output folder.
    public var outputDirectory: String
    /// Warnings, already printed to the log.
    public var warnings: [Diagnostic]
    /// The search index was kept as it was, to be made by the next build
    /// (`BuildOptions.defersSearchIndex`).
    var searchIndexDeferred = false

    /// Drafts and posts dated in the future that the build left out.
    public var leftOut = LeftOut()

    /// What a build did not publish, and the flags that would publish it.
    public struct LeftOut: Sendable, Equatable {
        public var drafts = 0
        public var futurePosts = 0

        public init(drafts: Int = 0, futurePosts: Int = 0) {
            self.drafts = drafts
            self.futurePosts = futurePosts
        }

        /// `; left out: 1 draft (--drafts), 2 future posts (--future)`, or
        /// nothing when nothing was: a post `despina new` made, a draft,
        /// would otherwise be silently missing.
        var text: String {
            var parts: [String] = []
            if drafts > 0 { parts.append("\(drafts) draft\(drafts == 1 ? "" : "s") (--drafts)") }
            if futurePosts > 0 { parts.append("\(futurePosts) future post\(futurePosts == 1 ? "" : "s") (--future)") }
            return parts.isEmpty ? "" : "; left out: " + parts.joined(separator: ", ")
        }
    }

    /// The one line a build prints.
    public var line: String {
        let time = String(format: "%.2f", seconds)
        let warningText = warnings.isEmpty ? "" : ", \(warnings.count) warning\(warnings.count == 1 ? "" : "s")"
        let unchangedText = unchangedFileCount == 0 ? "" : ", \(unchangedFileCount) unchanged"
        return "Built \(postCount) post\(postCount == 1 ? "" : "s") and \(pageCount) page\(pageCount == 1 ? "" : "s")"
            + " (\(fileCount) files\(unchangedText)\(warningText)) in \(time) s → \(outputDirectory)\(leftOut.text)"
    }
}
