/**
 * The request-path figures the README and docs/benchmarks.md print are the committed baseline's
 * (bench/baseline/request-path.json, which `make bench` compares each run with): recording a new
 * baseline without the docs, or the docs without the baseline, fails here.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SERVERS = ['mock', 'generated', 'fastify', 'bare'] as const;
const ROWS: Record<(typeof SERVERS)[number], string> = {
  mock: 'specforge mock',
  generated: 'specforge generated server',
  fastify: 'fastify 5, schemas',
  bare: 'bare `node:http`, fixed JSON',
};

interface Baseline {
  figures: Record<(typeof SERVERS)[number], { list: number; create: number }>;
}

const baseline = JSON.parse(readFileSync(join(ROOT, 'bench', 'baseline', 'request-path.json'), 'utf8')) as Baseline;
const n = (x: number): string => x.toLocaleString('en-US');
const ratio = (x: number, bare: number): string => (x / bare).toFixed(2);

describe('request-path figures in the docs', () => {
  it('docs/benchmarks.md has the baseline table, ratios to bare node:http included', () => {
    const text = readFileSync(join(ROOT, 'docs', 'benchmarks.md'), 'utf8');
    const bare = baseline.figures.bare;
    for (const key of SERVERS) {
      const f = baseline.figures[key];
      expect(text).toContain(`| ${ROWS[key]} | ${n(f.list)} | ${ratio(f.list, bare.list)} | ${n(f.create)} | ${ratio(f.create, bare.create)} |`);
    }
  });

  it('the README names the same figures', () => {
    const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const f = baseline.figures;
    expect(text).toContain(
      `(mock: list ${n(f.mock.list)}, create ${n(f.mock.create)}; generated server: ${n(f.generated.list)} and ${n(f.generated.create)}; fastify 5 with schemas: ${n(f.fastify.list)} and ${n(f.fastify.create)}; bare \`node:http\`: ${n(f.bare.list)} and ${n(f.bare.create)})`,
    );
  });
});
