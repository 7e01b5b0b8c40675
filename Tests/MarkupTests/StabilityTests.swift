import Foundation
import Testing
@testable import Markup

/// Every spec example with all extensions on, rendered twice, once on many
/// threads at the same time: the output is byte-identical.
struct StabilityTests {
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var html: [String]

        init(count: Int) { html = Array(repeating: "", count: count) }

        func set(_ value: String, at index: Int) {
            lock.lock()
            html[index] = value
            lock.unlock()
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return html
        }
    }

    @Test(.enabled(if: CommonMarkSpec.isAvailable, CommonMarkSpec.skipNote))
    func concurrentRenderingMatchesSerialRendering() throws {
        let markdown = try CommonMarkConformanceTests.examples("spec.json").map(\.markdown)
        let serial = markdown.map { Document(markdown: $0).html + Document(markdown: $0).summaryHTML }
        let results = Results(count: markdown.count)
        DispatchQueue.concurrentPerform(iterations: markdown.count) { index in
            let document = Document(markdown: markdown[index])
            results.set(document.html + document.summaryHTML, at: index)
        }
        #expect(results.all == serial)
        #expect(serial.count == 652)
    }
}
