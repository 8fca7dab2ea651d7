/**
 * The script of specforge's static docs (assets/docs.js, loaded with `defer` under a policy
 * that allows scripts from the site only). The pages are complete without it; it adds copy buttons, tabs for the code samples and the request console. Every string it shows is set
 * with textContent, never as HTML. The console sends a request only to the origin the reader chose
 * (a server of the contract or a mock URL typed in; none is chosen for the reader when the contract
 * lists several or one with variables), only to the full URL it shows, and only after a click; a
 * URL whose origin is not that one is refused, redirects are not followed, and no cookie or
 * referrer is sent.
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

  // The request console. data-servers: [{ url, variables: { name: { default, enum } } }].
  var servers = [];
  try { servers = JSON.parse(body.getAttribute('data-servers') || '[]'); } catch (e) { servers = []; }
  var C = self.specforgeConsole;
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
    var first = C.initialChoice(servers);
    // Several servers, or one with variables: none is chosen for the reader.
    if (first === '') select.appendChild(el('option', { value: '' }, 'Choose a server'));
    servers.forEach(function (s, i) { select.appendChild(el('option', { value: String(i) }, s.url)); });
    select.appendChild(el('option', { value: 'mock' }, 'A mock or another URL (below)'));
    var mock = field(target, 'Mock URL (specforge mock --cors serves on http://127.0.0.1:4010)', el('input', { type: 'url', value: 'http://127.0.0.1:4010', spellcheck: 'false' }));
    select.value = first;
    var varsBox = el('div', { 'class': 'server-variables' });
    target.appendChild(varsBox);
    var varInputs = Object.create(null);
    var showVars = function () {
      varsBox.textContent = '';
      varInputs = Object.create(null);
      var s = /^\\d+$/.test(select.value) ? servers[Number(select.value)] : undefined;
      if (!s) return;
      Object.keys(s.variables || {}).forEach(function (name) {
        var v = s.variables[name];
        var input;
        if (v['enum'] && v['enum'].length > 0) {
          input = el('select');
          v['enum'].forEach(function (x) { input.appendChild(el('option', { value: x }, x)); });
          input.value = v['default'];
        } else input = el('input', { type: 'text', value: v['default'] || '', spellcheck: 'false' });
        varInputs[name] = field(varsBox, 'Server variable ' + name, input);
      });
    };
    showVars();
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
      as.appendChild(el('legend', null, 'Credentials (sent only to the URL shown below, on a click)'));
      op.auth.forEach(function (a) {
        var label = a[1] === 'bearer' ? a[0] + ': token' : a[1] === 'basic' ? a[0] + ': user:password' : a[0] + ': API key (' + a[1] + ' ' + a[2] + ')';
        creds.push([a, field(as, label, el('input', { type: 'password', autocomplete: 'off' }))]);
      });
      box.appendChild(as);
    }
    var bodyInput = null;
    if (op.ct !== undefined) bodyInput = field(box, 'Body (' + op.ct + ')', el('textarea', { spellcheck: 'false' }));
    if (bodyInput) bodyInput.value = op.body || '';
    // The full URL of the request, kept up to date: what a click sends to, credentials included.
    var where = el('p', { 'class': 'console-url' }, 'Sends to: ');
    var whereUrl = el('code');
    where.appendChild(whereUrl);
    box.appendChild(where);
    var displayed;
    var state = function (shown) {
      var vars = Object.create(null);
      Object.keys(varInputs).forEach(function (n) { vars[n] = varInputs[n].value; });
      return { choice: select.value, vars: vars, mock: mock.value, params: inputs.map(function (x) { return [x[0], x[1].value]; }), creds: creds.map(function (x) { return [x[0], x[1].value]; }), body: bodyInput ? bodyInput.value : undefined, shown: shown };
    };
    var refresh = function () {
      var r = C.prepare(op, servers, state(undefined));
      displayed = r.error ? undefined : r.shown;
      whereUrl.textContent = r.error ? r.error : r.shown;
    };
    select.addEventListener('change', showVars);
    box.addEventListener('input', refresh);
    box.addEventListener('change', refresh);
    refresh();
    var send = el('button', { type: 'button' }, 'Send ' + op.m + ' request');
    box.appendChild(send);
    var out = el('output', { 'aria-live': 'polite' });
    var pre = el('pre', { 'class': 'code', tabindex: '0' });
    out.appendChild(pre);
    box.appendChild(out);
    send.addEventListener('click', function () {
      // Sent only to the URL on screen: anything else is shown first, and needs another click.
      var req = displayed === undefined ? C.prepare(op, servers, state(undefined)) : C.prepare(op, servers, state(displayed));
      if (displayed === undefined && !req.error) req = { error: 'Check the URL above, then send.' };
      if (req.error) { refresh(); pre.textContent = req.error; return; }
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
 * and hostile tests, and by the site builder for serverUrl): the URL is the chosen base plus the
 * operation's path with each parameter percent-encoded, and it must keep the base's origin;
 * credentials go where their scheme says, and nowhere else.
 *
 * Servers: `serverUrl` fills a server's variables in; a value that could move the request to
 * another host than its text shows (`/`, `\\`, `?`, `#`, `@`, `%`, blanks in the host part; `\\`,
 * `?`, `#`, `%`, blanks in the path) is refused, defaults included. `initialChoice` selects no
 * server when the contract lists several or one with variables: the reader chooses. `prepare`
 * builds the request from the console's state and refuses to send when the URL it would call is
 * not the one shown (`state.shown`), so a credential only goes to a URL the reader has seen.
 */
