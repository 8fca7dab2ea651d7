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
 *   `-H` value), wherever it appears: an answer's body or headers, a message, a request body;
 * - headers and query parameters whose names say they hold a credential (`X-Api-Key`,
 *   `X-Auth-Token`, `access_token`, `client_secret`, `session`...: credentialName), declared or not;
 * - every credential a client sent through `specforge proxy` (SeenCredentials: the values of the
 *   headers, cookies and query parameters above, a Bearer token, a Basic password), wherever an
 *   answer echoes it.
 *
 * `--show-secrets` (ConformanceOptions.showSecrets) turns it off, for local debugging.
 */
import type { ContractModel } from '../contract/model.js';
import type { SentRequest } from './checks.js';
import { REDACTED } from './redacted.js';

export { REDACTED };

/** Headers whose values are credentials, in any request or answer. */
export const SECRET_HEADERS: readonly string[] = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];

/** `-H` headers that never carry a credential: their values are shown. */
const PLAIN_HEADERS = new Set(['accept', 'accept-encoding', 'accept-language', 'content-type', 'prefer', 'user-agent']);

/** Authentication schemes whose name is kept before the redacted credential. */
const AUTH_SCHEMES = /^(basic|bearer|digest|token|apikey|negotiate|dpop|hoba|mutual|aws4-hmac-sha256|scram-sha-1|scram-sha-256)$/i;

/** Shorter strings are not scrubbed from text: they would erase the report, not a secret. */
const MIN_SECRET_LENGTH = 4;

/** Words that make a header or query parameter name a credential's (a whole word of the name). */
const CREDENTIAL_WORDS =
  /(?:^|[-_.])(?:auth|authorization|token|access[-_]?token|refresh[-_]?token|id[-_]?token|secret|client[-_]?secret|password|passwd|passphrase|session|sessionid|session[-_]?id|sid|credentials?|signature|cookie|apikey|api[-_]?key|access[-_]?key|secret[-_]?key|private[-_]?key|jwt|csrf|xsrf)(?:$|[-_.])/i;

/** Query parameter names that hold a credential by convention, though they say so less plainly. */
const CREDENTIAL_QUERY = new Set(['key', 'sig', 'code']);

/**
 * Whether a header or query parameter name says it carries a credential: `X-Api-Key`,
 * `X-Auth-Token`, `X-Amz-Security-Token`, `X-CSRF-Token`, `access_token`, `client_secret`,
 * `session_id`; for a query parameter also `key`, `sig` and `code`. `WWW-Authenticate` and
 * `Authentication-Info` are not (they carry challenges and parameters, not secrets).
 */
export function credentialName(name: string, where: 'header' | 'query' = 'header'): boolean {
  const lower = name.toLowerCase();
  if (SECRET_HEADERS.includes(lower)) return true;
  if (where === 'query' && CREDENTIAL_QUERY.has(lower)) return true;
  return CREDENTIAL_WORDS.test(lower);
}

/** The forms a credential may be echoed in: as sent, URL-encoded, base64, inside a JSON string. */
function secretForms(value: string): string[] {
  return [value, encodeURIComponent(value), Buffer.from(value).toString('base64'), JSON.stringify(value).slice(1, -1)].filter(
    (form) => form.length >= MIN_SECRET_LENGTH,
  );
}

/** The most credentials a proxy remembers (the most recent are kept): the pattern that scrubs them stays small. */
const MAX_SEEN = 4096;

/**
 * Credentials seen in traffic the run did not make (`specforge proxy`): learnt from each request
 * before anything of its exchange is written, so an answer that echoes one is scrubbed too.
 */
export class SeenCredentials {
  private readonly values = new Set<string>();
  /** Grows with each new value: a redactor rebuilds its pattern when it changed. */
  version = 0;

  add(value: string): void {
    for (const form of secretForms(value)) {
      if (this.values.has(form)) continue;
      this.values.add(form);
      this.version++;
      if (this.values.size > MAX_SEEN) this.values.delete(this.values.values().next().value as string);
    }
  }

  list(): string[] {
    return [...this.values];
  }

