import Foundation
import Testing
import TextFolding
@testable import SearchIndex

/// Folding and word classes of every scalar below U+3000 (and a few
/// beyond), written as a golden file the browser tests compare with, so the
/// two engines split and fold text alike.
@Suite struct CharacterVectorTests {
    struct Characters: Codable, Equatable {
        /// Scalar value → folded form, for every scalar whose folding is not
        /// itself.
        var folds: [String: String]
        /// One letter per scalar from U+0000: w (word), i (ideograph), s (separator).
        var classes: String
    }

    static let file = VectorFiles.folder.appendingPathComponent("characters.json")

    static func current() -> Characters {
        var folds: [String: String] = [:]
        var classes = ""
        let extra: [UInt32] = [0x3000, 0x3042, 0x4E2D, 0xAC00, 0xFB01, 0xFF21, 0x1D400, 0x1F600]
        for value in Array(UInt32(0)..<0x3000) + extra {
            guard let scalar = Unicode.Scalar(value) else {
                if value < 0x3000 { classes += "s" }
                continue
            }
            let text = String(scalar)
            let folded = TextFolding.fold(text)
            if !folded.unicodeScalars.elementsEqual(text.unicodeScalars) { folds[String(value)] = folded }
            if value < 0x3000 {
                switch WordScanner.classify(scalar) {
                case .word: classes += "w"
                case .ideograph: classes += "i"
                case .separator: classes += "s"
                }
            }
        }
        return Characters(folds: folds, classes: classes)
    }

    @Test func foldingAndClassesEqualTheGoldenFile() throws {
        let current = Self.current()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        if VectorFiles.updatesGolden { try encoder.encode(current).write(to: Self.file) }
        let golden = try JSONDecoder().decode(Characters.self, from: Data(contentsOf: Self.file))
        #expect(golden == current)
    }
}
