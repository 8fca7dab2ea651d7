/**
 * `specforge bundle --openapi <version>`: a bundled document written for another OpenAPI version.
 *
 * 3.2 to 3.1, for tools that lack 3.2: what 3.1 can say the same way is rewritten (`dataValue` is
 * the example's `value`, a media type given by reference to `components.mediaTypes` is written in
 * place, a form-encoded `in: querystring` parameter is an `in: query` object parameter with
 * `style: form, explode: true`, an XML `nodeType: attribute` is `attribute: true`); what it cannot is
 * kept under an `x-oas32-` extension of the same name at the same place (the `query` method as
 * `x-query`, which Redocly's 3.1 types read as an operation), and every one of those is reported,
 * with its pointer, so nothing is lost in silence. 3.1 to 3.2: a 3.1 document is a valid 3.2 one;
 * only the version changes.
 */
import type { Diagnostic, SourceLocation } from './errors.js';
import { isRecord, joinPointer, resolveLocalRef } from './pointer.js';

export type TargetVersion = '3.1' | '3.2';

export interface Conversion {
  document: Record<string, unknown>;
  /** What could not be kept as it was, each at its pointer in the bundled document. */
  notes: Array<{ pointer: string; message: string }>;
}

const HTTP_FIXED = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const SEQUENTIAL_KEYS = ['itemSchema', 'itemEncoding', 'prefixEncoding'];

