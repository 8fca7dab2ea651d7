/**
 * The one script of specforge's static docs (assets/docs.js, loaded with `defer` under a policy
 * that allows scripts from the site only). The pages are complete without it; it adds search over
 * the contract's prebuilt index (a script file, so it works from file://, where fetch is refused),
 * copy buttons, tabs for the code samples and the request console. Every string it shows is set
 * with textContent, never as HTML. The console sends a request only to the origin the reader chose
 * (a server of the contract or a mock URL typed in), and only after a click; a URL whose origin is
 * not that one is refused, redirects are not followed, and no cookie or referrer is sent.
 */
export const DOCS_JS = `(function () {
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

  // The request console.
  var servers = [];
  try { servers = JSON.parse(body.getAttribute('data-servers') || '[]'); } catch (e) { servers = []; }
  var uid = 0;
  function field(parent, label, input) {
    var id = 'c' + (++uid);
    input.id = id;
    parent.appendChild(el('label', { 'for': id }, label));
    parent.appendChild(input);
    return input;
  }
  function build(details) {
    var op = JSON.parse(details.getAttribute('data-op'));
    var box = details.querySelector('.console');
    var target = el('fieldset');
    target.appendChild(el('legend', null, 'Send to'));
    var select = field(target, 'Server', el('select'));
    servers.forEach(function (s) { select.appendChild(el('option', { value: s }, s)); });
    select.appendChild(el('option', { value: 'mock' }, 'A mock or another URL (below)'));
    var mock = field(target, 'Mock URL (specforge mock --cors serves on http://127.0.0.1:4010)', el('input', { type: 'url', value: 'http://127.0.0.1:4010', spellcheck: 'false' }));
    if (servers.length === 0) select.value = 'mock';
    box.appendChild(target);
    var inputs = [];
    if (op.params.length > 0) {
      var ps = el('fieldset');
      ps.appendChild(el('legend', null, 'Parameters'));
      op.params.forEach(function (p) {
        inputs.push([p, field(ps, p[0] + ' (' + p[1] + (p[2] ? ', required' : '') + ')', el('input', { type: 'text', value: p[3], spellcheck: 'false' }))]);
      });
      box.appendChild(ps);
    }
    var creds = [];
    if (op.auth.length > 0) {
      var as = el('fieldset');
      as.appendChild(el('legend', null, 'Credentials (sent only to the origin chosen above)'));
      op.auth.forEach(function (a) {
        var label = a[1] === 'bearer' ? a[0] + ': token' : a[1] === 'basic' ? a[0] + ': user:password' : a[0] + ': API key (' + a[1] + ' ' + a[2] + ')';
        creds.push([a, field(as, label, el('input', { type: 'password', autocomplete: 'off' }))]);
      });
      box.appendChild(as);
    }
    var bodyInput = null;
    if (op.ct !== undefined) bodyInput = field(box, 'Body (' + op.ct + ')', el('textarea', { spellcheck: 'false' }));
    if (bodyInput) bodyInput.value = op.body || '';
    var send = el('button', { type: 'button' }, 'Send ' + op.m + ' request');
    box.appendChild(send);
    var out = el('output', { 'aria-live': 'polite' });
    var pre = el('pre', { 'class': 'code', tabindex: '0' });
    out.appendChild(pre);
    box.appendChild(out);
    send.addEventListener('click', function () {
      var base = select.value === 'mock' ? mock.value.trim() : select.value;
      var req = self.specforgeConsole.request(op, base, inputs.map(function (x) { return [x[0], x[1].value]; }), creds.map(function (x) { return [x[0], x[1].value]; }), bodyInput ? bodyInput.value : undefined);
      if (req.error) { pre.textContent = req.error; return; }
      pre.textContent = 'Sending ' + op.m + ' ' + req.url + ' ...';
      fetch(req.url, req.init).then(function (res) {
        return res.text().then(function (text) {
          var head = res.type === 'opaqueredirect' ? 'A redirect (not followed)' : res.status + ' ' + res.statusText;
          var lines = [head];
          res.headers.forEach(function (v, k) { lines.push(k + ': ' + v); });
          pre.textContent = lines.join('\\n') + '\\n\\n' + text.slice(0, 200000);
        });
      }, function (err) {
        pre.textContent = 'The request failed: ' + err.message + '. A mock needs --cors to answer a page; the page may only reach the servers of the contract and this machine.';
      });
    });
  }
  Array.prototype.forEach.call(document.querySelectorAll('details.try'), function (d) {
    d.hidden = false;
    d.addEventListener('toggle', function () {
      if (d.open && !d.getAttribute('data-built')) { d.setAttribute('data-built', '1'); build(d); }
    });
    if (d.open) { d.setAttribute('data-built', '1'); build(d); }
  });
})();
`;

/**
 * How the console turns the reader's inputs into a request (assets/console.js, also run by the unit
 * test): the URL is the chosen base plus the operation's path with each parameter percent-encoded,
 * and it must keep the base's origin; credentials go where their scheme says, and nowhere else.
 */
export const CONSOLE_JS = `(function () {
  'use strict';
  function request(op, base, params, creds, bodyText) {
    var baseUrl;
    try { baseUrl = new URL(base); } catch (e) { return { error: 'Not a URL: ' + base }; }
    if (baseUrl.protocol !== 'http:' && baseUrl.protocol !== 'https:') return { error: 'Only http and https URLs can be called.' };
    if (baseUrl.username || baseUrl.password) return { error: 'A URL with a user name or password is refused.' };
    var values = {};
    params.forEach(function (p) { values[p[0][1] + ':' + p[0][0]] = p[1]; });
    var missing = params.filter(function (p) { return p[0][2] && p[1] === ''; }).map(function (p) { return p[0][0]; });
    if (missing.length > 0) return { error: 'Required: ' + missing.join(', ') };
    var path = op.p.replace(/\\{([^}]+)\\}/g, function (m, name) { return encodeURIComponent(values['path:' + name] || ''); });
    var url;
    try { url = new URL(baseUrl.origin + baseUrl.pathname.replace(/\\/+$/, '') + path); } catch (e) { return { error: 'Not a URL: ' + base + path }; }
    if (url.origin !== baseUrl.origin) return { error: 'The request would leave ' + baseUrl.origin + ': refused.' };
    var headers = {};
    params.forEach(function (p) {
      if (p[1] === '') return;
      if (p[0][1] === 'query') url.searchParams.append(p[0][0], p[1]);
      if (p[0][1] === 'header') headers[p[0][0]] = p[1];
    });
    creds.forEach(function (c) {
      var a = c[0], value = c[1];
      if (value === '') return;
      if (a[1] === 'bearer') headers['Authorization'] = 'Bearer ' + value;
      else if (a[1] === 'basic') headers['Authorization'] = 'Basic ' + btoa(unescape(encodeURIComponent(value)));
      else if (a[1] === 'header') headers[a[2]] = value;
      else if (a[1] === 'query') url.searchParams.set(a[2], value);
    });
    var init = { method: op.m, headers: headers, credentials: 'omit', redirect: 'manual', referrerPolicy: 'no-referrer', cache: 'no-store', mode: 'cors' };
    if (bodyText !== undefined && op.m !== 'GET' && op.m !== 'HEAD') { headers['Content-Type'] = op.ct; init.body = bodyText; }
    if (url.origin !== baseUrl.origin) return { error: 'The request would leave ' + baseUrl.origin + ': refused.' };
    return { url: url.href, init: init };
  }
  self.specforgeConsole = { request: request };
})();
`;
