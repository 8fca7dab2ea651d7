/**
 * runConformance in process with a LoopBack 4 application (the todo example published on npm):
 * `app.requestHandler` as the `handler` is driven through real node:http objects, so every request
 * is answered (none hangs until the timeout, as with a fake response object), and the statuses
 * LoopBack answers are the ones reported.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';

interface TodoApplication {
  bind(key: string): { to(value: unknown): unknown };
  boot(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  requestHandler: (req: IncomingMessage, res: ServerResponse) => void;
  restServer: { getApiSpec(): Promise<unknown> };
}

const require = createRequire(import.meta.url);

describe('in-process handler: LoopBack 4', () => {
  it('answers every request through app.requestHandler, with the statuses LoopBack sends', { timeout: 120_000 }, async () => {
    const { TodoListApplication } = require('@loopback/example-todo') as { TodoListApplication: new (config: unknown) => TodoApplication };
    const app = new TodoListApplication({ rest: { port: 0, host: '127.0.0.1', listenOnStart: false } });
    // An in-memory store instead of ./data/db.json, and no geocoding web service (no network in tests).
    app.bind('datasources.config.db').to({ name: 'db', connector: 'memory' });
    await app.boot();
    app.bind('services.Geocoder').to({ geocode: async () => [{ y: 52.5, x: 13.4 }] });
    await app.start();
    try {
      const spec = join(mkdtempSync(join(tmpdir(), 'sf-loopback-')), 'openapi.json');
      writeFileSync(spec, JSON.stringify(await app.restServer.getApiSpec()));
      const started = Date.now();
      const report = await runConformance({ spec, handler: app.requestHandler, phases: ['examples', 'negative'], timeoutMs: 5000 });
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(report.requests).toBeGreaterThan(20);
      // No request hung: every failure carries the answer LoopBack gave.
      expect(report.failures.filter((f) => f.response === undefined && f.check !== 'example_schema_conformance')).toEqual([]);
      // LoopBack's 404 for a todo that does not exist, and its 422 for a body that is not an object,
      // are the statuses reported (its description declares neither).
      const statuses = new Set(report.failures.filter((f) => f.check === 'status_code_conformance').map((f) => f.response?.status));
      expect(statuses.has(404)).toBe(true);
      expect(statuses.has(422)).toBe(true);
      // A todo created with the example body is answered 200 with the todo.
      const create = report.operations.find((o) => o.operationId === 'TodoController.create');
      expect(create?.checks.response_schema_conformance?.passed).toBeGreaterThan(0);
    } finally {
      await app.stop();
    }
  });
});
