/**
 * OpenAPI 3.2's `$self`: the URI a document declares as its own, the base against which its
 * references resolve. specforge never fetches: a reference to an absolute URI under the base a file
 * declares (`https://example.com/api/schemas.yaml#/Pet` from a file whose `$self` is
 * `https://example.com/api/openapi.yaml`) names the file at the same relative place beside that file
 * (`./schemas.yaml#/Pet`), read under the loader's rule as any relative reference is; one to the
 * file's own `$self` is internal. Any other absolute URI stays remote, and is refused.
 */
import { isRecord } from './pointer.js';

/** Why the `$self` of a document root is not one (not a string, not a URI reference, a fragment); undefined when it is fine or absent. */
export function selfProblem(data: unknown): string | undefined {
  if (!isRecord(data) || !Object.hasOwn(data, '$self')) return undefined;
  const self = data['$self'];
  if (typeof self !== 'string') return `$self must be a URI string, not ${JSON.stringify(self)}`;
  if (self.includes('#')) return `$self "${self}" has a fragment, which the base URI of a document may not have`;
  if (/\s/.test(self) || !URL.canParse(self, 'https://specforge.invalid/')) return `$self "${self}" is not a URI reference`;
  return undefined;
}

/**
 * The reference `ref` of a file whose root is `data` written relative to that file when it is an
 * absolute URI under the file's `$self` (an internal `#...` one for the file itself); undefined when
 * the file declares no absolute `$self` or `ref` is not under it.
 */
export function underSelf(data: unknown, ref: string): string | undefined {
  if (!isRecord(data) || typeof data['$self'] !== 'string' || selfProblem(data) !== undefined) return undefined;
  let base: URL;
  let target: URL;
  try {
    base = new URL(data['$self']);
    target = new URL(ref);
  } catch {
    return undefined;
  }
  if (base.origin !== target.origin || base.protocol !== target.protocol || target.search !== '' || base.search !== '') return undefined;
  const fragment = target.hash;
  if (target.pathname === base.pathname) return fragment === '' ? '#' : fragment;
  const dir = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1);
  if (!target.pathname.startsWith(dir)) return undefined;
  const rest = target.pathname.slice(dir.length);
  if (rest === '' || rest.split('/').some((segment) => segment === '..' || segment === '.')) return undefined;
  return `./${rest}${fragment}`;
}
