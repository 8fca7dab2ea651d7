/**
 * Credentials of the declared security schemes: where each travels, whether it is well formed
 * (before any verifier or handler sees it), the `WWW-Authenticate` challenge of a refusal, and the
 * kind of credential a policy (`x-specforge-policy`) sees. No function here puts a credential into
 * a message.
 */
import { compilePattern, type CompiledPattern } from '../validation/pattern.js';
import type { PolicySpec, SecuritySchemeSpec } from '../shared/spec.js';
import { ownValue } from '../shared/object.js';
import { base64Text, type RequestHead } from './head.js';

/** What a request carries for one scheme: nothing, a malformed credential, or a well-formed one. */
export type Presented =
  | { kind: 'absent' }
  | { kind: 'malformed'; problem: string }
  | { kind: 'present'; credential: string; basic?: { username: string; password: string }; raw?: string; prefix?: string };

/** RFC 7235 token68: the form of a bearer token (RFC 6750 b64token). */
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;
/** An API key: visible ASCII characters, no spaces. */
const API_KEY = /^[\x21-\x7e]+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const CONTROL = /[\x00-\x1f\x7f]/;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** `Authorization: <scheme> <value>` split without a backtracking expression (the header is client text). */
function splitAuthorization(header: string): { scheme: string; value: string } | undefined {
  let end = header.length;
  while (end > 0 && (header[end - 1] === ' ' || header[end - 1] === '\t')) end--;
  let gap = 0;
  while (gap < end && header[gap] !== ' ' && header[gap] !== '\t') gap++;
  const scheme = header.slice(0, gap);
  if (!TOKEN.test(scheme)) return undefined;
  return { scheme: scheme.toLowerCase(), value: header.slice(gap, end).trimStart() };
}

function headerValue(req: RequestHead, name: string): string | undefined {
  const v = ownValue(req.headers, name.toLowerCase());
  return Array.isArray(v) ? v[0] : v;
}

/** Words clients put before an API key in `Authorization`; alone, they are an empty credential. */
const KEY_PREFIXES = new Set(['bearer', 'token', 'apikey', 'api-key', 'key', 'basic', 'jwt']);

/**
 * An API key sent in `Authorization` (an `apiKey` scheme named Authorization), as real clients
 * send it: `Bearer <key>`, `Token <key>`, any `<word> <key>`, or the key alone. The credential is
 * the key; `raw` is the header as sent and `prefix` the word before the key. A prefix without a
 * key (`Bearer `, which arrives as `Bearer`) is an empty credential, refused like a malformed one.
 */
function authorizationKey(header: string): Presented {
  const trimmed = header.trim();
  const parts = splitAuthorization(trimmed);
  if (parts && parts.value !== '') {
    if (!API_KEY.test(parts.value)) return { kind: 'malformed', problem: 'the API key in Authorization has characters an API key cannot have' };
    return { kind: 'present', credential: parts.value, raw: header, prefix: trimmed.slice(0, trimmed.length - parts.value.length).trim() };
  }
  if (trimmed === '' || KEY_PREFIXES.has(trimmed.toLowerCase())) return { kind: 'malformed', problem: 'the API key in Authorization is empty' };
  return API_KEY.test(trimmed)
    ? { kind: 'present', credential: trimmed, raw: header }
    : { kind: 'malformed', problem: 'the API key in Authorization has characters an API key cannot have' };
}

/** The query parameter names of the API keys an operation's security alternatives send in the query string. */
export function queryApiKeyNames(
  schemes: Readonly<Record<string, SecuritySchemeSpec>>,
  security: readonly Readonly<Record<string, readonly string[]>>[],
): Set<string> {
  const names = new Set<string>();
  for (const alternative of security) {
    for (const scheme of Object.keys(alternative)) {
      const s = ownValue(schemes, scheme);
      if (s?.type === 'apiKey' && s.in === 'query' && s.name) names.add(s.name);
    }
  }
  return names;
}

/** The HTTP authentication scheme a security scheme uses in `Authorization` (lower case), if any. */
export function authScheme(scheme: SecuritySchemeSpec): string | undefined {
  if (scheme.type === 'http') return (scheme.scheme ?? 'bearer').toLowerCase();
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return 'bearer';
  return undefined;
}

