/**
 * Rules about paths, operations, parameters, bodies, responses, security, servers and webhooks:
 * id -> [level, what the rule finds, an example of a change it reports].
 */
export type DiffLevel = 'breaking' | 'warning' | 'info';

export const STRUCTURE_RULES = {
  'api-path-removed': ['breaking', 'a path and all its operations were removed', '`/pets/{id}` removed'],
  'api-operation-removed': ['breaking', 'an operation (a method of a path that remains) was removed', '`DELETE /pets/{id}` removed, `GET /pets/{id}` kept'],
  'api-custom-method-removed': [
    'breaking',
    'a custom method of a path that remains (OpenAPI 3.2 additionalOperations) was removed',
    '`PURGE /pets` removed from `additionalOperations`, `GET /pets` kept',
  ],
  'request-stream-media-type-changed': [
    'breaking',
    'a request stream (OpenAPI 3.2 `itemSchema`, or a sequential media type) is now taken in another media type, or a body became a stream; clients send the old framing',
    '`application/jsonl` became `application/json-seq`',
  ],
  'response-stream-media-type-changed': [
    'breaking',
    'a response stream (OpenAPI 3.2 `itemSchema`, or a sequential media type) is now sent in another media type, or a body became a stream; clients parse the old framing',
    '`text/event-stream` became `application/jsonl`',
  ],
  'api-path-added': ['info', 'a path was added', '`/owners` added'],
  'api-operation-added': ['info', 'an operation was added to an existing path', '`PATCH /pets/{id}` added'],
  'operation-id-changed': [
    'warning',
    'the operationId changed; generated clients and handlers rename the operation',
    '`operationId: listPets` renamed to `getPets`',
  ],
  'operation-deprecated': ['info', 'the operation is now deprecated', '`deprecated: true` set on `GET /pets`'],
  'request-parameter-added-required': [
    'breaking',
    'a required parameter was added; requests without it are refused',
    'query parameter `limit` added with `required: true`',
  ],
  'request-parameter-became-required': ['breaking', 'an optional parameter became required', 'query parameter `limit` gains `required: true`'],
  'request-parameter-removed': ['warning', 'a parameter was removed; clients that still send it are ignored or refused', 'query parameter `sort` removed'],
  'request-parameter-deprecated': ['info', 'a parameter is now deprecated', '`deprecated: true` set on query parameter `sort`'],
  'request-body-became-required': ['breaking', 'the request body became required, or a required body was added', '`requestBody.required: true` set'],
  'request-media-type-removed': [
    'breaking',
    'a media type of the request body is no longer accepted',
    'request body `text/plain` removed, `application/json` kept',
  ],
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
  'response-media-type-removed': ['breaking', 'a media type of a success (2xx) response was removed', 'response `200` `text/csv` removed'],
  'response-non-success-media-type-removed': [
    'warning',
    'a media type of a non-success response was removed; clients that parsed error details from it find none (as when the status is removed)',
    'response `422` `application/json` removed, the status kept',
  ],
  'response-header-removed': ['warning', 'an optional response header was removed', 'optional response header `X-Rate-Limit` removed'],
  'response-required-header-removed': ['breaking', 'a required response header was removed (or became optional)', '`ETag` (required) removed or made optional'],
  'response-property-removed': ['warning', 'an optional response property was removed', 'optional response property `nickname` removed'],
  'response-required-property-removed': ['breaking', 'a required response property was removed', 'required response property `id` removed'],
  'response-property-became-optional': [
    'breaking',
    'a required response property became optional; clients may not find it',
    'response property `id` dropped from `required`',
  ],
  'security-added': [
    'breaking',
    'the operation needed no credentials (or had an anonymous alternative) and now requires them',
    '`security: [{ apiKey: [] }]` added to an open operation',
  ],
  'security-scheme-added': [
    'breaking',
    'a security scheme was added to an alternative (or an alternative replaced); credentials that sufficed are refused',
    '`{ apiKey: [] }` became `{ apiKey: [], bearer: [] }`',
  ],
  'security-scope-added': ['breaking', 'a scope was added to a security requirement of the operation', '`oauth: [read]` became `oauth: [read, write]`'],
  'security-scheme-changed': [
    'breaking',
    'a security scheme changed its type or its HTTP authentication scheme; credentials sent the old way are refused',
    '`type: apiKey` became `type: http, scheme: bearer`',
  ],
  'security-scheme-removed': [
    'breaking',
    'a security scheme was removed from components while security requirements still name it; clients cannot tell how to send the credential',
    '`components.securitySchemes.key` removed, `security: [{ key: [] }]` kept',
  ],
  'security-scheme-api-key-location-changed': [
    'breaking',
    'an API key moved between query, header and cookie; keys sent at the old place are not read',
    '`in: query` became `in: header`',
  ],
  'security-scheme-api-key-name-changed': [
    'breaking',
    'an API key is read under another name; keys sent under the old name are not read',
    '`name: api_key` became `name: X-API-Key`',
  ],
  'security-scheme-oauth-flow-removed': [
    'breaking',
    'an OAuth2 flow was removed; clients that obtain tokens with it can no longer',
    '`flows.implicit` removed, `flows.authorizationCode` kept',
  ],
  'security-scheme-oauth-scope-removed': [
    'breaking',
    'a scope was removed from an OAuth2 flow; clients that request it are refused a token',
    '`scopes: { read, write }` became `scopes: { read }`',
  ],
  'security-scheme-token-url-changed': [
    'warning',
    'the tokenUrl of an OAuth2 flow changed; clients configured with the old one must move (the contract cannot tell whether it still answers)',
    '`tokenUrl: https://auth.example/token` became `https://login.example/oauth/token`',
  ],
  'security-scheme-oauth-url-changed': [
    'warning',
    'the authorizationUrl or refreshUrl of an OAuth2 flow changed; clients configured with the old one must move',
    '`authorizationUrl: https://auth.example/authorize` became `https://login.example/authorize`',
  ],
  'security-scheme-openid-url-changed': [
    'warning',
    'the openIdConnectUrl of a scheme changed; clients discover the provider elsewhere',
    '`openIdConnectUrl` moved to another issuer',
  ],
  'response-header-added': ['info', 'a header was added to a response', 'response `200` gains header `X-Request-Id`'],
  'request-parameter-location-changed': [
    'breaking',
    'a parameter moved between query, header and cookie; what clients send at the old place is ignored, and the parameter is missing where it is now read',
    'optional query parameter `trace` became header `trace`',
  ],
  'request-parameter-style-changed': [
    'breaking',
    'the serialization style of a parameter changed (an explicit default is no change); values serialized the old way are read differently',
    '`style: form` became `style: pipeDelimited` on query array `ids`',
  ],
  'request-parameter-explode-changed': [
    'breaking',
    'explode of an array or object parameter changed (an explicit default is no change); `ids=1&ids=2` and `ids=1,2` are read differently',
    '`explode: false` set on query array `ids` (form explodes by default)',
  ],
  'request-parameter-allow-reserved-changed': [
    'warning',
    'allowReserved of a query parameter changed; values with reserved characters (`/`, `?`, `&`) sent as before may be read differently',
    '`allowReserved: true` set on query parameter `path`',
  ],
  'request-parameter-media-type-changed': [
    'breaking',
    'a parameter described by `content` changed media type, or switched between `schema` and `content`; values encoded the old way are read wrongly',
    '`content: { application/json }` became `schema: { type: string }`',
  ],
  'request-parameter-default-changed': [
    'warning',
    'the default of an optional parameter changed; clients that omit it get another behaviour',
    '`default: 20` became `default: 50` on query parameter `limit`',
  ],
  'request-parameter-default-added': [
    'warning',
    'an optional parameter gained a default; clients that omit it get that value instead of the behaviour without one',
    '`default: asc` set on query parameter `sort`',
  ],
  'request-parameter-default-removed': [
    'warning',
    'an optional parameter lost its default; clients that omit it no longer get that value',
    '`default: 20` removed from query parameter `limit`',
  ],
  'request-parameter-removed-with-deprecation': [
    'info',
    'a deprecated parameter was removed after its x-sunset date (or it had none and no deprecation period is required)',
    'query parameter `sort` (deprecated, `x-sunset: 2024-06-30`) removed in 2025',
  ],
  'request-parameter-removed-before-sunset': [
    'breaking',
    'a deprecated parameter was removed before its x-sunset date; clients were promised it until then',
    'query parameter `sort` (`x-sunset: 2030-01-01`) removed',
  ],
  'request-parameter-deprecated-sunset-missing': [
    'breaking',
    'a parameter was deprecated (or a deprecated one removed) without the x-sunset date that --deprecation-days requires',
    '`deprecated: true` set on query parameter `sort` without `x-sunset`, with `--deprecation-days 90`',
  ],
  'request-parameter-sunset-date-too-small': [
    'breaking',
    'a parameter was deprecated with an x-sunset closer than --deprecation-days (or its sunset moved earlier than that)',
    '`x-sunset` 10 days away with `--deprecation-days 90`',
  ],
  'api-removed-with-deprecation': [
    'info',
    'a deprecated operation was removed after its x-sunset date (or it had none and no deprecation period is required)',
    '`DELETE /pets/{id}` (deprecated, `x-sunset: 2024-06-30`) removed in 2025',
  ],
  'api-path-removed-with-deprecation': [
    'info',
    'a path whose operations were all deprecated was removed after their x-sunset dates',
    '`/v1/pets` removed, every operation deprecated with a past `x-sunset`',
  ],
  'api-removed-before-sunset': [
    'breaking',
    'a deprecated operation was removed before its x-sunset date; clients were promised it until then',
    '`GET /v1/pets` (`x-sunset: 2030-01-01`) removed',
  ],
  'api-path-removed-before-sunset': [
    'breaking',
    'a path was removed while one of its deprecated operations had an x-sunset date still ahead',
    '`/v1/pets` removed, `GET` deprecated with `x-sunset: 2030-01-01`',
  ],
  'api-deprecated-sunset-missing': [
    'breaking',
    'an operation was deprecated (or a deprecated one removed) without the x-sunset date that --deprecation-days requires',
    '`deprecated: true` set on `GET /v1/pets` without `x-sunset`, with `--deprecation-days 90`',
  ],
  'api-sunset-date-too-small': [
    'breaking',
    'an operation was deprecated with an x-sunset closer than --deprecation-days, or its x-sunset moved earlier than that',
    '`x-sunset` 10 days away with `--deprecation-days 90`',
  ],
  'api-stability-decreased': [
    'breaking',
    'the x-stability-level of an operation was lowered (absent reads as stable); its later breaking changes are reported as info',
    '`x-stability-level: stable` became `beta`',
  ],
  'api-server-removed': [
    'warning',
    'a server URL (of the contract, a path or an operation) was removed or changed; clients configured with it may call an address the API no longer answers at. A warning, not breaking: a server list often records deployments, which the contract cannot vouch for (oasdiff reports no server changes)',
    '`servers: [https://api.example/v1]` became `[https://api.example/v2]`',
  ],
  'api-server-added': ['info', 'a server URL was added', '`https://eu.api.example/v1` added to `servers`'],
  'api-server-variable-enum-value-removed': [
    'warning',
    "a value of a server variable's enum was removed; clients that use it build an address the contract no longer lists",
    '`region: { enum: [eu, us] }` became `enum: [eu]`',
  ],
  'api-server-variable-default-changed': [
    'warning',
    'the default of a server variable changed; clients that do not set it call another address',
    '`region: { default: eu }` became `default: us`',
  ],
  'callback-removed': [
    'breaking',
    'a callback of an operation (or one of its requests) was removed; clients that registered for it are no longer called',
    '`callbacks.onShipped` removed from `POST /orders`',
  ],
  'callback-added': ['info', 'a callback (or a request of one) was added to an operation', '`callbacks.onShipped` added to `POST /orders`'],
  'webhook-removed': ['breaking', 'a webhook was removed; subscribers stop receiving it', '`webhooks.orderShipped` removed'],
  'webhook-added': ['info', 'a webhook was added', '`webhooks.orderShipped` added'],
  'webhook-operation-removed': [
    'breaking',
    'a method of a webhook that remains was removed; subscribers stop receiving those requests',
    '`webhooks.orderShipped.put` removed, `post` kept',
  ],
  'webhook-operation-added': ['info', 'a method was added to a webhook', '`webhooks.orderShipped.put` added'],
  'webhook-media-type-removed': [
    'warning',
    'a media type of a webhook or callback payload was removed (callbacks report under this id too; the message names the callback); subscribers that parsed that type no longer receive it',
    '`webhooks.orderShipped.post` payload `application/xml` removed, `application/json` kept',
  ],
  'webhook-media-type-added': [
    'breaking',
    'a media type was added to a webhook or callback payload (callbacks too, named in the message); the API may now send a type subscribers never handled, as when a response widens. A payload added where there was none is not reported',
    '`webhooks.orderShipped.post` payload `application/json` gained `application/xml`',
  ],
  'webhook-body-became-optional': [
    'breaking',
    'a required webhook or callback payload became optional or was removed (callbacks too, named in the message); subscribers may receive requests without a body',
    '`requestBody.required: true` dropped from `webhooks.orderShipped.post`',
  ],
  'webhook-response-status-removed': [
    'breaking',
    "a success (2xx) status the API accepted as a subscriber's answer to a webhook or callback is no longer listed, nor covered by a `2XX` range (callbacks too, named in the message); subscribers that answer it are taken as failing (retried or unsubscribed). The bodies subscribers answer with are compared as request bodies (`request-body-…`), since the API receives them",
    '`webhooks.orderShipped.post.responses` `200` and `204` became `204`',
  ],
  'webhook-required-header-removed': [
    'breaking',
    'a required header parameter the API sends with a webhook or callback was removed or became optional (callbacks too, named in the message); subscribers that read it (a signature, an event id) no longer get it',
    'required header `X-Signature` removed from `webhooks.orderShipped.post`',
  ],
  'webhook-header-removed': [
    'warning',
    'an optional header parameter the API sends with a webhook or callback was removed (callbacks too, named in the message); subscribers that read it when present no longer get it',
    'optional header `X-Retry-Count` removed from `webhooks.orderShipped.post`',
  ],
  'spec-added': ['info', 'the contract is new: it does not exist at the base revision', '`specs/orders/openapi.yaml` is new at the head revision'],
} as const satisfies Record<string, readonly [DiffLevel, string, string]>;

export type StructureRuleId = keyof typeof STRUCTURE_RULES;
