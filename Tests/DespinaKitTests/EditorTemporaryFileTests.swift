import Testing
@testable import DespinaKit

/// Which names the preview's watcher takes for an editor's short-lived
/// files, and which it keeps as the writer's own.
struct EditorTemporaryFileTests {
    @Test(arguments: [
        ("sedkJd6xr", true),  // sed -i: 'sed' and six letters or digits
        ("sed0A9zZq", true),
        ("sedan.md", false),  // a post
        ("sedkJd6x", false),  // five after 'sed'
        ("sedkJd6xrr", false),  // seven
        ("sedkJd6.r", false),
        ("Sedkjd6xr", false),
        (".hello.md.swp", true),  // Vim's swap files
        (".hello.md.swo", true),
        ("hello.md.swx", true),
        ("hello.md~", true),  // Emacs and Vim backups
        ("#hello.md#", true),  // Emacs auto-save
        (".#hello.md", true),  // Emacs lock
        ("#", false),
        ("##", false),
        ("#hashtags.md", false),
        ("4913", true),  // Vim's write probe
        ("5036", true),  // the same, when 4913 was taken
        ("4914", false),
        ("4913.jpg", false),
        ("790", false),
        ("hello.md.tmp", true),
        ("hello.TMP", true),
        ("tmp.md", false),
        ("hello.md___jb_tmp___", true),  // JetBrains' safe write
        ("hello.md___jb_old___", true),
        (".DS_Store", true),
        ("Thumbs.db", true),
        ("hello.md", false),
        ("photo.swp.jpg", false),
    ])
    func classifiesTheName(name: String, isTemporary: Bool) {
        #expect(EditorTemporaryFile.matches(name) == isTemporary, "\(name)")
    }
}
