import CStemmer

/// A Snowball stemmer for one language.
///
/// `sb_stemmer` objects keep state between calls, so an instance must not be
/// shared between threads; each analysing thread owns its own.
final class Stemmer {
    private let handle: OpaquePointer

    /// Creates a stemmer for a Snowball algorithm name, or nil if libstemmer
    /// does not know it.
    init?(algorithm: String) {
        guard let handle = sb_stemmer_new(algorithm, "UTF_8") else { return nil }
        self.handle = handle
    }

    deinit { sb_stemmer_delete(handle) }

    /// The stem of a lowercase word.
    func stem(_ word: String) -> String {
        var word = word
        return word.withUTF8 { bytes -> String in
            guard let base = bytes.baseAddress,
                  let result = sb_stemmer_stem(handle, base, Int32(bytes.count)) else { return String(decoding: bytes, as: UTF8.self) }
            let length = Int(sb_stemmer_length(handle))
            return String(decoding: UnsafeBufferPointer(start: result, count: length), as: UTF8.self)
        }
    }
}
