/**
 * The `test:` settings of a contract in specforge.config.yaml (flags given on the command line win),
 * and `test.token`: how `specforge test` obtains a credential (a login request, OAuth2 client
 * credentials, a command). The config is trusted; the contract is not: a token URL the contract
 * names is fetched only when `token.oauth2` here enables it (see src/conformance/token.ts).
 */
import { ContractError } from '../contract/errors.js';
import { isRecord } from '../contract/pointer.js';

type Locate = (at: Array<string | number>, key?: string) => { line: number; col: number } | undefined;

/** `specforge test` settings of a contract in the config: the flags' names, in camelCase. */
export interface TestSettings {
  baseUrl?: string;
  maxExamples?: number;
  seed?: number;
  phases?: string[];
  checks?: string[];
  excludeChecks?: string[];
  /** 'Name: value' headers sent with every request. */
  headers?: string[];
  timeout?: number;
  workers?: number;
  /** Answers slower than this many ms are max_response_time failures. */
  maxResponseTime?: number;
  /** The bounds of reading one stream (OpenAPI 3.2 itemSchema): items, bytes, milliseconds. */
  maxStreamItems?: number;
  maxStreamBytes?: number;
  maxStreamTime?: number;
  /** How to obtain a credential during the run. */
  token?: TokenSettings;
  /** `--min-coverage`: the percentage of selected operations that must get a 2xx. */
  minCoverage?: number;
  /** Checks left out for one operation each, with the reason (the report lists them). */
  exclude?: TestExclusion[];
}

/** One operation's checks left out of specforge test, and why (check names are checked by the command). */
export interface TestExclusion {
  operation: string;
  checks: string[];
  reason: string;
}

/**
 * One way to obtain a credential (exactly one of login, oauth2, command), and the security
 * scheme(s) it is sent for.
 */
export interface TokenSettings {
  /** The security scheme (a name of the contract's, or bearer / apiKey / basic) the token is sent as. */
  scheme: string;
  /** A login request; its answer holds the token at `pointer`. */
  login?: {
    method: string;
    /** Absolute, or a path under the base URL. */
    url: string;
    headers?: Record<string, string>;
    /** A JSON body (sent as application/json). */
    body?: unknown;
    /** JSON pointer to the token in the answer (default /access_token). */
    pointer: string;
    /** JSON pointer to its lifetime in seconds (default /expires_in, when present). */
    expiresPointer?: string;
  };
  /** OAuth2 client credentials; the token URL is the contract scheme's unless `tokenUrl` is given. */
  oauth2?: {
    /** Names of the environment variables that hold the client id and secret. */
    clientIdEnv: string;
    clientSecretEnv: string;
    scopes?: string[];
    tokenUrl?: string;
  };
  /** A command (run by the shell) whose standard output, trimmed, is the token. */
  command?: string;
  /** Seconds a token without a stated lifetime is kept (default: until a 401). */
  ttl?: number;
}

export const TEST_KEYS = [
  'baseUrl',
  'maxExamples',
  'seed',
  'phases',
  'checks',
  'excludeChecks',
  'headers',
  'timeout',
  'workers',
  'maxResponseTime',
  'maxStreamItems',
  'maxStreamBytes',
  'maxStreamTime',
  'token',
  'minCoverage',
  'exclude',
] as const;
/** The keys of each test.exclude entry. */
export const EXCLUDE_KEYS = ['operation', 'checks', 'reason'] as const;
/** The keys of test.token and of its login and oauth2 mappings (login.headers and login.body are free). */
export const TOKEN_KEYS = ['scheme', 'login', 'oauth2', 'command', 'ttl'] as const;
export const TOKEN_LOGIN_KEYS = ['method', 'url', 'headers', 'body', 'pointer', 'expiresPointer'] as const;
export const TOKEN_OAUTH2_KEYS = ['clientIdEnv', 'clientSecretEnv', 'scopes', 'tokenUrl'] as const;

export function parseTestSettings(raw: unknown, where: string, locate: Locate, at: Array<string | number>, file: string): TestSettings | undefined {
  if (raw === undefined) return undefined;
  const bad = (key: string, what: string): ContractError => {
    const pos = locate(at, key);
    return ContractError.single('SPECFORGE_CONFIG', `${where}: test.${key} must be ${what}`, { file, ...(pos ? { line: pos.line, col: pos.col } : {}) });
  };
  if (!isRecord(raw))
    throw ContractError.single('SPECFORGE_CONFIG', `${where}: test must be a mapping of specforge test settings (${TEST_KEYS.join(', ')})`, { file });
  const out: TestSettings = {};
  for (const key of ['baseUrl'] as const) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'string') throw bad(key, 'a URL');
    out[key] = raw[key];
  }
  for (const key of ['maxExamples', 'seed', 'timeout', 'workers', 'maxResponseTime'] as const) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'number' || !Number.isInteger(raw[key])) throw bad(key, 'an integer');
    out[key] = raw[key];
  }
  // The stream bounds: checked as the flags are (positive integers within their limits) when the run starts.
  for (const key of ['maxStreamItems', 'maxStreamBytes', 'maxStreamTime'] as const) {
    if (raw[key] === undefined) continue;
    if (typeof raw[key] !== 'number' || !Number.isInteger(raw[key])) throw bad(key, 'an integer');
    out[key] = raw[key];
  }
  for (const key of ['phases', 'checks', 'excludeChecks', 'headers'] as const) {
    if (raw[key] === undefined) continue;
    const list = raw[key];
    if (!Array.isArray(list) || !list.every((v) => typeof v === 'string')) throw bad(key, 'a list of strings');
    out[key] = list;
  }
  if (raw['token'] !== undefined) out.token = parseToken(raw['token'], (what) => bad('token', what));
  if (raw['minCoverage'] !== undefined) {
    const n = raw['minCoverage'];
    if (typeof n !== 'number' || !(n >= 0 && n <= 100)) throw bad('minCoverage', 'a percentage from 0 to 100');
    out.minCoverage = n;
  }
  if (raw['exclude'] !== undefined) out.exclude = parseExclude(raw['exclude'], (what) => bad('exclude', what));
  return out;
}

