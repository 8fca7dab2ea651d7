/** Small contracts for diff tests: written to a temporary folder, compared with specforge's diff. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { stringify } from 'yaml';
import type { DiffOptions } from '../../src/diff/deprecation.js';
import { diffFiles } from '../../src/diff/report.js';
import type { Finding } from '../../src/report/findings.js';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export function tmpRoot(name: string): string {
  const dir = join(ROOT, 'test', '.tmp', `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

export type Doc = Record<string, unknown>;

/** An OpenAPI 3.1 document with these paths (and components). */
export function api(paths: Doc, components?: Doc, extra: Doc = {}): Doc {
  const doc: Doc = { openapi: '3.1.0', info: { title: 'T', version: '1.0.0' }, ...extra, paths };
  if (components) doc['components'] = components;
  return doc;
}

export const OK = { '200': { description: 'ok' } };

/** Writes files (name to document or text) below `dir`; returns the path of the first. */
export function writeFiles(dir: string, files: Record<string, Doc | string>): string {
  let first: string | undefined;
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, typeof content === 'string' ? content : stringify(content, { lineWidth: 0 }));
    first ??= path;
  }
  return first as string;
}

let counter = 0;

/** Diffs two documents (or sets of files, entry first) and returns the findings (`options`: deprecation policy, today). */
export async function diffDocs(
  root: string,
  base: Doc | Record<string, Doc | string>,
  head: Doc | Record<string, Doc | string>,
  files = false,
  options: DiffOptions = {},
): Promise<Finding[]> {
  const dir = join(root, `case-${++counter}`);
  const b = writeFiles(join(dir, 'base', 'api'), files ? (base as Record<string, Doc | string>) : { 'openapi.yaml': base as Doc });
  const h = writeFiles(join(dir, 'head', 'api'), files ? (head as Record<string, Doc | string>) : { 'openapi.yaml': head as Doc });
  const report = await diffFiles(b, h, { cwd: dir, ...options });
  return report.findings;
}

export function rulesOf(findings: Finding[]): string[] {
  return findings.map((f) => f.rule);
}
