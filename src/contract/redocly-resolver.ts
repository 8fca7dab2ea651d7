/**
 * The only resolver specforge hands Redocly (lint, structural validation). Redocly follows every
 * `$ref` it meets, in any position, with its own reader and fetcher; this one serves the files the
 * loader already read from memory and reads any other only under the loader's rule (a regular file
 * inside the contract's folder, size-limited, UTF-8). An address with a scheme is never fetched.
 */
import { BaseResolver, ResolveError, Source, type Document } from '@redocly/openapi-core';
import { realpathSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ContractError } from './errors.js';
import { displayPath, insideFolder, readContractFile, type LoadedContract } from './resolve.js';
import { underSelf } from './self-uri.js';

const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*:/;

export class ContractResolver extends BaseResolver {
  private readonly known = new Map<string, string>();
  /** The loader's data of each file it read: Redocly walks it instead of parsing the text again. */
  private readonly parsed = new Map<string, unknown>();

  /** `root`: the folder files may be read from (undefined: none beyond `files`). */
  constructor(
    private readonly root: string | undefined,
    files: Iterable<{ path: string; text: string; data: unknown }> = [],
  ) {
    // No headers, no http: loadExternalRef below never reaches Redocly's fetcher anyway.
    super({ http: { headers: [] } });
    for (const f of files) {
      this.known.set(f.path, f.text);
      this.parsed.set(f.path, f.data);
    }
  }

  /**
   * A file the loader read is handed over as the loader parsed it (a second parse of a 20 MB contract
   * costs seconds and its size again in memory); any other is parsed by Redocly. Lint only reads it.
   */
  override parseDocument(source: Source, isRoot = false): Document {
    if (this.parsed.has(source.absoluteRef) && this.known.get(source.absoluteRef) === source.body) {
      return { source, parsed: this.parsed.get(source.absoluteRef) };
    }
    const document = super.parseDocument(source, isRoot);
    this.parsed.set(source.absoluteRef, document.parsed);
    return document;
  }

  /**
   * OpenAPI 3.2: an absolute URI under the `$self` of the document that refers to it names the file
   * beside that document (self-uri.ts), read under the loader's rule; any other stays remote.
   */
  override resolveExternalRef(base: string | null, ref: string): string {
    if (base !== null && SCHEME.test(ref) && !SCHEME.test(base)) {
      const local = underSelf(this.parsed.get(base), ref);
      if (local !== undefined) return local.startsWith('#') ? base : resolve(dirname(base), decodeURIComponent(local.replace(/#.*$/, '')));
    }
    return super.resolveExternalRef(base, ref);
  }

  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    const refuse = (message: string): never => {
      throw new ResolveError(new Error(message));
    };
    if (SCHEME.test(absoluteRef)) return refuse(`${absoluteRef}: specforge does not fetch remote references`);
    const known = this.known.get(absoluteRef);
    if (known !== undefined) return new Source(absoluteRef, known);
    if (this.root === undefined || !insideFolder(this.root, absoluteRef)) return refuse(`${displayPath(absoluteRef)} is outside the contract folder`);
    try {
      const text = readContractFile(absoluteRef, displayPath(absoluteRef));
      this.known.set(absoluteRef, text);
      return new Source(absoluteRef, text);
    } catch (err) {
      return refuse(err instanceof ContractError ? (err.diagnostics[0]?.message ?? err.message) : `cannot read ${displayPath(absoluteRef)}`);
    }
  }
}

/** The resolver for linting the contract at `entryPath`: what `loaded` read, else the loader's rule in its folder. */
export function contractResolver(entryPath: string, loaded?: LoadedContract): ContractResolver {
  const abs = resolve(entryPath);
  let root: string | undefined;
  try {
    root = realpathSync(dirname(abs));
  } catch {
    root = undefined;
  }
  return new ContractResolver(root, loaded?.files ?? []);
}

/** A resolver that serves nothing: for a bundled document already in memory (every $ref internal). */
export function inMemoryResolver(): ContractResolver {
  return new ContractResolver(undefined);
}
