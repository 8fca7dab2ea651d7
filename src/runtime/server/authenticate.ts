/**
 * The security stage: the credentials an operation's security alternatives find in a request,
 * JWT claims, verifiers, x-specforge-policy's kinds of credential, and the 401 and 403 answers
 * with their WWW-Authenticate challenges.
 */
import { base64Text, type RequestHead } from './head.js';
import { HttpError } from '../shared/errors.js';
import type { ApiSpec, OperationSpec } from '../shared/spec.js';
import { DEFAULT_JSON_DEPTH, nestsDeeper } from './body/json-text.js';
import type { AuthInfo, SchemeCredential, ServerOptions } from './context.js';
import { challenge, CredentialClassifier, presentedCredential, refusalStatus } from './security.js';

type Awaitable<T> = T | Promise<T>;

function decodeJwtClaims(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  try {
    const json = base64Text(parts[1] as string);
    // Claims nested past the JSON bound are no claims (nothing later walks them).
    if (nestsDeeper(json, DEFAULT_JSON_DEPTH)) return undefined;
    const claims: unknown = JSON.parse(json);
    return claims !== null && typeof claims === 'object' && !Array.isArray(claims) ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export class Authenticator<R extends RequestHead = RequestHead> {
  private readonly classifier: CredentialClassifier | undefined;

  constructor(
    readonly api: ApiSpec,
    readonly options: ServerOptions<R>,
  ) {
    this.classifier = api.policy ? new CredentialClassifier(api.policy) : undefined;
  }

  /** Credentials of each alternative that is fully present and well formed, in the operation's order. */
  private candidates(
    op: OperationSpec,
    req: RequestHead,
    query: Array<[string, string]>,
    cookies: () => Map<string, string>,
  ): { anonymous: boolean; found: Array<Record<string, SchemeCredential>>; seen: 'none' | 'present' | 'malformed' } {
    const found: Array<Record<string, SchemeCredential>> = [];
    let seen: 'none' | 'present' | 'malformed' = 'none';
    for (const alternative of op.security) {
      const names = Object.keys(alternative);
      if (names.length === 0) return { anonymous: true, found, seen }; // `{}`: anonymous access allowed
      const schemes: Record<string, SchemeCredential> = {};
      let complete = true;
      for (const name of names) {
        const scheme = this.api.securitySchemes[name];
        const presented = scheme ? presentedCredential(scheme, req, query, cookies, this.api.bearerAliases) : ({ kind: 'absent' } as const);
        if (presented.kind !== 'present') {
          if (presented.kind === 'malformed') seen = 'malformed';
          complete = false;
          break;
        }
        if (seen === 'none') seen = 'present';
        const sc: SchemeCredential = { credential: presented.credential, scopes: alternative[name] ?? [] };
        if (presented.basic) sc.basic = presented.basic;
        if (presented.raw !== undefined) sc.raw = presented.raw;
        if (presented.prefix !== undefined) sc.scheme = presented.prefix;
        const claims = scheme?.type !== 'apiKey' && !presented.basic ? decodeJwtClaims(presented.credential) : undefined;
        if (claims) sc.claims = claims;
        schemes[name] = sc;
      }
      if (complete) found.push(schemes);
    }
    return { anonymous: false, found, seen };
  }

  authenticate(op: OperationSpec, req: R, query: Array<[string, string]>, cookies: () => Map<string, string>): Awaitable<AuthInfo | undefined> {
    if (op.security.length === 0) return undefined;
    const c = this.candidates(op, req, query, cookies);
    if (c.anonymous) return undefined;
    const verifiers = this.options.security;
    const needsVerify = verifiers !== undefined && c.found.some((schemes) => Object.keys(schemes).some((name) => verifiers[name] !== undefined));
    if (!needsVerify) {
      const first = c.found[0];
      if (first) return this.recognized(op, this.authInfo(first), false);
      throw this.unauthorized(op, c.seen);
    }
    return (async (): Promise<AuthInfo> => {
      let lacksScope = false;
      for (const schemes of c.found) {
        let ok = true;
        for (const [name, sc] of Object.entries(schemes)) {
          const verify = verifiers?.[name];
          if (!verify) continue;
          const verdict = await verify(sc, { operationId: op.id, scheme: name, request: req });
          if (verdict === false || verdict === undefined || verdict === null) {
            ok = false;
            break;
          }
          if (verdict === true) continue;
          if (verdict.claims) sc.claims = verdict.claims;
          if (verdict.principal !== undefined) sc.principal = verdict.principal;
          if (typeof verdict.kind === 'string') sc.kind = verdict.kind;
          if (Array.isArray(verdict.scopes)) {
            sc.granted = verdict.scopes;
            if (!sc.scopes.every((scope) => verdict.scopes?.includes(scope))) {
              lacksScope = true;
              ok = false;
              break;
            }
          }
        }
        if (ok)
          return this.recognized(
            op,
            this.authInfo(schemes),
            this.api.policy !== undefined && verifiers?.[this.api.policy.scheme] !== undefined && Object.hasOwn(schemes, this.api.policy.scheme),
          );
      }
      // A credential that was accepted but lacks a scope is a 403, not a 401: authenticating again will not help.
      throw lacksScope ? this.insufficientScope(op) : this.unauthorized(op, c.seen === 'none' ? 'none' : 'rejected');
    })();
  }

  private authInfo(schemes: Record<string, SchemeCredential>): AuthInfo {
    const info: AuthInfo = { schemes };
    const all = Object.values(schemes);
    const claims = all.find((s) => s.claims)?.claims;
    if (claims) info.claims = claims;
    const principal = all.find((s) => s.principal !== undefined)?.principal;
    if (principal !== undefined) info.principal = principal;
    const policy = this.api.policy;
    const governed = policy && Object.hasOwn(schemes, policy.scheme) ? schemes[policy.scheme] : undefined;
    if (governed) {
      governed.kind ??= this.classifier?.kindOf(governed.credential);
      if (governed.kind !== undefined) info.kind = governed.kind;
    }
    return info;
  }

  /**
   * x-specforge-policy names the kinds of credential the interface issues. A credential of its
   * scheme that is of no kind (no pattern matches, and no verifier vouched for it) is no credential
   * of the interface: not authenticated, 401 with `error="invalid_token"` (or the 403 the operation
   * declares instead of a 401), rather than a policy's refusal.
   */
  private recognized(op: OperationSpec, info: AuthInfo, vouched: boolean): AuthInfo {
    const policy = this.api.policy;
    if (!policy || vouched || info.kind !== undefined || !Object.hasOwn(info.schemes, policy.scheme)) return info;
    throw this.unauthorized(op, 'rejected');
  }

  /** x-specforge-policy: the operation refuses credentials of kinds it does not allow. */
  authorize(op: OperationSpec, auth: AuthInfo | undefined): void {
    const policy = op.policy;
    if (!policy || !auth || (auth.kind !== undefined && policy.allow.includes(auth.kind))) return;
    const kind = auth.kind === undefined ? 'a credential of no recognized kind' : `a credential of kind ${auth.kind}`;
    throw new HttpError(
      policy.status,
      policy.message,
      [{ in: 'security', message: `${kind} may not call ${op.id} (allowed: ${policy.allow.join(', ')})` }],
      {},
      policy.code,
    );
  }

  private unauthorized(op: OperationSpec, seen: 'none' | 'present' | 'malformed' | 'rejected'): HttpError {
    const expected = [...new Set(op.security.map((alt) => Object.keys(alt).join(' + ')))].join(' or ');
    const message =
      seen === 'none'
        ? `a credential is required (${expected})`
        : seen === 'malformed'
          ? `the credential is malformed (${expected})`
          : `the credential was rejected (${expected})`;
    const challenge = this.challenges(op, seen === 'none' ? undefined : 'invalid_token');
    // The refusal the operation declares (401, or 403 where it declares 403 and not 401); the
    // challenge goes with either, so a client learns where the credential goes.
    return new HttpError(refusalStatus(op.responses), message, [], challenge ? { 'WWW-Authenticate': challenge } : {});
  }

  private insufficientScope(op: OperationSpec): HttpError {
    const needed = op.security.map((alt) => Object.values(alt).flat().join(' ')).filter((s) => s !== '');
    const challenge = this.challenges(op, 'insufficient_scope');
    return new HttpError(
      403,
      `the credential lacks the scopes this operation requires (${needed.length > 1 ? `one of: ${needed.join('; ')}` : (needed[0] ?? '')})`,
      [],
      challenge ? { 'WWW-Authenticate': challenge } : {},
      'insufficient_scope',
    );
  }

  /** The WWW-Authenticate challenges of the operation's schemes, each once. */
  private challenges(op: OperationSpec, error: 'invalid_token' | 'insufficient_scope' | undefined): string | undefined {
    const out = new Set<string>();
    for (const alternative of op.security) {
      for (const name of Object.keys(alternative)) {
        const scheme = this.api.securitySchemes[name];
        const text = scheme ? challenge(this.api.api, scheme, error) : undefined;
        if (text) out.add(text);
      }
    }
    return out.size > 0 ? [...out].join(', ') : undefined;
  }
}
