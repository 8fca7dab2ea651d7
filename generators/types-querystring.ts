/**
 * types: an OpenAPI 3.2 `in: querystring` parameter is the operation's whole query string, so its
 * `parameters.query` is the parameter's own type (the schema of its `content`), not an object of
 * named parameters. openapi-typescript (7.x) knows no querystring location and leaves such a
 * parameter out (`query?: never`); each is given to it as one query parameter of a reserved name,
 * whose type then replaces the `query` object it is the only member of.
 */
import { createRequire } from 'node:module';
import type * as TypeScript from 'typescript';
import { isRecord } from '../src/contract/pointer.js';

// The TypeScript openapi-typescript prints with (openapi-typescript.ts made it specforge's own).
const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;

/** The reserved name: no query parameter may stand beside a querystring one (the model refuses it). */
const WHOLE = 'specforge:querystring';

function rewrite(parameter: unknown): boolean {
  if (!isRecord(parameter) || parameter['in'] !== 'querystring') return false;
  const content = parameter['content'];
  const first = isRecord(content) ? Object.values(content)[0] : undefined;
  parameter['in'] = 'query';
  parameter['name'] = WHOLE;
  parameter['schema'] = isRecord(first) && first['schema'] !== undefined ? first['schema'] : {};
  delete parameter['content'];
  return true;
}

function rewriteList(list: unknown): boolean {
  return Array.isArray(list) ? list.map(rewrite).some(Boolean) : false;
}

/**
 * Rewrites, in `document` (a copy), each querystring parameter of the path items, operations,
 * webhooks and components into the reserved query parameter; whether there was any.
 */
export function markQuerystrings(document: Record<string, unknown>): boolean {
  let found = false;
  const items = [document['paths'], document['webhooks']].flatMap((map) => (isRecord(map) ? Object.values(map) : []));
  const components = document['components'];
  if (isRecord(components) && isRecord(components['pathItems'])) items.push(...Object.values(components['pathItems']));
  for (const item of items) {
    if (!isRecord(item)) continue;
    if (rewriteList(item['parameters'])) found = true;
    const extra = isRecord(item['additionalOperations']) ? Object.values(item['additionalOperations']) : [];
    for (const op of [...Object.values(item), ...extra]) {
      if (isRecord(op) && rewriteList(op['parameters'])) found = true;
    }
  }
  if (isRecord(components) && isRecord(components['parameters'])) {
    for (const p of Object.values(components['parameters'])) if (rewrite(p)) found = true;
  }
  return found;
}

function nameOf(name: TypeScript.PropertyName): string | undefined {
  return ts.isStringLiteral(name) || ts.isIdentifier(name) ? name.text : undefined;
}

/** `nodes` with each `query: { "specforge:querystring": T }` printed as `query: T`. */
export function unmarkQuerystrings(nodes: TypeScript.Node[]): TypeScript.Node[] {
  const transformer: TypeScript.TransformerFactory<TypeScript.Node> = (context) => {
    const visit = (node: TypeScript.Node): TypeScript.Node => {
      if (ts.isPropertySignature(node) && node.type !== undefined && ts.isTypeLiteralNode(node.type) && nameOf(node.name) === 'query') {
        const [only, ...rest] = node.type.members;
        if (only !== undefined && rest.length === 0 && ts.isPropertySignature(only) && only.type !== undefined && nameOf(only.name) === WHOLE) {
          return ts.factory.updatePropertySignature(node, node.modifiers, node.name, node.questionToken, only.type);
        }
      }
      return ts.visitEachChild(node, visit, context);
    };
    return (node) => ts.visitNode(node, visit) as TypeScript.Node;
  };
  const result = ts.transform(nodes, [transformer]);
  const out = result.transformed;
  result.dispose();
  return out;
}
