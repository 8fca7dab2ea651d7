/**
 * Structural validation of a bundled contract as OpenAPI 3.0 or 3.1, with Redocly's `struct` rule.
 * Problems are mapped back to the source file, line and column with our own position index.
 * Specification extensions (`x-…`) are opaque: Redocly's type tree gives some of them a shape
 * (`info.x-logo` a Logo object, `x-webhooks` path items, `x-query` an operation, …), which it
 * then requires; specforge reads a vendor's extension as whatever value it holds.
 */
import { createConfig, lintDocument, type Config, type NodeType, type Plugin } from '@redocly/openapi-core';
import { ContractError, type Diagnostic } from './errors.js';
import { decodeUriText } from './pointer.js';
import { inMemoryResolver } from './redocly-resolver.js';
import type { LoadedContract } from './resolve.js';

/** The OpenAPI versions specforge reads (3.2's schemas are 3.1's: JSON Schema 2020-12). */
export type OpenApiVersion = '3.0' | '3.1' | '3.2';

let structConfig: Promise<Config> | undefined;

/**
 * Redocly's type tree without a type for any `x-` property: every node type that declares one
 * (all of them take the `x-` extension prefix) walks it as an untyped extension instead, so no value
 * of any shape under an `x-` key is a structural error, and no rule visits it as an OpenAPI object
 * (an `x-webhooks` entry is not a path item, its operations not operations). An `x-` key of the
 * `webhooks` map is an extension too.
 */
export function opaqueExtensions(types: Record<string, NodeType>): Record<string, NodeType> {
  const out: Record<string, NodeType> = {};
  for (const [name, type] of Object.entries(types)) {
    // In `webhooks`, as in `paths` and as specforge's loader reads both, an `x-` key is an extension, not a webhook.
    if (name === 'WebhooksMap' && type.extensionsPrefix === undefined) {
      out[name] = { ...type, extensionsPrefix: 'x-' };
      continue;
    }
    const typed = Object.keys(type.properties).filter((key) => key.startsWith('x-'));
    if (typed.length === 0 || type.extensionsPrefix !== 'x-') {
      out[name] = type;
      continue;
    }
    const properties = { ...type.properties };
    for (const key of typed) delete properties[key];
    out[name] = { ...type, properties };
  }
  return out;
}

/**
 * Redocly's OpenAPI 3.2 type tree corrected where it departs from the specification:
 * `components.mediaTypes` is a map of Media Type Objects (or references), which Redocly types as a
 * map of content maps, so a valid component was a structural error; its Parameter keeps 3.1's
 * styles, so `style: cookie` was one too; its Encoding Object lacks the nested `encoding`,
 * `prefixEncoding` and `itemEncoding` (a nested multipart part's encodings); and the device
 * authorization flow's `scopes` name a type that does not exist.
 */
export function oas32Types(types: Record<string, NodeType>): Record<string, NodeType> {
  const named = types['NamedMediaTypes'];
  if (named === undefined || types['MediaType'] === undefined) return types;
  const out: Record<string, NodeType> = { ...types, NamedMediaTypes: { ...named, additionalProperties: () => 'MediaType' } };
  // `style: cookie` (3.2, for `in: cookie`): Redocly's 3.2 types keep 3.1's list of styles.
  const parameter = types['Parameter'];
  const style = parameter?.properties['style'];
  if (parameter !== undefined && typeof style === 'object' && style !== null && 'enum' in style && Array.isArray(style.enum)) {
    out['Parameter'] = { ...parameter, properties: { ...parameter.properties, style: { ...style, enum: [...style.enum, 'cookie'] } } };
  }
  // Nested encodings (3.2, "Nested Encoding"): an Encoding Object takes `encoding`, `prefixEncoding` and `itemEncoding` as a Media Type Object does.
  const encoding = types['Encoding'];
  const media = types['MediaType'].properties;
  if (encoding !== undefined && media['prefixEncoding'] !== undefined) {
    const nested = { encoding: media['encoding'], prefixEncoding: media['prefixEncoding'], itemEncoding: 'Encoding' };
    out['Encoding'] = { ...encoding, properties: { ...encoding.properties, ...nested } };
  }
  // The device authorization flow's scopes: Redocly types them as a map of the type named "string",
  // which its walker cannot find, so a flow with any scope threw "Unknown type name found: string"
  // (no place in the file); typed as the other flows' scopes, a map of strings.
  const device = types['DeviceAuthorization'];
  if (device !== undefined) {
    out['DeviceAuthorization'] = { ...device, properties: { ...device.properties, scopes: { type: 'object', additionalProperties: { type: 'string' } } } };
  }
  return out;
}

