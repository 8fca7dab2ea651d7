/**
 * The OpenAPI 3.2 contract of the query-method suite: a collection read by GET and searched by
 * QUERY (safe, idempotent, its criteria in a JSON body, as the specification's QUERY describes),
 * and a custom method of `additionalOperations` (PURGE, as CDNs take it).
 */
export const QUERY_CONTRACT = `openapi: 3.2.0
info: { title: Pets by QUERY, version: '1' }
servers:
  - { url: 'http://127.0.0.1/v1', name: local }
security: []
paths:
  /pets:
    get:
      operationId: listPets
      summary: List the pets
      responses:
        '200':
          description: the pets
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Pet' } }
        '400': { $ref: '#/components/responses/Problem' }
    post:
      operationId: createPet
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
      responses:
        '201':
          description: created
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
        '400': { $ref: '#/components/responses/Problem' }
    query:
      operationId: searchPets
      summary: Search the pets
      description: Finds the pets that match the criteria in the body.
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: '#/components/schemas/PetQuery' }
            examples:
              rex: { summary: By name, dataValue: { name: Rex, limit: 10 } }
      responses:
        '200':
          description: the matching pets
          content:
            application/json:
              schema: { type: array, items: { $ref: '#/components/schemas/Pet' } }
        '400': { $ref: '#/components/responses/Problem' }
    additionalOperations:
      PURGE:
        operationId: purgePets
        summary: Purge the cached list
        responses:
          '204': { description: purged }
          '400': { $ref: '#/components/responses/Problem' }
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties:
        id: { type: integer, minimum: 1 }
        name: { type: string, minLength: 1, maxLength: 20 }
        born: { type: string, format: date-time }
    PetQuery:
      type: object
      additionalProperties: false
      properties:
        name: { type: string, minLength: 1, maxLength: 20 }
        limit: { type: integer, minimum: 1, maximum: 100 }
    Problem:
      type: object
      required: [message]
      properties: { message: { type: string } }
  responses:
    Problem:
      description: bad request
      content:
        application/json:
          schema: { $ref: '#/components/schemas/Problem' }
`;
