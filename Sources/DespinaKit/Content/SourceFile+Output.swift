import Foundation

extension SourceFile {
    /// Where a file that is not Markdown is published, relative to the
    /// output folder: its path below `Content/`, or for a file of a page
    /// bundle, its path inside the bundle below the folder of the bundle's
    /// page, so that `![](cover.jpg)` in the page finds it. `nil` when the
    /// bundle's page is not published (a draft or a post dated in the
    /// future): its files stay unpublished with it.
    ///
    /// - Parameter pagePaths: the path of each published page below the
    ///   site root (`/posts/trip/`) by its source file (`Content/posts/trip/index.md`).
    func outputPath(pagePaths: [String: String]) -> String? {
        guard let bundle else { return contentPath }
        guard let pagePath = pagePaths[bundle.indexFile] else { return nil }
        // A page whose permalink names a file (`/trip.html`) lives in that file's folder.
        let folder = pagePath.hasSuffix("/") ? pagePath : parentPath(pagePath)
        return joinPath(String(folder.drop { $0 == "/" }), bundle.pathInFolder)
    }
}
