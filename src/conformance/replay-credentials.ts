/**
 * Redacted credentials read for what they mean (`specforge test --replay`). A cassette never holds
 * a credential (redact.ts): where a client sent one, it holds `Authorization: Bearer [REDACTED]`,
 * `x-api-key: [REDACTED]`, `sid=[REDACTED]`. To the replayed checks that is still a credential
 * that was sent, never a missing or malformed one (which would make every secured operation's
 * success a false ignored_auth). So, for judging a request only (reports keep `[REDACTED]`):
 *
 * - an `Authorization` header holding `[REDACTED]` gets a well-formed stand-in of its scheme
 *   (`Bearer <token68>`, `Basic <base64 of user:password>`, the recorded word kept), or of the
 *   operation's first scheme carried in Authorization when the recording kept no scheme word;
 * - where the contract classifies credentials (x-specforge-policy), a stand-in (or any value
 *   holding `[REDACTED]`) is of a kind the operation allows; every other credential is classified
 *   as the live server's request stages classify it;
 * - a redacted value of a declared header, query or cookie parameter (a session token with a
 *   pattern) gets a value sampled from the parameter's schema, so the rest of the request is still
 *   judged; where no stand-in is made (the body, the path), a request the contract refuses is
 *   judged by its answer alone and negative_data_rejection is reported as skipped, with the reason.
 *
 * A request recorded without any credential stays without one: ignored_auth keeps its teeth. The
 * security phase's requests never carried a valid credential: they are judged as recorded.
 */
import type { ContractModel, OperationModel, ParameterModel } from '../contract/model.js';
import { CredentialClassifier } from '../runtime/server/security.js';
import type { SecurityVerifier } from '../runtime/server/context.js';
import type { ApiSpec } from '../runtime/shared/spec.js';
import type { RunContext } from './exchange.js';
import type { Phase } from './types.js';
import { REDACTED } from './redact.js';
import { sampledParameterValue } from './requests.js';

/** What stands for a redacted token when a request is judged: token68, an API key's characters. */
export const STAND_IN = 'specforge-redacted-credential';

/** What stands for a redacted Basic credential: `specforge:redacted-credential`, base64. */
const BASIC_STAND_IN = Buffer.from('specforge:redacted-credential').toString('base64');

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The scheme word an operation's schemes use in Authorization, first one first (`basic`, `bearer`...), or `key` for an API key there. */
function authorizationKind(model: Pick<ContractModel, 'securitySchemes'>, op: OperationModel | undefined): string | undefined {
  for (const alternative of op?.security ?? []) {
    for (const name of Object.keys(alternative)) {
      const scheme = model.securitySchemes.find((s) => s.name === name);
      if (scheme?.type === 'http') return (scheme.scheme ?? 'bearer').toLowerCase();
      if (scheme?.type === 'oauth2' || scheme?.type === 'openIdConnect') return 'bearer';
      if (scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.paramName?.toLowerCase() === 'authorization') return 'key';
    }
  }
  return undefined;
}

/** A well-formed Authorization value for a scheme word (`Basic` gets base64 of user:password). */
function standInFor(word: string): string {
  return `${word} ${/^basic$/i.test(word) ? BASIC_STAND_IN : STAND_IN}`;
}

/**
 * The headers a recorded request is judged with: a redacted `Authorization` replaced with a
 * well-formed stand-in of the same scheme (see the module's comment); anything else as recorded.
 */
export function judgedHeaders(
  model: Pick<ContractModel, 'securitySchemes'>,
  op: OperationModel | undefined,
  headers: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = { ...headers };
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() !== 'authorization' || !value.includes(REDACTED)) continue;
    const trimmed = value.trim();
    const space = trimmed.search(/\s/);
    const word = space > 0 ? trimmed.slice(0, space) : undefined;
    if (word !== undefined && TOKEN.test(word)) {
      out[name] = standInFor(word);
      continue;
    }
    // No scheme word kept: the operation's own scheme in Authorization says what was there.
    const kind = authorizationKind(model, op);
    out[name] = kind === undefined || kind === 'key' ? STAND_IN : standInFor(kind.charAt(0).toUpperCase() + kind.slice(1));
  }
  return out;
}

/** A recorded request as the replay judges it (see judgedRequest). */
export interface JudgedRequest {
  url: string;
  headers: Record<string, string>;
  /**
   * Where a redacted value stands in data the contract validates and no stand-in could be made
   * (`body`, `path`, `header X-Token`): whether the request was valid there is not known.
   */
  unknown?: string;
}

/** A parameter value as text, for a stand-in (a sampled object or list is not made into one). */
function primitive(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // A malformed escape: as written.
    return text;
  }
}

/**
 * The request a recorded one is judged as: a redacted Authorization given a stand-in of its scheme
 * (judgedHeaders), and a redacted value of a declared header, query or cookie parameter (a session
 * token the contract gives a pattern, say) a value sampled from the parameter's schema, so that the
 * redaction never makes a request invalid and the rest of it is still judged. A redacted value
 * where no stand-in is made (the body, the path, a parameter whose sample is not a plain value) is
 * named in `unknown`.
 */
