/**
 * The deprecation policy and stability levels beyond the rule cases: draft and alpha operations
 * report their breaking changes as info, a stable operation made alpha does not escape, sunset
 * dates as dates and date-times, an unreadable sunset, and `--deprecation-days` on the command.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runDiff } from '../../src/cli/commands/diff.js';
import { UsageError } from '../../src/contract/errors.js';
import type { DiffOptions } from '../../src/diff/deprecation.js';
import { addDays, removalOf, sunsetOf, policyOf } from '../../src/diff/deprecation.js';
import type { Finding } from '../../src/report/findings.js';
import { api, diffDocs, OK, tmpRoot, writeFiles, type Doc } from './helpers.js';

const TMP = tmpRoot('diff-lifecycle');
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const TODAY: DiffOptions = { now: new Date('2025-06-01T08:00:00Z') };
const limit = { name: 'limit', in: 'query', required: true, schema: { type: 'integer' } };
const items = (get: Doc, more: Doc = {}): Doc => api({ '/items': { get: { responses: OK, ...get } }, ...more });

function summary(findings: Finding[]): Array<[string, string]> {
  return findings.map((f) => [f.rule, f.level]);
}

describe('x-stability-level', () => {
  it('a breaking change of a draft or alpha operation is info, with its rule id; of beta or stable, an error', async () => {
    for (const [level, expected] of [
      ['draft', 'info'],
      ['alpha', 'info'],
      ['beta', 'error'],
      ['stable', 'error'],
    ] as const) {
      const findings = await diffDocs(TMP, items({ 'x-stability-level': level }), items({ 'x-stability-level': level, parameters: [limit] }));
      expect(summary(findings), level).toEqual([['request-parameter-added-required', expected]]);
      if (expected === 'info') expect(findings[0]?.message).toContain(`info at x-stability-level ${level}`);
    }
  });

  it('a stable operation made alpha in the same change still reports its breaking changes, and the lowered level', async () => {
    const findings = await diffDocs(TMP, items({}), items({ 'x-stability-level': 'alpha', parameters: [limit] }));
    expect(summary(findings).sort()).toEqual([
      ['api-stability-decreased', 'error'],
      ['request-parameter-added-required', 'error'],
    ]);
  });

  it('removing an alpha operation, or a path whose operations are all draft, is info', async () => {
    const alphaPost = api({ '/a': { get: { responses: OK }, post: { 'x-stability-level': 'alpha', responses: OK } } });
    expect(summary(await diffDocs(TMP, alphaPost, api({ '/a': { get: { responses: OK } } })))).toEqual([['api-operation-removed', 'info']]);
    const draftPath = api({ '/a': { get: { responses: OK } }, '/b': { get: { 'x-stability-level': 'draft', responses: OK } } });
    expect(summary(await diffDocs(TMP, draftPath, api({ '/a': { get: { responses: OK } } })))).toEqual([['api-path-removed', 'info']]);
  });

  it('a path with a stable operation is judged by it, whatever its draft ones', async () => {
    const mixed = api({ '/a': { get: { responses: OK } }, '/b': { get: { responses: OK }, post: { 'x-stability-level': 'draft', responses: OK } } });
    expect(summary(await diffDocs(TMP, mixed, api({ '/a': { get: { responses: OK } } })))).toEqual([['api-path-removed', 'error']]);
  });

  it('an unknown level reads as stable', async () => {
    expect(
      summary(await diffDocs(TMP, items({ 'x-stability-level': 'experimental' }), items({ 'x-stability-level': 'experimental', parameters: [limit] }))),
    ).toEqual([['request-parameter-added-required', 'error']]);
  });

  it('the payload changes of an alpha webhook are info', async () => {
    const hook = (type: Doc): Doc =>
      api({ '/items': { get: { responses: OK } } }, undefined, {
        webhooks: { itemAdded: { post: { 'x-stability-level': 'alpha', requestBody: { content: { 'application/json': { schema: type } } }, responses: OK } } },
      });
    expect(summary(await diffDocs(TMP, hook({ type: 'string' }), hook({ type: ['string', 'null'] })))).toEqual([['webhook-body-type-changed', 'info']]);
  });
});

describe('sunset dates', () => {
  it('reads dates and RFC 3339 date-times; anything else is unreadable', () => {
    expect(sunsetOf({ 'x-sunset': '2025-12-31' })).toEqual({ kind: 'date', date: '2025-12-31' });
    expect(sunsetOf({ 'x-sunset': '2025-12-31T23:59:59+02:00' })).toEqual({ kind: 'date', date: '2025-12-31' });
    expect(sunsetOf({ 'x-sunset': new Date('2025-12-31T00:00:00Z') })).toEqual({ kind: 'date', date: '2025-12-31' });
    expect(sunsetOf({})).toEqual({ kind: 'none' });
    for (const bad of ['next year', '2025-02-30', '31/12/2025', 20251231, '']) expect(sunsetOf({ 'x-sunset': bad }).kind, String(bad)).toBe('invalid');
  });

  it('counts days on the calendar', () => {
    expect(addDays('2025-06-01', 30)).toBe('2025-07-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
  });

  it('the sunset day itself allows the removal; an unreadable sunset does not', () => {
    const policy = policyOf(TODAY);
    expect(removalOf(true, { 'x-sunset': '2025-06-01' }, policy, 'stable').kind).toBe('allowed');
    expect(removalOf(true, { 'x-sunset': '2025-06-02' }, policy, 'stable').kind).toBe('before-sunset');
    expect(removalOf(true, { 'x-sunset': 'soon' }, policy, 'stable')).toEqual({ kind: 'before-sunset', sunset: '"soon" (not a date)' });
    expect(removalOf(true, {}, policyOf({ ...TODAY, deprecationDays: 10 }), 'alpha').kind).toBe('allowed');
  });

  it('removing a deprecated operation with an unreadable sunset is breaking, saying so', async () => {
    const base = api({ '/a': { get: { responses: OK }, post: { deprecated: true, 'x-sunset': 'end of Q3', responses: OK } } });
    const findings = await diffDocs(TMP, base, api({ '/a': { get: { responses: OK } } }), false, TODAY);
    expect(summary(findings)).toEqual([['api-removed-before-sunset', 'error']]);
    expect(findings[0]?.message).toBe(
      'POST /a: the deprecated operation was removed before its x-sunset date "end of Q3" (not a date); clients were promised it until then',
    );
  });

  it('a sunset moved into the past is too soon even without a deprecation period; moved later is fine', async () => {
    const at = (sunset: string): Doc => items({ deprecated: true, 'x-sunset': sunset });
    expect(summary(await diffDocs(TMP, at('2025-12-31'), at('2025-05-01'), false, TODAY))).toEqual([['api-sunset-date-too-small', 'error']]);
    expect(summary(await diffDocs(TMP, at('2025-12-31'), at('2026-03-31'), false, TODAY))).toEqual([]);
  });

  it('with a deprecation period, dropping the sunset of a deprecated operation is breaking', async () => {
    const findings = await diffDocs(TMP, items({ deprecated: true, 'x-sunset': '2025-12-31' }), items({ deprecated: true }), false, {
      ...TODAY,
      deprecationDays: 30,
    });
    expect(summary(findings)).toEqual([['api-deprecated-sunset-missing', 'error']]);
    expect(findings[0]?.message).toContain('its x-sunset was removed');
  });

  it('with a deprecation period, removing a deprecated operation or parameter that never had a sunset is breaking', async () => {
    const days = { ...TODAY, deprecationDays: 90 };
    const op = api({ '/a': { get: { responses: OK }, post: { deprecated: true, responses: OK } } });
    expect(summary(await diffDocs(TMP, op, api({ '/a': { get: { responses: OK } } }), false, days))).toEqual([['api-deprecated-sunset-missing', 'error']]);
    expect(summary(await diffDocs(TMP, op, api({ '/a': { get: { responses: OK } } }), false, TODAY))).toEqual([['api-removed-with-deprecation', 'info']]);
    const param = items({ parameters: [{ name: 'sort', in: 'query', deprecated: true, schema: { type: 'string' } }] });
    expect(summary(await diffDocs(TMP, param, items({}), false, days))).toEqual([['request-parameter-deprecated-sunset-missing', 'error']]);
  });
});

describe('specforge diff --deprecation-days', () => {
  const base = writeFiles(join(TMP, 'cli', 'base', 'api'), { 'openapi.yaml': items({}) });
  const head = writeFiles(join(TMP, 'cli', 'head', 'api'), { 'openapi.yaml': items({ deprecated: true, 'x-sunset': '2025-06-20' }) });

  async function run(deprecationDays?: string): Promise<{ code: number; findings: Finding[] }> {
    let out = '';
    const code = await runDiff({
      cwd: TMP,
      specs: [base, head],
      format: 'json',
      now: TODAY.now as Date,
      ...(deprecationDays !== undefined ? { deprecationDays } : {}),
      write: (t) => (out += t),
    });
    return { code, findings: (JSON.parse(out) as { findings: Finding[] }).findings };
  }

  it('a sunset closer than the period fails the run; without the option it is only a deprecation', async () => {
    const strict = await run('30');
    expect(strict.code).toBe(1);
    expect(summary(strict.findings)).toEqual([
      ['operation-deprecated', 'info'],
      ['api-sunset-date-too-small', 'error'],
    ]);
    const lax = await run();
    expect(lax.code).toBe(0);
    expect(summary(lax.findings)).toEqual([['operation-deprecated', 'info']]);
    expect((await run('0')).code).toBe(0);
  });

  it('a value that is not a whole number of days is a usage error', async () => {
    for (const bad of ['-1', 'ten', '1.5', '']) await expect(run(bad), bad).rejects.toThrow(UsageError);
  });
});
