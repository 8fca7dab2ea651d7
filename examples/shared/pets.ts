/**
 * The pet store behind the Express, Fastify and Koa examples (one file, imported by each app as
 * ../../shared/pets.js): an in-memory collection and one handler per operation of
 * ../contract/openapi.yaml. `SPECFORGE_EXAMPLE_FAULT=1` makes getPet answer a pet without its
 * name (a body the contract forbids), the fault the conformance run must find.
 *
 * `example-generated/*` is the importing app's own generated folder (its tsconfig's `paths` maps it
 * to src/generated/*); the import is of types only, so nothing of it remains in the built code.
 */
import type { ServerOptions } from '@specforge/runtime/server';
import type { Handlers } from 'example-generated/pets/server.js';

interface Pet {
  id: number;
  name: string;
  tag?: string;
}

export function petHandlers(fault = process.env['SPECFORGE_EXAMPLE_FAULT'] === '1'): Handlers {
  const pets = new Map<number, Pet>();
  let next = 1;
  return {
    listPets: ({ params, reply }) => reply(200, [...pets.values()].slice(0, params.query.limit ?? 20)),
    createPet: ({ body, reply }) => {
      const pet: Pet = { id: next++, name: body.name, ...(body.tag === undefined ? {} : { tag: body.tag }) };
      pets.set(pet.id, pet);
      return reply(201, pet);
    },
    getPet: ({ params, reply }) => {
      const pet = pets.get(params.path.petId);
      if (!pet) return reply(404, { status: 404, message: `no pet ${params.path.petId}` });
      // The deliberate fault: a pet without its required name.
      if (fault) return reply(200, { id: pet.id } as Pet);
      return reply(200, pet);
    },
    deletePet: ({ params, reply }) => {
      if (!pets.delete(params.path.petId)) return reply(404, { status: 404, message: `no pet ${params.path.petId}` });
      return reply(204);
    },
  };
}

/** Every API key is accepted but `revoked` (a verifier decides; without one any key would do). */
export const serverOptions: ServerOptions = {
  security: { apiKey: (credential) => credential.credential !== 'revoked' },
};
