/**
 * The pet registry's handlers over an in-memory store, behind the fetch handler and Hono examples
 * (one file, imported by each app as ../../shared/registry-pets.js; contract
 * ../contract/registry.yaml). No node: module: they run behind the fetch handler on any runtime.
 * `fault` makes getPet answer a wrong shape (an id as text, no kind), the mistake the conformance
 * run must find.
 *
 * `example-generated/*` is the importing app's own generated folder (its tsconfig's `paths` maps it
 * to src/generated/*); the import is of types only, so nothing of it remains in the built code.
 */
import type { Handlers } from 'example-generated/fetch.js';

interface Pet {
  id: number;
  name: string;
  kind: 'dog' | 'cat' | 'bird';
}

export function petHandlers(options: { fault?: boolean } = {}): Handlers {
  const pets = new Map<number, Pet>();
  let next = 1;
  return {
    listPets: ({ params, reply }) => reply(200, [...pets.values()].slice(0, params.query.limit ?? 100)),
    createPet: ({ body, reply }) => {
      const pet: Pet = { id: next++, name: body.name, kind: body.kind };
      pets.set(pet.id, pet);
      return reply(201, pet);
    },
    getPet: ({ params, reply }) => {
      const pet = pets.get(params.path.petId);
      if (!pet) return reply(404, { message: `no pet has id ${params.path.petId}`, code: 'not_found' });
      // The deliberate fault: a body the contract does not allow.
      if (options.fault) return reply(200, { id: String(pet.id), name: pet.name } as unknown as Pet);
      return reply(200, pet);
    },
    deletePet: ({ params, reply }) => {
      if (!pets.delete(params.path.petId)) return reply(404, { message: `no pet has id ${params.path.petId}`, code: 'not_found' });
      return reply(204);
    },
  };
}
