/** `specforge bundle`: the contract and every file it refers to, as one validated document. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { stringify } from 'yaml';
import { UsageError } from '../../contract/errors.js';
import { buildModel } from '../../contract/model.js';
import { EXIT_OK } from '../errors.js';

export interface BundleOptions {
  cwd?: string;
  spec: string;
  output?: string;
  format?: string;
  write?: (text: string) => void;
}

export async function runBundle(options: BundleOptions): Promise<number> {
  const cwd = options.cwd ?? process.cwd();
  const format = options.format ?? (options.output?.endsWith('.json') ? 'json' : 'yaml');
  if (format !== 'json' && format !== 'yaml') throw new UsageError(`--format must be json or yaml, not "${format}"`);
  const model = await buildModel(resolve(cwd, options.spec));
  const text = format === 'json' ? JSON.stringify(model.document, null, 2) + '\n' : stringify(model.document, { aliasDuplicateObjects: false, lineWidth: 0 });
  if (options.output) {
    const out = resolve(cwd, options.output);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text);
  } else (options.write ?? ((t: string) => process.stdout.write(t)))(text);
  return EXIT_OK;
}
