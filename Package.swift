// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Despina",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "despina", targets: ["despina"]),
        .library(name: "DespinaKit", targets: ["DespinaKit"]),
        .library(name: "Mustache", targets: ["Mustache"]),
        .library(name: "Markup", targets: ["Markup"]),
        .library(name: "SearchIndex", targets: ["SearchIndex"]),
    ],
    targets: [
        // C libraries from Debian, linked through system-library targets.
        .systemLibrary(
            name: "CCmark", pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(
            name: "CYaml", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]),
        .systemLibrary(
            name: "CStemmer",
            providers: [.apt(["libstemmer-dev"])]),
        // The command-line tool's memory allocator (in place of glibc's
        // malloc, for every allocation of the process): see docs/benchmarks.md.
        .systemLibrary(
            name: "CJemalloc", pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]),

        // https requests through libcurl, loaded only when one is made.
        // DWARF 4, as the Swift code's: valgrind 3.19 cannot read clang's default DWARF 5.
        .target(name: "CLibcurl", cSettings: [.unsafeFlags(["-gdwarf-4"])]),

        // Standalone libraries: none of them knows about blogs.
        .target(name: "TextFolding"),
        .target(name: "Bytes"),
        .target(name: "Mustache", dependencies: ["Bytes"]),
        .target(name: "Markup", dependencies: ["Bytes", "CCmark", "CYaml", "TextFolding"]),
        .target(name: "Highlight", dependencies: ["Bytes"]),
        .target(name: "SearchIndex", dependencies: ["Bytes", "CStemmer", "TextFolding"]),
        .target(name: "StaticServer"),

        // The site generator and its command-line front end.
        .target(
            name: "DespinaKit",
            dependencies: [
                "Bytes", "CLibcurl", "Mustache", "Markup", "Highlight", "SearchIndex", "StaticServer", "TextFolding",
            ],
            plugins: ["EmbedTheme"]),
        .executableTarget(name: "EmbedThemeTool"),
        // Benchmarks of the parts (not run by the tests); see docs/benchmarks.md.
        .executableTarget(name: "despina-bench", dependencies: ["Mustache", "Markup", "Highlight", "SearchIndex"]),
        .plugin(name: "EmbedTheme", capability: .buildTool(), dependencies: ["EmbedThemeTool"]),
        .executableTarget(name: "despina", dependencies: ["DespinaKit", "SearchIndex", "StaticServer", "CJemalloc"]),

        .testTarget(name: "BytesTests", dependencies: ["Bytes"]),
        .testTarget(name: "TextFoldingTests", dependencies: ["TextFolding"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "MarkupTests", dependencies: ["Markup"]),
        .testTarget(name: "HighlightTests", dependencies: ["Highlight"]),
        .testTarget(name: "SearchIndexTests", dependencies: ["SearchIndex", "Bytes"], exclude: ["Vectors"]),
        .testTarget(name: "StaticServerTests", dependencies: ["StaticServer"]),
        .testTarget(name: "DespinaKitTests", dependencies: ["DespinaKit", "StaticServer"], exclude: ["Fixtures"]),
    ]
)
