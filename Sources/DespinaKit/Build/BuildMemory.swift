/// What the builds of one long-running process (the preview server) keep
/// for the next one: the parsed posts, the URLs, the site model's order, the
/// output's manifests, the last scan of `Content/` when the caller reports
/// what changed, and the data a build leaves for the caller to free.
final class BuildMemory: Sendable {
    let entries = EntryCacheMemory()
    let urls = LastBuildMemory<RoutingInputs, Routing>()
    let model = LastBuildMemory<SiteModel.Inputs, SiteModel>()
    let manifests = ManifestMemory()
    let leftovers = BuildLeftovers()
    /// Set only for a caller that reports every change to `Content/`
    /// (`ScanMemory.noteChanges(_:)`) before the build that should see it.
    let scan: ScanMemory?

    /// - Parameter watchesContent: whether the caller reports what changed
    ///   (a file watcher); without it every build scans `Content/`.
    init(watchesContent: Bool) {
        scan = watchesContent ? ScanMemory() : nil
    }
}
