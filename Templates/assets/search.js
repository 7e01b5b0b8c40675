/*
 * Despina site search: reads the index written under search/ and shows
 * results as the reader types. No dependency, no build step.
 *
 * The query engine below follows the Swift engine (module SearchIndex) step
 * by step, so both return the same results with the same scores for the same
 * index; docs/search-index.md describes the format and the ranking.
 *
 * Page contract (the theme provides it):
 *   <div id="search" data-index="{{root}}search/">
 *     <form role="search"><input id="search-input" type="search" name="q" autocomplete="off"></form>
 *     <div id="search-filters"></div>
 *     <p id="search-status" aria-live="polite"></p>
 *     <ol id="search-results"></ol>
 *   </div>
 */
(function () {
  'use strict';

  var FORMAT_VERSION = 2;
  var MAX_WORDS = 12;
  var MIN_PREFIX = 2;
  var MAX_PREFIX_EXPANSIONS = 50;
  var PHRASE_CANDIDATES = 200;
  var PHRASE_BATCH = 10;
  var WEIGHT_EXACT = 1.0;
  var WEIGHT_PREFIX = 0.8;
  var WEIGHT_ONE_TYPO = 0.5;
  var WEIGHT_TWO_TYPOS = 0.3;
  var ACCENT_BONUS = 0.25;
  var EXCERPT_BEFORE = 60;
  var EXCERPT_LENGTH = 200;
  var LAST_SCALAR = '\u{10FFFF}';

  // ---------------------------------------------------------------- text

  var SPECIAL_LETTERS = {
    '\u0110': 'd', '\u0111': 'd', '\u00D0': 'd', '\u00F0': 'd', '\u0131': 'i',
    '\u00D8': 'o', '\u00F8': 'o', '\u0141': 'l', '\u0142': 'l', '\u00DF': 'ss', '\u1E9E': 'ss',
    '\u00C6': 'ae', '\u00E6': 'ae', '\u0152': 'oe', '\u0153': 'oe', '\u00DE': 'th', '\u00FE': 'th',
    '\u0126': 'h', '\u0127': 'h', '\u0166': 't', '\u0167': 't', '\u014A': 'n', '\u014B': 'n',
    '\u0138': 'k', '\u0192': 'f', '\u0268': 'i', '\u0197': 'i', '\u0237': 'j',
    '\u0180': 'b', '\u0243': 'b', '\u01B6': 'z', '\u01B5': 'z'
  };
  var NONSPACING_MARK = /\p{Mn}/u;
  var IDEOGRAPHIC = /\p{Ideographic}/u;
  var WORD_LETTER = /[\p{Alphabetic}\p{N}\p{M}]/u;

  /** Folds case, accents and special letters, like TextFolding.fold. */
  function fold(text) {
    if (/^[\x00-\x7F]*$/.test(text)) return text.toLowerCase();
    var out = '';
    for (var ch of text.normalize('NFKD')) {
      var code = ch.codePointAt(0);
      if (code < 0x80) { out += ch.toLowerCase(); continue; }
      if (NONSPACING_MARK.test(ch)) continue;
      if (Object.prototype.hasOwnProperty.call(SPECIAL_LETTERS, ch)) { out += SPECIAL_LETTERS[ch]; continue; }
      for (var lower of ch.toLowerCase()) if (!NONSPACING_MARK.test(lower)) out += lower;
    }
    return out;
  }

  /** Lowercase, composed, accents kept; Turkish İ becomes i. */
  function exactForm(word) {
    return word.normalize('NFC').replace(/\u0130/g, 'i').toLowerCase();
  }

  /** 'word', 'ideograph' or 'separator', like the Swift word scanner. */
  function classify(ch) {
    var code = ch.codePointAt(0);
    if (code < 0x80) {
      return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5A) ||
        (code >= 0x61 && code <= 0x7A) || code === 0x5F ? 'word' : 'separator';
    }
    if (IDEOGRAPHIC.test(ch)) return 'ideograph';
    return WORD_LETTER.test(ch) ? 'word' : 'separator';
  }

  /** Word ranges [start, end) in an array of code points. */
  function wordRanges(scalars) {
    var ranges = [];
    var start = -1;
    for (var i = 0; i < scalars.length; i++) {
      var kind = classify(scalars[i]);
      if (kind === 'word') {
        if (start < 0) start = i;
      } else {
        if (start >= 0) ranges.push([start, i]);
        if (kind === 'ideograph') ranges.push([i, i + 1]);
        start = -1;
      }
    }
    if (start >= 0) ranges.push([start, scalars.length]);
    return ranges;
  }

  /** The words of a text. */
  function words(text) {
    var scalars = Array.from(text);
    return wordRanges(scalars).map(function (r) { return scalars.slice(r[0], r[1]).join(''); });
  }

  /** Order of keys in the index: by code point (UTF-8 byte order). */
  function compare(a, b) {
    var n = Math.min(a.length, b.length);
    for (var i = 0; i < n; i++) {
      var x = a.charCodeAt(i), y = b.charCodeAt(i);
      if (x === y) continue;
      var xs = x >= 0xD800 && x <= 0xDFFF, ys = y >= 0xD800 && y <= 0xDFFF;
      if (xs !== ys) return xs ? 1 : -1;
      return x - y;
    }
    return a.length - b.length;
  }

  function sortedKeys(object) { return Object.keys(object).sort(compare); }

  // ---------------------------------------------------------------- query

  /**
   * Splits query text into clauses: {word} or {phrase: [word...]}, where a
   * word is {text, folded, exact, isPrefix}. Never throws.
   */
  function parseQuery(text) {
    var scalars = Array.from(String(text));
    var clauses = [];
    var phrase = null;
    var wordCount = 0;
    var segmentStart = 0;

    function addWords(start, end) {
      var segment = scalars.slice(start, end);
      var ranges = wordRanges(segment);
      for (var i = 0; i < ranges.length; i++) {
        if (wordCount >= MAX_WORDS) return;
        var raw = segment.slice(ranges[i][0], ranges[i][1]).join('');
        var folded = fold(raw);
        if (folded === '') continue;
        var exact = exactForm(raw);
        var word = {
          text: raw, folded: folded, exact: exact === folded ? null : exact,
          isPrefix: phrase === null && start + ranges[i][1] === scalars.length
        };
        wordCount++;
        if (phrase !== null) phrase.push(word); else clauses.push({ word: word });
      }
    }
    function closePhrase() {
      if (phrase === null) return;
      if (phrase.length === 1) clauses.push({ word: phrase[0] });
      else if (phrase.length > 1) clauses.push({ phrase: phrase });
      phrase = null;
    }
    for (var i = 0; i < scalars.length; i++) {
      var ch = scalars[i];
      if (ch !== '"' && ch !== '\u201C' && ch !== '\u201D' && ch !== '\u201E') continue;
      addWords(segmentStart, i);
      segmentStart = i + 1;
      if (phrase === null) phrase = []; else closePhrase();
    }
    addWords(segmentStart, scalars.length);
    closePhrase();
    return clauses;
  }

  // ---------------------------------------------------------------- ranking

  function allowedTypos(length) { return length >= 9 ? 2 : length >= 5 ? 1 : 0; }

  function editDistance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    if (a.length === 0 || b.length === 0) return Math.max(a.length, b.length);
    var previous = [], current = [];
    for (var j = 0; j <= b.length; j++) { previous.push(j); current.push(0); }
    for (var i = 1; i <= a.length; i++) {
      current[0] = i;
      var rowMinimum = i;
      for (j = 1; j <= b.length; j++) {
        var substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
        current[j] = Math.min(substitution, previous[j] + 1, current[j - 1] + 1);
        rowMinimum = Math.min(rowMinimum, current[j]);
      }
      if (rowMinimum > limit) return limit + 1;
      var swap = previous; previous = current; current = swap;
    }
    return previous[b.length];
  }

  /** gh before t is silent, ph is f, ck is k, doubled letters count once. */
  function soundKey(word) {
    var out = [];
    var i = 0;
    while (i < word.length) {
      var ch = word[i], next = word[i + 1], afterNext = word[i + 2];
      var emitted = ch;
      if (ch === 'g' && next === 'h' && afterNext === 't') { i += 2; continue; }
      else if (ch === 'p' && next === 'h') { emitted = 'f'; i += 1; }
      else if (ch === 'c' && next === 'k') { emitted = 'k'; i += 1; }
      if (out[out.length - 1] !== emitted) out.push(emitted);
      i += 1;
    }
    return out;
  }

  function typoDistance(query, word, limit) {
    var plain = editDistance(query, word, limit);
    if (plain <= 1) return plain;
    return Math.min(plain, editDistance(soundKey(query), soundKey(word), limit));
  }

  var VARINT_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  var VARINT_VALUES = {};
  for (var v = 0; v < VARINT_ALPHABET.length; v++) VARINT_VALUES[VARINT_ALPHABET[v]] = v;

  /** Decodes the base64url varints of the index. */
  function decodeVarints(text) {
    var result = [];
    var value = 0, scale = 1;
    for (var i = 0; i < text.length; i++) {
      var digit = VARINT_VALUES[text[i]];
      if (digit === undefined) throw new Error('malformed number list');
      value += (digit & 31) * scale;
      if (digit >= 32) { scale *= 32; } else { result.push(value); value = 0; scale = 1; }
    }
    if (scale !== 1) throw new Error('malformed number list');
    return result;
  }

  /** A set of ordinals: a gap list, or '*' and a bitset (six per character). */
  function gapsToOrdinals(text) {
    var set = new Set();
    if (text.charAt(0) === '*') {
      for (var i = 1; i < text.length; i++) {
        var value = VARINT_VALUES[text[i]];
        if (value === undefined) throw new Error('malformed ordinal set');
        for (var bit = 0; bit < 6; bit++) if (value & (1 << bit)) set.add((i - 1) * 6 + bit);
      }
      return set;
    }
    var ordinal = -1;
    for (var gap of decodeVarints(text)) { ordinal += gap + 1; set.add(ordinal); }
    return set;
  }

  function stemText(term) {
    var at = term.indexOf('~');
    return at < 0 ? term : term.slice(0, at);
  }

  function newMarker() { return { words: new Set(), terms: [] }; }

  function markerMatches(marker, folded) {
    if (marker.words.has(folded)) return true;
    for (var i = 0; i < marker.terms.length; i++) if (folded.startsWith(marker.terms[i])) return true;
    return false;
  }

  // ---------------------------------------------------------------- excerpts

  function escapeHTML(text) {
    return text.replace(/[&<>"']/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }[c];
    });
  }

  /**
   * The excerpt of a result: {excerpt, highlights, excerptHTML}. Among the
   * passages and then the description, the first holding the most query
   * words (`wordMarkers`, one per word); when none holds any, the
   * description, else the first passage.
   */
  function makeExcerpt(passages, description, wordMarkers, marker) {
    var chosen = null;
    var sources = passages.concat([description]);
    for (var s = 0; s < sources.length; s++) {
      if (!sources[s]) continue;
      var scalars = Array.from(sources[s]);
      var ranges = wordRanges(scalars);
      var folded = ranges.map(function (r) { return fold(scalars.slice(r[0], r[1]).join('')); });
      var found = 0;
      wordMarkers.forEach(function (word) {
        if (folded.some(function (f) { return markerMatches(word, f); })) found++;
      });
      if (found > (chosen === null ? 0 : chosen.found)) chosen = { scalars: scalars, ranges: ranges, found: found };
      if (found === wordMarkers.length && found > 0) break;
    }
    if (chosen === null) {
      var fallback = description || passages[0] || '';
      if (fallback) {
        var fallbackScalars = Array.from(fallback);
        chosen = { scalars: fallbackScalars, ranges: wordRanges(fallbackScalars), found: 0 };
      }
    }
    if (chosen === null) return { excerpt: '', highlights: [], excerptHTML: '' };
    var all = chosen.scalars, list = chosen.ranges;
    var matches = list.map(function (range) { return markerMatches(marker, fold(all.slice(range[0], range[1]).join(''))); });
    var match = matches.indexOf(true);
    var start = 0, end = all.length;
    if (all.length > EXCERPT_LENGTH) {
      if (match >= 0) {
        start = Math.max(0, list[match][0] - EXCERPT_BEFORE);
        if (start > 0) {
          for (var f = 0; f < list.length; f++) if (list[f][0] >= start) { start = list[f][0]; break; }
        }
      }
      end = Math.min(all.length, start + EXCERPT_LENGTH);
      if (end < all.length) {
        for (var l = list.length - 1; l >= 0; l--) {
          if (list[l][1] <= end && list[l][0] >= start) { end = list[l][1]; break; }
        }
      }
    }
    var prefix = start > 0 ? ['\u2026'] : [];
    var suffix = end < all.length ? ['\u2026'] : [];
    var text = prefix.concat(all.slice(start, end), suffix);
    var marked = [];
    for (var m = 0; m < list.length; m++) {
      var range = list[m];
      if (matches[m] && range[0] >= start && range[1] <= end) {
        marked.push([range[0] - start + prefix.length, range[1] - start + prefix.length]);
      }
    }
    var offsets = [0];
    for (var c = 0; c < text.length; c++) offsets.push(offsets[c] + text[c].length);
    var html = '', index = 0;
    marked.forEach(function (span) {
      html += escapeHTML(text.slice(index, span[0]).join('')) + '<mark>' + escapeHTML(text.slice(span[0], span[1]).join('')) + '</mark>';
      index = span[1];
    });
    html += escapeHTML(text.slice(index).join(''));
    return {
      excerpt: text.join(''),
      highlights: marked.map(function (span) { return { start: offsets[span[0]], length: offsets[span[1]] - offsets[span[0]] }; }),
      excerptHTML: html
    };
  }

  /** Whether consecutive words of one of `sources` match the phrase's words in order. */
  function containsPhrase(sources, markers) {
    if (markers.length === 0) return true;
    for (var s = 0; s < sources.length; s++) {
      var folded = words(sources[s] || '').map(fold);
      for (var start = 0; start + markers.length <= folded.length; start++) {
        var all = true;
        for (var k = 0; k < markers.length && all; k++) all = markerMatches(markers[k], folded[start + k]);
        if (all) return true;
      }
    }
    return false;
  }

  // ---------------------------------------------------------------- engine

  /**
   * An engine over an index. `load(path)` returns (a promise of) the parsed
   * JSON of a file relative to the index folder; pieces are loaded once.
   */
  function createEngine(load) {
    var cache = new Map();
    function file(path) {
      if (!cache.has(path)) {
        var pending = Promise.resolve().then(function () { return load(path); });
        pending.catch(function () { cache.delete(path); });
        cache.set(path, pending);
      }
      return cache.get(path);
    }

    function pieceIndex(key, references) {
      var low = 0, high = references.length - 1, found = 0;
      while (low <= high) {
        var middle = (low + high) >> 1;
        if (compare(key, references[middle][0]) >= 0) { found = middle; low = middle + 1; } else high = middle - 1;
      }
      return found;
    }

    async function vocabularyWords(entry, low, high) {
      var references = entry.vocabulary;
      var merged = {};
      if (references.length === 0) return merged;
      for (var i = pieceIndex(low, references); i <= pieceIndex(high, references); i++) {
        var piece = await file('v/' + references[i][1] + '.json');
        for (var word in piece.words) if (!(word in merged)) merged[word] = piece.words[word];
      }
      return merged;
    }

    async function postings(entry, term) {
      if (entry.postings.length === 0) return null;
      var piece = await file('p/' + entry.postings[pieceIndex(term, entry.postings)][1] + '.json');
      if (!Object.prototype.hasOwnProperty.call(piece.terms, term)) return null;
      var numbers = decodeVarints(piece.terms[term]);
      var entries = [];
      var ordinal = -1;
      for (var i = 0; i + 1 < numbers.length; i += 2) {
        ordinal += numbers[i] + 1;
        entries.push([ordinal, numbers[i + 1] + 1]);
      }
      return entries;
    }

    async function resolve(entry, word, exactOnly) {
      var weights = new Map();
      var marker = newMarker();
      function take(vocabularyWord, terms, weight) {
        terms.forEach(function (term) { if ((weights.get(term) || 0) < weight) weights.set(term, weight); });
        marker.words.add(vocabularyWord);
        terms.forEach(function (term) {
          var stem = stemText(term);
          if (Array.from(stem).length >= 3 && marker.terms.indexOf(stem) < 0) marker.terms.push(stem);
        });
      }
      var folded = word.folded;
      var scalars = Array.from(folded);
      var exactWords = await vocabularyWords(entry, folded, folded);
      if (Object.prototype.hasOwnProperty.call(exactWords, folded)) take(folded, exactWords[folded], WEIGHT_EXACT);
      if (exactOnly) return { weights: weights, marker: marker };
      if (word.isPrefix && scalars.length >= MIN_PREFIX) {
        var prefixed = await vocabularyWords(entry, folded, folded + LAST_SCALAR);
        var candidates = Object.keys(prefixed).filter(function (c) { return c !== folded && c.startsWith(folded); });
        if (candidates.length > MAX_PREFIX_EXPANSIONS) {
          // The shortest completions: the closest to what was typed.
          candidates = candidates.map(function (c) { return { word: c, length: Array.from(c).length }; })
            .sort(function (a, b) { return a.length !== b.length ? a.length - b.length : compare(a.word, b.word); })
            .slice(0, MAX_PREFIX_EXPANSIONS).map(function (c) { return c.word; });
        }
        candidates.sort(compare).forEach(function (candidate) { take(candidate, prefixed[candidate], WEIGHT_PREFIX); });
      }
      var limit = allowedTypos(scalars.length);
      if (weights.size === 0 && limit > 0) {
        var lead = scalars[0];
        var near = await vocabularyWords(entry, lead, lead + LAST_SCALAR);
        sortedKeys(near).forEach(function (candidate) {
          if (candidate === folded) return;
          var candidateScalars = Array.from(candidate);
          if (candidateScalars[0] !== lead) return;
          var distance = typoDistance(scalars, candidateScalars, limit);
          if (distance > limit) return;
          take(candidate, near[candidate], distance <= 1 ? WEIGHT_ONE_TYPO : WEIGHT_TWO_TYPOS);
        });
      }
      return { weights: weights, marker: marker };
    }

    async function bestScores(entry, word, resolution) {
      var k1 = entry.ranking.k1, scale = entry.ranking.scale;
      function saturation(frequency) {
        var tf = frequency / scale;
        return tf * (k1 + 1) / (tf + k1);
      }
      var best = new Map();
      var terms = Array.from(resolution.weights.keys()).sort(compare);
      for (var t = 0; t < terms.length; t++) {
        var weight = resolution.weights.get(terms[t]);
        var entries = await postings(entry, terms[t]);
        if (!entries) continue;
        for (var e = 0; e < entries.length; e++) {
          var value = weight * saturation(entries[e][1]);
          var current = best.has(entries[e][0]) ? best.get(entries[e][0]) : -1;
          if (value > current) best.set(entries[e][0], value);
        }
      }
      if (best.size === 0) return { scores: best, exact: new Set() };
      var n = best.size, total = entry.documents;
      var idf = Math.log(1 + (total - n + 0.5) / (n + 0.5));
      var exactDocuments = new Set();
      var bonus = new Map();
      if (word.exact !== null) {
        var exactEntries = await postings(entry, '=' + word.exact);
        (exactEntries || []).forEach(function (pair) {
          if (!best.has(pair[0])) return;
          bonus.set(pair[0], ACCENT_BONUS * saturation(pair[1]));
          exactDocuments.add(pair[0]);
        });
      }
      var scores = new Map();
      best.forEach(function (value, ordinal) { scores.set(ordinal, idf * (value + (bonus.get(ordinal) || 0))); });
      return { scores: scores, exact: exactDocuments };
    }

    var chunkStarts = null;
    async function storedDocument(entry, ordinal) {
      if (chunkStarts === null) {
        var starts = [0];
        decodeVarints(entry.chunks).forEach(function (size) { starts.push(starts[starts.length - 1] + size); });
        chunkStarts = starts;
      }
      // The chunk holding the ordinal: the last whose start is not after it.
      var low = 0, high = chunkStarts.length - 2, found = -1;
      while (low <= high) {
        var middle = (low + high) >> 1;
        if (chunkStarts[middle] <= ordinal) { found = middle; low = middle + 1; } else high = middle - 1;
      }
      if (found < 0 || ordinal >= chunkStarts[found + 1]) throw new Error('malformed index: index.json');
      var path = 'd/' + found + '.json';
      var chunk = await file(path);
      var row = chunk.documents[ordinal - chunkStarts[found]];
      if (!Array.isArray(row) || row.length < 11) throw new Error('malformed index: ' + path);
      return {
        id: row[0], url: row[1], title: row[2], date: row[3] === null ? undefined : row[3], section: row[4],
        language: row[5], tags: row[6], thumbnail: row[7] === null ? undefined : row[7], description: row[8],
        textKey: row[9], dateText: row[10] === null ? undefined : row[10]
      };
    }

    async function passages(doc) {
      if (!/^[0-9a-f]{16}$/.test(doc.textKey)) throw new Error('malformed index: ' + doc.id);
      var text = await file('t/' + doc.textKey + '.json');
      if (!text || !Array.isArray(text.passages)) throw new Error('malformed index: t/' + doc.textKey + '.json');
      return text.passages;
    }

    /**
     * The documents carrying `value` in `lists` (values and the names of
     * their set files), compared folded like query words.
     */
    async function facetOrdinals(lists, value) {
      var folded = fold(value), found = new Set();
      var names = Object.keys(lists).filter(function (candidate) { return candidate === value || fold(candidate) === folded; })
        .map(function (candidate) { return lists[candidate]; });
      var sets = await Promise.all(names.map(function (name) { return file('f/' + name + '.json'); }));
      sets.forEach(function (set) { gapsToOrdinals(set.ordinals).forEach(function (o) { found.add(o); }); });
      return found;
    }

    /** Facet counts over the results shown, largest first, then by value. */
    function facetCounts(results) {
      function counts(lists) {
        var map = new Map();
        lists.forEach(function (list) {
          new Set(list).forEach(function (value) { map.set(value, (map.get(value) || 0) + 1); });
        });
        return Array.from(map, function (pair) { return { value: pair[0], count: pair[1] }; })
          .sort(function (a, b) { return a.count !== b.count ? b.count - a.count : compare(a.value, b.value); });
      }
      return {
        tags: counts(results.map(function (r) { return r.tags; })),
        sections: counts(results.map(function (r) { return [r.section]; })),
        languages: counts(results.map(function (r) { return [r.language]; }))
      };
    }

    /**
     * Runs a query {text, tags, sections, languages, sort: 'relevance'|'date',
     * limit}; resolves to {results, total, facets}.
     */
    async function search(query) {
      var entry = await file('index.json');
      if (entry.version !== FORMAT_VERSION) throw new Error('unsupported search index version ' + entry.version);
      var tags = query.tags || [], sections = query.sections || [], languages = query.languages || [];
      var limit = query.limit === undefined ? 10 : query.limit;
      var empty = { results: [], total: 0, facets: { tags: [], sections: [], languages: [] } };
      var queryWords = [], phrases = [];
      parseQuery(query.text || '').forEach(function (clause) {
        if (clause.word) { queryWords.push({ word: clause.word, exactOnly: false }); return; }
        var indices = [];
        clause.phrase.forEach(function (word) { indices.push(queryWords.length); queryWords.push({ word: word, exactOnly: true }); });
        phrases.push(indices);
      });
      var filters = tags.length > 0 || sections.length > 0 || languages.length > 0;
      if (queryWords.length === 0 && !filters) return empty;

      var resolutions = [], scores = [], exactForms = [];
      for (var w = 0; w < queryWords.length; w++) {
        var resolution = await resolve(entry, queryWords[w].word, queryWords[w].exactOnly);
        var best = await bestScores(entry, queryWords[w].word, resolution);
        if (best.scores.size === 0) return empty;
        resolutions.push(resolution);
        scores.push(best.scores);
        exactForms.push(best.exact);
      }

      // Without words, a filter alone picks the documents.
      var matching;
      if (scores.length > 0) {
        var smallest = 0;
        for (var i = 1; i < scores.length; i++) if (scores[i].size < scores[smallest].size) smallest = i;
        matching = Array.from(scores[smallest].keys()).filter(function (o) {
          return scores.every(function (s) { return s.has(o); });
        }).sort(function (a, b) { return a - b; });
      } else {
        matching = [];
        for (var o = 0; o < entry.documents; o++) matching.push(o);
      }

      if (filters) {
        var facets = await file(entry.facets);
        var tagSets = await Promise.all(tags.map(function (tag) { return facetOrdinals(facets.tags, tag); }));
        var sectionSet = new Set(), languageSet = new Set();
        for (var si = 0; si < sections.length; si++) (await facetOrdinals(facets.sections, sections[si])).forEach(function (o) { sectionSet.add(o); });
        for (var li = 0; li < languages.length; li++) (await facetOrdinals(facets.languages, languages[li])).forEach(function (o) { languageSet.add(o); });
        matching = matching.filter(function (o) {
          return tagSets.every(function (set) { return set.has(o); }) &&
            (sections.length === 0 || sectionSet.has(o)) && (languages.length === 0 || languageSet.has(o));
        });
      }

      var totals = new Map(), accents = new Map();
      matching.forEach(function (o) {
        var total = 0.0;
        scores.forEach(function (s) { total += s.has(o) ? s.get(o) : 0; });
        totals.set(o, total);
        accents.set(o, exactForms.reduce(function (sum, set) { return sum + (set.has(o) ? 1 : 0); }, 0));
      });
      // Documents with more of the typed accented forms come first.
      function byRelevance(a, b) {
        var aa = accents.get(a), ab = accents.get(b);
        if (aa !== ab) return ab - aa;
        var sa = totals.get(a), sb = totals.get(b);
        return sa !== sb ? (sa > sb ? -1 : 1) : a - b;
      }

      var ranked;
      if (query.sort === 'date' || queryWords.length === 0) {
        var dates = decodeVarints((await file(entry.dates)).minutes);
        ranked = matching.slice().sort(function (a, b) {
          var da = a < dates.length ? dates[a] : 0, db = b < dates.length ? dates[b] : 0;
          return da !== db ? db - da : a - b;
        });
      } else {
        ranked = matching.slice().sort(byRelevance);
      }
      limit = Math.max(0, limit);
      var total = ranked.length;

      if (phrases.length) {
        // Phrases are checked on each candidate's text file, in the order of
        // the results, until enough are found; the files are fetched a few
        // at a time, and checked in order.
        var kept = [], checked = 0;
        while (kept.length < limit && checked < ranked.length && checked < PHRASE_CANDIDATES) {
          var batch = ranked.slice(checked, Math.min(checked + PHRASE_BATCH, PHRASE_CANDIDATES));
          var loaded = await Promise.all(batch.map(async function (ordinal) {
            var candidate = await storedDocument(entry, ordinal);
            return [candidate.title, candidate.description].concat(await passages(candidate));
          }));
          for (var p = 0; p < batch.length && kept.length < limit; p++) {
            checked++;
            var ok = phrases.every(function (phrase) {
              return containsPhrase(loaded[p], phrase.map(function (index) { return resolutions[index].marker; }));
            });
            if (ok) kept.push(batch[p]);
          }
        }
        // The candidates not checked may hold the phrases too.
        var unchecked = ranked.slice(checked);
        total = kept.length + unchecked.length;
        ranked = kept.concat(unchecked);
      }

      var marker = newMarker();
      resolutions.forEach(function (r) {
        r.marker.words.forEach(function (word) { marker.words.add(word); });
        r.marker.terms.forEach(function (term) { if (marker.terms.indexOf(term) < 0) marker.terms.push(term); });
      });
      var results = [];
      var wordMarkers = resolutions.map(function (r) { return r.marker; });
      var top = ranked.slice(0, limit);
      var docs = await Promise.all(top.map(function (ordinal) { return storedDocument(entry, ordinal); }));
      var texts = await Promise.all(docs.map(passages));
      for (var r = 0; r < top.length; r++) {
        var doc = docs[r];
        var excerpt = makeExcerpt(texts[r], doc.description, wordMarkers, marker);
        results.push({
          id: doc.id, url: doc.url, title: doc.title, date: doc.date, dateText: doc.dateText, section: doc.section,
          language: doc.language, tags: doc.tags, thumbnail: doc.thumbnail, score: totals.get(top[r]),
          excerpt: excerpt.excerpt, highlights: excerpt.highlights, excerptHTML: excerpt.excerptHTML
        });
      }
      return { results: results, total: total, facets: facetCounts(results) };
    }

    return { search: search };
  }

  // ---------------------------------------------------------------- page

  function startPage(document, window) {
    var root = document.getElementById('search');
    if (!root) return;
    var input = document.getElementById('search-input');
    var filtersBox = document.getElementById('search-filters');
    var status = document.getElementById('search-status');
    var list = document.getElementById('search-results');
    if (!input || !list) return;
    var base = root.getAttribute('data-index') || 'search/';
    // The words the script shows come from the page, in its language;
    // {count}, {shown}, {total} and {error} are filled in.
    function label(name, fallback, values) {
      var text = root.getAttribute('data-label-' + name) || fallback;
      return text.replace(/\{(count|shown|total|error)\}/g, function (whole, key) {
        return values && key in values ? String(values[key]) : whole;
      });
    }
    var engine = createEngine(function (path) {
      return window.fetch(base + path).then(function (response) {
        if (!response.ok) throw new Error(path + ': HTTP ' + response.status);
        return response.json();
      });
    });
    var params = new URLSearchParams(window.location.search);
    var state = { tags: params.getAll('tag'), languages: params.getAll('lang') };
    var timer = null;
    var generation = 0;

    function setStatus(text) { if (status) status.textContent = text; }

    function updateURL() {
      var next = new URLSearchParams();
      if (input.value) next.set('q', input.value);
      state.tags.forEach(function (t) { next.append('tag', t); });
      state.languages.forEach(function (l) { next.append('lang', l); });
      var query = next.toString();
      window.history.replaceState(null, '', window.location.pathname + (query ? '?' + query : '') + window.location.hash);
    }

    function renderExcerpt(paragraph, result) {
      var text = result.excerpt, index = 0;
      result.highlights.forEach(function (h) {
        if (h.start > index) paragraph.appendChild(document.createTextNode(text.slice(index, h.start)));
        var mark = document.createElement('mark');
        mark.textContent = text.slice(h.start, h.start + h.length);
        paragraph.appendChild(mark);
        index = h.start + h.length;
      });
      if (index < text.length) paragraph.appendChild(document.createTextNode(text.slice(index)));
    }

    function renderResults(response) {
      list.textContent = '';
      response.results.forEach(function (result) {
        var item = document.createElement('li');
        var link = document.createElement('a');
        // Index URLs come from the site build; refuse script URLs all the same.
        link.href = /^\s*(javascript|data|vbscript):/i.test(result.url) ? '#' : result.url;
        link.textContent = result.title;
        item.appendChild(link);
        if (result.date) {
          var time = document.createElement('time');
          time.className = 'search-date';
          time.setAttribute('datetime', result.date);
          // As the theme writes dates, in the post's language (made by the build).
          time.textContent = result.dateText || result.date.slice(0, 10);
          item.appendChild(document.createTextNode(' '));
          item.appendChild(time);
        }
        if (result.excerpt) {
          var paragraph = document.createElement('p');
          paragraph.className = 'search-excerpt';
          renderExcerpt(paragraph, result);
          item.appendChild(paragraph);
        }
        list.appendChild(item);
      });
    }

    function filterGroup(label, facetList, selected, key) {
      var shown = facetList.slice();
      selected.forEach(function (value) {
        if (!shown.some(function (f) { return f.value === value; })) shown.push({ value: value, count: 0 });
      });
      if (shown.length === 0) return null;
      var group = document.createElement('div');
      group.setAttribute('role', 'group');
      group.setAttribute('aria-label', label);
      shown.forEach(function (facet) {
        var button = document.createElement('button');
        button.type = 'button';
        var active = selected.indexOf(facet.value) >= 0;
        button.setAttribute('aria-pressed', active ? 'true' : 'false');
        button.textContent = (facet.value || '\u2014') + ' (' + facet.count + ')';
        button.addEventListener('click', function () {
          var values = state[key];
          var at = values.indexOf(facet.value);
          if (at >= 0) values.splice(at, 1); else values.push(facet.value);
          run();
        });
        group.appendChild(button);
      });
      return group;
    }

    function renderFilters(response) {
      if (!filtersBox) return;
      filtersBox.textContent = '';
      var tags = filterGroup(label('tags', 'Tags'), response.facets.tags, state.tags, 'tags');
      var languages = filterGroup(label('languages', 'Languages'), response.facets.languages, state.languages, 'languages');
      if (tags) filtersBox.appendChild(tags);
      if (languages) filtersBox.appendChild(languages);
    }

    // Ten results at first, ten more per click: the data of a result is
    // fetched only when it is shown.
    var pageSize = 10;
    var shownLimit = pageSize;
    var moreButton = document.createElement('button');
    moreButton.setAttribute('type', 'button');
    moreButton.setAttribute('id', 'search-more');
    moreButton.textContent = label('more', 'More results');
    moreButton.hidden = true;
    moreButton.addEventListener('click', function () {
      shownLimit += pageSize;
      run(true);
    });
    root.appendChild(moreButton);

    function run(keepsLimit) {
      if (keepsLimit !== true) shownLimit = pageSize;
      var mine = ++generation;
      updateURL();
      var text = input.value;
      // A filter alone lists its posts, newest first.
      if (!text.trim() && state.tags.length === 0 && state.languages.length === 0) {
        list.textContent = '';
        if (filtersBox) filtersBox.textContent = '';
        moreButton.hidden = true;
        setStatus('');
        return;
      }
      setStatus(label('searching', 'Searching\u2026'));
      engine.search({ text: text, tags: state.tags, languages: state.languages, limit: shownLimit }).then(function (response) {
        if (mine !== generation) return;
        renderResults(response);
        renderFilters(response);
        var shown = response.results.length;
        moreButton.hidden = shown >= response.total;
        setStatus(response.total === 0 ? label('none', 'No results') :
          response.total === 1 ? label('one', '1 result') :
          (shown < response.total ? label('some', '{shown} of {total} results', { shown: shown, total: response.total })
            : label('many', '{count} results', { count: response.total })));
      }, function (error) {
        if (mine !== generation) return;
        setStatus(label('unavailable', 'Search is unavailable ({error})', { error: error.message }));
      });
    }

    function links() { return Array.prototype.slice.call(list.querySelectorAll('li > a')); }

    input.addEventListener('input', function () {
      if (timer) window.clearTimeout(timer);
      timer = window.setTimeout(function () { run(); }, 150);
    });
    var form = input.form;
    if (form) form.addEventListener('submit', function (event) {
      event.preventDefault();
      var first = links()[0];
      if (first) window.location.href = first.href;
    });
    root.addEventListener('keydown', function (event) {
      if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
      var all = links();
      if (all.length === 0) return;
      var at = all.indexOf(document.activeElement);
      event.preventDefault();
      if (event.key === 'ArrowDown') {
        all[Math.min(at + 1, all.length - 1)].focus();
      } else if (at <= 0) {
        input.focus();
      } else {
        all[at - 1].focus();
      }
    });
    var initial = params.get('q');
    if (initial) { input.value = initial; run(); }
  }

  var api = {
    fold: fold, exactForm: exactForm, classify: classify, words: words, parseQuery: parseQuery, compare: compare,
    editDistance: editDistance, soundKey: soundKey, decodeVarints: decodeVarints,
    makeExcerpt: makeExcerpt, createEngine: createEngine
  };
  if (typeof module !== 'undefined' && module.exports) module.exports = api;
  if (typeof document !== 'undefined' && typeof window !== 'undefined') {
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', function () { startPage(document, window); });
    } else {
      startPage(document, window);
    }
  }
})();
