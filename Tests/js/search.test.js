// Runs the shared search vectors through Templates/assets/search.js against
// the golden index files the Swift tests check: one ranking in both engines.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..', '..');
const search = require(path.join(root, 'Templates', 'assets', 'search.js'));
const vectors = path.join(root, 'Tests', 'SearchIndexTests', 'Vectors');
const indexFolder = path.join(vectors, 'index');

function engine() {
  return search.createEngine((file) => JSON.parse(fs.readFileSync(path.join(indexFolder, file), 'utf8')));
}
const queries = JSON.parse(fs.readFileSync(path.join(vectors, 'queries.json'), 'utf8'));
const expected = JSON.parse(fs.readFileSync(path.join(vectors, 'expected.json'), 'utf8'));

function request(text, extra) {
  return Object.assign({ text, tags: [], sections: [], languages: [], sort: 'relevance', limit: 20 }, extra || {});
}

test('answers equal the Swift engine answers, scores included', async () => {
  const search = engine();
  assert.ok(expected.length > 100);
  for (const { query, response } of expected) {
    const mine = await search.search(query);
    const label = JSON.stringify(query);
    assert.deepStrictEqual(mine.results.map((r) => r.id), response.results.map((r) => r.id), label);
    assert.strictEqual(mine.total, response.total, label);
    assert.deepStrictEqual(mine.facets, response.facets, label);
    mine.results.forEach((result, i) => {
      const swift = response.results[i];
      assert.ok(Math.abs(result.score - swift.score) <= 1e-9 * Math.max(1, swift.score), `${label} score ${result.score} vs ${swift.score}`);
      assert.strictEqual(result.excerpt, swift.excerpt, label);
      assert.strictEqual(result.excerptHTML, swift.excerptHTML, label);
      assert.deepStrictEqual(result.highlights, swift.highlights, label);
      assert.strictEqual(result.url, swift.url, label);
      assert.strictEqual(result.title, swift.title, label);
      assert.strictEqual(result.date, swift.date, label);
    });
  }
});

test('queries rank as the vectors expect', async () => {
  const search = engine();
  for (const v of queries.queries) {
    const response = await search.search(request(v.text, { tags: v.tags || [], sections: v.sections || [], languages: v.languages || [], sort: v.sort || 'relevance' }));
    const ids = response.results.map((r) => r.id);
    if (v.ids) assert.deepStrictEqual(ids, v.ids, v.text);
    if (v.first) assert.strictEqual(ids[0], v.first, v.text);
    for (const id of v.contains || []) assert.ok(ids.includes(id), `${v.text} should find ${id}`);
    if (v.total !== undefined) assert.strictEqual(response.total, v.total, v.text);
  }
});

test('equivalent spellings (case, Turkish I, accents, NFC/NFD) give identical results', async () => {
  const search = engine();
  for (const group of queries.equivalent) {
    const answers = [];
    for (const text of group) answers.push((await search.search(request(text))).results.map((r) => r.id).sort());
    assert.ok(answers[0].length > 0, `${group[0]} finds nothing`);
    for (const answer of answers) assert.deepStrictEqual(answer, answers[0], group.join(' / '));
  }
});

test('identifiers are found whole and by their parts', async () => {
  const search = engine();
  assert.ok(queries.identifiers.length >= 30);
  for (const item of queries.identifiers) {
    for (const text of [item.identifier, ...item.parts]) {
      const ids = (await search.search(request(text))).results.map((r) => r.id);
      assert.ok(ids.includes(item.id), `${text} should find ${item.id}`);
    }
  }
});

test('exact matches score above prefix, typo and unaccented ones', async () => {
  const search = engine();
  for (const c of queries.scoreBelow) {
    const lower = (await search.search(request(c.lower))).results.find((r) => r.id === c.id);
    const higher = (await search.search(request(c.higher))).results.find((r) => r.id === c.id);
    assert.ok(lower && higher, c.id);
    assert.ok(lower.score < higher.score, `${c.lower} should score below ${c.higher}`);
  }
});

