/**
 * `x-specforge-resources.<name>.streams` names operations that stream items about one stored
 * document. An operation a collection already answers (its own read, list, create, update, replace,
 * delete or search, or another collection's) cannot be one: the stateful mock would answer it from
 * the stream's examples instead of the store. Such an entry is a SPECFORGE_EXTENSION error at its line.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ContractError } from '../../src/contract/errors.js';
import { buildModel } from '../../src/contract/model.js';
import { mockTables } from '../../src/contract/tables/api.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `openapi32-streams-own-${process.pid}`);
afterAll(() => rmSync(TMP, { recursive: true, force: true }));

const spec = (streams: string): string => `openapi: 3.2.0
info: { title: Streams, version: '1' }
x-specforge-resources:
  builds:
    id: { field: id, param: buildId }
    operations: { create: createBuild, read: getBuild, list: listBuilds, update: updateBuild, delete: deleteBuild }
    streams: ${streams}
  runs:
    id: { field: id, param: buildId }
    operations: { read: getRun }
paths:
  /builds:
    post:
      operationId: createBuild
      requestBody: { content: { application/json: { schema: { $ref: '#/components/schemas/Build' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Build' } } } } }
    get:
      operationId: listBuilds
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Build' } } } } } }
  /builds/{buildId}:
    parameters: [{ name: buildId, in: path, required: true, schema: { type: string } }]
    get:
      operationId: getBuild
      responses: { '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Build' }, example: { id: b1, status: passed } } } } }
    patch:
      operationId: updateBuild
      requestBody: { content: { application/json: { schema: { type: object } } } }
      responses: { '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Build' } } } } }
    delete:
      operationId: deleteBuild
      responses: { '204': { description: gone } }
  /builds/{buildId}/run:
    get:
      operationId: getRun
      parameters: [{ name: buildId, in: path, required: true, schema: { type: string } }]
      responses: { '200': { description: the run, content: { application/json: { schema: { type: object } } } } }
  /builds/{buildId}/status:
    get:
      operationId: buildStatus
      parameters: [{ name: buildId, in: path, required: true, schema: { type: string } }]
      responses:
        '200':
          description: the build's status as it moves on
          content:
            application/jsonl:
              itemSchema: { type: object, properties: { buildId: { type: string }, status: { type: string } } }
components:
  schemas:
    Build: { type: object, required: [id], properties: { id: { type: string }, status: { type: string } } }
`;

async function tables(streams: string): Promise<unknown> {
  const dir = join(TMP, `case-${Math.random().toString(36).slice(2)}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'openapi.yaml');
  writeFileSync(file, spec(streams));
  return mockTables(await buildModel(file));
}

describe('x-specforge-resources streams that name an operation a collection answers', () => {
  it('a stream about one build is accepted', async () => {
    await expect(tables('[buildStatus]')).resolves.toBeDefined();
  });

  it.each([
    ['its own read', 'getBuild', 'read'],
    ['its own list', 'listBuilds', 'list'],
    ['its own create', 'createBuild', 'create'],
    ['its own update', 'updateBuild', 'update'],
    ['its own delete', 'deleteBuild', 'delete'],
    ["another collection's read", 'getRun', 'read'],
  ])('%s is a SPECFORGE_EXTENSION error at its line', async (_name, opId, role) => {
    const err = await tables(`[buildStatus, ${opId}]`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ContractError);
    const d = (err as ContractError).diagnostics[0];
    expect(d?.code).toBe('SPECFORGE_EXTENSION');
    expect(d?.message).toContain(opId);
    expect(d?.message).toContain(`is the ${role} operation of resource`);
    expect(d?.location?.pointer).toBe('/x-specforge-resources/builds/streams/1');
    expect(d?.location?.line).toBe(7);
  });
});
