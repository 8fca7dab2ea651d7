/**
 * runConformance in process with a NestJS application (@nestjs/core, @nestjs/platform-express from
 * the npm registry). The application is written as a Nest user writes it, with decorators and a
 * service injected through its constructor's parameter types; the test compiles it with
 * TypeScript (experimentalDecorators, emitDecoratorMetadata), boots it with NestFactory without
 * listening, and hands the Express instance under it to runConformance as the `handler`.
 *
 * The correct application yields no finding; the faulty one forgets ParseIntPipe (a classic
 * Nest slip: `@Param('id') id: string`) and answers `"id": "7"`, which the response schema check
 * finds, and nothing else.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../src/index.js';
import { writeSpec } from './support.js';

const SPEC = `openapi: 3.1.0
info: { title: items, version: 1.0.0 }
components:
  schemas:
    Item:
      type: object
      required: [id, name]
      properties: { id: { type: integer }, name: { type: string } }
paths:
  /items:
    post:
      operationId: createItem
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties: { name: { type: string, minLength: 1, maxLength: 50 } }
      responses:
        '201': { description: created, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        '400': { description: invalid item }
  /items/{id}:
    get:
      operationId: getItem
      parameters:
        - { name: id, in: path, required: true, schema: { type: integer, minimum: 1, maximum: 1000 } }
      responses:
        '200': { description: the item, content: { application/json: { schema: { $ref: '#/components/schemas/Item' } } } }
        '400': { description: bad id }
`;

/** The Nest application, as its author writes it; FAULTY is replaced with true or false. */
const APP = `
import 'reflect-metadata';
import { BadRequestException, Body, Controller, Get, HttpCode, Injectable, Module, Param, ParseIntPipe, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

interface Item { id: number; name: string }

@Injectable()
export class ItemsService {
  private next = 1;
  create(name: string): Item {
    return { id: this.next++, name };
  }
  find(id: number): Item {
    return { id, name: 'item ' + id };
  }
}

@Controller('items')
export class ItemsController {
  constructor(private readonly items: ItemsService) {}

  @Post()
  @HttpCode(201)
  create(@Body() body: unknown): Item {
    const name = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { name?: unknown }).name : undefined;
    if (typeof name !== 'string' || name.length < 1 || name.length > 50) throw new BadRequestException('name: a string of 1 to 50 characters');
    return this.items.create(name);
  }

  @Get(':id')
  get(@Param('id', ParseIntPipe) id: number): Item {
    if (id < 1 || id > 1000) throw new BadRequestException('id: 1 to 1000');
    return this.items.find(id);
  }
}

/** The same controller, but the id is taken as the string Nest hands over without ParseIntPipe. */
@Controller('items')
export class FaultyItemsController {
  constructor(private readonly items: ItemsService) {}

  @Post()
  create(@Body() body: unknown): Item {
    const name = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { name?: unknown }).name : undefined;
    if (typeof name !== 'string' || name.length < 1 || name.length > 50) throw new BadRequestException('name: a string of 1 to 50 characters');
    return this.items.create(name);
  }

  @Get(':id')
  get(@Param('id') id: string): Item {
    const n = Number(id);
    if (!/^[0-9]+$/.test(id) || n < 1 || n > 1000) throw new BadRequestException('id: 1 to 1000');
    return { ...this.items.find(n), id } as unknown as Item;
  }
}

@Module({ controllers: [ItemsController], providers: [ItemsService] })
class AppModule {}

@Module({ controllers: [FaultyItemsController], providers: [ItemsService] })
class FaultyAppModule {}

export async function createApp(faulty: boolean) {
  const app = await NestFactory.create(faulty ? FaultyAppModule : AppModule, { logger: false });
  await app.init();
  return app;
}
`;

interface NestApp {
  getHttpAdapter(): { getInstance(): (req: IncomingMessage, res: ServerResponse) => void };
  close(): Promise<void>;
}

let spec = '';
let createApp: (faulty: boolean) => Promise<NestApp>;

beforeAll(async () => {
  spec = writeSpec(SPEC);
  const { outputText, diagnostics } = ts.transpileModule(APP, {
    reportDiagnostics: true,
    compilerOptions: {
      module: ts.ModuleKind.ESNext,
      target: ts.ScriptTarget.ES2022,
      experimentalDecorators: true,
      emitDecoratorMetadata: true,
      useDefineForClassFields: false,
    },
  });
  expect(diagnostics ?? []).toEqual([]);
  // The compiled module lives in a temporary folder: its package imports point at this checkout's.
  const require = createRequire(import.meta.url);
  const resolved = outputText.replace(/from '(@nestjs\/[a-z-]+)'|import '(reflect-metadata)'/g, (whole, pkg?: string, side?: string) => {
    const url = pathToFileURL(require.resolve((pkg ?? side) as string)).href;
    return pkg === undefined ? `import '${url}'` : `from '${url}'`;
  });
  const file = join(mkdtempSync(join(tmpdir(), 'sf-nest-')), 'app.mjs');
  writeFileSync(file, resolved);
  ({ createApp } = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { createApp: typeof createApp });
});

const options = { phases: ['examples', 'negative', 'fuzz'] as const, maxExamples: 10, timeoutMs: 5000 };

describe('in-process handler: NestJS (platform-express)', () => {
  it('a correct Nest application: every request answered, no finding', async () => {
    const app = await createApp(false);
    try {
      const started = Date.now();
      const report = await runConformance({ spec, handler: app.getHttpAdapter().getInstance(), ...options, phases: [...options.phases] });
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(report.requests).toBeGreaterThan(10);
      expect(report.failures).toEqual([]);
      // The runner saw Nest's own answers: a created item (201) and refused ids and bodies (400).
      const create = report.operations.find((o) => o.operationId === 'createItem');
      expect(create?.checks.response_schema_conformance?.passed).toBeGreaterThan(0);
      expect(create?.checks.negative_data_rejection?.passed).toBeGreaterThan(0);
      const get = report.operations.find((o) => o.operationId === 'getItem');
      expect(get?.checks.negative_data_rejection?.passed).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });

  it('the same application without ParseIntPipe: the string id is found by response_schema_conformance, nothing else', async () => {
    const app = await createApp(true);
    try {
      const report = await runConformance({ spec, handler: app.getHttpAdapter().getInstance(), ...options, phases: [...options.phases] });
      expect(report.failures.length).toBeGreaterThan(0);
      expect(new Set(report.failures.map((f) => `${f.operationId} ${f.check}`))).toEqual(new Set(['getItem response_schema_conformance']));
      expect(report.failures[0]?.response?.status).toBe(200);
      expect(report.failures[0]?.response?.body).toMatch(/"id":"\d+"/);
    } finally {
      await app.close();
    }
  });
});