/** Renames `key` of `node` to `x-oas32-<key>` (or `to`), keeping its place in the key order. */
function renameKey(node: Record<string, unknown>, key: string, to = `x-oas32-${key}`): void {
  const entries = Object.entries(node).map(([k, v]): [string, unknown] => [k === key ? to : k, v]);
  for (const k of Object.keys(node)) delete node[k];
  for (const [k, v] of entries) Object.defineProperty(node, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/** The document written for OpenAPI `target` (a copy; the input is not changed). */
export function convertVersion(source: Record<string, unknown>, target: TargetVersion): Conversion {
  const document = structuredClone(source);
  const notes: Conversion['notes'] = [];
  const version = String(document['openapi'] ?? '');
  if (target === '3.2') {
    if (!/^3\.[12]\./.test(version)) throw new Error(`only a 3.1 or 3.2 document can be written as 3.2, not ${JSON.stringify(version)}`);
    document['openapi'] = '3.2.0';
    return { document, notes };
  }
  if (/^3\.1\./.test(version)) return { document, notes };
  if (!/^3\.2\./.test(version)) throw new Error(`only a 3.1 or 3.2 document can be written as 3.1, not ${JSON.stringify(version)}`);
  document['openapi'] = '3.1.1';
  const said = new Set<string>();
  // Once per place: a component written in place at each reference is said once.
  const note = (pointer: string, message: string): void => {
    if (said.has(pointer)) return;
    said.add(pointer);
    notes.push({ pointer, message });
  };
  const keep = (node: Record<string, unknown>, key: string, pointer: string, why: string): void => {
    if (!Object.hasOwn(node, key)) return;
    renameKey(node, key);
    note(joinPointer(pointer, key), `${why}: kept as x-oas32-${key}`);
  };

  keep(document, '$self', '', '3.1 has no $self (the base URI of the document)');
  const components = isRecord(document['components']) ? document['components'] : undefined;
  const mediaTypes = components && isRecord(components['mediaTypes']) ? components['mediaTypes'] : undefined;

  const mediaType = (raw: unknown, at: string, owner: Record<string, unknown>, key: string): void => {
    let mt = raw;
    let pointer = at;
    if (isRecord(mt) && typeof mt['$ref'] === 'string' && mt['$ref'].startsWith('#/components/mediaTypes/')) {
      const target = resolveLocalRef(source, mt['$ref']);
      if (target !== undefined) {
        mt = structuredClone(target.value);
        // What it could not keep is said where it is written: in the component.
        pointer = target.pointer;
        Object.defineProperty(owner, key, { value: mt, enumerable: true, writable: true, configurable: true });
      }
    }
    if (!isRecord(mt)) return;
    for (const k of SEQUENTIAL_KEYS) keep(mt, k, pointer, `3.1 cannot describe the items of a stream (${k})`);
    examples(mt, pointer);
    if (isRecord(mt['schema'])) schema(mt['schema'], joinPointer(pointer, 'schema'));
  };
  const content = (node: Record<string, unknown>, pointer: string): void => {
    const c = node['content'];
    if (!isRecord(c)) return;
    for (const [type, raw] of Object.entries(c)) mediaType(raw, joinPointer(pointer, 'content', type), c, type);
  };
  const examples = (node: Record<string, unknown>, pointer: string): void => {
    const list = node['examples'];
    if (!isRecord(list)) return;
    for (const [name, ex] of Object.entries(list)) {
      if (!isRecord(ex)) continue;
      const at = joinPointer(pointer, 'examples', name);
      if (Object.hasOwn(ex, 'dataValue')) {
        if (!Object.hasOwn(ex, 'value')) renameKey(ex, 'dataValue', 'value');
        else keep(ex, 'dataValue', at, 'an example with both value and dataValue');
      }
      keep(ex, 'serializedValue', at, '3.1 examples have no serialized form');
    }
  };
  const schema = (node: Record<string, unknown>, pointer: string, depth = 0): void => {
    if (depth > 64) return;
    const xml = node['xml'];
    if (isRecord(xml) && Object.hasOwn(xml, 'nodeType')) {
      if (xml['nodeType'] === 'attribute') {
        delete xml['nodeType'];
        xml['attribute'] = true;
      } else if (xml['nodeType'] === 'element') delete xml['nodeType'];
      else keep(xml, 'nodeType', joinPointer(pointer, 'xml'), `3.1 XML has no nodeType ${JSON.stringify(xml['nodeType'])}`);
    }
    const discriminator = node['discriminator'];
    if (isRecord(discriminator)) keep(discriminator, 'defaultMapping', joinPointer(pointer, 'discriminator'), '3.1 discriminators have no defaultMapping');
    for (const [k, v] of Object.entries(node)) {
      if (k === 'enum' || k === 'const' || k === 'examples' || k === 'example' || k === 'default') continue;
      if (isRecord(v)) schema(v, joinPointer(pointer, k), depth + 1);
      else if (Array.isArray(v)) v.forEach((item, i) => isRecord(item) && schema(item, joinPointer(pointer, k, i), depth + 1));
    }
  };
  /** Each parameter of a list (an array at `pointer`, or a map of components keyed by name). */
  const parameters = (list: unknown, pointer: string): void => {
    const entries: Array<[string | number, unknown]> = Array.isArray(list) ? list.map((p, i) => [i, p]) : isRecord(list) ? Object.entries(list) : [];
    entries.forEach(([key, p]) => {
      if (!isRecord(p)) return;
      const at = joinPointer(pointer, key);
      examples(p, at);
      if (p['in'] === 'querystring') {
        const c = isRecord(p['content']) ? Object.entries(p['content']) : [];
        const [type, mt] = c[0] ?? [];
        if (c.length === 1 && type === 'application/x-www-form-urlencoded' && isRecord(mt) && mt['encoding'] === undefined) {
          // A form-encoded query string of an object is exactly a form-style, exploded object parameter.
          delete p['content'];
          p['in'] = 'query';
          p['style'] = 'form';
          p['explode'] = true;
          if (mt['schema'] !== undefined) p['schema'] = mt['schema'];
          note(
            joinPointer(at, 'in'),
            'the querystring parameter is written as an in: query object parameter (style: form, explode: true), which 3.1 reads the same way',
          );
        } else {
          p['in'] = 'query';
          p['x-oas32-in'] = 'querystring';
          note(
            joinPointer(at, 'in'),
            `3.1 cannot describe a query string given as ${type ?? 'a whole'} (in: querystring): written as in: query, with x-oas32-in: querystring`,
          );
        }
      }
      content(p, at);
      if (isRecord(p['schema'])) schema(p['schema'], joinPointer(at, 'schema'));
    });
  };
  const operation = (op: Record<string, unknown>, pointer: string): void => {
    parameters(op['parameters'], joinPointer(pointer, 'parameters'));
    if (isRecord(op['requestBody'])) content(op['requestBody'], joinPointer(pointer, 'requestBody'));
    const responses = op['responses'];
    if (isRecord(responses)) {
      for (const [status, r] of Object.entries(responses)) {
        if (!isRecord(r)) continue;
        const at = joinPointer(pointer, 'responses', status);
        keep(r, 'summary', at, '3.1 responses have no summary');
        content(r, at);
        if (isRecord(r['headers'])) for (const [name, h] of Object.entries(r['headers'])) if (isRecord(h)) content(h, joinPointer(at, 'headers', name));
      }
    }
  };
  const pathItem = (item: Record<string, unknown>, pointer: string): void => {
    parameters(item['parameters'], joinPointer(pointer, 'parameters'));
    for (const method of HTTP_FIXED) if (isRecord(item[method])) operation(item[method], joinPointer(pointer, method));
    if (isRecord(item['query'])) {
      operation(item['query'], joinPointer(pointer, 'query'));
      renameKey(item, 'query', 'x-query');
      note(joinPointer(pointer, 'query'), '3.1 has no query method: kept as x-query (an operation to Redocly and tools that read that extension)');
    }
    if (isRecord(item['additionalOperations'])) {
      for (const [name, op] of Object.entries(item['additionalOperations']))
        if (isRecord(op)) operation(op, joinPointer(pointer, 'additionalOperations', name));
      keep(item, 'additionalOperations', pointer, `3.1 has no custom methods (${Object.keys(item['additionalOperations']).join(', ')})`);
    }
  };

  if (isRecord(document['paths']))
    for (const [path, item] of Object.entries(document['paths'])) if (isRecord(item)) pathItem(item, joinPointer('/paths', path));
  if (isRecord(document['webhooks']))
    for (const [name, item] of Object.entries(document['webhooks'])) if (isRecord(item)) pathItem(item, joinPointer('/webhooks', name));
  if (Array.isArray(document['tags'])) {
    document['tags'].forEach((tag, i) => {
      if (!isRecord(tag)) return;
      for (const k of ['parent', 'kind', 'summary']) keep(tag, k, joinPointer('/tags', i), `3.1 tags have no ${k}`);
    });
  }
  if (Array.isArray(document['servers'])) {
    document['servers'].forEach((server, i) => isRecord(server) && keep(server, 'name', joinPointer('/servers', i), '3.1 servers have no name'));
  }
  if (components) {
    if (isRecord(components['schemas']))
      for (const [name, s] of Object.entries(components['schemas'])) if (isRecord(s)) schema(s, joinPointer('/components/schemas', name));
    if (isRecord(components['responses'])) operation({ responses: components['responses'] }, '/components');
    if (isRecord(components['requestBodies']))
      for (const [name, b] of Object.entries(components['requestBodies'])) if (isRecord(b)) content(b, joinPointer('/components/requestBodies', name));
    if (isRecord(components['parameters'])) parameters(components['parameters'], '/components/parameters');
    if (isRecord(components['pathItems']))
      for (const [name, item] of Object.entries(components['pathItems'])) if (isRecord(item)) pathItem(item, joinPointer('/components/pathItems', name));
    if (isRecord(components['securitySchemes'])) {
      for (const [name, scheme] of Object.entries(components['securitySchemes'])) {
        if (!isRecord(scheme)) continue;
        const at = joinPointer('/components/securitySchemes', name);
        keep(scheme, 'deprecated', at, '3.1 security schemes cannot be deprecated');
        keep(scheme, 'oauth2MetadataUrl', at, '3.1 has no oauth2MetadataUrl');
        if (isRecord(scheme['flows'])) keep(scheme['flows'], 'deviceAuthorization', joinPointer(at, 'flows'), '3.1 has no device authorization flow');
      }
    }
    if (mediaTypes !== undefined) {
      delete components['mediaTypes'];
      note('/components/mediaTypes', '3.1 has no components.mediaTypes: each reference to one is written in place');
    }
  }
  return { document, notes };
}

/** The notes of a conversion as warnings, located by `locate`. */
export function conversionWarnings(notes: Conversion['notes'], locate: (pointer: string) => SourceLocation): Diagnostic[] {
  return notes.map((n) => ({ code: 'SPECFORGE_VERSION_CONVERSION', severity: 'warning', message: n.message, location: locate(n.pointer) }));
}
