#!/usr/bin/env node
// What a search downloads: runs the built site's own search.js under node
// on OUTPUT's index, as the search page does for its first ten results,
// and counts every file the query fetched, and search.js itself, as served
// and gzip-compressed (level 6, what static hosts commonly send).
//
//   node scripts/search-download-size.js OUTPUT QUERY...
//
// Prints one line per query: files, bytes as served, bytes gzipped.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

async function main() {
  const [output, ...queries] = process.argv.slice(2);
  if (!output || queries.length === 0) {
    console.error('usage: node scripts/search-download-size.js OUTPUT QUERY...');
    process.exit(2);
  }
  const script = path.join(output, 'assets', 'search.js');
  const search = require(path.resolve(script));
  for (const query of queries) {
    const fetched = new Map();
    const engine = search.createEngine((file) => {
      const bytes = fs.readFileSync(path.join(output, 'search', file));
      fetched.set('search/' + file, bytes);
      return JSON.parse(bytes.toString('utf8'));
    });
    const response = await engine.search({ text: query, limit: 10 });
    fetched.set('assets/search.js', fs.readFileSync(script));
    let raw = 0, gzipped = 0;
    for (const bytes of fetched.values()) {
      raw += bytes.length;
      gzipped += zlib.gzipSync(bytes, { level: 6 }).length;
    }
    console.log(`${JSON.stringify(query)}: ${response.results.length} of ${response.total} results, ` +
      `${fetched.size} files, ${(raw / 1024).toFixed(1)} KB as served, ${(gzipped / 1024).toFixed(1)} KB gzipped`);
  }
}

main().catch((error) => { console.error(error); process.exit(1); });
