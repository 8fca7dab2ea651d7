/**
 * The search of specforge's static docs (assets/search.js, loaded with `defer` under a policy that
 * allows scripts from the site only): search over the contract's prebuilt index (a script file,
 * `search-index.js`, so it works from file://, where fetch is refused), and an address of an
 * operation that is now on another page followed to it. Every string it shows is set with
 * textContent, never as HTML.
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

  // The index script defines self.specforgeSearchIndex = { ops: [[method, path, summary, id, href, tag]] }.
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

  // Search over the prebuilt index.
  var search = document.querySelector('.search');
  if (search) {
    search.hidden = false;
    var input = search.querySelector('input');
    var list = search.querySelector('ol');
    var run = function () {
      var index = self.specforgeSearchIndex;
      list.textContent = '';
      if (!index) return;
      var words = input.value.toLowerCase().split(/\\s+/).filter(Boolean);
      if (words.length === 0) return;
      var hits = 0;
      for (var i = 0; i < index.ops.length && hits < 50; i++) {
        var op = index.ops[i];
        var hay = (op[0] + ' ' + op[1] + ' ' + op[2] + ' ' + op[3] + ' ' + op[5]).toLowerCase();
        if (!words.every(function (w) { return hay.indexOf(w) >= 0; })) continue;
        hits++;
        var a = el('a', { href: body.getAttribute('data-root') + op[4] });
        a.appendChild(el('span', { 'class': 'method m-' + op[0].toLowerCase() }, op[0]));
        a.appendChild(document.createTextNode(' ' + (op[2] || op[1])));
        a.appendChild(el('span', { 'class': 'hit-path' }, op[1]));
        var li = el('li');
        li.appendChild(a);
        list.appendChild(li);
      }
      if (hits === 0) list.appendChild(el('li', { 'class': 'muted' }, 'No operation matches.'));
    };
    input.addEventListener('focus', function () { load(function () {}); });
    input.addEventListener('input', function () { load(run); });
    input.addEventListener('keydown', function (e) {
      if (e.key !== 'Enter') return;
      var first = list.querySelector('a');
      if (first) location.href = first.getAttribute('href');
    });
  }
})();
`;
