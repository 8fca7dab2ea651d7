/**
 * Recorded verdicts: what `specforge diff` must say about pairs of contracts, written down as the
 * answer that is right for a client, each with the reason. The diff engine is held to them; a
 * verdict changes only when the reason given in `why` turns out wrong.
 *
 * test/diff/verdicts/crafted/<id>.yaml: a small pair written for one question, one file per pair.
 *
 *   why: >-            required: why this is the right answer for a client of the API
 *   report: [rule]     rules that must each be reported at least once
 *   reportAny: [rule]  at least one of these rules must be reported
 *   absent: [rule]     rules that must not be reported
 *   breaking: none     no breaking finding (level error) at all
 *   total: 1           exactly this many findings of any level (0: the diff reports nothing)
 *   sameLevelAs: <id>  this pair reports something, and every finding of it and of crafted/<id>
 *                      has one and the same level
 *   base: |            the base contract (openapi.yaml), or a map of file name to text whose
 *     openapi: 3.1.0     openapi.yaml is the entry (for contracts that $ref sibling files)
 *   head: |            the head contract, the same way
 *
 *   At least one of report, reportAny, absent, breaking, total, sameLevelAs. Every rule named must
 *   be in the catalogue (DIFF_RULES), so that a misspelt rule cannot make `absent` pass unseen.
 *
 * test/diff/verdicts/real/<id>.yaml: two releases of a public API from a package already installed
 * (no download), compared as they are.
 *
 *   why: >-            what the pair is
 *   base: <path>       below node_modules/
 *   head: <path>
 *   breaking:          the number of breaking findings (level error) per rule; any rule not
 *     <rule>: <n>        listed must report none. A snapshot: update it when the engine changes,
 *                        after checking the new findings against both documents
 *   samples:           findings verified by reading both documents
 *     - rule: <rule>   a breaking finding of this rule
 *       match: [text]  whose message contains each of these texts
 *       why: >-        what the documents say, and why it breaks a client
 *
 * To add a pair, drop a file in the folder; the file name is its id.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { diffFiles } from '../../src/diff/report.js';
import { DIFF_RULES } from '../../src/diff/rules.js';
import type { Finding } from '../../src/report/findings.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const DATA = join(ROOT, 'test', 'diff', 'verdicts');
const TMP = join(ROOT, 'test', '.tmp', `diff-verdicts-${process.pid}`);
rmSync(TMP, { recursive: true, force: true });
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const KNOWN_RULES = new Set(DIFF_RULES.map((r) => r.id));

type Contract = string | Record<string, string>;

interface Crafted {
  id: string;
  why: string;
  report: string[];
  reportAny: string[];
  absent: string[];
  noBreaking: boolean;
  total?: number;
  sameLevelAs?: string;
  base: Contract;
  head: Contract;
}

interface Sample {
  rule: string;
  match: string[];
  why: string;
}

interface Real {
  id: string;
  why: string;
  base: string;
  head: string;
  breaking: Record<string, number>;
  samples: Sample[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a verdict file; a key it does not know or a value of the wrong shape is an error naming the file. */
class Reader {
  constructor(
    readonly file: string,
    readonly data: Record<string, unknown>,
    allowed: string[],
  ) {
    const unknown = Object.keys(data).filter((k) => !allowed.includes(k));
    if (unknown.length > 0) this.fail(`unknown key ${unknown.join(', ')} (known: ${allowed.join(', ')})`);
  }

  fail(message: string): never {
    throw new Error(`${this.file}: ${message}`);
  }

  text(key: string): string {
    const v = this.data[key];
    if (typeof v !== 'string' || v.trim() === '') this.fail(`${key} must be a non-empty string`);
    return v;
  }

  rules(key: string, from: Record<string, unknown> = this.data): string[] {
    const v = from[key];
    if (v === undefined) return [];
    if (!Array.isArray(v) || !v.every((x): x is string => typeof x === 'string')) this.fail(`${key} must be a list of rule ids`);
    return v;
  }

  contract(key: string): Contract {
    const v = this.data[key];
    if (typeof v === 'string') return v;
    if (isRecord(v) && typeof v['openapi.yaml'] === 'string' && Object.values(v).every((t) => typeof t === 'string')) return v as Record<string, string>;
    this.fail(`${key} must be the text of openapi.yaml, or a map of file names to texts that has openapi.yaml`);
  }
}