/** Reads and checks the form of the credential a request carries for `scheme`. */
export function presentedCredential(
  scheme: SecuritySchemeSpec,
  req: RequestHead,
  query: ReadonlyArray<[string, string]>,
  cookies: () => Map<string, string>,
  bearerAliases: readonly string[] = [],
): Presented {
  if (scheme.type === 'apiKey') {
    if (!scheme.name) return { kind: 'absent' };
    const value =
      scheme.in === 'query'
        ? query.find(([k]) => k === scheme.name)?.[1]
        : scheme.in === 'header'
          ? headerValue(req, scheme.name)
          : scheme.in === 'cookie'
            ? cookies().get(scheme.name)
            : undefined;
    if (value === undefined || value === '') return { kind: 'absent' };
    if (scheme.in === 'header' && scheme.name.toLowerCase() === 'authorization') return authorizationKey(value);
    return API_KEY.test(value)
      ? { kind: 'present', credential: value }
      : { kind: 'malformed', problem: `the ${scheme.in} API key "${scheme.name}" has characters an API key cannot have` };
  }
  const wanted = authScheme(scheme);
  const header = headerValue(req, 'authorization');
  if (wanted === undefined || header === undefined || header === '') return { kind: 'absent' };
  const parts = splitAuthorization(header);
  // Another scheme in Authorization is not this scheme's credential. An interface may take other
  // words for Bearer (x-specforge-dialect bearerAliases: GitHub's "token").
  const said = parts && wanted === 'bearer' && bearerAliases.includes(parts.scheme) ? 'bearer' : parts?.scheme;
  if (!parts || said !== wanted) return { kind: 'absent' };
  const value = parts.value;
  if (value === '') return { kind: 'malformed', problem: `the ${wanted} credential is empty` };
  if (wanted === 'bearer')
    return TOKEN68.test(value) ? { kind: 'present', credential: value } : { kind: 'malformed', problem: 'the bearer token is not a token68 string' };
  if (wanted === 'basic') {
    if (!BASE64.test(value)) return { kind: 'malformed', problem: 'the basic credential is not base64' };
    const decoded = base64Text(value);
    const colon = decoded.indexOf(':');
    if (colon < 0 || CONTROL.test(decoded)) return { kind: 'malformed', problem: 'the basic credential is not user-id:password' };
    return { kind: 'present', credential: value, basic: { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) } };
  }
  return CONTROL.test(value) ? { kind: 'malformed', problem: `the ${wanted} credential has control characters` } : { kind: 'present', credential: value };
}

/**
 * The status that refuses a missing, malformed or rejected credential for an operation that
 * declares `responses`: 401 where the operation declares 401; 403 where it declares 403 and not
 * 401 (an interface that answers 403 to a missing key, as many do); else 401 (under 4XX, default,
 * or nothing declared).
 */
export function refusalStatus(responses: Readonly<Record<string, unknown>>): 401 | 403 {
  if (Object.hasOwn(responses, '401')) return 401;
  return Object.hasOwn(responses, '403') ? 403 : 401;
}

/** Text safe inside a quoted-string of a challenge. */
function quoted(text: string): string {
  // Only visible ASCII and spaces are valid in a header value; quotes and backslashes would end the string.
  return `"${text.replace(/[^\t\x20-\x7e]|["\\]/g, '')}"`;
}

/**
 * The challenge for one scheme: `Bearer realm="api"` (with `error="invalid_token"` when a token
 * was refused, `error="insufficient_scope"` when it lacks scopes), `Basic realm="api"`, and for
 * API keys `ApiKey realm="api", in="header", name="X-API-Key"`, which names where the key goes.
 */
export function challenge(api: string, scheme: SecuritySchemeSpec, error?: 'invalid_token' | 'insufficient_scope'): string | undefined {
  const realm = `realm=${quoted(api)}`;
  if (scheme.type === 'apiKey') return scheme.name && scheme.in ? `ApiKey ${realm}, in=${quoted(scheme.in)}, name=${quoted(scheme.name)}` : undefined;
  const kind = authScheme(scheme);
  if (kind === undefined || !/^[a-z0-9!#$%&'*+.^_`|~-]+$/.test(kind)) return undefined;
  const label = kind.charAt(0).toUpperCase() + kind.slice(1);
  return kind === 'bearer' && error ? `${label} ${realm}, error=${quoted(error)}` : `${label} ${realm}`;
}

/** Recognizes credential kinds by their patterns, in the order the policy declares them. */
export class CredentialClassifier {
  private readonly kinds: Array<{ name: string; pattern?: CompiledPattern }>;

  constructor(readonly policy: PolicySpec) {
    // Credentials are client text: their kinds' patterns run in linear time, like every contract pattern.
    this.kinds = policy.kinds.map((k) => (k.pattern === undefined ? { name: k.name } : { name: k.name, pattern: compilePattern(k.pattern) }));
  }

  /** The first kind whose pattern matches; kinds without a pattern are named by verifiers only. */
  kindOf(credential: string): string | undefined {
    return this.kinds.find((k) => k.pattern?.test(credential) === true)?.name;
  }
}
