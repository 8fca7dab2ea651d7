/**
 * The credentials of `specforge test --auth <scheme>=<value>`: the flags' syntax and `env:VAR`
 * checked with no contract, then mapped onto the contract's security schemes by name (or `bearer`,
 * `basic`, `apiKey` for every scheme of that kind). A quick read of the entry file's schemes lets a
 * flag naming no scheme be a usage error before the slow load of the contract.
 */
import { UsageError } from '../contract/errors.js';
import type { ContractModel } from '../contract/model.js';
import { readContractFile } from '../contract/resolve.js';
import { schemesNamed } from './token.js';
import { parse as parseYaml } from 'yaml';

/** One `--auth <scheme>=<value>`, its syntax checked and `env:VAR` read: no contract needed. */
interface AuthFlag {
  name: string;
  value: string;
}

/** `--auth` flags checked for what needs no contract (the form, the environment variable), at once. */
export function parseAuthFlags(raw: readonly string[] | undefined, env: NodeJS.ProcessEnv = process.env): AuthFlag[] {
  const out: AuthFlag[] = [];
  for (const a of raw ?? []) {
    const eq = a.indexOf('=');
    if (eq <= 0) throw new UsageError(`--auth takes <scheme>=<value>, not "${a}"`);
    const name = a.slice(0, eq).trim();
    let value = a.slice(eq + 1);
    if (value.startsWith('env:')) {
      const variable = value.slice(4);
      const v = env[variable];
      if (v === undefined) throw new UsageError(`--auth ${name}: the environment variable ${variable} is not set`);
      value = v;
    }
    out.push({ name, value });
  }
  return out;
}

type SchemeSummary = Pick<ContractModel['securitySchemes'][number], 'name' | 'type' | 'scheme'>;

/**
 * `--auth scheme=value` as credentials by security scheme name. `scheme` is a scheme of the
 * contract's components.securitySchemes, or `bearer` / `basic` for every HTTP scheme of that kind
 * (bearer also covers oauth2 and openIdConnect); `env:VAR` reads the value from the environment.
 */
export function authMap(
  model: { securitySchemes: readonly SchemeSummary[] },
  raw: readonly string[] | undefined,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> | undefined {
  const flags = parseAuthFlags(raw, env);
  return flags.length === 0 ? undefined : credentialsByScheme(model, flags, '--auth ');
}

/**
 * Credentials by scheme name, from names as a user gives them (a scheme of the contract, or
 * bearer / basic / apiKey for every scheme of that kind); a name that is neither is a usage error
 * naming it and the contract's schemes. `label` is how the user wrote it (`--auth `, `auth.`).
 */
function credentialsByScheme(model: { securitySchemes: readonly SchemeSummary[] }, given: readonly AuthFlag[], label: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of given) {
    const schemes = schemesNamed(model, name);
    if (schemes.length === 0) {
      const known = model.securitySchemes.map((s) => s.name);
      throw new UsageError(
        `${label}${name}: the contract has no such security scheme${known.length > 0 ? `; its schemes are ${known.join(', ')}` : ''} (or use bearer, basic, apiKey)`,
      );
    }
    for (const s of schemes) out[s] = value;
  }
  return out;
}

/**
 * The `auth` option of runConformance (in process) read as `--auth` is: each key a scheme of the
 * contract or bearer / basic / apiKey; a key that is neither (a misspelt scheme) is refused with
 * the CLI's message (`auth.<name>: ...`) before any request, never ignored.
 */
export function checkedAuth(
  model: { securitySchemes: readonly SchemeSummary[] },
  auth: Readonly<Record<string, string>> | undefined,
): Record<string, string> | undefined {
  if (auth === undefined) return undefined;
  return credentialsByScheme(
    model,
    Object.entries(auth).map(([name, value]) => ({ name, value })),
    'auth.',
  );
}

/**
 * The security schemes of a contract from a quick read of its entry file alone (no $ref followed,
 * no model built), so that an `--auth` naming no scheme of the contract is a usage error before the
 * slow load. Undefined when the entry file does not say plainly (schemes behind a $ref, a file that
 * does not parse): the full load decides then.
 */
export function quickSecuritySchemes(specPath: string): SchemeSummary[] | undefined {
  let doc: unknown;
  try {
    const text = readContractFile(specPath, specPath);
    doc = /\.json$/i.test(specPath) ? JSON.parse(text) : parseYaml(text, { maxAliasCount: 100 });
  } catch {
    return undefined;
  }
  const record = (v: unknown): Record<string, unknown> | undefined =>
    typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  const root = record(doc);
  if (!root) return undefined;
  const swagger2 = typeof root['swagger'] === 'string';
  const components = record(root['components']);
  if (!swagger2 && components !== undefined && '$ref' in components) return undefined;
  const table = swagger2 ? root['securityDefinitions'] : components?.['securitySchemes'];
  if (table === undefined) return [];
  const schemes = record(table);
  if (!schemes || '$ref' in schemes) return undefined;
  const out: SchemeSummary[] = [];
  for (const [name, raw] of Object.entries(schemes)) {
    const s = record(raw);
    if (!s || typeof s['$ref'] === 'string') return undefined;
    const type = s['type'];
    if (swagger2 && type === 'basic') out.push({ name, type: 'http', scheme: 'basic' });
    else if (type === 'apiKey' || type === 'http' || type === 'oauth2' || type === 'openIdConnect' || type === 'mutualTLS') {
      const summary: SchemeSummary = { name, type };
      if (typeof s['scheme'] === 'string') summary.scheme = s['scheme'];
      out.push(summary);
    } else return undefined;
  }
  return out;
}
