/**
 * Credentials obtained during a conformance run (`test.token` in specforge.config.yaml): a login
 * request the config describes, OAuth2 client credentials, or a command whose output is the token.
 * The token is cached, fetched again when its stated lifetime (`expires_in`, or the config's `ttl`)
 * runs out, and once after a 401 (a server's early expiry); never again for the same token.
 *
 * Trust: the config is trusted, the contract is not. The contract's OAuth2 `tokenUrl` is fetched
 * only when the config's `token.oauth2` enables it for that scheme, and only on the origin of the
 * server under test (a contract in a pull request must not send the client secret elsewhere); any
 * other token URL is written in the config (`oauth2.tokenUrl`). The token is sent only for the
 * scheme(s) the config names.
 */
import { execFile } from 'node:child_process';
import type { ContractModel } from '../contract/model.js';
import { getAtPointer, isRecord } from '../contract/pointer.js';
import type { TokenSettings } from '../config/test-settings.js';
import type { TokenSource } from './types.js';

export class TokenError extends Error {}

export interface TokenSourceOptions {
  settings: TokenSettings;
  model: Pick<ContractModel, 'securitySchemes'>;
  /** The server under test: a relative login URL is under it; a contract's token URL must be on its origin. */
  baseUrl: string;
  /** Sends requests to the server under test (its origin); other origins go through global fetch. */
  fetch?: (request: Request) => Promise<Response>;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  /** The clock (tests). */
  now?: () => number;
}

/** The schemes of the contract a configured name covers: the scheme itself, or every bearer, basic or apiKey scheme. */
export function schemesNamed(
  model: { securitySchemes: ReadonlyArray<Pick<ContractModel['securitySchemes'][number], 'name' | 'type' | 'scheme'>> },
  name: string,
): string[] {
  const exact = model.securitySchemes.filter((s) => s.name === name);
  if (exact.length > 0) return exact.map((s) => s.name);
  const kind = name.toLowerCase();
  return model.securitySchemes
    .filter((s) =>
      kind === 'basic'
        ? s.type === 'http' && s.scheme?.toLowerCase() === 'basic'
        : kind === 'bearer'
          ? (s.type === 'http' && s.scheme?.toLowerCase() !== 'basic') || s.type === 'oauth2' || s.type === 'openIdConnect'
          : kind === 'apikey' && s.type === 'apiKey',
    )
    .map((s) => s.name);
}

/** The client-credentials token URL of an OAuth2 scheme (OpenAPI 3 flows, Swagger 2.0 `application` flow). */
function contractTokenUrl(model: Pick<ContractModel, 'securitySchemes'>, schemes: readonly string[]): string | undefined {
  for (const name of schemes) {
    const raw = model.securitySchemes.find((s) => s.name === name)?.raw;
    if (!raw) continue;
    const flows = raw['flows'];
    const cc = isRecord(flows) ? flows['clientCredentials'] : undefined;
    if (isRecord(cc) && typeof cc['tokenUrl'] === 'string') return cc['tokenUrl'];
    if (raw['flow'] === 'application' && typeof raw['tokenUrl'] === 'string') return raw['tokenUrl'];
  }
  return undefined;
}

interface Obtained {
  token: string;
  /** When it stops being used (ms since the epoch), if it says. */
  expires?: number;
}

/**
 * A TokenSource for a run. Usage errors (no such scheme, an unset environment variable, a token
 * URL the config does not allow) are thrown here, before any request.
 */
