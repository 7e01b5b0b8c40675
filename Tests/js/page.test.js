// Runs the page part of search.js against a minimal fake DOM: results as
// DOM nodes, marked excerpts, ?q= on load, URL updates, filters, keys.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const root = path.join(__dirname, '..', '..');
const script = fs.readFileSync(path.join(root, 'Templates', 'assets', 'search.js'), 'utf8');
const indexFolder = path.join(root, 'Tests', 'SearchIndexTests', 'Vectors', 'index');

class FakeNode {
  constructor(tag, doc) {
    this.tagName = tag; this.ownerDocument = doc; this.children = []; this.attributes = {};
    this.listeners = {}; this._text = ''; this.parent = null;
  }
  appendChild(child) { child.parent = this; this.children.push(child); return child; }
  setAttribute(name, value) { this.attributes[name] = String(value); }
  getAttribute(name) { return name in this.attributes ? this.attributes[name] : null; }
  addEventListener(type, fn) { (this.listeners[type] = this.listeners[type] || []).push(fn); }
  dispatch(type, event) {
    const e = Object.assign({ type, defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } }, event || {});
    for (let node = this; node; node = node.parent) (node.listeners[type] || []).forEach((fn) => fn(e));
    return e;
  }
  get textContent() { return this.tagName === '#text' ? this._text : this.children.map((c) => c.textContent).join(''); }
  set textContent(value) { this.children = []; if (this.tagName === '#text') this._text = String(value); else if (value !== '') this.appendChild(this.ownerDocument.createTextNode(value)); }
  set innerHTML(_) { throw new Error('innerHTML must not be used'); }
  focus() { this.ownerDocument.activeElement = this; }
  all() { return this.children.flatMap((c) => [c, ...c.all()]); }
  querySelectorAll(selector) {
    assert.strictEqual(selector, 'li > a');
    return this.all().filter((n) => n.tagName === 'a' && n.parent && n.parent.tagName === 'li');
  }
}