function yamlFiles(dir: string): Array<{ id: string; file: string; data: Record<string, unknown> }> {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => {
      const file = join('test', 'diff', 'verdicts', basename(dir), f);
      const data: unknown = parse(readFileSync(join(dir, f), 'utf8'));
      if (!isRecord(data)) throw new Error(`${file}: must be a mapping`);
      return { id: f.slice(0, -'.yaml'.length), file, data };
    });
}

function loadCrafted(): Crafted[] {
  return yamlFiles(join(DATA, 'crafted')).map(({ id, file, data }) => {
    const r: Reader = new Reader(file, data, ['why', 'report', 'reportAny', 'absent', 'breaking', 'total', 'sameLevelAs', 'base', 'head']);
    const c: Crafted = {
      id,
      why: r.text('why'),
      report: r.rules('report'),
      reportAny: r.rules('reportAny'),
      absent: r.rules('absent'),
      noBreaking: false,
      base: r.contract('base'),
      head: r.contract('head'),
    };
    if (data['breaking'] !== undefined) {
      if (data['breaking'] !== 'none') r.fail('breaking must be "none"');
      c.noBreaking = true;
    }
    if (data['total'] !== undefined) {
      if (typeof data['total'] !== 'number' || !Number.isInteger(data['total']) || data['total'] < 0) r.fail('total must be a whole number');
      c.total = data['total'];
    }
    if (data['sameLevelAs'] !== undefined) c.sameLevelAs = r.text('sameLevelAs');
    if (c.report.length + c.reportAny.length + c.absent.length === 0 && !c.noBreaking && c.total === undefined && c.sameLevelAs === undefined)
      r.fail('records no verdict');
    return c;
  });
}

function loadReal(): Real[] {
  return yamlFiles(join(DATA, 'real')).map(({ id, file, data }) => {
    const r: Reader = new Reader(file, data, ['why', 'base', 'head', 'breaking', 'samples']);
    const breaking = data['breaking'] ?? {};
    if (!isRecord(breaking) || !Object.values(breaking).every((n) => typeof n === 'number' && Number.isInteger(n) && n > 0))
      r.fail('breaking must map rule ids to counts above 0');
    const rawSamples = data['samples'] ?? [];
    if (!Array.isArray(rawSamples)) r.fail('samples must be a list');
    const samples = rawSamples.map((s: unknown, i): Sample => {
      if (!isRecord(s) || typeof s['rule'] !== 'string' || typeof s['why'] !== 'string' || s['why'].trim() === '')
        r.fail(`samples[${i}] needs rule, match and why`);
      const unknown = Object.keys(s).filter((k) => !['rule', 'match', 'why'].includes(k));
      if (unknown.length > 0) r.fail(`samples[${i}]: unknown key ${unknown.join(', ')}`);
      const match = r.rules('match', s);
      if (match.length === 0) r.fail(`samples[${i}].match must list at least one text`);
      return { rule: s['rule'], match, why: s['why'] };
    });
    return { id, why: r.text('why'), base: r.text('base'), head: r.text('head'), breaking: breaking as Record<string, number>, samples };
  });
}

const CRAFTED = loadCrafted();
const REAL = loadReal();

/** Writes a contract (one text, or files with openapi.yaml as entry) below `dir`; returns the entry's path. */
function writeContract(dir: string, contract: Contract): string {
  const files = typeof contract === 'string' ? { 'openapi.yaml': contract } : contract;
  for (const [name, text] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(resolve(path, '..'), { recursive: true });
    writeFileSync(path, text);
  }
  return join(dir, 'openapi.yaml');
}

const craftedFindings = new Map<string, Promise<Finding[]>>();

/** The findings of a crafted pair, computed once (sameLevelAs reads another pair's). */
function findingsOf(c: Crafted): Promise<Finding[]> {
  let found = craftedFindings.get(c.id);
  if (!found) {
    const dir = join(TMP, c.id);
    const base = writeContract(join(dir, 'base', 'api'), c.base);
    const head = writeContract(join(dir, 'head', 'api'), c.head);
    found = diffFiles(base, head, { cwd: dir }).then((r) => r.findings);
    craftedFindings.set(c.id, found);
  }
  return found;
}

