/**
 * The route stage's helpers around the Router: the optional version prefix, fragment-qualified
 * routes that a query pair or a header selects, and the path as quoted in a 404 or 405.
 */
import { HttpError } from '../shared/errors.js';
import { ownValue } from '../shared/object.js';
import type { ApiSpec } from '../shared/spec.js';
import { splitQuery } from './params.js';
import type { RequestHead } from './head.js';

/** Removes an optional `/v<major>.<minor>` prefix; a version outside the supported range is a 400. */
export function stripVersion(path: string, range: ApiSpec['versionPrefix']): string {
  const m = /^\/v(\d{1,4})\.(\d{1,4})(?=\/)/.exec(path);
  if (!m || !range) return path;
  const value = (v: string): number => {
    const [major, minor] = v.split('.').map(Number);
    return (major ?? 0) * 10000 + (minor ?? 0);
  };
  const asked = `${m[1]}.${m[2]}`;
  if (value(asked) > value(range.max)) throw new HttpError(400, `client version ${asked} is too new. Maximum supported API version is ${range.max}`);
  if (value(asked) < value(range.min)) {
    throw new HttpError(
      400,
      `client version ${asked} is too old. Minimum supported API version is ${range.min}, please upgrade your client to a newer version`,
    );
  }
  return path.slice(m[0].length);
}

/** Whether a request carries `name=value` in its query or as a header (fragment-qualified routes). */
export function carriesPair(req: RequestHead, rawQuery: string, name: string, value: string): boolean {
  const header = ownValue(req.headers, name.toLowerCase());
  if (header !== undefined) return (Array.isArray(header) ? header : [header]).some((h) => h === value || h.split(',').some((part) => part.trim() === value));
  return rawQuery !== '' && splitQuery(rawQuery).some(([k, v]) => k === name && v === value);
}

export function safePath(path: string): string {
  return path.length > 200 ? path.slice(0, 200) + '…' : path;
}
