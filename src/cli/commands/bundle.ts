/** `specforge bundle`: the contract and every file it refers to, as one validated document. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { stringify } from 'yaml';
import { formatDiagnostic, UsageError } from '../../contract/errors.js';
import { conversionWarnings, convertVersion } from '../../contract/openapi-versions.js';
import { buildModel } from '../../contract/model.js';
import { EXIT_OK } from '../errors.js';

export interface BundleOptions {
  cwd?: string;
  spec: string;
  output?: string;
  format?: string;
  /** `3.1` or `3.2`: the document written for that OpenAPI version (openapi-versions.ts). */
  openapi?: string;
  write?: (text: string) => void;
  /** Where what a conversion could not keep is said (default: standard error). */
  warn?: (text: string) => void;
}

export async function runBundle(options: BundleOptions): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const format = options.format ?? (options.output?.endsWith('.json') ? 'json' : 'yaml');
  if (format !== 'json' && format !== 'yaml') throw new UsageError(`--format must be json or yaml, not "${format}"`);
  const target = options.openapi;
  if (target !== undefined && target !== '3.1' && target !== '3.2') throw new UsageError(`--openapi must be 3.1 or 3.2, not "${target}"`);
  const model = await buildModel(resolve(cwd, options.spec));
  let document = model.document;
  if (target !== undefined) {
    const from = String(document['openapi'] ?? '');
    if (!/^3\.[12]\./.test(from)) throw new UsageError(`--openapi ${target} converts between 3.1 and 3.2; ${options.spec} is OpenAPI ${from}`);
    const converted = convertVersion(document, target);
    document = converted.document;
    const warn = options.warn ?? ((t: string) => process.stderr.write(t));
    for (const d of conversionWarnings(converted.notes, (pointer) => model.loaded.locate(pointer))) warn(`${formatDiagnostic(d)}\n`);
  }
  const text = format === 'json' ? JSON.stringify(document, null, 2) + '\n' : stringify(document, { aliasDuplicateObjects: false, lineWidth: 0 });
  if (options.output) {
    const out = resolve(cwd, options.output);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text);
  } else (options.write ?? ((t: string) => process.stdout.write(t)))(text);
  return EXIT_OK;
}
