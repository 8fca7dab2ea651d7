/**
 * `specforge mock --cors`: answers that a web page may read, so that the request console of the
 * docs (opened from a file or another origin) can call the mock. Every answer allows any origin
 * without credentials (`Access-Control-Allow-Origin: *`, no cookies) and exposes its headers; a
 * preflight (OPTIONS with Access-Control-Request-Method) is answered 204 with the method and headers
 * asked for, and never reaches the mock.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestListener } from '../../runtime/server/node-types.js';

/** A header value a preflight may echo: a method or a list of header names (tokens, commas, blanks). */
const TOKEN_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~,\s-]{1,1000}$/;

export function withCors(inner: RequestListener): RequestListener {
  const listener: RequestListener = (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-expose-headers', '*');
    const method = req.headers['access-control-request-method'];
    if (req.method === 'OPTIONS' && typeof method === 'string') {
      const headers = req.headers['access-control-request-headers'];
      res.writeHead(204, {
        'access-control-allow-methods': TOKEN_LIST.test(method) ? method : 'GET',
        ...(typeof headers === 'string' && TOKEN_LIST.test(headers) ? { 'access-control-allow-headers': headers } : {}),
        'access-control-max-age': '600',
        vary: 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
      });
      res.end();
      return;
    }
    inner(req, res);
  };
  if (inner.upgrade) listener.upgrade = inner.upgrade;
  if (inner.clientError) listener.clientError = inner.clientError;
  if (inner.checkContinue) listener.checkContinue = inner.checkContinue;
  return listener;
}