export function tokenSource(options: TokenSourceOptions): TokenSource & { schemes: string[] } {
  const { settings } = options;
  const env = options.env ?? process.env;
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const schemes = schemesNamed(options.model, settings.scheme);
  if (schemes.length === 0) {
    const known = options.model.securitySchemes.map((s) => s.name);
    throw new TokenError(
      `test.token.scheme: the contract has no security scheme "${settings.scheme}"${known.length > 0 ? `; its schemes are ${known.join(', ')}` : ''} (or use bearer, basic, apiKey)`,
    );
  }
  const base = new URL(options.baseUrl);
  const secrets: string[] = [];
  let oauth: { url: URL; id: string; secret: string } | undefined;
  if (settings.oauth2) {
    const id = env[settings.oauth2.clientIdEnv];
    const secret = env[settings.oauth2.clientSecretEnv];
    if (id === undefined) throw new TokenError(`test.token.oauth2: the environment variable ${settings.oauth2.clientIdEnv} is not set`);
    if (secret === undefined) throw new TokenError(`test.token.oauth2: the environment variable ${settings.oauth2.clientSecretEnv} is not set`);
    const fromContract = settings.oauth2.tokenUrl === undefined;
    const raw = settings.oauth2.tokenUrl ?? contractTokenUrl(options.model, schemes);
    if (raw === undefined)
      throw new TokenError(`test.token.oauth2: no client-credentials tokenUrl in the contract's scheme ${schemes.join(', ')}; set test.token.oauth2.tokenUrl`);
    let url: URL;
    try {
      url = new URL(raw, base);
    } catch {
      throw new TokenError(`test.token.oauth2: the token URL "${raw}" is not a URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new TokenError(`test.token.oauth2: the token URL must be http or https, not "${url.protocol}"`);
    // The contract is untrusted: the client secret goes only to the server under test, unless the config says where.
    if (fromContract && url.origin !== base.origin) {
      throw new TokenError(
        `test.token.oauth2: the contract's tokenUrl ${url.origin} is not on the server under test (${base.origin}); write it in the config as test.token.oauth2.tokenUrl to allow it`,
      );
    }
    oauth = { url, id, secret };
    secrets.push(secret);
  }
  const send = (request: Request): Promise<Response> =>
    new URL(request.url).origin === base.origin && options.fetch ? options.fetch(request) : fetch(request);
  const expiry = (seconds: unknown): number | undefined => {
    const s = typeof seconds === 'string' ? Number(seconds) : seconds;
    if (typeof s === 'number' && Number.isFinite(s) && s > 0) return now() + Math.max(0, s * 1000 - Math.min(5000, s * 100));
    return settings.ttl === undefined ? undefined : now() + settings.ttl * 1000;
  };
  const readJson = async (res: Response, what: string): Promise<unknown> => {
    const text = (await res.text()).slice(0, 1 << 20);
    if (res.status < 200 || res.status >= 300) throw new TokenError(`${what} answered ${res.status}`);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new TokenError(`${what} answered something that is not JSON`);
    }
  };
  const fetchToken = async (): Promise<Obtained> => {
    if (settings.login) {
      const login = settings.login;
      const url = new URL(login.url.startsWith('/') ? base.href.replace(/\/$/, '') + login.url : login.url, base);
      const headers: Record<string, string> = { accept: 'application/json', ...login.headers };
      const init: RequestInit = { method: login.method, headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) };
      if (login.body !== undefined) {
        headers['content-type'] ??= 'application/json';
        init.body = typeof login.body === 'string' ? login.body : JSON.stringify(login.body);
      }
      const json = await readJson(await send(new Request(url, init)), `the login request (${login.method} ${url.origin}${url.pathname})`);
      const token = getAtPointer(json, login.pointer).value;
      if (typeof token !== 'string' && typeof token !== 'number') throw new TokenError(`the login answer has no token at ${login.pointer}`);
      const expires = expiry(getAtPointer(json, login.expiresPointer ?? '/expires_in').value);
      return { token: String(token), ...(expires === undefined ? {} : { expires }) };
    }
    if (oauth) {
      const form = new URLSearchParams({ grant_type: 'client_credentials' });
      if (settings.oauth2?.scopes && settings.oauth2.scopes.length > 0) form.set('scope', settings.oauth2.scopes.join(' '));
      const basic = Buffer.from(`${encodeURIComponent(oauth.id)}:${encodeURIComponent(oauth.secret)}`).toString('base64');
      const request = new Request(oauth.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: `Basic ${basic}` },
        body: form.toString(),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      const json = await readJson(await send(request), `the token endpoint (${oauth.url.origin}${oauth.url.pathname})`);
      const token = isRecord(json) ? json['access_token'] : undefined;
      if (typeof token !== 'string' || token === '') throw new TokenError('the token endpoint answered no access_token');
      const expires = expiry(isRecord(json) ? json['expires_in'] : undefined);
      return { token, ...(expires === undefined ? {} : { expires }) };
    }
    const command = settings.command ?? '';
    const out = await new Promise<string>((ok, fail) => {
      execFile('/bin/sh', ['-c', command], { timeout: timeoutMs, maxBuffer: 64 * 1024, env }, (error, stdout) => {
        if (error) fail(new TokenError(`the token command failed: ${error.message.split('\n')[0] ?? ''}`));
        else ok(stdout);
      });
    });
    const token = out.trim();
    if (token === '') throw new TokenError('the token command printed nothing');
    const expires = expiry(undefined);
    return { token, ...(expires === undefined ? {} : { expires }) };
  };

  let current: Obtained | undefined;
  let pending: Promise<Obtained> | undefined;
  /** Whether the current token came from a refetch after a 401 (no second one for it). */
  let refetched = false;
  const obtain = async (): Promise<Obtained> => {
    pending ??= fetchToken().then(
      (o) => {
        pending = undefined;
        current = o;
        secrets.push(o.token);
        return o;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const asAuth = (token: string): Record<string, string> => Object.fromEntries(schemes.map((s) => [s, token]));
  return {
    schemes,
    async current() {
      if (current === undefined || (current.expires !== undefined && now() >= current.expires)) {
        refetched = false;
        await obtain();
      }
      return asAuth((current as Obtained).token);
    },
    async refresh() {
      if (pending) {
        await pending;
        return true;
      }
      if (refetched) return false;
      refetched = true;
      const before = current?.token;
      const next = await obtain();
      return next.token !== before;
    },
    secrets: () => secrets,
  };
}
