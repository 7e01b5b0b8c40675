/// Edit distances for typo tolerance.
enum EditDistance {
    /// Levenshtein distance between two scalar arrays, or `limit + 1` as
    /// soon as it is known to exceed `limit`.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// A rough spelling key that makes common sound-alike spellings meet:
    /// `gh` before `t` is silent, `ph` is `f`, `ck` is `k`, doubled letters
    /// count once ("spotlite" and "spotlight" both give "spotlit").
    static func soundKey(_ word: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        var index = 0
        while index < word.count {
            let scalar = word[index]
            let next = index + 1 < word.count ? word[index + 1] : nil
            let afterNext = index + 2 < word.count ? word[index + 2] : nil
            var emitted = scalar
            if scalar == "g" && next == "h" && afterNext == "t" {
                index += 2
                continue
            } else if scalar == "p" && next == "h" {
                emitted = "f"
                index += 1
            } else if scalar == "c" && next == "k" {
                emitted = "k"
                index += 1
            }
            if out.last != emitted { out.append(emitted) }
            index += 1
        }
        return out
    }

    /// The smaller of the plain and the sound-key distances.
    static func typoDistance(_ query: [Unicode.Scalar], _ word: [Unicode.Scalar], limit: Int) -> Int {
        let plain = distance(query, word, limit: limit)
        if plain <= 1 { return plain }
        return min(plain, distance(soundKey(query), soundKey(word), limit: limit))
    }
}
