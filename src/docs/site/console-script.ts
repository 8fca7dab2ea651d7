/**
 * The request console of specforge's static docs: CONSOLE_UI_JS, the part of assets/docs.js that
 * builds it in each operation's "Try it" (client-script.ts puts it in, inside the script's
 * function, where `el` and `body` are defined), and CONSOLE_JS (assets/console.js), how it turns the
 * reader's inputs into a request. A body is edited in its encoding: a form's fields one by one, as
 * the contract encodes them (`automatic_payment_methods[enabled]` = `true`, never a nested
 * object as JSON text), a multipart body's text fields and file inputs, JSON pretty-printed on
 * several lines; the full URL is shown before anything is sent.
 */
export const CONSOLE_UI_JS = `  // The request console. data-servers: [{ url, variables: { name: { default, enum } } }].
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
  // The body, edited in its encoding: a form's or a multipart body's fields one by one (nested
  // ones named as the contract encodes them, a[b]=c), a file part as a file input, JSON
  // pretty-printed on as many lines as it takes. Returns the function that reads it.
  function bodyEditor(box, op) {
    if (op.ct === undefined) return function () { return undefined; };
    if (op.kind === 'form' || op.kind === 'multipart') {
      var set = el('fieldset', { 'class': 'body-fields' });
      set.appendChild(el('legend', null, 'Body fields (' + op.ct + ')'));
      set.appendChild(el('p', { 'class': 'note' }, 'One field a line, named as the contract encodes it; an empty field is not sent.'));
      var rows = [];
      var list = el('div');
      set.appendChild(list);
      var addRow = function (name, value) {
        rows.push([name, field(list, name, el('input', { type: 'text', value: value, spellcheck: 'false' }))]);
      };
      (op.fields || []).forEach(function (f) { addRow(f[0], f[1]); });
      var files = (op.files || []).map(function (name) { return [name, field(set, name + ' (file)', el('input', { type: 'file' }))]; });
      var newName = field(set, 'Another field: name', el('input', { type: 'text', spellcheck: 'false', placeholder: 'metadata[order_id]' }));
      var add = el('button', { type: 'button' }, 'Add the field');
      add.addEventListener('click', function () {
        if (newName.value.trim() === '') return;
        addRow(newName.value.trim(), '');
        newName.value = '';
        rows[rows.length - 1][1].focus();
      });
      set.appendChild(add);
      box.appendChild(set);
      return function () {
        var filled = rows.filter(function (r) { return r[1].value !== ''; });
        if (op.kind === 'form') return new URLSearchParams(filled.map(function (r) { return [r[0], r[1].value]; })).toString();
        var form = new FormData();
        filled.forEach(function (r) { form.append(r[0], r[1].value); });
        files.forEach(function (f) { if (f[1].files && f[1].files[0]) form.append(f[0], f[1].files[0]); });
        return form;
      };
    }
    if (op.kind === 'file') {
      var picked = field(box, 'Body: a file (' + op.ct + ')', el('input', { type: 'file' }));
      return function () { return picked.files && picked.files[0] ? picked.files[0] : undefined; };
    }
    var text = op.body || '';
    var lines = text.split('\\n').length;
    var area = field(box, 'Body (' + op.ct + ')', el('textarea', { spellcheck: 'false', rows: String(Math.min(Math.max(lines, 4), 24)) }));
    area.value = text;
    return function () { return area.value; };
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
    var readBody = bodyEditor(box, op);
    // The full URL of the request, kept up to date: what a click sends to, credentials included.
    var where = el('p', { 'class': 'console-url' }, 'Sends to: ');
    var whereUrl = el('code');
    where.appendChild(whereUrl);
    box.appendChild(where);
    var displayed;
    var state = function (shown) {
      var vars = Object.create(null);
      Object.keys(varInputs).forEach(function (n) { vars[n] = varInputs[n].value; });
      return { choice: select.value, vars: vars, mock: mock.value, params: inputs.map(function (x) { return [x[0], x[1].value]; }), creds: creds.map(function (x) { return [x[0], x[1].value]; }), body: readBody(), shown: shown };
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
  // One name=value pair added to a query string as it is (URLSearchParams would write a querystring's JSON again).
  function withPair(search, name, value) {
    var rest = search.replace(/^\\?/, '');
    return '?' + (rest === '' ? '' : rest + '&') + encodeURIComponent(name) + '=' + encodeURIComponent(value);
  }

  function request(op, base, params, creds, bodyText) {
    if (op.kind === 'json' && typeof bodyText === 'string' && bodyText.trim() !== '') {
      try { JSON.parse(bodyText); } catch (e) { return { error: 'The body is not JSON: ' + e.message }; }
    }
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
    // OpenAPI 3.2: a querystring parameter is the whole query string, sent as written.
    params.forEach(function (p) {
      if (p[1] !== '' && p[0][1] === 'querystring') url.search = p[1].replace(/^\\?/, '');
    });
    params.forEach(function (p) {
      if (p[1] === '') return;
      if (p[0][1] === 'query') url.searchParams.append(p[0][0], p[1]);
      if (p[0][1] === 'header') headers[p[0][0]] = p[1];
    });
    // What the reader is shown: the URL as sent, a credential in the query as ***.
    var shown = new URL(url.href);
    creds.forEach(function (c) {
      if (c[1] !== '' && c[0][1] === 'query') shown.search = withPair(shown.search, c[0][2], '***');
    });
    creds.forEach(function (c) {
      var a = c[0], value = c[1];
      if (value === '') return;
      if (a[1] === 'bearer') headers['Authorization'] = 'Bearer ' + value;
      else if (a[1] === 'basic') headers['Authorization'] = 'Basic ' + btoa(unescape(encodeURIComponent(value)));
      else if (a[1] === 'header') headers[a[2]] = value;
      else if (a[1] === 'query') url.search = withPair(url.search, a[2], value);
    });
    var init = { method: op.m, headers: headers, credentials: 'omit', redirect: 'manual', referrerPolicy: 'no-referrer', cache: 'no-store', mode: 'cors' };
    if (bodyText !== undefined && op.m !== 'GET' && op.m !== 'HEAD') {
      // A multipart body (FormData) writes its own Content-Type, with its boundary.
      if (typeof FormData === 'undefined' || !(bodyText instanceof FormData)) headers['Content-Type'] = op.ct;
      init.body = bodyText;
    }
    if (url.origin !== baseUrl.origin) return { error: 'The request would leave ' + baseUrl.origin + ': refused.' };
    return { url: url.href, shown: shown.href, init: init };
  }
  self.specforgeConsole = { request: request, serverUrl: serverUrl, initialChoice: initialChoice, prepare: prepare };
})();
`;
