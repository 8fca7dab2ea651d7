import { readFileSync } from 'node:fs';

/** specforge's version, from its package.json: three folders up from dist/src/cli/, two from src/cli/. */
export function specforgeVersion(): string {
  for (const path of ['../../../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'specforge') return pkg.version ?? '0.0.0';
    } catch {
      // not this one
    }
  }
  return '0.0.0';
}
