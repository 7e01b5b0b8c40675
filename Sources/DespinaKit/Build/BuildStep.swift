/// The named steps of a build, in the order they run.
///
/// `--verbose` names each step with `name` as it times it, and the table of
/// steps in docs/architecture.md lists these names in this order (a test
/// holds the two together), so the list a reader sees is the one the code runs.
enum BuildStep: String, CaseIterable, Sendable {
    case loadConfiguration = "load configuration"
    case scanContent = "scan content"
    case loadTheme = "load theme"
    case checkForChanges = "check for changes"
    case compileTemplates = "compile templates"
    case loadCache = "load cache"
    case readFrontMatter = "read front matter"
    case assignURLs = "assign URLs"
    case prepareOutput = "prepare output"
    case renderMarkdown = "render markdown"
    case buildSiteModel = "build site model"
    case summarizePosts = "summarize posts"
    case renderPages = "render pages"
    case writeFeedsAndSitemap = "write feeds and sitemap"
    case copyFiles = "copy files"
    case buildSearchIndex = "build search index"
    case replaceOutput = "replace output"
    case saveCache = "save cache"
    case saveSearchState = "save search state"

    /// The name `--verbose` and the documentation give the step.
    var name: String { rawValue }
}
