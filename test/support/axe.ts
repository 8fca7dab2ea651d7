/**
 * axe-core for the Chromium suites: its source (`AXE`, added to a page or context as an init
 * script, so the page's own policy applies unchanged) and its violations on a page as
 * "rule: target" lines (at most five targets a rule).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

export const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function axeViolations(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    const result = await axe.run(document, { preload: false, resultTypes: ['violations'], iframes: false });
    return result.violations.flatMap((v) => v.nodes.slice(0, 5).map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}
