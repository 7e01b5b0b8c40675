import Foundation
import Testing
import TextFolding
@testable import DespinaKit
@testable import SearchIndex

/// Known-item queries over the real blogs in `../shared/corpus/` (read
/// there, never copied in; only the short query strings below are), each
/// blog imported and built once, then queried with the engine
/// `despina search` uses: words found only in a post's body must show in
/// the top result's excerpt, and phrases copied from a post's body must
/// find it among the first three results.
@Suite(.serialized, .tags(.slow), .disabled(if: quickTestsOnly, quickTestsNote)) struct CorpusSearchTests {
    /// A query written from reading one post, and that post: its file in
    /// the corpus blog, relative to the blog's folder.
    struct KnownItem: Sendable, CustomStringConvertible {
        var blog: String
        var query: String
        var post: String

        init(_ blog: String, _ query: String, _ post: String) {
            self.blog = blog
            self.query = query
            self.post = post
        }

        var description: String { "\(blog): \(query) → \(post)" }
    }

    /// One to three words that a post has in its body but not in its title
    /// or description, distinctive enough that the post is the answer.
    static let bodyWords: [KnownItem] = [
        KnownItem("jekyll-news", "memory allocation", "_posts/2020-12-14-jekyll-4-2-0-released.markdown"),
        KnownItem("jekyll-news", "mentors", "_posts/2016-08-24-jekyll-admin-initial-release.markdown"),
        KnownItem("jekyll-news", "killing", "_posts/2013-09-14-jekyll-1-2-1-released.markdown"),
        KnownItem("jekyll-news", "latest and greatest", "_posts/2013-10-28-jekyll-1-3-0-rc1-released.markdown"),
        KnownItem("jekyll-news", "dogfoods", "_posts/2016-07-26-jekyll-3-2-0-released.markdown"),
        KnownItem("jekyll-news", "unwanted", "_posts/2014-08-10-jekyll-2-3-0-released.markdown"),
        KnownItem("jekyll-news", "uninterrupted", "_posts/2024-06-23-jekyll-3-10-0-released.markdown"),
        KnownItem("jekyll-news", "discounted", "_posts/2014-06-04-jekyll-stickers-1-dollar-stickermule.markdown"),
        KnownItem("jekyll-news", "mathjaxnode", "_posts/2020-08-05-jekyll-3-9-0-released.markdown"),
        KnownItem("jekyll-news", "confidential", "_posts/2016-01-28-jekyll-3-1-1-released.markdown"),
        KnownItem("kubevirt-blog", "firmwares", "_posts/2018-09-11-KubeVirt-Memory-Overcommit.markdown"),
        KnownItem("kubevirt-blog", "independantly", "_posts/2022-01-24-KubeVirt-Summit-2022.md"),
        KnownItem("kubevirt-blog", "beginners", "_posts/2024-03-19-KubeVirt-Summit-2024-CfP.md"),
        KnownItem("kubevirt-blog", "productpage", "_posts/2018-06-21-Run-Istio-with-kubevirt.markdown"),
        KnownItem("kubevirt-blog", "useable state", "_posts/2018-05-07-Deploying-VMs-on-Kubernetes-GlusterFS-KubeVirt.markdown"),
        KnownItem("kubevirt-blog", "notified", "_posts/2019-11-22-jenkins-ci-server-upgrade-and-jobs-for-kubevirt.markdown"),
        KnownItem("kubevirt-blog", "storage freedom", "_posts/2026-03-25-KubeVirt-v1-8-release.md"),
        KnownItem("kubevirt-blog", "realistic environment", "_posts/2018-08-08-kubevirtci.markdown"),
        KnownItem("kubevirt-blog", "sponsoring", "_posts/2019-11-12-kubecon-na-2019.md"),
        KnownItem("kubevirt-blog", "opposition", "_posts/2019-10-31-jenkins-jobs-for-kubevirt-lab-validation.markdown"),
        KnownItem("kubernetes-blog", "revamped", "content/en/blog/_posts/2023/safer-more-performant-pruning-in-kubectl-apply.md"),
        KnownItem("kubernetes-blog", "subprocess", "content/en/blog/_posts/2024/cri-streaming-explained/index.md"),
        KnownItem("kubernetes-blog", "encumbered", "content/en/blog/_posts/2024/windows-ops-readiness.md"),
        KnownItem("kubernetes-blog", "exposition format", "content/en/blog/_posts/2025/introducing-psi-metrics-beta/index.md"),
        KnownItem("kubernetes-blog", "stacking", "content/en/blog/_posts/2024/cri-o-seccomp-oci-artifacts.md"),
        KnownItem("kubernetes-blog", "conversational", "content/en/blog/_posts/2025/introducing-the-headlamp-ai-assistant/index.md"),
        KnownItem("kubernetes-blog", "subsume", "content/en/blog/_posts/2023/gateway-api-v080.md"),
        KnownItem("kubernetes-blog", "distinguishing trusted", "content/en/blog/_posts/2024/prevent-unauthorized-volume-mode-conversion-ga.md"),
        KnownItem("kubernetes-blog", "reputation complexity", "content/en/blog/_posts/2023/kubescape-validating-admission-policy-library.md"),
        KnownItem("kubernetes-blog", "rollbacks", "content/en/blog/_posts/2025/kubelet-config-drop-in-directory-ga.md"),
        KnownItem("nats-blog", "bookmarks", "content/blog/coordinating-ai-agent-teams-on-nats.md"),
        KnownItem("nats-blog", "broadcasting", "content/blog/microonnats.md"),
        KnownItem("nats-blog", "testers", "content/blog/nats-security-update.md"),
        KnownItem("nats-blog", "looping", "content/blog/jetstream-java-client-02-publish.md"),
        KnownItem("nats-blog", "elastinats", "content/blog/netlify-nats-blog.md"),
        KnownItem("nats-blog", "branches", "content/blog/aditiva-using-nats-for-high-performance-messaging-in-financial-services.md"),
        KnownItem("nats-blog", "parallelization", "content/blog/orbit-partitioned-consumer-groups.md"),
        KnownItem("nats-blog", "parlance", "content/blog/nats-server-2.9.15-release.md"),
        KnownItem("nats-blog", "exfiltrate", "content/blog/nbn-building-natster.md"),
        KnownItem("nats-blog", "pageviews", "content/blog/webinar-how-netlify-uses-nats-for-microservices-data-control-plane.md"),
    ]

    /// Phrases of two to four words copied from a post's body, most from
    /// its last third; each is queried in double quotes.
    static let phrases: [KnownItem] = [
        KnownItem("jekyll-news", "looking for unintended", "_posts/2017-03-02-jekyll-3-4-1-released.markdown"),
        KnownItem("jekyll-news", "Jekyll even further", "_posts/2016-08-24-jekyll-admin-initial-release.markdown"),
        KnownItem("jekyll-news", "a cliche and", "_posts/2017-10-19-diversity-open-source.markdown"),
        KnownItem("jekyll-news", "set site specific", "_posts/2013-11-04-jekyll-1-3-0-released.markdown"),
        KnownItem("jekyll-news", "Javascript depending on", "_posts/2014-01-13-jekyll-1-4-3-released.markdown"),
        KnownItem("jekyll-news", "when the configuration", "_posts/2020-08-05-jekyll-3-9-0-released.markdown"),
        KnownItem("kubevirt-blog", "playbook to remove", "_posts/2023-09-05-Managing-KubeVirt-VMs-with-Ansible.md"),
        KnownItem("kubevirt-blog", "be validated now", "_posts/2019-10-30-KubeVirt_storage_rook_ceph.md"),
        KnownItem("kubevirt-blog", "API layer that", "_posts/2021-09-21-Importing-EC2-to-KubeVirt.md"),
        KnownItem("kubevirt-blog", "cirros cloud image", "_posts/2018-05-07-Deploying-VMs-on-Kubernetes-GlusterFS-KubeVirt.markdown"),
        KnownItem("kubevirt-blog", "phase you can", "_posts/2021-04-30-intel-vgpu-kubevirt.md"),
        KnownItem("kubevirt-blog", "worked and there", "_posts/2019-07-08-kubevirt-with-ansible-part-2.markdown"),
        KnownItem("kubernetes-blog", "for most actions", "content/en/blog/_posts/2024/sig-api-machinery-spotlight/index.md"),
        KnownItem("kubernetes-blog", "pick the first", "content/en/blog/_posts/2024/cri-o-seccomp-oci-artifacts.md"),
        KnownItem("kubernetes-blog", "config where you", "content/en/blog/_posts/2024/dynamic-kubernetes-api-server-for-cozystack/index.md"),
        KnownItem("kubernetes-blog", "contributions directly to", "content/en/blog/_posts/2024/windows-ops-readiness.md"),
        KnownItem("kubernetes-blog", "goal will remain", "content/en/blog/_posts/2024/sig-scheduling-spotlight/index.md"),
        KnownItem("kubernetes-blog", "The high level", "content/en/blog/_posts/2025/fine-grained-supplementalgroups-control-ga.md"),
        KnownItem("nats-blog", "the agent you", "content/blog/coordinating-ai-agent-teams-on-nats.md"),
        KnownItem("nats-blog", "another message for", "content/blog/new-per-subject-discard-policy.md"),
        KnownItem("nats-blog", "deep understanding from", "content/blog/ariane-mapping-microservice-with-nats.md"),
        KnownItem("nats-blog", "case Ripple represents", "content/blog/mad-challenge-using-nats.md"),
        KnownItem("nats-blog", "also seen significantly", "content/blog/nats-for-the-marionette-collective.md"),
        KnownItem("nats-blog", "the new design", "content/blog/nats-server-2.10-release.md"),
    ]

    /// The share of queries that must pass each check.
    static let bar = 0.95

    /// Whether `word` shows in `result`'s excerpt: its folded form is in
    /// the folded excerpt, or a word the excerpt highlights is a form the
    /// engine matches to it: the same stem (the index's English stemmer,
    /// on the folded forms), as `conversions` for `conversational`, or a
    /// word that starts with that stem of three letters or more, as
    /// `notifications` for `notified`.
    static func excerpt(of result: SearchResult, shows word: String) throws -> Bool {
        let folded = TextFolding.fold(word)
        if TextFolding.fold(result.excerpt).contains(folded) { return true }
        let stemmer = try #require(Stemmer(algorithm: "english"))
        let units = Array(result.excerpt.utf16)
        return result.highlights.contains { range in
            guard range.start >= 0, range.start + range.length <= units.count else { return false }
            let marked = String(decoding: units[range.start..<(range.start + range.length)], as: UTF16.self)
            let stem = stemmer.stem(folded), markedFolded = TextFolding.fold(marked)
            return stemmer.stem(markedFolded) == stem || (stem.count >= 3 && markedFolded.hasPrefix(stem))
        }
    }

    /// Whether `result` is the post at `post` (relative to its blog): the
    /// import keeps each post's file name, or its bundle's folder name.
    static func result(_ result: SearchResult, is post: String) -> Bool {
        name(of: result.id) == name(of: post)
    }

    /// A post's name: its path's last part without a Markdown extension,
    /// or its folder's for a bundle's `index.md` (an index entry's
    /// identifier has no extension, nor `index`).
    static func name(of path: String) -> String {
        var parts = path.split(separator: "/").map(String.init)
        guard var last = parts.popLast() else { return path }
        for suffix in [".markdown", ".md"] where last.hasSuffix(suffix) {
            last.removeLast(suffix.count)
        }
        return last == "index" ? parts.last ?? last : last
    }

    @Test func knownItemQueriesShowTheirWordsAndFindTheirPhrases() throws {
        let search = SiteSearch(environment: .live(log: Logger { _, _ in }))
        var bodyPassed = 0, bodyTop = 0, phrasePassed = 0
        var misses: [String] = []
        for blog in ["jekyll-news", "kubevirt-blog", "kubernetes-blog", "nats-blog"] {
            guard let (_, _, _, site) = try CorpusImportTests().importAndBuild(blog) else { return }
            defer { try? FileManager.default.removeItem(atPath: (site as NSString).deletingLastPathComponent) }
            let output = site + "/Output"
            for item in Self.bodyWords where item.blog == blog {
                let top = try search.search(SearchQuery(item.query, limit: 1), outputDirectory: output).results.first
                let words = item.query.split(separator: " ").map(String.init)
                if let top, try words.allSatisfy({ try Self.excerpt(of: top, shows: $0) }) {
                    bodyPassed += 1
                } else {
                    misses.append("body \(item): top \(top?.id ?? "none"), excerpt \(top?.excerpt ?? "")")
                }
                if let top, Self.result(top, is: item.post) { bodyTop += 1 }
            }
            for item in Self.phrases where item.blog == blog {
                let results = try search.search(SearchQuery("\"\(item.query)\"", limit: 3), outputDirectory: output).results
                if results.contains(where: { Self.result($0, is: item.post) }) {
                    phrasePassed += 1
                } else {
                    misses.append("phrase \(item): found \(results.map(\.id))")
                }
            }
        }
        let bodyShare = Double(bodyPassed) / Double(Self.bodyWords.count)
        let phraseShare = Double(phrasePassed) / Double(Self.phrases.count)
        print("""
            corpus search: the top excerpt shows the body words for \(bodyPassed) of \(Self.bodyWords.count) \
            queries (\(Self.percent(bodyShare))), the intended post is first for \(bodyTop); \
            quoted phrases find their post in the top 3 for \(phrasePassed) of \(Self.phrases.count) \
            (\(Self.percent(phraseShare)))
            """)
        for miss in misses { print("  miss: \(miss)") }
        #expect(bodyShare >= Self.bar, "body words in the top excerpt: \(Self.percent(bodyShare))")
        #expect(phraseShare >= Self.bar, "quoted phrases in the top 3: \(Self.percent(phraseShare))")
    }

    /// `share` as a percentage with one decimal (`97.5%`).
    static func percent(_ share: Double) -> String {
        String(format: "%.1f%%", share * 100)
    }
}