  /**
   * Learns the credentials of a request (or an answer's Set-Cookie): the values of credential
   * headers (credentialName, and the API keys `apiKeyHeaders` names), the token of Authorization
   * (a Basic one decoded: the password alone too), every cookie's value, and the values of
   * credential query parameters (credentialName, and `apiKeyQuery`).
   */
  learn(
    headers: Readonly<Record<string, string>>,
    url: string,
    apiKeyHeaders: ReadonlySet<string> = new Set(),
    apiKeyQuery: ReadonlySet<string> = new Set(),
  ): void {
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (lower === 'authorization' || lower === 'proxy-authorization') {
        // A scheme word alone (`Bearer`) is no credential: learnt, it would be scrubbed from every text.
        if (loneSchemeWord(value)) continue;
        this.add(value);
        const space = value.search(/\s/);
        const scheme = space > 0 ? value.slice(0, space) : '';
        const token = space > 0 ? value.slice(space).trim() : value;
        this.add(token);
        if (/^basic$/i.test(scheme)) {
          const decoded = Buffer.from(token, 'base64').toString('utf8');
          this.add(decoded);
          const colon = decoded.indexOf(':');
          if (colon >= 0) this.add(decoded.slice(colon + 1));
        }
      } else if (lower === 'cookie' || lower === 'set-cookie') {
        const pieces = lower === 'cookie' ? value.split(/;\s*/) : value.split(/,\s*(?=[^;=,\s]+=)/).map((c) => c.split(';')[0] ?? '');
        for (const piece of pieces) {
          const eq = piece.indexOf('=');
          if (eq >= 0) this.add(piece.slice(eq + 1).trim());
        }
      } else if (apiKeyHeaders.has(lower) || credentialName(lower)) this.add(value);
    }
    const q = url.indexOf('?');
    if (q < 0) return;
    for (const pair of url
      .slice(q + 1)
      .replace(/#.*$/, '')
      .split('&')) {
      const eq = pair.indexOf('=');
      if (eq < 0) continue;
      const name = decoded(pair.slice(0, eq));
      if (!apiKeyQuery.has(name) && !credentialName(name, 'query')) continue;
      const raw = pair.slice(eq + 1);
      this.add(raw);
      this.add(decoded(raw));
    }
  }
}

/** The largest request body searched for credentials (a login form, a token request). */
const MAX_LEARNT_BODY = 256 * 1024;

/**
 * Learns the credentials of a request body: in a form (`application/x-www-form-urlencoded`) the
 * values of credential names (`password`, `client_secret`, `refresh_token`...), in JSON the string
 * values of properties so named (bounded: 8 levels, 10,000 objects). Bodies over 256 KiB are not
 * searched.
 */
export function learnBody(seen: SeenCredentials, contentType: string, bytes: Uint8Array): void {
  if (bytes.byteLength === 0 || bytes.byteLength > MAX_LEARNT_BODY) return;
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (/x-www-form-urlencoded/i.test(contentType)) {
    for (const pair of body.split('&')) {
      const eq = pair.indexOf('=');
      if (eq >= 0 && credentialName(decoded(pair.slice(0, eq)))) seen.add(decoded(pair.slice(eq + 1)));
    }
    return;
  }
  if (!/json/i.test(contentType)) return;
  let doc: unknown;
  try {
    doc = JSON.parse(body) as unknown;
  } catch {
    return;
  }
  let budget = 10_000;
  const walk = (value: unknown, depth: number): void => {
    if (depth > 8 || value === null || typeof value !== 'object' || --budget < 0) return;
    for (const [key, child] of Object.entries(value)) {
      if (typeof child === 'string' && credentialName(key)) seen.add(child);
      else walk(child, depth + 1);
    }
  };
  walk(doc, 0);
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: as written.
    return text;
  }
}

export interface RedactionInput {
  /** The contract: the API-key parameters its securitySchemes declare. */
  model?: Pick<ContractModel, 'securitySchemes'>;
  /** `--auth` values by scheme name. */
  auth?: Readonly<Record<string, string>>;
  /** `-H` headers (lowercase names). */
  headers?: Readonly<Record<string, string>>;
  /** Credentials learnt from traffic (`specforge proxy`): scrubbed from text as they are learnt. */
  seen?: SeenCredentials;
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

/** A scheme word with nothing after it (`Bearer`, `Bearer `): an empty credential, no secret. */
function loneSchemeWord(value: string): boolean {
  const space = value.search(/\s/);
  return AUTH_SCHEMES.test(space < 0 ? value : value.slice(0, space)) && (space < 0 || value.slice(space).trim() === '');
}

/**
 * `Bearer [REDACTED]`: the scheme word kept. A scheme word alone is kept as sent: redacted, an
 * empty credential would read as a credential sent (replay-credentials.ts).
 */
function authorizationValue(value: string): string {
  if (loneSchemeWord(value)) return value;
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
    for (const form of secretForms(value)) secrets.add(form);
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
  const build = (): RegExp | undefined => {
    const all = input.seen ? [...new Set([...secrets, ...input.seen.list()])] : [...secrets];
    return all.length === 0
      ? undefined
      : new RegExp(
          all
            .sort((a, b) => b.length - a.length)
            .map(escapeRegExp)
            .join('|'),
          'g',
        );
  };
  let pattern = build();
  let builtFor = input.seen?.version ?? 0;
  const text = (value: string): string => {
    if (input.seen && input.seen.version !== builtFor) {
      pattern = build();
      builtFor = input.seen.version;
    }
    return pattern === undefined ? value : value.replace(pattern, REDACTED);
  };
  const headers = (given: Readonly<Record<string, string>>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(given)) {
      const lower = name.toLowerCase();
      if (lower === 'authorization' || lower === 'proxy-authorization') out[name] = authorizationValue(value);
      else if (lower === 'cookie' || lower === 'set-cookie') out[name] = cookieValue(value, lower === 'set-cookie');
      else if (secretHeaders.has(lower) || credentialName(lower)) out[name] = REDACTED;
      else out[name] = text(value);
    }
    return out;
  };
  const url = (value: string): string => {
    const q = value.indexOf('?');
    if (q < 0) return text(value);
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
      return (secretQuery.has(name) || credentialName(name, 'query')) && eq >= 0 ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
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
