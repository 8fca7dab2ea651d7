/**
 * The examples' pet contract generated for the framework tests, and handlers over an in-memory
 * store (no node: module: they run behind the fetch handler and in a browser alike).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { generateSpec } from '../../src/pipeline/generate.js';
import type { AnyHandler } from '../../src/runtime/server/context.js';

export const ROOT = resolve(import.meta.dirname, '..', '..');
export const PETS_SPEC = join(ROOT, 'examples', 'contract', 'openapi.yaml');
export const API_KEY = 'k3y-for-tests';

/** Generates the pet contract's targets into a fresh folder under test/.tmp. */
export async function generatePets(name: string, targets: string[]): Promise<string> {
  const dir = join(ROOT, 'test', '.tmp', `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const out = join(dir, 'gen');
  await generateSpec({ path: PETS_SPEC, api: 'pets', out, targets: targets as never, strict: true }, { cacheDir: join(dir, '.cache'), force: true });
  return out;
}

interface Pet {
  id: number;
  name: string;
  kind: string;
}

/** Handlers of the pet contract over a Map. */
export function petHandlers(): Record<string, AnyHandler> {
  const pets = new Map<number, Pet>();
  let next = 1;
  return {
    listPets: (ctx) => {
      const limit = typeof ctx.params.query['limit'] === 'number' ? ctx.params.query['limit'] : 100;
      return { status: 200, body: [...pets.values()].slice(0, limit) };
    },
    createPet: (ctx) => {
      const body = ctx.body as { name: string; kind: string };
      const pet = { id: next++, name: body.name, kind: body.kind };
      pets.set(pet.id, pet);
      return { status: 201, body: pet };
    },
    getPet: (ctx) => {
      const pet = pets.get(ctx.params.path['petId'] as number);
      return pet ? { status: 200, body: pet } : { status: 404, body: { message: 'no such pet', code: 'not_found' } };
    },
    deletePet: (ctx) => {
      const id = ctx.params.path['petId'] as number;
      if (!pets.delete(id)) return { status: 404, body: { message: 'no such pet', code: 'not_found' } };
      return { status: 204 };
    },
  };
}
