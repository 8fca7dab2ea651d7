/**
 * `specforge/no-unused-components`: every component is used. Unlike Redocly's rule of the same
 * name it looks at the `components` of every file the contract reaches (split contracts keep their
 * components next to the paths that use them), counts the schemas a root `x-specforge-error` or
 * `x-specforge-cli` or an `x-specforge-base64-json` names as used, and does not count a component's references to itself.
 * A component of the entry file that is only a `$ref` to another file is used when something refers
 * to it; the component it points at is then used through it. A `$ref` anywhere inside a
 * specification extension (`x-webhooks`, a vendor's own) uses what it names too: extensions are
 * opaque to the rules (src/contract/validate.ts), so Redocly does not follow them.
 */
import { dirname, resolve } from 'node:path';
import { type Location, type Oas3Rule, type Source } from '@redocly/openapi-core';
import { decodeUriText, joinPointer, unescapeSegment } from '../../contract/pointer.js';
import { parseSource } from '../../contract/source.js';
import { lentFile } from '../contract.js';
import { isRecord, redoclyPointer, redoclySegments } from './common.js';

const SECTIONS = ['schemas', 'responses', 'parameters', 'examples', 'requestBodies', 'headers', 'links', 'callbacks', 'pathItems'] as const;

/** "<file>#/components/<section>/<name>" of the component that holds `segments` in `file`, if any. */
function componentKey(file: string, segments: readonly string[]): string | undefined {
  const [top, section, name] = segments;
  if (top !== 'components' || section === undefined || name === undefined) return undefined;
  return `${file}#${joinPointer('', 'components', section, name)}`;
}

/** Percent-decoded text; a malformed escape is kept as written. */
function decode(text: string): string {
  return decodeUriText(text) ?? text;
}

/** The component a `$ref` written in `from` names directly, before any further $ref is followed. */
function directTarget(ref: string, from: string): string | undefined {
  const hash = ref.indexOf('#');
  const uri = hash === -1 ? ref : ref.slice(0, hash);
  if (/^[a-z][a-z0-9+.-]*:/i.test(uri)) return undefined;
  const file = uri === '' ? from : resolve(dirname(from), decode(uri));
  return componentKey(file, hash === -1 ? [] : redoclySegments(ref.slice(hash)));
}

/** Every `$ref` string inside an extension's value, however deep. */
function refsIn(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) refsIn(item, into);
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') into.push(item);
      else refsIn(item, into);
    }
  }
  return into;
}

/** The schema names `x-specforge-cli` gives as `configuration`, on the program and every command. */
function cliSchemas(node: unknown, into: Set<string> = new Set()): Set<string> {
  if (!isRecord(node)) return into;
  if (typeof node['configuration'] === 'string') into.add(node['configuration']);
  if (isRecord(node['commands'])) for (const sub of Object.values(node['commands'])) cliSchemas(sub, into);
  return into;
}

export const NoUnusedComponents: Oas3Rule = () => {
  const sources = new Map<string, Source>();
  const used = new Set<string>();
  /** "<section>/<name>" of components named by x-specforge extensions (pointers into the bundled contract). */
  const usedByName = new Set<string>();
  const usedSchemes = new Set<string>();
  let entry: Source | undefined;

  const markLocation = (location: Location | undefined, self: string | undefined): void => {
    if (!location) return;
    sources.set(location.source.absoluteRef, location.source);
    const key = componentKey(location.source.absoluteRef, redoclySegments(location.pointer));
    if (key !== undefined && key !== self) used.add(key);
  };

  return {
    ref(node, ctx, resolved) {
      const from = ctx.location.source.absoluteRef;
      const self = componentKey(from, redoclySegments(ctx.location.pointer));
      const direct = directTarget(node.$ref, from);
      if (direct !== undefined && direct !== self) used.add(direct);
      markLocation(resolved.location, self);
    },
    Root: {
      enter(root, ctx) {
        entry = ctx.location.source;
        sources.set(entry.absoluteRef, entry);
        // The configuration schemas of a command line (x-specforge-cli) are used by the extension.
        const cli = (root as unknown as Record<string, unknown>)['x-specforge-cli'];
        for (const name of cliSchemas(cli)) usedByName.add(`schemas/${name}`);
      },
      leave(_root, ctx) {
        for (const [file, source] of sources) {
          let data: unknown;
          try {
            // The loader's parse of the file when the contract is lent (no second parse of a large file).
            data = lentFile(file, source.body)?.data ?? parseSource(file, file, source.body).data;
          } catch {
            continue; // a syntax error: Redocly reports it
          }
          const components = isRecord(data) ? data['components'] : undefined;
          if (!isRecord(components)) continue;
          for (const section of SECTIONS) {
            const entries = components[section];
            if (!isRecord(entries)) continue;
            for (const name of Object.keys(entries)) {
              const pointer = joinPointer('', 'components', section, name);
              if (used.has(`${file}#${pointer}`) || usedByName.has(`${section}/${name}`)) continue;
              ctx.report({
                message: `component "${name}" (components/${section}) is never used: remove it or refer to it`,
                location: { source, pointer: redoclyPointer(pointer), reportOnKey: true },
              });
            }
          }
          const schemes = source === entry ? components['securitySchemes'] : undefined;
          if (!isRecord(schemes)) continue;
          for (const name of Object.keys(schemes)) {
            if (usedSchemes.has(name)) continue;
            const pointer = joinPointer('', 'components', 'securitySchemes', name);
            ctx.report({
              message: `security scheme "${name}" is never used: no security requirement names it`,
              location: { source, pointer: redoclyPointer(pointer), reportOnKey: true },
            });
          }
        }
      },
    },
    SpecExtension(value, ctx) {
      const from = ctx.location.source.absoluteRef;
      for (const ref of refsIn(value)) {
        const direct = directTarget(ref, from);
        if (direct !== undefined) used.add(direct);
      }
    },
    SecurityRequirement(requirement) {
      for (const name of Object.keys(requirement)) usedSchemes.add(name);
    },
    Schema(schema) {
      const named: unknown = (schema as Record<string, unknown>)['x-specforge-base64-json'];
      const m = typeof named === 'string' ? /^#\/components\/([^/]+)\/([^/]+)$/.exec(named) : null;
      if (m?.[1] !== undefined && m[2] !== undefined) usedByName.add(`${m[1]}/${unescapeSegment(decode(m[2]))}`);
    },
  };
};