export const CONSOLE_JS = `(function () {
  'use strict';
  var AUTHORITY_UNSAFE = /[\\/\\\\?#@%\\s\\u0000-\\u001f\\u007f]/;
  var PATH_UNSAFE = /[\\\\?#%\\s\\u0000-\\u001f\\u007f]/;
  function own(o, k) { return Object.prototype.hasOwnProperty.call(o, k); }
  function serverUrl(template, values) {
    var scheme = template.indexOf('://');
    var pathAt = scheme < 0 ? -1 : template.indexOf('/', scheme + 3);
    var error = null;
    var url = template.replace(/\\{([^}]*)\\}/g, function (m, name, at) {
      if (error) return m;
      var v = own(values, name) && values[name] !== undefined && values[name] !== null ? String(values[name]) : '';
      if (v === '') { error = 'Fill in the server variable ' + name + '.'; return m; }
      var unsafe = pathAt >= 0 && at > pathAt ? PATH_UNSAFE : AUTHORITY_UNSAFE;
      var bad = unsafe.exec(v);
      if (bad) { error = 'The server variable ' + name + ' may not hold ' + JSON.stringify(bad[0]) + ': it would change where the request goes.'; return m; }
      return v;
    });
    return error ? { error: error } : { url: url };
  }
  function initialChoice(servers) {
    if (servers.length === 0) return 'mock';
    if (servers.length === 1 && Object.keys(servers[0].variables || {}).length === 0) return '0';
    return '';
  }
  function prepare(op, servers, state) {
    var base;
    if (state.choice === 'mock') base = String(state.mock || '').trim();
    else {
      var server = /^\\d+$/.test(state.choice) ? servers[Number(state.choice)] : undefined;
      if (!server) return { error: 'Choose a server first.' };
      var s = serverUrl(server.url, state.vars || {});
      if (s.error) return s;
      base = s.url;
    }
    var req = request(op, base, state.params || [], state.creds || [], state.body);
    if (req.error) return req;
    if (state.shown !== undefined && state.shown !== req.shown) return { error: 'The request would go to ' + req.shown + ', not to the URL shown: check it and send again.', shown: req.shown };
    return req;
  }
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
    // What the reader is shown: the URL as sent, a credential in the query as ***.
    var shown = new URL(url.href);
    creds.forEach(function (c) {
      if (c[1] !== '' && c[0][1] === 'query') shown.searchParams.set(c[0][2], '***');
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
    return { url: url.href, shown: shown.href, init: init };
  }
  self.specforgeConsole = { request: request, serverUrl: serverUrl, initialChoice: initialChoice, prepare: prepare };
})();
`;
