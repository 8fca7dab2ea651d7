/**
 * What an OpenAPI node is, by where it stands in the document (the loader of resolve.ts decides by
 * it how a $ref inside the node is resolved and which component section an external target is
 * hoisted into).
 */

/** What an OpenAPI node is, by where it stands; decides how $refs inside it are resolved. */
export type Kind =
  | 'document'
  | 'paths'
  | 'pathItem'
  | 'operation'
  | 'parameterList'
  | 'parameter'
  | 'header'
  | 'requestBody'
  | 'content'
  | 'mediaType'
  | 'encodingMap'
  | 'encoding'
  | 'responses'
  | 'response'
  | 'schema'
  | 'schemaMap'
  | 'schemaList'
  | 'example'
  | 'link'
  | 'callback'
  | 'securityScheme'
  | 'components'
  | { map: Kind };

/** Children of each kind: property name to kind. A map kind applies its item kind to every key. */
export const CHILDREN: Record<string, Record<string, Kind>> = {
  document: { paths: 'paths', components: 'components', webhooks: { map: 'pathItem' } },
  pathItem: {
    parameters: 'parameterList',
    get: 'operation',
    put: 'operation',
    post: 'operation',
    delete: 'operation',
    options: 'operation',
    head: 'operation',
    patch: 'operation',
    trace: 'operation',
  },
  operation: {
    parameters: 'parameterList',
    requestBody: 'requestBody',
    responses: 'responses',
    callbacks: { map: 'callback' },
  },
  parameter: { schema: 'schema', content: 'content', examples: { map: 'example' } },
  header: { schema: 'schema', content: 'content', examples: { map: 'example' } },
  requestBody: { content: 'content' },
  mediaType: { schema: 'schema', examples: { map: 'example' }, encoding: 'encodingMap' },
  encoding: { headers: { map: 'header' } },
  response: { headers: { map: 'header' }, content: 'content', links: { map: 'link' } },
  components: {
    schemas: 'schemaMap',
    responses: { map: 'response' },
    parameters: { map: 'parameter' },
    examples: { map: 'example' },
    requestBodies: { map: 'requestBody' },
    headers: { map: 'header' },
    securitySchemes: { map: 'securityScheme' },
    links: { map: 'link' },
    callbacks: { map: 'callback' },
    pathItems: { map: 'pathItem' },
  },
  schema: {
    properties: 'schemaMap',
    patternProperties: 'schemaMap',
    $defs: 'schemaMap',
    definitions: 'schemaMap',
    dependentSchemas: 'schemaMap',
    items: 'schema',
    additionalProperties: 'schema',
    additionalItems: 'schema',
    unevaluatedItems: 'schema',
    unevaluatedProperties: 'schema',
    not: 'schema',
    if: 'schema',
    then: 'schema',
    else: 'schema',
    contains: 'schema',
    propertyNames: 'schema',
    allOf: 'schemaList',
    anyOf: 'schemaList',
    oneOf: 'schemaList',
    prefixItems: 'schemaList',
  },
};

/** Component section an external target of a given kind is hoisted into. */
export const COMPONENT_SECTION: Record<string, string> = {
  schema: 'schemas',
  parameter: 'parameters',
  header: 'headers',
  requestBody: 'requestBodies',
  response: 'responses',
  example: 'examples',
  link: 'links',
  callback: 'callbacks',
  securityScheme: 'securitySchemes',
};

/** Kinds whose keys are names chosen by the contract: a key `$ref` there is a property (or media type) name. */
export const NAME_MAPS: ReadonlySet<string> = new Set(['schemaMap', 'paths', 'content', 'encodingMap']);
