/**
 * Swagger 2.0 in, OpenAPI 3.0 out: a 2.0 contract is converted on load (by swagger2openapi, which
 * knows the corner cases: body and formData parameters, collectionFormat, produces and consumes,
 * x-nullable, security definitions), and every pointer of the converted document is mapped back to
 * the place in the 2.0 file it came from, so messages keep pointing at what the user wrote.
 *
 * The converter is asynchronous and the loader is not: `convertSwagger2` runs once per content hash
 * (every async entry point calls `prepareContract` first) and `loadContract` takes the converted
 * document from the cache.
 */
import { createRequire } from 'node:module';
import { ContractError, type Diagnostic } from './errors.js';
import { escapeSegment, getAtPointer, isRecord, joinPointer, parsePointer } from './pointer.js';

export function isSwagger2(document: unknown): document is Record<string, unknown> {
  return isRecord(document) && document['swagger'] !== undefined && document['openapi'] === undefined;
}

interface Converted {
  document: Record<string, unknown>;
  /** What the converter could not convert cleanly, as pointers into the converted document. */
  warnings: Array<{ pointer: string; message: string }>;
}

interface ConverterOptions {
  patch: boolean;
  warnOnly: boolean;
  resolve: boolean;
  direct: boolean;
  text: string;
  warnProperty: string;
}

type Convert = (document: unknown, options: ConverterOptions) => Promise<Record<string, unknown>>;

const WARNING = 'x-specforge-s2o-warning';
const converted = new Map<string, Converted>();

let converter: Convert | undefined;
function loadConverter(): Convert {
  if (!converter) {
    // swagger2openapi is CommonJS; loaded on first use so OpenAPI 3 contracts never pay for it.
    const mod = createRequire(import.meta.url)('swagger2openapi') as { convertObj: Convert };
    converter = mod.convertObj;
  }
  return converter;
}

/** Moves the converter's warnings out of the document, with where they were. */
function takeWarnings(node: unknown, pointer: string, out: Converted['warnings'], depth = 0): void {
  if (depth > 200) return;
  if (Array.isArray(node)) node.forEach((v, i) => takeWarnings(v, joinPointer(pointer, i), out, depth + 1));
  else if (isRecord(node)) {
    for (const [k, v] of Object.entries(node)) {
      if (k === WARNING) {
        out.push({ pointer, message: String(v) });
        delete node[k];
      } else takeWarnings(v, joinPointer(pointer, k), out, depth + 1);
    }
  }
}

