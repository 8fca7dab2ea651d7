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
 *   as the live server's request stages classify it.
 *
 * A request recorded without any credential stays without one: ignored_auth keeps its teeth.
 */
import type { ContractModel, OperationModel } from '../contract/model.js';
import { CredentialClassifier } from '../runtime/server/security.js';
import type { SecurityVerifier } from '../runtime/server/context.js';
import type { ApiSpec } from '../runtime/shared/spec.js';
import { REDACTED } from './redact.js';

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
