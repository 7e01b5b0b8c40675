import Testing
@testable import DespinaKit

/// The manifest a generation of the output is known by: its text read back
/// is the same manifest, and its identifier names the files' bytes alone.
struct OutputManifestTests {
    private func manifest(_ files: [(String, OutputManifest.Entry)], capacity: Int = 0) -> OutputManifest {
        var manifest = OutputManifest()
        manifest.entries.reserveCapacity(capacity)
        for (path, entry) in files { manifest.entries[path] = entry }
        return manifest
    }

    private let files: [(String, OutputManifest.Entry)] = (0..<200).map { number in
        ("posts/\(number)/index.html", OutputManifest.Entry(size: 1000 + number, hash: UInt64(number) &* 0x9E37, fingerprint: 7))
    }

    @Test func theTopLevelNamesAreEachPathsFirstComponentAndTheMarker() {
        let entry = OutputManifest.Entry(size: 1, hash: 2, fingerprint: 3)
        let paths = files.map(\.0) + ["index.html", "post", "posts.html", "tags/a/index.html", "é/x/y.html", "é"]
        let names = OutputFolder.topLevelNames(of: manifest(paths.map { ($0, entry) }))
        #expect(names == [OutputFolder.markerName, "posts", "index.html", "post", "posts.html", "tags", "é"])
    }

    @Test func itsTextReadsBackAsTheSameManifest() throws {
        let written = manifest(files)
        let (bytes, identifier) = written.serializedBytes()
        let read = try #require(OutputManifest(bytes: bytes))
        #expect(read.entries == written.entries)
        #expect(read.identifier == identifier)
    }

    /// Hashes and fingerprints are written as sixteen lowercase digits,
    /// every digit in its place, as the text's readers (older versions
    /// included) parse them.
    @Test func itsNumbersAreSixteenHexadecimalDigits() {
        let values: [UInt64] = [0, 9, 10, 15, 0x0123_4567_89AB_CDEF, 0xFEDC_BA98_7654_3210, .max, 0x9A9A_0F0F_F0F0_A9A9]
        for (hash, fingerprint) in zip(values, values.reversed()) {
            let one = manifest([("a.html", OutputManifest.Entry(size: 12, hash: hash, fingerprint: fingerprint))])
            let text = String(decoding: one.serializedBytes().bytes, as: UTF8.self)
            func digits(_ value: UInt64) -> String {
                let hex = String(value, radix: 16)
                return String(repeating: "0", count: 16 - hex.count) + hex
            }
            #expect(text == OutputManifest.header + "\n\(digits(hash)) 12 \(digits(fingerprint)) a.html\n")
        }
    }

    @Test func theIdentifierDoesNotDependOnTheOrderOfTheFiles() {
        // Other insertion orders and capacities give other iteration orders.
        let forward = manifest(files)
        let backward = manifest(files.reversed(), capacity: 5000)
        #expect(forward.serializedBytes().bytes != backward.serializedBytes().bytes)
        #expect(forward.identifier == backward.identifier)
    }

    @Test func theIdentifierNamesTheBytesNotWhatTheyWereMadeFrom() {
        var otherFingerprints = files
        otherFingerprints[3].1.fingerprint = 99
        #expect(manifest(otherFingerprints).identifier == manifest(files).identifier)
        var otherSize = files
        otherSize[3].1.size += 1
        var otherHash = files
        otherHash[3].1.hash ^= 1
        var otherPath = files
        otherPath[3].0 = "posts/3/other.html"
        for changed in [otherSize, otherHash, otherPath] {
            #expect(manifest(changed).identifier != manifest(files).identifier)
        }
    }

    /// A manifest damaged by hand is not one: numbers past what they can
    /// hold are refused, not trapped on.
    @Test func aNumberTooLargeIsNotRead() {
        let header = OutputManifest.header + "\n"
        for line in [
            "0000000000000001 9223372036854775808 0000000000000002 index.html", // size above Int.max
            "0000000000000001 18446744073709551619 0000000000000002 index.html", // above UInt64.max by the last digit
            "10000000000000001 10 0000000000000002 index.html", // a hash of 17 digits
        ] {
            #expect(OutputManifest(bytes: Array((header + line + "\n").utf8)) == nil, "\(line)")
        }
        #expect(OutputManifest(bytes: Array((header + "0000000000000001 10 0000000000000002 index.html\n").utf8)) != nil)
    }

    @Test func aManifestOfAnotherFormatIsNotRead() {
        let old = Array("despina-output-manifest 3\n0000000000000001 10 0000000000000002 index.html\n".utf8)
        #expect(OutputManifest(bytes: old) == nil)
    }
}
