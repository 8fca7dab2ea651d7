/**
 * Runs the code-first suite by hand and prints what it finds:
 *
 *   node node_modules/tsx/dist/cli.mjs test/code-first/run.ts [nest] [fastify] [hono] [--no-proxy] [--each]
 *
 * For each framework (all three by default): every finding of `specforge test` on the correct
 * service and on the faulty one, each planted fault found or missed, and the findings through
 * `specforge proxy --record` and of `specforge test --replay`. Uses the built CLI (dist/), or the
 * main.js that SPECFORGE_CODE_FIRST_CLI names. --each also runs each fault alone (eight more runs
 * per framework), to show each is found by itself. The assertions are test/code-first/*.test.ts.
 */
import { fastifyService } from './fastify/service.js';
import { honoService } from './hono/service.js';
import { nestService } from './nest/service.js';
import { describeRun, runFramework, type CodeFirstService } from './support.js';

const SERVICES: Record<string, CodeFirstService> = { nest: nestService, fastify: fastifyService, hono: honoService };

const args = process.argv.slice(2);
const chosen = args.filter((a) => !a.startsWith('--'));
const names = chosen.length > 0 ? chosen : Object.keys(SERVICES);
for (const name of names) {
  const service = SERVICES[name];
  if (service === undefined) throw new Error(`unknown framework ${name}: one of ${Object.keys(SERVICES).join(', ')}`);
  const started = Date.now();
  const run = await runFramework(service, { proxy: !args.includes('--no-proxy'), each: args.includes('--each'), keep: true });
  process.stdout.write(`${describeRun(run)}(${Date.now() - started} ms)\n\n`);
}
