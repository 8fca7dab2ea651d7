/**
 * Credentials out of conformance reports. A run sends credentials (`--auth`, `-H`, the contract's
 * API-key parameters) and servers answer with their own (`Set-Cookie`) or echo ours back; reports
 * are published as CI artifacts and job summaries, so every report format, every curl line and
 * `--dry-run` go through one redactor, built once per run from what the run sends:
 *
 * - the values of secret headers, in requests and answers: `Authorization` and
 *   `Proxy-Authorization` (the scheme word is kept: `Bearer [REDACTED]`), `Cookie` and `Set-Cookie`
 *   (cookie names are kept: `session=[REDACTED]`), the header API keys the contract's
 *   securitySchemes declare, and every header given with `-H` (but for the few that never carry a
 *   credential: Accept, Accept-Encoding, Accept-Language, Content-Type, Prefer, User-Agent);
 * - the values of query parameters the contract declares as API keys, in URLs;
 * - every credential string the run sent (an `--auth` value, in every encoding it was sent in, a
 *   `-H` value), wherever it appears: an answer's body or headers, a message, a request body.
 *
 * `--show-secrets` (ConformanceOptions.showSecrets) turns it off, for local debugging.
 */
import type { ContractModel } from '../contract/model.js';
import type { SentRequest } from './checks.js';

/** What stands where a credential was. Brackets: never mistaken for a value, JSON- and XML-safe. */
export const REDACTED = '[REDACTED]';

/** Headers whose values are credentials, in any request or answer. */
export const SECRET_HEADERS: readonly string[] = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];

/** `-H` headers that never carry a credential: their values are shown. */
const PLAIN_HEADERS = new Set(['accept', 'accept-encoding', 'accept-language', 'content-type', 'prefer', 'user-agent']);

/** Authentication schemes whose name is kept before the redacted credential. */
const AUTH_SCHEMES = /^(basic|bearer|digest|token|apikey|negotiate|dpop|hoba|mutual|aws4-hmac-sha256|scram-sha-1|scram-sha-256)$/i;

/** Shorter strings are not scrubbed from text: they would erase the report, not a secret. */
const MIN_SECRET_LENGTH = 4;

export interface RedactionInput {
  /** The contract: the API-key parameters its securitySchemes declare. */
  model?: Pick<ContractModel, 'securitySchemes'>;
  /** `--auth` values by scheme name. */
  auth?: Readonly<Record<string, string>>;
  /** `-H` headers (lowercase names). */
  headers?: Readonly<Record<string, string>>;
}

export interface Redactor {
  /** Text with every credential string the run sent replaced. */
  text(text: string): string;
  /** Headers with the values of secret headers replaced (and sent credentials scrubbed from the rest). */
  headers(headers: Readonly<Record<string, string>>): Record<string, string>;
  /** A path and query (or a URL) with API-key query parameters and sent credentials replaced. */
  url(url: string): string;
  /** A request as a report shows it. */
  request(request: SentRequest): SentRequest;
}

/** Shows everything: `--show-secrets`. */
export const SHOW_SECRETS: Redactor = {
  text: (t) => t,
  headers: (h) => ({ ...h }),
  url: (u) => u,
  request: (r) => r,
};

function authorizationValue(value: string): string {
  const space = value.search(/\s/);
  const scheme = space > 0 ? value.slice(0, space) : '';
  return AUTH_SCHEMES.test(scheme) ? `${scheme} ${REDACTED}` : REDACTED;
}

/** `a=1; b=2` as `a=[REDACTED]; b=[REDACTED]`; Set-Cookie keeps each cookie's name only. */
function cookieValue(value: string, setCookie: boolean): string {
  const pieces = setCookie ? value.split(/,\s*(?=[^;=,\s]+=)/) : value.split(/;\s*/);
  return pieces
    .map((piece) => {
      const eq = piece.indexOf('=');
      const name = eq < 0 ? '' : piece.slice(0, eq).trim();
      return /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) ? `${name}=${REDACTED}` : REDACTED;
    })
    .join(setCookie ? ', ' : '; ');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The redactor of a run: see the module's comment for what it replaces. */
export function redactor(input: RedactionInput): Redactor {
  const secretHeaders = new Set(SECRET_HEADERS);
  const secretQuery = new Set<string>();
  const secrets = new Set<string>();
  for (const scheme of input.model?.securitySchemes ?? []) {
    if (scheme.type !== 'apiKey' || !scheme.paramName) continue;
    if (scheme.in === 'header') secretHeaders.add(scheme.paramName.toLowerCase());
    else if (scheme.in === 'query') secretQuery.add(scheme.paramName);
  }
  const addSecret = (value: string): void => {
    for (const form of [value, encodeURIComponent(value), Buffer.from(value).toString('base64'), JSON.stringify(value).slice(1, -1)]) {
      if (form.length >= MIN_SECRET_LENGTH) secrets.add(form);
    }
  };
  for (const value of Object.values(input.auth ?? {})) addSecret(value);
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    const lower = name.toLowerCase();
    if (PLAIN_HEADERS.has(lower)) continue;
    secretHeaders.add(lower);
    addSecret(value);
    // The credential of `Authorization: Bearer <token>` alone, as a server may echo it.
    const space = value.search(/\s/);
    if (space > 0 && AUTH_SCHEMES.test(value.slice(0, space))) addSecret(value.slice(space).trim());
  }
  // Longest first: a secret that contains another is replaced whole.
  const pattern = secrets.size === 0 ? undefined : new RegExp([...secrets].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'g');
  const text = (value: string): string => (pattern === undefined ? value : value.replace(pattern, REDACTED));
  const headers = (given: Readonly<Record<string, string>>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(given)) {
      const lower = name.toLowerCase();
      if (lower === 'authorization' || lower === 'proxy-authorization') out[name] = authorizationValue(value);
      else if (lower === 'cookie' || lower === 'set-cookie') out[name] = cookieValue(value, lower === 'set-cookie');
      else if (secretHeaders.has(lower)) out[name] = REDACTED;
      else out[name] = text(value);
    }
    return out;
  };
  const url = (value: string): string => {
    const q = value.indexOf('?');
    if (q < 0 || secretQuery.size === 0) return text(value);
    const hash = value.indexOf('#', q);
    const query = value.slice(q + 1, hash < 0 ? undefined : hash);
    const pairs = query.split('&').map((pair) => {
      const eq = pair.indexOf('=');
      let name = eq < 0 ? pair : pair.slice(0, eq);
      try {
        name = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: compared as written.
      }
      return secretQuery.has(name) && eq >= 0 ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    });
    return text(`${value.slice(0, q)}?${pairs.join('&')}${hash < 0 ? '' : value.slice(hash)}`);
  };
  return {
    text,
    headers,
    url,
    request: (r) => {
      const out: SentRequest = { ...r, url: url(r.url), headers: headers(r.headers), origin: text(r.origin) };
      if (r.body !== undefined) out.body = text(r.body);
      return out;
    },
  };
}

/**
 * A URL as error messages may show it: the userinfo (`user:password@`) replaced. Works on text
 * that does not parse as a URL, too.
 */
export function redactUserinfo(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)@/i, (_, scheme: string) => `${scheme}${REDACTED}@`);
}