/** Converts (once per `hash`) a bundled 2.0 document; throws ContractError when the converter refuses it. */
export async function convertSwagger2(
  hash: string,
  document: Record<string, unknown>,
  text: string,
  locate: (pointer: string) => Diagnostic['location'],
): Promise<void> {
  if (converted.has(hash)) return;
  if (document['swagger'] !== '2.0' && document['swagger'] !== 2) {
    throw ContractError.single(
      'SPECFORGE_UNSUPPORTED_VERSION',
      `Swagger version ${JSON.stringify(document['swagger'])} is not supported`,
      locate('/swagger'),
      'specforge reads Swagger 2.0 and OpenAPI 3.0 and 3.1',
    );
  }
  let result: Record<string, unknown>;
  try {
    // The converter changes its input: give it a copy, so the loader's document stays as written.
    result = await loadConverter()(structuredClone(document), {
      patch: true,
      warnOnly: true,
      resolve: false,
      direct: true,
      text: text || ' ',
      warnProperty: WARNING,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw ContractError.single(
      'SPECFORGE_SWAGGER_CONVERT',
      `the Swagger 2.0 document cannot be converted to OpenAPI 3: ${message}`,
      locate(''),
      'fix the 2.0 document, or convert it to OpenAPI 3 yourself',
    );
  }
  const warnings: Converted['warnings'] = [];
  takeWarnings(result, '', warnings);
  if (converted.size > 64) converted.clear();
  converted.set(hash, { document: result, warnings });
}

export function convertedSwagger2(hash: string): Converted | undefined {
  return converted.get(hash);
}

/** Index of the `n`th parameter of `params` (a 2.0 parameter list) that is neither body nor formData. */
function nthPlainParameter(params: unknown, n: number, resolve: (ref: string) => unknown): number | undefined {
  if (!Array.isArray(params)) return undefined;
  let seen = -1;
  for (let i = 0; i < params.length; i++) {
    const p = isRecord(params[i]) && typeof params[i]['$ref'] === 'string' ? resolve(params[i]['$ref'] as string) : params[i];
    const where = isRecord(p) ? p['in'] : undefined;
    if (where === 'body' || where === 'formData') continue;
    if (++seen === n) return i;
  }
  return undefined;
}

/** Index of the body parameter, or of the formData parameter `name` (any formData one without a name). */
function bodyParameter(params: unknown, name: string | undefined, resolve: (ref: string) => unknown): number | undefined {
  if (!Array.isArray(params)) return undefined;
  for (let i = 0; i < params.length; i++) {
    const p = isRecord(params[i]) && typeof params[i]['$ref'] === 'string' ? resolve(params[i]['$ref'] as string) : params[i];
    if (!isRecord(p)) continue;
    if (p['in'] === 'body') return i;
    if (p['in'] === 'formData' && (name === undefined || p['name'] === name)) return i;
  }
  return undefined;
}

/**
 * The pointer of the 2.0 document that a pointer of the converted document comes from (for a
 * part the conversion made up, the nearest part of the 2.0 document it was made from).
 */
export function swagger2Pointer(pointer: string, original: Record<string, unknown>): string {
  let segs: string[];
  try {
    segs = parsePointer(pointer);
  } catch {
    return pointer;
  }
  const resolve = (ref: string): unknown => (ref.startsWith('#') ? getAtPointer(original, ref.slice(1)).value : undefined);
  const out = (...parts: Array<string | number>): string => joinPointer('', ...parts);
  /** A media type object's rest ("schema/…", "example", "examples/x") as 2.0 writes it under a response. */
  const media = (base: string[], type: string | undefined, rest: string[]): string => {
    if (rest[0] === 'schema') return out(...base, ...rest);
    if (rest[0] === 'example' || rest[0] === 'examples') return type === undefined ? out(...base) : out(...base, 'examples', type);
    return out(...base);
  };
  /** A 3.0 parameter's rest: "schema/x" is the 2.0 parameter's own "x" (except a body's schema). */
  const param = (base: string[], rest: string[]): string => {
    const node = getAtPointer(original, out(...base)).value;
    if (rest[0] === 'schema' && !(isRecord(node) && node['in'] === 'body')) return out(...base, ...rest.slice(1));
    return out(...base, ...rest);
  };
  /** A response's rest: content/<type>/… and headers/<name>/schema/… as 2.0 writes them. */
  const response = (base: string[], rest: string[]): string => {
    if (rest[0] === 'content') return media(base, rest[1], rest.slice(2));
    if (rest[0] === 'headers' && rest[2] === 'schema') return out(...base, 'headers', rest[1] as string, ...rest.slice(3));
    return out(...base, ...rest);
  };
  const requestBody = (operation: string[], rest: string[]): string => {
    const params = getAtPointer(original, out(...operation, 'parameters')).value;
    // content/<type>/schema/properties/<name>/…: a formData parameter; content/<type>/schema/…: the body's schema.
    const name = rest[0] === 'content' && rest[2] === 'schema' && rest[3] === 'properties' ? rest[4] : undefined;
    const index = bodyParameter(params, name, resolve);
    if (index === undefined) return out(...operation);
    const p = params as unknown[];
    const node = isRecord(p[index]) ? p[index] : {};
    if (node['in'] === 'formData')
      return name === undefined ? out(...operation, 'parameters', index) : out(...operation, 'parameters', index, ...rest.slice(5));
    return rest[0] === 'content' && rest[2] === 'schema' ? out(...operation, 'parameters', index, ...rest.slice(2)) : out(...operation, 'parameters', index);
  };

  const [top, a, b, ...rest] = segs;
  if (top === 'components' && a !== undefined) {
    const tail = b === undefined ? [] : [b, ...rest];
    switch (a) {
      case 'schemas':
        return out('definitions', ...tail);
      case 'securitySchemes':
        return out('securityDefinitions', ...tail);
      case 'parameters':
        return b === undefined ? out('parameters') : param(['parameters', b], rest);
      case 'responses':
        return b === undefined ? out('responses') : response(['responses', b], rest);
      case 'requestBodies':
        // A body shared by operations: named after its definition, or after the shared parameter.
        if (b !== undefined && getAtPointer(original, out('parameters', b)).found) return out('parameters', b, ...(rest[2] === 'schema' ? rest.slice(2) : []));
        if (b !== undefined && getAtPointer(original, out('definitions', b)).found)
          return out('definitions', b, ...(rest[2] === 'schema' ? rest.slice(3) : []));
        return '';
      default:
        return '';
    }
  }
  if (top === 'servers') return getAtPointer(original, '/host').found ? '/host' : getAtPointer(original, '/basePath').found ? '/basePath' : '';
  if (top === 'paths' && a !== undefined) {
    if (b === undefined) return out('paths', a);
    if (b === 'parameters') {
      const i = nthPlainParameter(getAtPointer(original, out('paths', a, 'parameters')).value, Number(rest[0]), resolve);
      return i === undefined ? out('paths', a) : param(['paths', a, 'parameters', String(i)], rest.slice(1));
    }
    const operation = ['paths', a, b];
    const [section, key, ...more] = rest;
    if (section === 'parameters' && key !== undefined) {
      const i = nthPlainParameter(getAtPointer(original, out(...operation, 'parameters')).value, Number(key), resolve);
      return i === undefined ? out(...operation) : param([...operation, 'parameters', String(i)], more);
    }
    if (section === 'requestBody') return requestBody(operation, key === undefined ? [] : [key, ...more]);
    if (section === 'responses' && key !== undefined) return response([...operation, 'responses', key], more);
    return out(...segs);
  }
  return pointer;
}

/** The nearest pointer of `original` at or above `pointer` (the conversion can make up deeper parts). */
export function existingAncestor(original: unknown, pointer: string): string {
  let segs: string[];
  try {
    segs = parsePointer(pointer);
  } catch {
    return '';
  }
  for (let n = segs.length; n > 0; n--) {
    const candidate = segs.slice(0, n).reduce((p, s) => `${p}/${escapeSegment(s)}`, '');
    if (getAtPointer(original, candidate).found) return candidate;
  }
  return '';
}
