/**
 * Rules about paths, operations, parameters, bodies, responses, security, servers and webhooks:
 * id -> [level, what the rule finds, an example of a change it reports].
 */
export type DiffLevel = 'breaking' | 'warning' | 'info';

export const STRUCTURE_RULES = {
  'api-path-removed': ['breaking', 'a path and all its operations were removed', '`/pets/{id}` removed'],
  'api-operation-removed': ['breaking', 'an operation (a method of a path that remains) was removed', '`DELETE /pets/{id}` removed, `GET /pets/{id}` kept'],
  'api-path-added': ['info', 'a path was added', '`/owners` added'],
  'api-operation-added': ['info', 'an operation was added to an existing path', '`PATCH /pets/{id}` added'],
  'operation-id-changed': ['warning', 'the operationId changed; generated clients and handlers rename the operation', '`operationId: listPets` renamed to `getPets`'],
  'operation-deprecated': ['info', 'the operation is now deprecated', '`deprecated: true` set on `GET /pets`'],
  'request-parameter-added-required': ['breaking', 'a required parameter was added; requests without it are refused', 'query parameter `limit` added with `required: true`'],
  'request-parameter-became-required': ['breaking', 'an optional parameter became required', 'query parameter `limit` gains `required: true`'],
  'request-parameter-removed': ['warning', 'a parameter was removed; clients that still send it are ignored or refused', 'query parameter `sort` removed'],
  'request-parameter-deprecated': ['info', 'a parameter is now deprecated', '`deprecated: true` set on query parameter `sort`'],
  'request-body-became-required': ['breaking', 'the request body became required, or a required body was added', '`requestBody.required: true` set'],
  'request-media-type-removed': ['breaking', 'a media type of the request body is no longer accepted', 'request body `text/plain` removed, `application/json` kept'],
  'new-required-request-property': ['breaking', 'a required property was added to the request body', 'request property `name` added and listed in `required`'],
  'request-property-became-required': ['breaking', 'an optional request property became required', 'request property `name` added to `required`'],
  'request-property-removed': [
    'warning',
    'a request property was removed; clients that still send it are ignored, or refused when the schema forbids additional properties',
    'request property `nickname` removed from a closed object',
  ],
  'response-status-removed': ['breaking', 'a success (2xx) response status was removed', 'response `201` removed'],
  'response-non-success-status-removed': ['warning', 'a non-success response status was removed', 'response `404` removed'],
  'response-status-added': ['info', 'a response status was added', 'response `409` added'],
  'response-media-type-removed': ['breaking', 'a media type of a response was removed', 'response `200` `text/csv` removed'],
  'response-header-removed': ['warning', 'an optional response header was removed', 'optional response header `X-Rate-Limit` removed'],
  'response-required-header-removed': ['breaking', 'a required response header was removed (or became optional)', '`ETag` (required) removed or made optional'],
  'response-property-removed': ['warning', 'an optional response property was removed', 'optional response property `nickname` removed'],
  'response-required-property-removed': ['breaking', 'a required response property was removed', 'required response property `id` removed'],
  'response-property-became-optional': ['breaking', 'a required response property became optional; clients may not find it', 'response property `id` dropped from `required`'],
  'security-added': ['breaking', 'the operation needed no credentials (or had an anonymous alternative) and now requires them', '`security: [{ apiKey: [] }]` added to an open operation'],
  'security-scheme-added': ['breaking', 'a security scheme was added to an alternative (or an alternative replaced); credentials that sufficed are refused', '`{ apiKey: [] }` became `{ apiKey: [], bearer: [] }`'],
  'security-scope-added': ['breaking', 'a scope was added to a security requirement of the operation', '`oauth: [read]` became `oauth: [read, write]`'],
  'security-scheme-changed': ['breaking', 'a security scheme changed its type, location, parameter name or HTTP scheme', '`apiKey` moved from `in: query` to `in: header`'],
  'spec-added': ['info', 'the contract is new: it does not exist at the base revision', '`specs/orders/openapi.yaml` is new at the head revision'],
} as const satisfies Record<string, readonly [DiffLevel, string, string]>;


export type StructureRuleId = keyof typeof STRUCTURE_RULES;
