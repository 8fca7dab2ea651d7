/**
 * runConformance in process with real frameworks: the handler is driven through real
 * `http.IncomingMessage` / `http.ServerResponse` objects (an ephemeral listener on 127.0.0.1), so
 * Express, Fastify, Koa and Hono apps run unchanged, no request hangs, and a status set with
 * `res.statusCode = 404; res.end()` is the status reported.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import Fastify from 'fastify';
import Koa from 'koa';
import { Hono } from 'hono';
import { getRequestListener } from '@hono/node-server';
import { beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import type { ConformanceReport } from '../../src/conformance/run.js';

const SPEC = `openapi: 3.1.0
info: { title: items, version: 1.0.0 }
paths:
  /items/{id}:
    get:
      operationId: getItem
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer, minimum: 1, maximum: 1000 } }
      responses:
        '200':
          description: the item
          content:
            application/json:
              schema:
                type: object
                required: [id, name]
                properties: { id: { type: integer }, name: { type: string } }
        '400': { description: bad id }
  /gone:
    get:
      operationId: gone
      responses:
        '200': { description: never, content: { application/json: { schema: { type: object } } } }
`;

let spec = '';
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'sf-inproc-'));
  spec = join(dir, 'openapi.yaml');
  writeFileSync(spec, SPEC);
});

/** The item's answer: 200 with the item for an id of 1..1000, else 400. */
function item(raw: string): { status: number; body?: unknown } {
  const id = Number(raw);
  return Number.isInteger(id) && id >= 1 && id <= 1000 ? { status: 200, body: { id, name: `item ${id}` } } : { status: 400 };
}

function expectFaultsOnlyOnGone(report: ConformanceReport): void {
  expect(report.requests).toBeGreaterThan(3);
  // getItem is right; /gone answers an undeclared, bodiless 404 (set through res.statusCode).
  expect(report.failures.filter((f) => f.operationId === 'getItem')).toEqual([]);
  const gone = report.failures.filter((f) => f.operationId === 'gone');
  expect(gone.map((f) => f.check)).toContain('status_code_conformance');
  expect(gone.every((f) => f.response?.status === 404)).toBe(true);
}

const options = { phases: ['examples', 'negative', 'fuzz'] as const, maxExamples: 5, timeoutMs: 5000 };

describe('in-process handlers of real frameworks', () => {
  it('Express: runs, and res.statusCode = 404; res.end() is a 404', async () => {
    const app = express();
    app.get('/items/:id', (req, res) => {
      const r = item(req.params.id);
      if (r.body) res.status(200).json(r.body);
      else res.status(r.status).end();
    });
    app.get('/gone', (_req, res) => {
      res.statusCode = 404;
      res.end();
    });
    const started = Date.now();
    const report = await runConformance({ spec, handler: app, ...options, phases: [...options.phases] });
    expectFaultsOnlyOnGone(report);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('a plain node:http listener that sets res.statusCode = 404', async () => {
    const handler = (req: IncomingMessage, res: ServerResponse): void => {
      const m = /^\/items\/([^/?]+)/.exec(req.url ?? '');
      if (m) {
        const r = item(decodeURIComponent(m[1] ?? ''));
        res.writeHead(r.status, { 'content-type': 'application/json' }).end(r.body ? JSON.stringify(r.body) : undefined);
        return;
      }
      res.statusCode = 404;
      res.end();
    };
    expectFaultsOnlyOnGone(await runConformance({ spec, handler, ...options, phases: [...options.phases] }));
  });

  it('Fastify: the app itself (ready(), then its server), and app.routing', async () => {
    const build = () => {
      const app = Fastify();
      app.get<{ Params: { id: string } }>('/items/:id', async (req, reply) => {
        const r = item(req.params.id);
        return r.body ? reply.code(200).send(r.body) : reply.code(r.status).send();
      });
      app.get('/gone', async (_req, reply) => reply.code(404).send());
      return app;
    };
    const app = build();
    expectFaultsOnlyOnGone(await runConformance({ spec, handler: app, ...options, phases: [...options.phases] }));
    await app.close();
    const other = build();
    await other.ready();
    expectFaultsOnlyOnGone(await runConformance({ spec, handler: (req, res) => other.routing(req, res), ...options, phases: [...options.phases] }));
    await other.close();
  });

  it('Koa: the app itself and app.callback()', async () => {
    const app = new Koa();
    app.use(async (ctx) => {
      const m = /^\/items\/([^/]+)$/.exec(ctx.path);
      if (m) {
        const r = item(m[1] ?? '');
        ctx.status = r.status;
        if (r.body) ctx.body = r.body;
        return;
      }
      ctx.status = 404;
    });
    expectFaultsOnlyOnGone(await runConformance({ spec, handler: app, ...options, phases: [...options.phases] }));
    expectFaultsOnlyOnGone(await runConformance({ spec, handler: app.callback(), ...options, phases: [...options.phases] }));
  });

  it('Hono: app.fetch as fetchHandler, and through @hono/node-server as a handler', async () => {
    const app = new Hono();
    app.get('/items/:id', (c) => {
      const r = item(c.req.param('id'));
      return r.body ? c.json(r.body, 200) : c.body(null, r.status as 400);
    });
    app.get('/gone', (c) => c.body(null, 404));
    expectFaultsOnlyOnGone(await runConformance({ spec, fetchHandler: app.fetch, ...options, phases: [...options.phases] }));
    expectFaultsOnlyOnGone(await runConformance({ spec, handler: getRequestListener(app.fetch), ...options, phases: [...options.phases] }));
  });

  it('a handler that never answers is a finding within the timeout, not a hang; one that throws is a 500', async () => {
    const started = Date.now();
    const report = await runConformance({
      spec,
      handler: (req: IncomingMessage, res: ServerResponse) => {
        if ((req.url ?? '').startsWith('/gone')) throw new Error('boom');
        // never answers
        void res;
      },
      phases: ['examples'],
      timeoutMs: 500,
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(report.failures.find((f) => f.operationId === 'getItem')?.message).toMatch(/no answer/);
    expect(report.failures.find((f) => f.operationId === 'gone')?.response?.status).toBe(500);
  });
});
