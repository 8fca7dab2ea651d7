/**
 * Parameters of an operation, paired by location and name (a path parameter by its position in
 * the path): removed, added, moved to another location, serialized differently (style, explode,
 * allowReserved, content media type), their defaults, deprecation and schemas.
 */
import { getAtPointer, joinPointer } from '../contract/pointer.js';
import type { OperationModel, ParameterModel } from '../contract/model.js';
import type { Emit } from './change.js';
import { removalOf, sunsetProblem, type DiffPolicy, type Stability } from './deprecation.js';
import { deref, mediaKey, show } from './document.js';
import { compareSchemas, type SchemaContext } from './schema-diff.js';

export type ContextFactory = (direction: SchemaContext['direction'], scope: SchemaContext['scope'], where: string) => SchemaContext;

export interface ParameterSides {
  baseDoc: Record<string, unknown>;
  headDoc: Record<string, unknown>;
  policy: DiffPolicy;
  /** Stability of the operation in the base and the head (deprecation periods follow the head's). */
  headStability: Stability;
}

function parameterKey(op: OperationModel, p: ParameterModel): string {
  if (p.in === 'path') {
    const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
    return `path:#${names.indexOf(p.name)}`;
  }
  return `${p.in}:${p.in === 'header' ? p.name.toLowerCase() : p.name}`;
}

function parameterSchemaPointer(p: ParameterModel): string {
  return p.contentType !== undefined ? joinPointer(p.pointer, 'content', p.contentType, 'schema') : joinPointer(p.pointer, 'schema');
}

function parametersPointer(op: OperationModel): string {
  return op.parameters.length > 0 ? joinPointer(op.pointer, 'parameters') : op.pointer;
}

/** Whether two parameters at different locations are one parameter that moved (header names ignore case). */
function sameName(a: ParameterModel, b: ParameterModel): boolean {
  return a.in === 'header' || b.in === 'header' ? a.name.toLowerCase() === b.name.toLowerCase() : a.name === b.name;
}

/** The `default` of a schema as written: on the schema, its $ref target, or a member of its allOf. */
function defaultOf(doc: Record<string, unknown>, value: unknown, pointer: string, depth = 0): { value: unknown; pointer: string } | undefined {
  const found = deref(doc, value, pointer);
  if (!found || depth > 16) return undefined;
  const { node, pointer: at } = found;
  if ('default' in node) return { value: node['default'], pointer: joinPointer(at, 'default') };
  const all = node['allOf'];
  if (Array.isArray(all)) {
    for (let i = 0; i < all.length; i++) {
      const d = defaultOf(doc, all[i], joinPointer(at, 'allOf', i), depth + 1);
      if (d) return d;
    }
  }
  return undefined;
}

function schemaDefault(doc: Record<string, unknown>, p: ParameterModel): { value: unknown; pointer: string } | undefined {
  const pointer = parameterSchemaPointer(p);
  return defaultOf(doc, getAtPointer(doc, pointer).value, pointer);
}

/** Whether a schema may hold an array or an object (explode matters only for those). */
function mayBeComposite(c: SchemaContext, p: ParameterModel): boolean {
  const types = c.head.view(c.head.at(parameterSchemaPointer(p))).types?.set;
  return types === undefined || types.has('array') || types.has('object');
}

export function diffParameters(bOp: OperationModel, hOp: OperationModel, emit: Emit, ctx: ContextFactory, sides: ParameterSides): void {
  const headParams = new Map(hOp.parameters.map((p) => [parameterKey(hOp, p), p]));
  const baseParams = new Map(bOp.parameters.map((p) => [parameterKey(bOp, p), p]));
  const moved = new Set<string>();
  for (const [key, bp] of baseParams) {
    let hp = headParams.get(key);
    const label = `${bp.in} parameter "${bp.name}"`;
    if (!hp && bp.in !== 'path') {
      const target = [...headParams].find(([k, p]) => p.in !== 'path' && p.in !== bp.in && !baseParams.has(k) && !moved.has(k) && sameName(bp, p));
      if (target) {
        moved.add(target[0]);
        hp = target[1];
        emit(
          'request-parameter-location-changed',
          joinPointer(hp.pointer, 'in'),
          `${label} moved to the ${hp.in}: a value clients send in the ${bp.in} is ignored${hp.required ? ', and requests without the new ' + hp.in + ' are refused' : ''}`,
        );
      }
    }
    if (!hp) {
      removedParameter(bp, label, hOp, emit, sides);
      continue;
    }
    if (!bp.required && hp.required) emit('request-parameter-became-required', joinPointer(hp.pointer, 'required'), `${label} became required`);
    if (!bp.deprecated && hp.deprecated) emit('request-parameter-deprecated', joinPointer(hp.pointer, 'deprecated'), `${label} is now deprecated`);
    parameterSunset(bp, hp, label, emit, sides);
    const c = ctx('request', 'request-parameter', `${hp.in} parameter "${hp.name}"`);
    if (bp.in === hp.in) serialization(bp, hp, label, emit, c);
    defaults(bp, hp, label, emit, sides);
    compareSchemas(c.base.at(parameterSchemaPointer(bp)), c.head.at(parameterSchemaPointer(hp)), c);
  }
  for (const [key, hp] of headParams) {
    if (!baseParams.has(key) && !moved.has(key) && hp.required)
      emit('request-parameter-added-required', hp.pointer, `required ${hp.in} parameter "${hp.name}" was added`);
  }
}

