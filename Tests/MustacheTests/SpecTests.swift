import Foundation
import Synchronization
import Testing
@testable import Mustache

/// Runs every test of the official Mustache specification, read from
/// `../shared/spec/mustache/` beside the package root. A clone with
/// nothing beside it skips them (and says so); `scripts/fetch-specs.sh`
/// downloads them; with `DESPINA_REQUIRE_EXTERNAL_CHECKS=1` they must be there.
@Suite(.enabled(if: MustacheSpec.isAvailable, MustacheSpec.skipNote))
struct SpecTests {
    static let specFiles = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections",
        "~inheritance", "~dynamic-names", "~lambdas",
    ]

    @Test(arguments: specFiles)
    func specFile(_ fileName: String) throws {
        let suite = try SpecSuite.load(fileName)
        var failures: [String] = []
        for test in suite.tests {
            do {
                let rendered = try test.run()
                if rendered != test.expected {
                    failures.append("\(test.name): expected \(test.expected.debugDescription), got \(rendered.debugDescription)")
                }
            } catch {
                failures.append("\(test.name): threw \(error)")
            }
        }
        let passed = suite.tests.count - failures.count
        print("\(fileName).json: \(passed)/\(suite.tests.count) passed")
        #expect(failures == [])
        #expect(!suite.tests.isEmpty)
    }

    @Test func specHasAllTests() throws {
        let total = try Self.specFiles.map { try SpecSuite.load($0).tests.count }.reduce(0, +)
        #expect(total == 194)
    }
}

struct SpecSuite: Decodable {
    struct Test: Decodable {
        let name: String
        let data: JSONValue
        let template: String
        let partials: [String: String]?
        let expected: String

        func run() throws -> String {
            var partialTemplates: [String: Template] = [:]
            for (partialName, source) in partials ?? [:] {
                partialTemplates[partialName] = try Template(source: source, name: partialName)
            }
            let set = try TemplateSet(templates: partialTemplates, missingPartials: .renderNothing)
            let template = try Template(source: template, name: name)
            return try template.render(data.value(lambdas: SpecLambdas.forTest(named: name)), partials: set)
        }
    }

    let tests: [Test]

    static func load(_ fileName: String) throws -> SpecSuite {
        try JSONDecoder().decode(
            SpecSuite.self, from: Data(contentsOf: MustacheSpec.directory.appendingPathComponent("\(fileName).json")))
    }
}

/// JSON as the spec files hold it.
indirect enum JSONValue: Decodable {
    case null, bool(Bool), int(Int), double(Double), string(String), array([JSONValue]), object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let elements = try? container.decode([JSONValue].self) {
            self = .array(elements)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The engine value; objects tagged `"__tag__": "code"` become `lambda`.
    func value(lambdas lambda: Lambda?) -> Value {
        switch self {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .int(let number): return .int(number)
        case .double(let number): return .double(number)
        case .string(let text): return .string(text)
        case .array(let elements): return .array(elements.map { $0.value(lambdas: lambda) })
        case .object(let fields):
            if case .string("code")? = fields["__tag__"], let lambda { return .lambda(lambda) }
            return .dictionary(Fields(fields.mapValues { $0.value(lambdas: lambda) }))
        }
    }
}

/// The spec's lambdas, written in Swift, keyed by test name.
enum SpecLambdas {
    static func forTest(named name: String) -> Lambda? {
        switch name {
        case "Interpolation":
            return .variable { "world" }
        case "Interpolation - Expansion":
            return .variable { "{{planet}}" }
        case "Interpolation - Alternate Delimiters":
            return .variable { "|planet| => {{planet}}" }
        case "Interpolation - Multiple Calls":
            let calls = Mutex(0)
            return .variable {
                calls.withLock { count in
                    count += 1
                    return String(count)
                }
            }
        case "Escaping":
            return .variable { ">" }
        case "Section":
            return .section { text in text == "{{x}}" ? "yes" : "no" }
        case "Section - Expansion":
            return .section { text in text + "{{planet}}" + text }
        case "Section - Alternate Delimiters":
            return .section { text in text + "{{planet}} => |planet|" + text }
        case "Section - Multiple Calls":
            return .section { text in "__" + text + "__" }
        case "Inverted Section":
            return .section { _ in "" }
        default:
            return nil
        }
    }
}

/// Where the Mustache spec is, and whether it runs.
enum MustacheSpec {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("../shared/spec/mustache").standardizedFileURL

    /// Whether the suite runs: it is beside the repository, or CI requires it.
    static let isAvailable = FileManager.default.fileExists(atPath: directory.appendingPathComponent("comments.json").path)
        || ProcessInfo.processInfo.environment["DESPINA_REQUIRE_EXTERNAL_CHECKS"] == "1"

    static let skipNote: Comment =
        "skipped: the Mustache spec is not beside the repository (../shared/spec/mustache/); scripts/fetch-specs.sh downloads it"
}
