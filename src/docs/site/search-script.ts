/**
 * The sidebar's script in specforge's static docs (assets/search.js, loaded with `defer` under a
 * policy that allows scripts from the site only): ranked search over the contract's prebuilt index
 * (a script file, `search-index.js`, so it works from file://, where fetch is refused), an address
 * of an operation that is now on another page followed to it, and the menu button that unfolds the
 * sidebar on a narrow screen. Every string it shows is set with textContent, never as HTML.
 */
export const SEARCH_JS = `(function () {
  'use strict';
  var body = document.body;
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // The index script defines self.specforgeSearchIndex (search-index.ts).
  var loading = false;
  var pending = null;
  function load(then) {
    if (self.specforgeSearchIndex) return then();
    pending = then;
    if (loading) return;
    loading = true;
    var s = el('script', { src: body.getAttribute('data-search') });
    s.onload = function () { if (pending) pending(); };
    document.head.appendChild(s);
  }

  // An anchor that is not on this page (an operation or schema now on another page of a split tag
  // or of the schemas): follow this page's link to it, else the search index's entry.
  var wanted = location.hash.slice(1);
  try { wanted = decodeURIComponent(wanted); } catch (e) { /* kept as is */ }
  if (wanted && !document.getElementById(wanted)) {
    var file = location.pathname.split('/').pop();
    var moved = null;
    // Only the site's own lists are followed (the sidebar, the schemas' list), never a link of a description.
    Array.prototype.some.call(document.querySelectorAll('nav.side a[href*="#"], ul.schema-list a[href*="#"]'), function (a) {
      var href = a.getAttribute('href');
      var at = href.indexOf('#');
      if (!/^[A-Za-z0-9_.-]+\\.html#/.test(href) || href.slice(at + 1) !== wanted || href.slice(0, at) === file) return false;
      moved = href;
      return true;
    });
    if (moved) location.replace(moved);
    else if (/^op-/.test(wanted)) load(function () {
      var hit = (self.specforgeSearchIndex.ops || []).filter(function (op) { return op[4].split('#')[1] === wanted; })[0];
      if (hit && hit[4].split('#')[0] !== file) location.replace(body.getAttribute('data-root') + hit[4]);
    });
  }

  // Ranked search over the prebuilt index: { ops: [[method, path, summary, id, href, tag]], words: [[title, lead, names, text]] }
  // (search-index.ts). Each word typed counts by the best field it matches (title above lead above
  // names above the rest of the description) and how well: the same word or its plural, the start of
  // a word, or (from 4 letters) one letter off. Operations matching the most typed words come first,
  // then by score, then those whose title the words cover most.
  var WEIGHTS = [10, 6, 3, 2];
  var vocab = null;
  var keys = null;
  var titleSize = null;
  function prepare(index) {
    vocab = Object.create(null);
    titleSize = [];
    var all = index.words || [];
    for (var i = 0; i < index.ops.length; i++) {
      var fields = all[i] || [String(index.ops[i][2] || '') + ' ' + index.ops[i][3] + ' ' + index.ops[i][1]];
      titleSize.push(1);
      for (var f = 0; f < fields.length; f++) {
        var ws = words(fields[f]);
        if (f === 0) titleSize[i] = Math.max(1, ws.length);
        for (var k = 0; k < ws.length; k++) (vocab[ws[k]] || (vocab[ws[k]] = [])).push(i, f);
      }
    }
    keys = Object.keys(vocab);
  }
  function words(text) {
    return (String(text).toLowerCase().match(/[\\p{L}\\p{N}_]+/gu) || []).filter(function (w) { return w.length > 1 || /\\d/.test(w); });
  }
  function oneEdit(a, b) {
    var la = a.length, lb = b.length, i = 0;
    while (i < la && i < lb && a.charAt(i) === b.charAt(i)) i++;
    if (la === lb) {
      if (a.slice(i + 1) === b.slice(i + 1)) return true;
      return a.charAt(i) === b.charAt(i + 1) && a.charAt(i + 1) === b.charAt(i) && a.slice(i + 2) === b.slice(i + 2);
    }
    if (la + 1 === lb) return a.slice(i) === b.slice(i + 1);
    if (lb + 1 === la) return a.slice(i + 1) === b.slice(i);
    return false;
  }
  function quality(q, w) {
    if (q === w || w === q + 's' || q === w + 's' || w === q + 'es' || q === w + 'es') return 1;
    if (w.length > q.length && w.lastIndexOf(q, 0) === 0) return 0.8;
    if (q.length >= 4 && w.length >= 4 && Math.abs(q.length - w.length) <= 1 && oneEdit(q, w)) return 0.7;
    return 0;
  }
  var STOP = { a: 1, an: 1, and: 1, the: 1, of: 1, to: 1, for: 1, in: 1, on: 1, or: 1, by: 1, with: 1, is: 1, it: 1, my: 1 };
  function rank(index, text, limit) {
    if (!vocab) prepare(index);
    var qs = words(text).filter(function (w) { return !STOP[w]; });
    if (qs.length === 0) return [];
    var n = index.ops.length;
    var score = new Float64Array(n), hits = new Uint8Array(n), cover = new Float64Array(n);
    for (var q = 0; q < qs.length; q++) {
      var best = new Float64Array(n), inTitle = new Uint8Array(n);
      for (var k = 0; k < keys.length; k++) {
        var s = quality(qs[q], keys[k]);
        if (s === 0) continue;
        var postings = vocab[keys[k]];
        for (var j = 0; j < postings.length; j += 2) {
          var v = s * WEIGHTS[postings[j + 1]];
          if (v > best[postings[j]]) best[postings[j]] = v;
          if (postings[j + 1] === 0) inTitle[postings[j]] = 1;
        }
      }
      for (var i = 0; i < n; i++) if (best[i] > 0) { score[i] += best[i]; hits[i]++; cover[i] += inTitle[i]; }
    }
    var most = 0;
    for (var m = 0; m < n; m++) if (hits[m] > most) most = hits[m];
    if (most === 0) return [];
    var found = [];
    for (var o = 0; o < n; o++) if (hits[o] === most) found.push(o);
    found.sort(function (a, b) {
      var sa = score[a] + 2 * cover[a] / titleSize[a], sb = score[b] + 2 * cover[b] / titleSize[b];
      return sb - sa || titleSize[a] - titleSize[b] || a - b;
    });
    return found.slice(0, limit || 50);
  }
  self.specforgeSearch = { rank: rank };

  var search = document.querySelector('.search');
  if (search) {
    search.hidden = false;
    var input = search.querySelector('input');
    var list = search.querySelector('ol');
    var run = function () {
      var index = self.specforgeSearchIndex;
      list.textContent = '';
      if (!index || input.value.trim() === '') return;
      var found = rank(index, input.value, 50);
      found.forEach(function (i) {
        var op = index.ops[i];
        var a = el('a', { href: body.getAttribute('data-root') + op[4] });
        a.appendChild(el('span', { 'class': 'method m-' + op[0].toLowerCase() }, op[0]));
        a.appendChild(document.createTextNode(' ' + (op[2] || op[1])));
        a.appendChild(el('span', { 'class': 'hit-path' }, op[1]));
        var li = el('li');
        li.appendChild(a);
        list.appendChild(li);
      });
      if (found.length === 0) list.appendChild(el('li', { 'class': 'muted' }, 'No operation matches.'));
    };
    // The index is read and prepared when the field gets focus, before the first word is typed.
    input.addEventListener('focus', function () { load(function () { if (!vocab && self.specforgeSearchIndex) prepare(self.specforgeSearchIndex); }); });
    input.addEventListener('input', function () { load(run); });
    input.addEventListener('keydown', function (e) {
      if (e.key !== 'Enter') return;
      var first = list.querySelector('a');
      if (first) location.href = first.getAttribute('href');
    });
  }

  // The sidebar on a narrow screen: folded behind the header's menu button (without this script the
  // button is a link to the sidebar, which the stylesheet shows as the target). A link followed in
  // the sidebar folds it again, so what it leads to is what the screen shows.
  var nav = document.getElementById('side-nav');
  var menu = document.querySelector('header.top .menu');
  if (nav && menu) {
    menu.setAttribute('role', 'button');
    menu.setAttribute('aria-controls', 'side-nav');
    menu.setAttribute('aria-expanded', 'false');
    var setOpen = function (open) {
      if (open) nav.classList.add('open'); else nav.classList.remove('open');
      menu.setAttribute('aria-expanded', open ? 'true' : 'false');
    };
    var toggle = function (e) {
      e.preventDefault();
      var open = menu.getAttribute('aria-expanded') !== 'true';
      setOpen(open);
      if (open) { var field = nav.querySelector('.search:not([hidden]) input') || nav.querySelector('a'); if (field) field.focus({ preventScroll: true }); }
    };
    menu.addEventListener('click', toggle);
    menu.addEventListener('keydown', function (e) { if (e.key === ' ') toggle(e); });
    nav.addEventListener('click', function (e) {
      var a = e.target && e.target.closest ? e.target.closest('a') : null;
      if (a && nav.classList.contains('open')) setOpen(false);
    });
  }
})();
`;