export function judgedRequest(
  ctx: Pick<RunContext, 'model' | 'resolve' | 'validators'>,
  phase: Phase,
  op: OperationModel | undefined,
  request: { url: string; headers: Readonly<Record<string, string>>; body?: string },
): JudgedRequest {
  const { url, headers, body } = request;
  // The security phase never sent a valid credential: its requests are judged as recorded.
  if (phase === 'security') return { url, headers: { ...headers } };
  const out: JudgedRequest = { url, headers: judgedHeaders(ctx.model, op, headers) };
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  if (path.includes(REDACTED) || /%5BREDACTED%5D/i.test(path)) out.unknown = 'path';
  if (body?.includes(REDACTED) === true) out.unknown ??= 'body';
  if (!op) return out;
  const standIn = (p: ParameterModel): string | undefined => primitive(sampledParameterValue(p, ctx.resolve, ctx.validators.operationValidators[op.id]));
  const redacted = (value: string): boolean => value.includes(REDACTED) || decoded(value).includes(REDACTED);
  let pairs = q < 0 ? [] : url.slice(q + 1).split('&');
  const headerNames = Object.keys(out.headers);
  for (const p of op.parameters) {
    if (p.in === 'header') {
      const name = headerNames.find((h) => h.toLowerCase() === p.name.toLowerCase());
      const value = name === undefined ? undefined : out.headers[name];
      if (name === undefined || value === undefined || !redacted(value) || p.name.toLowerCase() === 'authorization') continue;
      const v = standIn(p);
      if (v === undefined) out.unknown ??= `header ${p.name}`;
      else out.headers[name] = v;
    } else if (p.in === 'query') {
      pairs = pairs.map((pair) => {
        const eq = pair.indexOf('=');
        if (eq < 0 || decoded(pair.slice(0, eq)) !== p.name || !redacted(pair.slice(eq + 1))) return pair;
        const v = standIn(p);
        if (v === undefined) {
          out.unknown ??= `query ${p.name}`;
          return pair;
        }
        return `${pair.slice(0, eq)}=${encodeURIComponent(v)}`;
      });
    } else if (p.in === 'cookie') {
      const name = headerNames.find((h) => h.toLowerCase() === 'cookie');
      if (name === undefined) continue;
      out.headers[name] = (out.headers[name] ?? '')
        .split(/;\s*/)
        .map((piece) => {
          const eq = piece.indexOf('=');
          if (eq < 0 || piece.slice(0, eq).trim() !== p.name || !redacted(piece.slice(eq + 1))) return piece;
          const v = standIn(p);
          if (v === undefined) {
            out.unknown ??= `cookie ${p.name}`;
            return piece;
          }
          return `${p.name}=${encodeURIComponent(v)}`;
        })
        .join('; ');
    }
  }
  if (q >= 0) out.url = `${path}?${pairs.join('&')}`;
  return out;
}

/**
 * How a replayed answer is judged: by the answer checks alone ('any') for a request the run made
 * invalid on purpose that the contract's request stages let through (a mutation they do not look
 * at: never a false positive_data_acceptance), and for a request the contract refuses where a
 * redacted value stands without a stand-in (never a false negative_data_rejection: said as a
 * skipped check); else as the verdict says (undefined).
 */
export function replayExpectation(
  ctx: Pick<RunContext, 'skip'>,
  phase: Phase,
  verdict: 'valid' | 'invalid' | 'unauthenticated',
  path: string,
  judged: JudgedRequest,
): 'any' | undefined {
  if (phase === 'negative' && verdict === 'valid') return 'any';
  if (verdict !== 'invalid' || judged.unknown === undefined) return undefined;
  ctx.skip(
    'negative_data_rejection',
    path,
    `a recorded request's ${judged.unknown} holds a redacted credential ([REDACTED]): whether it was valid is not known`,
  );
  return 'any';
}

/** Whether a credential the request stages found is a redacted one (a stand-in, or a value holding `[REDACTED]`). */
export function redactedCredential(credential: string): boolean {
  return credential === STAND_IN || credential === BASIC_STAND_IN || credential.includes(REDACTED);
}

/**
 * Verifiers for the judging request stages of a replay, where the contract classifies credentials
 * (x-specforge-policy): a redacted credential is of a kind the operation allows (one its
 * conditionally required parameters do not name, when there is one); any other credential is of
 * the kind its pattern says, and of none (refused, as live) when no pattern matches. Undefined
 * when the contract classifies nothing: the stages need no verifier then.
 */
export function standInVerifiers(api: ApiSpec): Record<string, SecurityVerifier> | undefined {
  const policy = api.policy;
  if (!policy) return undefined;
  const classifier = new CredentialClassifier(policy);
  const byId = new Map(api.operations.map((op) => [op.id, op]));
  const verify: SecurityVerifier = (credential, { operationId }) => {
    if (!redactedCredential(credential.credential)) {
      const kind = classifier.kindOf(credential.credential);
      return kind === undefined ? false : { kind };
    }
    const op = byId.get(operationId);
    const allowed = op?.policy?.allow ?? policy.kinds.map((k) => k.name);
    const conditional = new Set((op?.parameters ?? []).flatMap((p) => p.requiredWhen?.credentialKinds ?? []));
    const kind = allowed.find((k) => !conditional.has(k)) ?? allowed[0];
    return kind === undefined ? true : { kind };
  };
  return { [policy.scheme]: verify };
}