function removedParameter(bp: ParameterModel, label: string, hOp: OperationModel, emit: Emit, sides: ParameterSides): void {
  const at = parametersPointer(hOp);
  const removal = removalOf(bp.deprecated, bp.extensions, sides.policy, sides.headStability);
  switch (removal.kind) {
    case 'not-deprecated':
      emit('request-parameter-removed', at, `${label} was removed`);
      return;
    case 'allowed':
      emit(
        'request-parameter-removed-with-deprecation',
        at,
        `deprecated ${label} was removed${removal.sunset ? ` after its x-sunset date ${removal.sunset}` : ''}`,
      );
      return;
    case 'before-sunset':
      emit(
        'request-parameter-removed-before-sunset',
        at,
        `deprecated ${label} was removed before its x-sunset date ${removal.sunset}; clients were promised it until then`,
      );
      return;
    case 'sunset-missing':
      emit(
        'request-parameter-deprecated-sunset-missing',
        at,
        `deprecated ${label} was removed, but it had no x-sunset date, which a ${removal.days}-day deprecation period requires; clients were never told when it would go`,
      );
  }
}

function parameterSunset(bp: ParameterModel, hp: ParameterModel, label: string, emit: Emit, sides: ParameterSides): void {
  const problem = sunsetProblem(bp, hp, sides.policy, sides.headStability);
  if (!problem) return;
  const at = joinPointer(hp.pointer, 'x-sunset' in hp.extensions ? 'x-sunset' : 'deprecated');
  if (problem.kind === 'missing') {
    emit(
      'request-parameter-deprecated-sunset-missing',
      at,
      `${label} is deprecated but ${problem.why}; a ${problem.days}-day deprecation period needs one, so clients know until when it is read`,
    );
  } else {
    emit(
      'request-parameter-sunset-date-too-small',
      at,
      `${label}: ${problem.why}, sooner than the ${problem.days}-day deprecation period allows (${problem.earliest} at the earliest); clients get less notice than promised`,
    );
  }
}

function serialization(bp: ParameterModel, hp: ParameterModel, label: string, emit: Emit, c: SchemaContext): void {
  const bType = bp.contentType === undefined ? undefined : mediaKey(bp.contentType);
  const hType = hp.contentType === undefined ? undefined : mediaKey(hp.contentType);
  if (bType !== hType) {
    const what = (t: string | undefined, p: ParameterModel): string => (t === undefined ? `a schema (style ${p.style})` : `content ${t}`);
    emit(
      'request-parameter-media-type-changed',
      joinPointer(hp.pointer, hp.contentType !== undefined ? 'content' : 'schema'),
      `${label} is now described by ${what(hType, hp)} instead of ${what(bType, bp)}: values clients encode the old way are read differently`,
    );
    return;
  }
  if (hType !== undefined) return;
  if (bp.style !== hp.style) {
    emit(
      'request-parameter-style-changed',
      joinPointer(hp.pointer, 'style'),
      `${label} is serialized with style ${hp.style} instead of ${bp.style}: values clients serialize the old way are read differently`,
    );
  } else if (bp.explode !== hp.explode && mayBeComposite(c, hp)) {
    emit(
      'request-parameter-explode-changed',
      joinPointer(hp.pointer, 'explode'),
      `${label} changed explode from ${String(bp.explode)} to ${String(hp.explode)}: its items are now expected ${hp.explode ? 'as separate values' : 'in one value'}, so lists and objects sent the old way are read differently`,
    );
  }
  if (hp.in === 'query' && bp.allowReserved !== hp.allowReserved) {
    emit(
      'request-parameter-allow-reserved-changed',
      joinPointer(hp.pointer, 'allowReserved'),
      `${label} ${hp.allowReserved ? 'now allows' : 'no longer allows'} reserved characters unencoded: values with "/", "?" or "&" sent as before may be read differently`,
    );
  }
}

function defaults(bp: ParameterModel, hp: ParameterModel, label: string, emit: Emit, sides: ParameterSides): void {
  // A required parameter is always sent: its default never applies.
  if (bp.required || hp.required || hp.in === 'path') return;
  const bd = schemaDefault(sides.baseDoc, bp);
  const hd = schemaDefault(sides.headDoc, hp);
  if (bd === undefined && hd === undefined) return;
  if (bd && hd) {
    if (show(bd.value) !== show(hd.value)) {
      emit(
        'request-parameter-default-changed',
        hd.pointer,
        `${label}: default changed from ${show(bd.value)} to ${show(hd.value)}; clients that omit it get ${show(hd.value)} now`,
      );
    }
  } else if (hd) {
    emit('request-parameter-default-added', hd.pointer, `${label}: default ${show(hd.value)} was set; clients that omit it get that value now`);
  } else if (bd) {
    emit(
      'request-parameter-default-removed',
      joinPointer(hp.pointer, hp.contentType !== undefined ? 'content' : 'schema'),
      `${label}: default ${show(bd.value)} was removed; clients that omit it no longer get that value`,
    );
  }
}