function makePage(search, labels) {
  const doc = { readyState: 'complete', activeElement: null, byId: {} };
  doc.createElement = (tag) => new FakeNode(tag, doc);
  doc.createTextNode = (text) => { const n = new FakeNode('#text', doc); n._text = String(text); return n; };
  doc.getElementById = (id) => doc.byId[id] || null;
  doc.addEventListener = () => {};
  const container = doc.createElement('div');
  container.setAttribute('data-index', '/search/');
  Object.entries(labels || {}).forEach(([name, text]) => container.setAttribute('data-label-' + name, text));
  const form = container.appendChild(doc.createElement('form'));
  const input = form.appendChild(doc.createElement('input'));
  input.value = '';
  input.form = form;
  const filters = container.appendChild(doc.createElement('div'));
  const status = container.appendChild(doc.createElement('p'));
  const results = container.appendChild(doc.createElement('ol'));
  Object.assign(doc.byId, { search: container, 'search-input': input, 'search-filters': filters, 'search-status': status, 'search-results': results });
  const timers = [];
  const urls = [];
  const window = {
    location: { search, pathname: '/search/', hash: '', href: '' },
    history: { replaceState: (_, __, url) => urls.push(url) },
    setTimeout: (fn) => { timers.push(fn); return timers.length; },
    clearTimeout: () => {},
    fetch: async (url) => {
      assert.ok(url.startsWith('/search/'), url);
      const file = path.join(indexFolder, url.slice('/search/'.length));
      return { ok: fs.existsSync(file), status: 404, json: async () => JSON.parse(fs.readFileSync(file, 'utf8')) };
    },
  };
  vm.runInNewContext(script, { window, document: doc, URLSearchParams, Promise, Set, Map, Array, Object, JSON, Math, Error, console });
  return { doc, window, input, form, filters, status, results, container, timers, urls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

test('a ?q= query runs on load and renders results as DOM nodes', async () => {
  const page = makePage('?q=closure');
  assert.strictEqual(page.input.value, 'closure');
  await settle();
  const items = page.results.children;
  assert.strictEqual(items.length, 3);
  const first = items[0];
  assert.strictEqual(first.tagName, 'li');
  assert.strictEqual(first.children[0].tagName, 'a');
  assert.strictEqual(first.children[0].textContent, 'Closure basics');
  assert.strictEqual(first.children[0].href, '/posts/closure-basics/');
  assert.ok(first.all().some((n) => n.tagName === 'time' && n.getAttribute('datetime') === '2023-01-15'));
  const marks = first.all().filter((n) => n.tagName === 'mark').map((n) => n.textContent);
  assert.deepStrictEqual(marks, ['closure']);
  assert.strictEqual(page.status.textContent, '3 results');
  assert.deepStrictEqual(page.urls, ['/search/?q=closure']);
});

test('markup in the index stays text', async () => {
  const page = makePage('?q=script');
  await settle();
  const paragraph = page.results.children[0].children.find((n) => n.tagName === 'p');
  assert.ok(paragraph.textContent.includes('<script>alert(1)</script>'));
  assert.ok(paragraph.all().every((n) => ['#text', 'mark'].includes(n.tagName)));
});

test('typing searches after a pause and updates the URL', async () => {
  const page = makePage('');
  page.input.value = 'tìm kiếm';
  page.input.dispatch('input');
  assert.strictEqual(page.timers.length, 1);
  page.timers[0]();
  await settle();
  assert.deepStrictEqual(page.results.children.map((li) => li.children[0].textContent),
    ['Giới thiệu tìm kiếm trong ứng dụng', 'Ghi chu ve tim kiem']);
  assert.deepStrictEqual(page.urls, ['/search/?q=t%C3%ACm+ki%E1%BA%BFm']);
});

test('filters show counts and narrow the results when clicked', async () => {
  const page = makePage('?q=closures');
  await settle();
  const buttons = page.filters.all().filter((n) => n.tagName === 'button');
  const labels = buttons.map((b) => b.textContent);
  assert.ok(labels.includes('closures (2)'), labels.join(', '));
  assert.ok(labels.includes('en (3)'), labels.join(', '));
  buttons.find((b) => b.textContent === 'objective-c (1)').dispatch('click');
  await settle();
  assert.deepStrictEqual(page.results.children.map((li) => li.children[0].textContent), ['Blocks in Objective-C']);
  assert.ok(page.urls[page.urls.length - 1].includes('tag=objective-c'));
  const pressed = page.filters.all().filter((n) => n.tagName === 'button' && n.getAttribute('aria-pressed') === 'true');
  assert.deepStrictEqual(pressed.map((b) => b.textContent), ['objective-c (1)']);
});

test('arrow keys move through results and back to the field', async () => {
  const page = makePage('?q=closure');
  await settle();
  const links = page.results.querySelectorAll('li > a');
  page.input.focus();
  page.input.dispatch('keydown', { key: 'ArrowDown' });
  assert.strictEqual(page.doc.activeElement, links[0]);
  links[0].dispatch('keydown', { key: 'ArrowDown' });
  assert.strictEqual(page.doc.activeElement, links[1]);
  links[1].dispatch('keydown', { key: 'ArrowUp' });
  assert.strictEqual(page.doc.activeElement, links[0]);
  links[0].dispatch('keydown', { key: 'ArrowUp' });
  assert.strictEqual(page.doc.activeElement, page.input);
  const submit = page.form.dispatch('submit');
  assert.ok(submit.defaultPrevented);
  assert.strictEqual(page.window.location.href, '/posts/closure-basics/');
});

test('the words on the page come from its data-label attributes', async () => {
  const turkish = {
    tags: 'Etiketler', languages: 'Diller', more: 'Daha fazla sonuç', searching: 'Aranıyor…', none: 'Sonuç yok',
    one: '1 sonuç', many: '{count} sonuç', some: '{total} sonuçtan {shown} tanesi', unavailable: 'Arama kullanılamıyor ({error})',
  };
  const page = makePage('?q=closure', turkish);
  assert.strictEqual(page.status.textContent, 'Aranıyor…');
  await settle();
  assert.strictEqual(page.status.textContent, '3 sonuç');
  const groups = page.filters.children.map((g) => g.getAttribute('aria-label'));
  assert.deepStrictEqual(groups, ['Etiketler', 'Diller']);
  const more = page.container.children.find((n) => n.getAttribute('id') === 'search-more');
  assert.strictEqual(more.textContent, 'Daha fazla sonuç');
  page.input.value = 'zzzzqqqq';
  page.input.dispatch('input');
  page.timers[page.timers.length - 1]();
  await settle();
  assert.strictEqual(page.status.textContent, 'Sonuç yok');
});

test('without data-label attributes the words are English', async () => {
  const page = makePage('?q=closure');
  await settle();
  assert.strictEqual(page.status.textContent, '3 results');
  assert.deepStrictEqual(page.filters.children.map((g) => g.getAttribute('aria-label')), ['Tags', 'Languages']);
});
