/**
 * types: the operations openapi-typescript (7.x, which knows OpenAPI 3.1's eight methods) leaves out
 * of `paths`: OpenAPI 3.2's `query` and a path item's `additionalOperations` (custom methods, keyed
 * as written). Each is printed as openapi-typescript prints an operation without an operationId (a
 * type literal of its parameters, request body and responses) and added to its path's members, so
 * `paths["/a"]["query"]` and `paths["/a"]["PURGE"]` type a server handler and a client call alike.
 */
import { createRequire } from 'node:module';
import type { GlobalContext, OpenAPI3, OperationObject, ParameterObject, ReferenceObject } from 'openapi-typescript';
import type * as TypeScript from 'typescript';
import { isRecord } from '../src/contract/pointer.js';
import { loadOpenApiTypeScript } from './openapi-typescript.js';

const { createRef, transformOperationObject, tsPropertyIndex } = loadOpenApiTypeScript(import.meta.url);
// The TypeScript openapi-typescript prints with (openapi-typescript.ts made it specforge's own).
const ts = createRequire(import.meta.url)('typescript') as typeof TypeScript;

/** The operations of a path item that openapi-typescript does not print: [key in `paths`, operation]. */
function extraOperations(item: Record<string, unknown>): [string, Record<string, unknown>][] {
  const out: [string, Record<string, unknown>][] = [];
  if (isRecord(item['query'])) out.push(['query', item['query']]);
  const extra = item['additionalOperations'];
  if (isRecord(extra)) for (const [name, op] of Object.entries(extra)) if (isRecord(op)) out.push([name, op]);
  return out;
}

type Param = ParameterObject | ReferenceObject;

/** `nodes` (transformSchema's output) with each path's query and custom operations added to `paths`. */
export function withExtraMethods(nodes: TypeScript.Node[], schema: OpenAPI3, ctx: GlobalContext): TypeScript.Node[] {
  const paths = (schema as unknown as Record<string, unknown>)['paths'];
  if (!isRecord(paths) || !Object.values(paths).some((item) => isRecord(item) && extraOperations(item).length > 0)) return nodes;
  const keyOf = (p: Param): string => {
    const resolved = '$ref' in p ? ctx.resolve<ParameterObject>(p.$ref) : p;
    return `${String(resolved?.in)}-${String(resolved?.name)}`;
  };
  return nodes.map((node) => {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== 'paths') return node;
    const members = node.members.map((member) => {
      if (!ts.isPropertySignature(member) || member.type === undefined || !ts.isTypeLiteralNode(member.type)) return member;
      const name = member.name;
      const path = ts.isStringLiteral(name) || ts.isIdentifier(name) ? name.text : undefined;
      const item = path === undefined ? undefined : paths[path];
      if (path === undefined || !isRecord(item)) return member;
      const extra = extraOperations(item);
      if (extra.length === 0) return member;
      const added = extra.map(([method, op]) => {
        // As openapi-typescript does: the path item's parameters, overridden by the operation's. Its
        // refs decode the method as a URI component: a custom method may have a % (a token character).
        const keyed = new Map<string, Param>();
        for (const p of [...((item['parameters'] as Param[] | undefined) ?? []), ...((op['parameters'] as Param[] | undefined) ?? [])]) keyed.set(keyOf(p), p);
        const operation = { ...op, parameters: [...keyed.values()] } as unknown as OperationObject;
        const type = ts.factory.createTypeLiteralNode(
          transformOperationObject(operation, { path: createRef(['paths', path, encodeURIComponent(method)]), ctx }),
        );
        return ts.factory.createPropertySignature(undefined, tsPropertyIndex(method), undefined, type);
      });
      return ts.factory.updatePropertySignature(
        member,
        member.modifiers,
        member.name,
        member.questionToken,
        ts.factory.updateTypeLiteralNode(member.type, ts.factory.createNodeArray([...member.type.members, ...added])),
      );
    });
    return ts.factory.updateInterfaceDeclaration(
      node,
      node.modifiers,
      node.name,
      node.typeParameters,
      node.heritageClauses,
      ts.factory.createNodeArray(members),
    );
  });
}