/** The findings, one a line, for failure messages. */
function show(findings: Finding[]): string {
  return findings.length === 0 ? '(no finding)' : findings.map((f) => `  ${f.level} ${f.rule}: ${f.message}`).join('\n');
}

describe('recorded verdicts: the data', () => {
  it('has at least 30 crafted pairs and 3 real ones', () => {
    expect(CRAFTED.length).toBeGreaterThanOrEqual(30);
    expect(REAL.length).toBeGreaterThanOrEqual(3);
  });

  it('names only rules of the catalogue, and existing pairs in sameLevelAs', () => {
    const named = [
      ...CRAFTED.flatMap((c) => [...c.report, ...c.reportAny, ...c.absent].map((rule) => `crafted/${c.id}: ${rule}`)),
      ...REAL.flatMap((p) => [...Object.keys(p.breaking), ...p.samples.map((s) => s.rule)].map((rule) => `real/${p.id}: ${rule}`)),
    ];
    expect(named.filter((n) => !KNOWN_RULES.has(n.slice(n.indexOf(': ') + 2)))).toEqual([]);
    const ids = new Set(CRAFTED.map((c) => c.id));
    expect(CRAFTED.filter((c) => c.sameLevelAs !== undefined && !ids.has(c.sameLevelAs)).map((c) => `${c.id} -> ${c.sameLevelAs}`)).toEqual([]);
  });
});

describe('recorded verdicts: crafted pairs', () => {
  it.each(CRAFTED.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const findings = await findingsOf(c);
    const rules = new Set(findings.map((f) => f.rule));
    const context = `${c.why}\nfindings:\n${show(findings)}`;
    for (const rule of c.report) expect(rules.has(rule), `must report ${rule}: ${context}`).toBe(true);
    if (c.reportAny.length > 0)
      expect(
        c.reportAny.some((r) => rules.has(r)),
        `must report one of ${c.reportAny.join(', ')}: ${context}`,
      ).toBe(true);
    for (const rule of c.absent) expect(rules.has(rule), `must not report ${rule}: ${context}`).toBe(false);
    if (c.noBreaking)
      expect(
        findings.filter((f) => f.level === 'error').map((f) => f.rule),
        `no breaking change: ${context}`,
      ).toEqual([]);
    if (c.total !== undefined) expect(findings.length, `exactly ${c.total} finding(s): ${context}`).toBe(c.total);
    if (c.sameLevelAs !== undefined) {
      const other = CRAFTED.find((o) => o.id === c.sameLevelAs);
      if (!other) throw new Error(`sameLevelAs names no pair: ${c.sameLevelAs}`);
      const otherFindings = await findingsOf(other);
      expect(findings.length, `reports something: ${context}`).toBeGreaterThan(0);
      expect(otherFindings.length, `${other.id} reports something`).toBeGreaterThan(0);
      const levels = new Set([...findings, ...otherFindings].map((f) => f.level));
      expect([...levels], `one level for this pair and ${other.id}: ${context}\n${other.id}:\n${show(otherFindings)}`).toHaveLength(1);
    }
  });
});

describe('recorded verdicts: releases of public APIs', () => {
  it.each(REAL.map((p) => [p.id, p] as const))('%s', async (_id, p) => {
    const modules = join(ROOT, 'node_modules');
    const report = await diffFiles(join(modules, p.base), join(modules, p.head), { cwd: ROOT });
    const breaking = report.findings.filter((f) => f.level === 'error');
    const counts: Record<string, number> = {};
    for (const f of breaking) counts[f.rule] = (counts[f.rule] ?? 0) + 1;
    expect(counts, `breaking findings per rule of ${p.base} -> ${p.head}:\n${show(breaking)}`).toEqual(p.breaking);
    for (const s of p.samples) {
      const hit = breaking.find((f) => f.rule === s.rule && s.match.every((m) => f.message.includes(m)));
      expect(hit, `a ${s.rule} finding whose message has ${s.match.map((m) => JSON.stringify(m)).join(' and ')} (${s.why})`).toBeDefined();
    }
  });
});
