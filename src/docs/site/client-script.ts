/**
 * The script of specforge's static docs (assets/docs.js, loaded with `defer` under a policy
 * that allows scripts from the site only). The pages are complete without it but for the examples several
 * operations of a group share (their code blocks say so; shared-examples.ts); it shows those, and adds copy buttons, tabs for the code samples and the request console. Every string it shows is set
 * with textContent, never as HTML. The console sends a request only to the origin the reader chose
 * (a server of the contract or a mock URL typed in; none is chosen for the reader when the contract
 * lists several or one with variables), only to the full URL it shows, and only after a click; a
 * URL whose origin is not that one is refused, redirects are not followed, and no cookie or
 * referrer is sent.
 */
import { CONSOLE_JS, CONSOLE_UI_JS } from './console-script.js';

export const DOCS_JS = `(function () {
  'use strict';
  var body = document.body;
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // A large contract's groups in the sidebar, from the script its pages share (groups.js: [file,
  // label, count, depth] each, in order, file '' for a heading); the page lists its own group
  // (its operations list moves under it) and a link to the overview without it.
  var navGroups = self.specforgeGroups, groupList = document.querySelector('nav.side ul.groups[data-group]');
  if (Array.isArray(navGroups) && groupList) {
    var ownOps = groupList.querySelector('ul.ops'), root = body.getAttribute('data-root') || '';
    var lists = [groupList], lastItem = [];
    if (ownOps) ownOps.parentNode.removeChild(ownOps);
    groupList.textContent = '';
    navGroups.forEach(function (g) {
      var depth = Math.max(0, Math.min(Number(g[3]) || 0, lists.length));
      if (depth === lists.length) lists.push(lastItem[depth - 1].appendChild(el('ul', { 'class': 'subgroups' })));
      lists.length = depth + 1;
      var li = el('li');
      if (g[0] === '') li.appendChild(el('span', { 'class': 'group-heading' }, String(g[1])));
      else {
        var a = li.appendChild(el('a', { href: root + g[0] }, String(g[1]) + ' '));
        a.appendChild(el('span', { 'class': 'muted' }, '(' + Number(g[2]) + ')'));
        if (g[0] === groupList.getAttribute('data-current')) a.setAttribute('aria-current', 'page');
        if (g[0] === groupList.getAttribute('data-group') && ownOps) li.appendChild(ownOps);
      }
      lists[depth].appendChild(li);
      lastItem[depth] = li;
      lastItem.length = depth + 1;
    });
  }

  // A paged group's operations in the sidebar, from the script its pages share (<group>.nav.js:
  // [page, anchor, method, label] each); without it the sidebar lists this page's own.
  var navOps = self.specforgeNav, navList = document.querySelector('nav.side ul.ops');
  if (Array.isArray(navOps) && navList) {
    navList.textContent = '';
    navOps.forEach(function (op) {
      var a = el('a', { href: (document.getElementById(op[1]) ? '' : op[0]) + '#' + op[1] });
      a.appendChild(el('span', { 'class': 'method m-' + String(op[2]).toLowerCase() }, String(op[2]).toUpperCase()));
      a.appendChild(document.createTextNode(' '));
      a.appendChild(el('span', null, op[3]));
      navList.appendChild(el('li')).appendChild(a);
    });
  }

  // Examples several operations of a group show, from the script its pages share
  // (<group>.examples.js: a text, or [value] printed as JSON with tabs, each), set with textContent.
  var shared = self.specforgeExamples;
  if (Array.isArray(shared)) Array.prototype.forEach.call(document.querySelectorAll('pre.code[data-ex] > code'), function (code) {
    var entry = shared[Number(code.parentNode.getAttribute('data-ex'))];
    if (typeof entry === 'string') code.textContent = entry;
    else if (Array.isArray(entry)) code.textContent = JSON.stringify(entry[0], null, '\t');
  });

  // Search, and an anchor now on another page: assets/search.js (search-script.ts).

  // Tabs over the code samples (without the script all four are shown one under the other).
  Array.prototype.forEach.call(document.querySelectorAll('.samples'), function (box, n) {
    var figures = box.querySelectorAll('figure');
    var bar = el('div', { 'class': 'tabbar', role: 'group', 'aria-label': 'Code sample language' });
    Array.prototype.forEach.call(figures, function (fig, i) {
      var id = 'sample-' + n + '-' + i;
      fig.id = id;
      var b = el('button', { type: 'button', 'aria-controls': id, 'aria-pressed': i === 0 ? 'true' : 'false' }, fig.querySelector('figcaption').textContent);
      b.addEventListener('click', function () {
        Array.prototype.forEach.call(figures, function (f, j) { f.hidden = j !== i; });
        Array.prototype.forEach.call(bar.children, function (x, j) { x.setAttribute('aria-pressed', j === i ? 'true' : 'false'); });
      });
      bar.appendChild(b);
      fig.hidden = i !== 0;
    });
    box.insertBefore(bar, box.firstChild);
  });

  // Copy buttons.
  Array.prototype.forEach.call(document.querySelectorAll('pre.code'), function (pre) {
    var wrap = el('div', { 'class': 'code-wrap' });
    pre.parentNode.insertBefore(wrap, pre);
    wrap.appendChild(pre);
    var b = el('button', { type: 'button', 'class': 'copy' }, 'Copy');
    b.addEventListener('click', function () {
      var text = pre.textContent;
      var done = function () { b.textContent = 'Copied'; setTimeout(function () { b.textContent = 'Copy'; }, 1500); };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, function () { b.textContent = 'Select and copy'; });
      else b.textContent = 'Select and copy';
    });
    wrap.appendChild(b);
  });

${CONSOLE_UI_JS}})();
`;

export { CONSOLE_JS };