const EXCLUDE_SHAPE = 'a list of { operation: <operationId>, checks: [<check>, …], reason: <why> }';

function parseExclude(raw: unknown, bad: (what: string) => ContractError): TestExclusion[] {
  if (!Array.isArray(raw)) throw bad(EXCLUDE_SHAPE);
  return raw.map((item: unknown, i) => {
    if (!isRecord(item)) throw bad(`${EXCLUDE_SHAPE} (entry ${i} is not a mapping)`);
    const { operation, checks, reason } = item;
    if (typeof operation !== 'string' || operation === '') throw bad(`${EXCLUDE_SHAPE} (entry ${i} names no operation)`);
    if (!Array.isArray(checks) || checks.length === 0 || !checks.every((c) => typeof c === 'string'))
      throw bad(`${EXCLUDE_SHAPE} (entry ${i} lists no checks)`);
    if (typeof reason !== 'string' || reason.trim() === '') throw bad(`${EXCLUDE_SHAPE} (entry ${i} gives no reason: say why the check is left out)`);
    return { operation, checks: checks as string[], reason };
  });
}

const TOKEN_SHAPE = 'a mapping with scheme and one of login (method, url, body, pointer), oauth2 (clientIdEnv, clientSecretEnv) or command';

function parseToken(raw: unknown, bad: (what: string) => ContractError): TokenSettings {
  if (!isRecord(raw) || typeof raw['scheme'] !== 'string') throw bad(TOKEN_SHAPE);
  const ways = ['login', 'oauth2', 'command'].filter((k) => raw[k] !== undefined);
  if (ways.length !== 1) throw bad(`${TOKEN_SHAPE} (exactly one way; given: ${ways.join(', ') || 'none'})`);
  const out: TokenSettings = { scheme: raw['scheme'] };
  if (raw['ttl'] !== undefined) {
    if (typeof raw['ttl'] !== 'number' || !(raw['ttl'] > 0)) throw bad('a mapping whose ttl is a number of seconds');
    out.ttl = raw['ttl'];
  }
  const strings = (v: unknown): v is Record<string, string> => isRecord(v) && Object.values(v).every((x) => typeof x === 'string');
  const login = raw['login'];
  if (login !== undefined) {
    if (!isRecord(login) || typeof login['url'] !== 'string') throw bad('a mapping whose login has a url (and method, headers, body, pointer)');
    const method = login['method'] === undefined ? 'POST' : login['method'];
    if (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method)) throw bad('a mapping whose login.method is an HTTP method');
    const pointer = login['pointer'] === undefined ? '/access_token' : login['pointer'];
    if (typeof pointer !== 'string' || (pointer !== '' && !pointer.startsWith('/'))) throw bad('a mapping whose login.pointer is a JSON pointer (/token)');
    if (login['headers'] !== undefined && !strings(login['headers'])) throw bad('a mapping whose login.headers map names to strings');
    if (login['expiresPointer'] !== undefined && typeof login['expiresPointer'] !== 'string')
      throw bad('a mapping whose login.expiresPointer is a JSON pointer');
    out.login = { method: method.toUpperCase(), url: login['url'], pointer };
    if (login['headers'] !== undefined) out.login.headers = login['headers'] as Record<string, string>;
    if (login['body'] !== undefined) out.login.body = login['body'];
    if (typeof login['expiresPointer'] === 'string') out.login.expiresPointer = login['expiresPointer'];
  }
  const oauth2 = raw['oauth2'];
  if (oauth2 !== undefined) {
    if (!isRecord(oauth2) || typeof oauth2['clientIdEnv'] !== 'string' || typeof oauth2['clientSecretEnv'] !== 'string')
      throw bad('a mapping whose oauth2 names clientIdEnv and clientSecretEnv (environment variables)');
    if (oauth2['scopes'] !== undefined && !(Array.isArray(oauth2['scopes']) && oauth2['scopes'].every((x) => typeof x === 'string')))
      throw bad('a mapping whose oauth2.scopes is a list of strings');
    if (oauth2['tokenUrl'] !== undefined && typeof oauth2['tokenUrl'] !== 'string') throw bad('a mapping whose oauth2.tokenUrl is a URL');
    out.oauth2 = { clientIdEnv: oauth2['clientIdEnv'], clientSecretEnv: oauth2['clientSecretEnv'] };
    if (Array.isArray(oauth2['scopes'])) out.oauth2.scopes = oauth2['scopes'] as string[];
    if (typeof oauth2['tokenUrl'] === 'string') out.oauth2.tokenUrl = oauth2['tokenUrl'];
  }
  if (raw['command'] !== undefined) {
    if (typeof raw['command'] !== 'string' || raw['command'].trim() === '') throw bad('a mapping whose command is a shell command');
    out.command = raw['command'];
  }
  return out;
}
