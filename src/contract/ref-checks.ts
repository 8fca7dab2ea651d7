/**
 * The rule for references the loader does not follow (resolve.ts): where references are not
 * resolved (an `x-` extension, an example value, a keyword the bundler does not walk) a `$ref` may
 * only be internal, and an example's `externalValue` may name only a file inside the contract's
 * folder; nothing is fetched. Each breach is an error diagnostic at its place.
 */
import { dirname, resolve as resolvePath } from 'node:path';
import { displayPath, insideFolder } from './contract-file.js';
import type { Diagnostic } from './errors.js';
import { isRecord, joinPointer } from './pointer.js';
import type { SourceFile } from './source.js';

/** An address with a scheme (`http:`, `file:`, ...): never followed. */
export const REMOTE = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

/** The checks of one contract: `root` is its folder (real path); breaches are pushed to `diagnostics`. */
export class ReferenceChecks {
  constructor(
    private readonly root: string,
    private readonly diagnostics: Diagnostic[],
  ) {}

  refused(
    code: 'SPECFORGE_REF_REMOTE' | 'SPECFORGE_REF_OUTSIDE' | 'SPECFORGE_REF_UNFOLLOWED',
    message: string,
    file: SourceFile,
    ptr: string,
    hint: string,
  ): void {
    this.diagnostics.push({ code, severity: 'error', message, location: file.locate(ptr), hint });
  }

  /** Whether `ref` (a path relative to `file`, `#fragment` allowed) leaves the contract folder; undefined when malformed. */
  private leaves(ref: string, file: SourceFile): boolean | undefined {
    const hashAt = ref.indexOf('#');
    try {
      const abs = resolvePath(dirname(file.path), decodeURIComponent(hashAt === -1 ? ref : ref.slice(0, hashAt)));
      return !insideFolder(this.root, abs);
    } catch {
      return undefined;
    }
  }

  /**
   * A value where references are not resolved (an `x-` extension, an example value, a keyword the
   * bundler does not walk): kept as written, but every `$ref` in it must be internal, or a later
   * reader (Redocly, Redoc) would follow it. Iterative: the depth is bounded, the breadth is not.
   */
  inert(value: unknown, file: SourceFile, ptr: string): unknown {
    if (value === null || typeof value !== 'object') return value;
    const stack: Array<{ node: unknown; ptr: string }> = [{ node: value, ptr }];
    for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
      const node = item.node;
      if (Array.isArray(node)) {
        for (let i = 0; i < node.length; i++) {
          const v: unknown = node[i];
          if (v !== null && typeof v === 'object') stack.push({ node: v, ptr: joinPointer(item.ptr, i) });
        }
        continue;
      }
      if (!isRecord(node)) continue;
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string') this.unfollowedRef(v, file, joinPointer(item.ptr, k));
        else if (v !== null && typeof v === 'object') stack.push({ node: v, ptr: joinPointer(item.ptr, k) });
      }
    }
    return value;
  }

  private unfollowedRef(ref: string, file: SourceFile, ptr: string): void {
    if (ref.startsWith('#')) return;
    if (REMOTE.test(ref)) {
      this.refused('SPECFORGE_REF_REMOTE', `remote $ref "${ref}" is not followed`, file, ptr, 'a contract is resolved offline: no command fetches an address');
      return;
    }
    if (this.leaves(ref, file) === true) {
      this.refused(
        'SPECFORGE_REF_OUTSIDE',
        `$ref "${ref}" leaves the contract folder ${displayPath(this.root)}`,
        file,
        ptr,
        'a contract may refer only to files inside its own folder',
      );
      return;
    }
    this.refused(
      'SPECFORGE_REF_UNFOLLOWED',
      `$ref "${ref}" names a file where specforge does not resolve references (an extension or an example value)`,
      file,
      ptr,
      'only internal references (#/...) are allowed here: copy the content in, or refer to it from a schema, parameter, response or other referenceable object',
    );
  }

  /** An example's externalValue: never fetched nor read; it may name only a file inside the folder. */
  checkExternalValue(value: string, file: SourceFile, ptr: string): void {
    if (REMOTE.test(value)) {
      this.refused(
        'SPECFORGE_REF_REMOTE',
        `externalValue "${value}" names a remote address`,
        file,
        ptr,
        'put the example in `value`, or in a file inside the contract folder',
      );
    } else if (!value.startsWith('#') && this.leaves(value, file) === true) {
      this.refused(
        'SPECFORGE_REF_OUTSIDE',
        `externalValue "${value}" leaves the contract folder ${displayPath(this.root)}`,
        file,
        ptr,
        'a contract may refer only to files inside its own folder',
      );
    }
  }
}
