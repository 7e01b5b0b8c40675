import Foundation
import Mustache

/// Turns the site model into files: pages through the templates, feeds,
/// sitemap, robots.txt, redirects, copied files and the search index.
struct SiteRenderer: Sendable {
    let config: SiteConfig
    let model: SiteModel
    let templates: TemplateSet
    let theme: Theme
    let output: OutputFolder
    let contexts: PageContexts
    var aliases: [String: String] = [:]
    /// A digest of everything every page depends on: the build's key (tool,
    /// configuration, options) and the site-wide template values.
    let pageKey: UInt64
    /// A digest of each template's source together with the partials and
    /// parents it uses.
    private let templateKeys: [String: UInt64]

    /// - Parameter key: a digest of the tool, the configuration and the
    ///   build options; 0 makes every page without reusing any.
    init(config: SiteConfig, model: SiteModel, templates: TemplateSet, theme: Theme, output: OutputFolder,
         aliases: [String: String] = [:], key: UInt64 = 0) {
        self.config = config
        self.model = model
        self.templates = templates
        self.theme = theme
        self.output = output
        self.aliases = aliases
        contexts = PageContexts(
            config: config, model: model, hasCustomStylesheet: theme.assets[PageContexts.customStylesheet] != nil)
        if key == 0 {
            pageKey = 0
        } else {
            var fingerprint = Fingerprint()
            fingerprint.combine(key)
            fingerprint.combine(contexts.site)
            pageKey = fingerprint.value
        }
        templateKeys = Self.templateKeys(theme: theme, templates: templates)
    }

    private static func templateKeys(theme: Theme, templates: TemplateSet) -> [String: UInt64] {
        let sources = theme.templates
        let names = sources.keys.sorted()
        var keys: [String: UInt64] = [:]
        for name in names {
            var fingerprint = Fingerprint()
            for used in templates.templatesUsed(by: name).map({ $0.sorted() }) ?? names {
                fingerprint.combine(used)
                fingerprint.combine(sources[used])
            }
            keys[name] = fingerprint.value
        }
        return keys
    }

    /// The fingerprint of a page made with `template` from the site-wide
    /// values and what `parts` adds (0 when pages are not to be reused).
    func fingerprint(_ template: String, _ parts: (inout Fingerprint) -> Void) -> UInt64 {
        guard pageKey != 0 else { return 0 }
        var fingerprint = Fingerprint()
        fingerprint.combine(pageKey)
        fingerprint.combine(template)
        fingerprint.combine(templateKeys[template] ?? 0)
        parts(&fingerprint)
        return fingerprint.value == 0 ? 1 : fingerprint.value
    }

    /// Renders and writes, on all cores, every page whose fingerprint
    /// differs from the one its file in the output was made with; returns
    /// the pages, which the sitemap then lists.
    func writePages() throws -> [PageJob] {
        let jobs = pageJobs()
        let templates = templates
        let output = output
        let files = jobs.map { (path: SitePath.outputFile(for: $0.path), fingerprint: $0.fingerprint) }
        let kept = output.keep(files)
        // Last kinds first: the pages that list every post (the archive,
        // the tags index) come late in `jobs` and take longest; started
        // last, one would keep a core busy alone after the others are done.
        let pending = jobs.indices.reversed().filter { !kept[$0] }
        try parallelForEach(pending) { [memo = PartialMemo()] index in
            let job = jobs[index]
            let html = try templates.renderUTF8(job.template, with: job.context(), globals: .standardHelpers, memo: memo)
            try output.write(html, to: files[index].path, fingerprint: job.fingerprint)
        }
        return jobs
    }
}
