/**
 * Where the message is in each declared error answer of an operation, for the generated SDK's call
 * tables (`messages`): read from the error-shape engine's templates (src/contract/tables/
 * error-shapes.ts), or from the explicit shape (x-specforge-error, the config's `errors:`), as a
 * JSON pointer the client's ApiError reads its message at. `/message` is left out: the client reads
 * it first anyway.
 */
import type { ApiSpec, ErrorTemplate } from '../src/runtime/shared/spec.js';
import type { OperationModel } from '../src/contract/model-types.js';

function escapeSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/**
 * The pointer of the error's message in a template: a `message` node nearest the top (the body
 * itself, a property, a property of an envelope), else the message of the first detail where the
 * body carries the error's text only in its details.
 */
export function messagePointer(template: ErrorTemplate): string | undefined {
  let level: Array<[string, ErrorTemplate]> = [['', template]];
  for (let depth = 0; depth < 8 && level.length > 0; depth++) {
    for (const [at, node] of level) if (node.t === 'message') return at;
    for (const [at, node] of level) {
      if (node.t !== 'details') continue;
      if (node.item.t === 'detail' && node.item.field === 'message') return `${at}/0`;
      if (node.item.t === 'object') {
        const entry = node.item.props.find(([, child]) => child.t === 'detail' && child.field === 'message');
        if (entry) return `${at}/0/${escapeSegment(entry[0])}`;
      }
    }
    const next: Array<[string, ErrorTemplate]> = [];
    for (const [at, node] of level) if (node.t === 'object') for (const [name, child] of node.props) next.push([`${at}/${escapeSegment(name)}`, child]);
    level = next;
  }
  return undefined;
}

/** The pointer of the explicit shape's message field (a property name or a JSON pointer). */
function explicitPointer(spec: ApiSpec): string | undefined {
  const field = spec.errorBody?.fields.message;
  if (field === undefined || field === '') return undefined;
  return field.startsWith('/') ? field : `/${escapeSegment(field)}`;
}

function isErrorKey(key: string): boolean {
  return key === 'default' || /^[45]/.test(key);
}

/**
 * The `messages` of each operation's call table, by operation: response key to pointer, or
 * undefined when none differs from `/message`.
 */
export function messageTables(spec: ApiSpec): (op: OperationModel) => Record<string, string> | undefined {
  const byId = new Map(spec.operations.map((o) => [o.id, o.errors]));
  const explicit = explicitPointer(spec);
  return (op) => {
    const templates = byId.get(op.id);
    const out: Record<string, string> = {};
    for (const r of op.responses) {
      if (!isErrorKey(r.status)) continue;
      const template = templates && Object.hasOwn(templates, r.status) ? templates[r.status] : undefined;
      const pointer = template ? messagePointer(template) : r.content.length > 0 ? explicit : undefined;
      if (pointer === undefined || pointer === '/message') continue;
      Object.defineProperty(out, r.status, { value: pointer, enumerable: true, writable: true, configurable: true });
    }
    return Object.keys(out).length > 0 ? out : undefined;
  };
}