/** opaqueExtensions for every OpenAPI version (and oas32Types for 3.2), as a Redocly plugin's `typeExtension`. */
export const OPAQUE_EXTENSION_TYPES = {
  oas3: (types: Record<string, NodeType>, version: string) => opaqueExtensions(version === 'oas3_2' ? oas32Types(types) : types),
  oas2: opaqueExtensions,
} as const;

/** A Redocly plugin that only makes extensions opaque, for the configs specforge builds without its house rules. */
export const OPAQUE_EXTENSIONS_PLUGIN: Plugin = { id: 'specforge-extensions', typeExtension: OPAQUE_EXTENSION_TYPES };

export function detectVersion(loaded: LoadedContract): OpenApiVersion {
  const doc = loaded.document;
  const version = doc['openapi'];
  if (version !== undefined && typeof version !== 'string') {
    // `openapi: 3.1` or `openapi: 2.0` unquoted: YAML reads a number.
    throw ContractError.single(
      'SPECFORGE_UNSUPPORTED_VERSION',
      `OpenAPI version ${JSON.stringify(version)} is not a string`,
      loaded.locate('/openapi'),
      'write the version as a string of three numbers, e.g. `openapi: 3.1.0`',
    );
  }
  if (typeof version !== 'string') {
    const swagger = doc['swagger'] !== undefined;
    throw ContractError.single(
      'SPECFORGE_NOT_OPENAPI',
      swagger ? 'Swagger 2.0 documents are not supported' : 'no "openapi" version field',
      loaded.locate(swagger ? '/swagger' : ''),
      swagger ? 'convert the document to OpenAPI 3.1 first' : 'an OpenAPI document starts with `openapi: 3.1.0`',
    );
  }
  const m = /^3\.([012])\.\d+$/.exec(version);
  if (!m) {
    throw ContractError.single(
      'SPECFORGE_UNSUPPORTED_VERSION',
      `OpenAPI version "${version}" is not supported`,
      loaded.locate('/openapi'),
      'use 3.2.x, 3.1.x or 3.0.x',
    );
  }
  return m[1] === '2' ? '3.2' : m[1] === '1' ? '3.1' : '3.0';
}

/** Checks the bundled document against the OpenAPI structure; throws ContractError on errors. `lintWith` is Redocly's lintDocument (another in tests). */
export async function validateStructure(loaded: LoadedContract, lintWith: typeof lintDocument = lintDocument): Promise<Diagnostic[]> {
  detectVersion(loaded);
  structConfig ??= createConfig({ plugins: [OPAQUE_EXTENSIONS_PLUGIN], rules: { struct: 'error', 'no-unresolved-refs': 'error' } });
  const config = await structConfig;
  const text = loaded.entry.text;
  const document = {
    source: {
      absoluteRef: loaded.entry.path,
      body: text,
      mimeType: undefined,
      getAst(): never {
        throw new Error('specforge resolves positions itself');
      },
      getLines(): string[] {
        return text.split('\n');
      },
    },
    parsed: loaded.document,
  };
  let problems: Awaited<ReturnType<typeof lintDocument>>;
  try {
    problems = await lintWith({
      document: document as unknown as Parameters<typeof lintDocument>[0]['document'],
      config,
      // The bundle is in memory and every $ref the loader let through is internal: nothing is read or fetched.
      externalRefResolver: inMemoryResolver(),
    });
  } catch (err) {
    // Redocly's walker failing on a node its types do not expect: said at the file, never a bare message.
    throw ContractError.single('SPECFORGE_INVALID_STRUCTURE', `the OpenAPI structure check stopped: ${(err as Error).message}`, loaded.locate(''));
  }
  const diagnostics: Diagnostic[] = problems.map((p) => {
    const pointer = (p.location[0]?.pointer ?? '#').replace(/^#/, '');
    return {
      code: 'SPECFORGE_INVALID_STRUCTURE',
      severity: p.severity === 'error' ? 'error' : 'warning',
      message: p.message,
      location: loaded.locate(decodeUriText(pointer) ?? pointer),
      ...(p.suggest.length > 0 ? { hint: `did you mean: ${p.suggest.join(', ')}?` } : {}),
    };
  });
  const errors = diagnostics.filter((d) => d.severity === 'error');
  if (errors.length > 0) throw new ContractError(errors);
  return diagnostics.filter((d) => d.severity === 'warning');
}
