/**
 * With SPECFORGE_TEST_CPU=<folder>, each test file writes the CPU seconds it used (its own and its
 * waited-for child processes': the CLI runs, tsc, npm, Chromium) to <folder>/<pid>-<n>.json, so the
 * suite's cost can be read per file rather than as wall time on a shared machine. Linux only.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

const OUT = process.env['SPECFORGE_TEST_CPU'];
const TICKS = 100;

/** user, system, children's user and children's system seconds of this process, from /proc. */
function times(): number[] {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return [11, 12, 13, 14].map((i) => Number(fields[i]) / TICKS);
}

if (OUT !== undefined && process.platform === 'linux') {
  let start: number[] = [];
  let file = '';
  beforeAll(({}, suite) => {
    start = times();
    file = relative(process.cwd(), 'filepath' in suite ? suite.filepath : suite.file.filepath);
  });
  afterAll(() => {
    const end = times();
    const [user, system, childUser, childSystem] = end.map((v, i) => v - (start[i] ?? 0)) as [number, number, number, number];
    mkdirSync(OUT, { recursive: true });
    writeFileSync(
      join(OUT, `${process.pid}-${Date.now()}.json`),
      JSON.stringify({ file, user, system, childUser, childSystem, total: user + system + childUser + childSystem }),
    );
  });
}
