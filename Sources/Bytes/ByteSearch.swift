#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finding a run of bytes in text, byte for byte.
///
/// Foundation's `contains(_:)` and `range(of:)` on `String` compare
/// Unicode text (through `NSString`, in UTF-16), which is the right thing
/// for a writer's words and many times too slow for markers such as
/// `href="` or a shortcode's name in a whole post. These compare UTF-8
/// bytes with the C library's `memchr` and `memcmp`: the answer is the same for any
/// needle that is ASCII, which every caller's is.
public enum ByteSearch {
    /// Where `needle` first occurs in `bytes` at or after `start`.
    public static func firstOffset(of needle: [UInt8], in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard !needle.isEmpty, start >= 0, start <= bytes.count, let base = bytes.baseAddress else { return nil }
        return needle.withUnsafeBytes { needleBytes -> Int? in
            guard let needleBase = needleBytes.baseAddress else { return nil }
            let first = Int32(needle[0])
            let second = needle.count > 1 ? needle[1] : nil
            let last = bytes.count - needle.count
            var offset = start
            // `memchr` skips to each candidate first byte; `memcmp` checks the
            // rest, once the second byte matches too: needles such as `<h2`
            // start with a byte that HTML holds every few words.
            while offset <= last {
                guard let found = memchr(base + offset, first, last - offset + 1) else { return nil }
                let candidate = base.distance(to: UnsafeRawPointer(found))
                if second == nil || bytes[candidate + 1] == second, memcmp(found, needleBase, needle.count) == 0 {
                    return candidate
                }
                offset = candidate + 1
            }
            return nil
        }
    }

    /// Where `needle` first occurs in `bytes` at or after `start`.
    public static func firstOffset(of needle: [UInt8], in bytes: [UInt8], from start: Int = 0) -> Int? {
        bytes.withUnsafeBytes { firstOffset(of: needle, in: $0, from: start) }
    }

    /// Whether `text` holds `needle`, compared as UTF-8 bytes.
    public static func contains(_ needle: String, in text: Substring) -> Bool {
        var text = text
        return text.withUTF8 { firstOffset(of: Array(needle.utf8), in: UnsafeRawBufferPointer($0)) != nil }
    }

    /// Whether `text` holds `needle`, compared as UTF-8 bytes.
    public static func contains(_ needle: String, in text: String) -> Bool {
        contains(needle, in: Substring(text))
    }
}