test('fold matches the Swift folding table', () => {
  const cases = [['İstanbul', 'istanbul'], ['ISTANBUL', 'istanbul'], ['Iğdır', 'igdir'], ['ığdır', 'igdir'],
    ['ılık', 'ilik'], ['Önümde', 'onumde'], ['Việt', 'viet'], ['Đà Nẵng', 'da nang'], ['nhà', 'nha'],
    ['tìm kiếm', 'tim kiem'], ['Straße', 'strasse'], ['Øresund', 'oresund'], ['Łódź', 'lodz'], ['ﬁle', 'file'],
    ['Vie\u0323\u0302t', 'viet']];
  for (const [input, output] of cases) assert.strictEqual(search.fold(input), output, input);
});

test('words split at apostrophes and punctuation, keep underscores, isolate ideographs', () => {
  assert.deepStrictEqual(search.words("İstanbul'da dispatch_async(x) @MainActor 日本語"),
    ['İstanbul', 'da', 'dispatch_async', 'x', 'MainActor', '日', '本', '語']);
});

test('the query parser reads phrases and marks the word being typed as a prefix', () => {
  const clauses = search.parseQuery('swift "main actor" clo');
  assert.deepStrictEqual(clauses.map((c) => c.word ? [c.word.folded, c.word.isPrefix] : c.phrase.map((w) => w.folded)),
    [['swift', false], ['main', 'actor'], ['clo', true]]);
  assert.deepStrictEqual(search.parseQuery('closure ').map((c) => c.word.isPrefix), [false]);
  assert.deepStrictEqual(search.parseQuery('Tìm').map((c) => [c.word.folded, c.word.exact]), [['tim', 'tìm']]);
  for (const text of ['', '"', '""', '"a', '\u0301', '\uD800', '"  " "x']) assert.ok(Array.isArray(search.parseQuery(text)));
});

test('number lists decode', () => {
  assert.deepStrictEqual(search.decodeVarints('AB_f'), [0, 1, 1023]);
  assert.throws(() => search.decodeVarints('g'));
});

test('excerpts are escaped and mark matched words', () => {
  const marker = { words: new Set(['script']), terms: [] };
  const excerpt = search.makeExcerpt(['a <script>x</script> & b'], '', [marker], marker);
  assert.strictEqual(excerpt.excerptHTML, 'a &lt;<mark>script</mark>&gt;x&lt;/<mark>script</mark>&gt; &amp; b');
  assert.deepStrictEqual(excerpt.highlights, [{ start: 3, length: 6 }, { start: 13, length: 6 }]);
});

test('the excerpt comes from the passage holding most query words', () => {
  const swift = { words: new Set(['swift']), terms: [] };
  const actor = { words: new Set(['actor']), terms: [] };
  const both = { words: new Set(['swift', 'actor']), terms: [] };
  const passages = ['Intro.', 'Swift is a language.', 'An actor in Swift isolates state.', 'Actor again.'];
  assert.strictEqual(search.makeExcerpt(passages, '', [swift, actor], both).excerptHTML,
    'An <mark>actor</mark> in <mark>Swift</mark> isolates state.');
  assert.strictEqual(search.makeExcerpt(['one', 'two'], 'About it', [swift], swift).excerptHTML, 'About it');
});

test('every character folds and splits as in Swift', () => {
  const characters = JSON.parse(fs.readFileSync(path.join(vectors, 'characters.json'), 'utf8'));
  const foldErrors = [];
  for (const [value, folded] of Object.entries(characters.folds)) {
    const text = String.fromCodePoint(Number(value));
    if (search.fold(text) !== folded) foldErrors.push(`U+${Number(value).toString(16)} ${JSON.stringify(search.fold(text))} vs ${JSON.stringify(folded)}`);
  }
  for (let value = 0; value < 0x3000; value++) {
    if (value >= 0xD800 && value <= 0xDFFF) continue;
    const text = String.fromCodePoint(value);
    if (!(String(value) in characters.folds) && search.fold(text) !== text) foldErrors.push(`U+${value.toString(16)} folds in JS only`);
  }
  assert.deepStrictEqual(foldErrors.slice(0, 20), []);
  const classErrors = [];
  for (let value = 0; value < characters.classes.length; value++) {
    if (value >= 0xD800 && value <= 0xDFFF) continue;
    const mine = search.classify(String.fromCodePoint(value))[0];
    if (mine !== characters.classes[value]) classErrors.push(`U+${value.toString(16)} ${mine} vs ${characters.classes[value]}`);
  }
  assert.deepStrictEqual(classErrors.slice(0, 20), []);
});
