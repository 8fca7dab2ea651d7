/**
 * Servers: the addresses clients call. Compared where they are declared (the contract, a path item,
 * an operation), as the list that applies there: a path or operation without its own list uses
 * the enclosing one, so moving a list down unchanged is no change.
 */
import { isRecord, joinPointer } from '../contract/pointer.js';
import type { Emit } from './change.js';
import { show, type Node } from './document.js';

export interface Server {
  url: string;
  /** The URL as compared: trailing slashes dropped, scheme and host lower case. */
  key: string;
  variables: Record<string, unknown>;
  pointer: string;
}

export function serverKey(url: string): string {
  const trimmed = url.trim().replace(/\/+$/, '');
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/]*)(.*)$/i.exec(trimmed);
  return m ? `${(m[1] as string).toLowerCase()}${(m[2] as string).toLowerCase()}${m[3] as string}` : trimmed;
}

/** The `servers` list of a node; undefined when the node declares none. */
export function serversOf(owner: Node | undefined): Server[] | undefined {
  const list = owner?.node['servers'];
  if (!owner || !Array.isArray(list)) return undefined;
  const out: Server[] = [];
  list.forEach((s, i) => {
    if (!isRecord(s) || typeof s['url'] !== 'string') return;
    out.push({
      url: s['url'],
      key: serverKey(s['url']),
      variables: isRecord(s['variables']) ? s['variables'] : {},
      pointer: joinPointer(owner.pointer, 'servers', i),
    });
  });
  return out;
}

/**
 * Compares two server lists. `parent` is where a removal is reported in the head (its `servers`
 * list, or the node that would hold one); `where` prefixes messages ("", "path /pets: ").
 */
export function diffServerLists(base: Server[], head: Server[], emit: Emit, parent: string, where = ''): void {
  const headKeys = new Map(head.map((s) => [s.key, s]));
  const baseKeys = new Set(base.map((s) => s.key));
  const removed = base.filter((s) => !headKeys.has(s.key));
  const added = head.filter((s) => !baseKeys.has(s.key));
  // One server replaced by one other: a changed URL, reported once.
  const replaced = removed.length === 1 && added.length === 1 ? added[0] : undefined;
  for (const s of removed) {
    emit(
      'api-server-removed',
      replaced ? replaced.pointer : parent,
      `${where}server ${s.url} ${replaced ? `became ${replaced.url}` : 'was removed'}: clients configured with it may call an address the API no longer answers at`,
    );
  }
  if (!replaced) for (const s of added) emit('api-server-added', s.pointer, `${where}server ${s.url} was added`);
  for (const b of base) {
    const h = headKeys.get(b.key);
    if (h) diffVariables(b, h, emit, where);
  }
}

function diffVariables(b: Server, h: Server, emit: Emit, where: string): void {
  for (const [name, bv] of Object.entries(b.variables)) {
    const hv = h.variables[name];
    if (!isRecord(bv) || !isRecord(hv)) continue;
    const at = joinPointer(h.pointer, 'variables', name);
    const label = `${where}server ${h.url} variable "${name}"`;
    const bEnum = Array.isArray(bv['enum']) ? bv['enum'].map(show) : undefined;
    const hEnum = Array.isArray(hv['enum']) ? hv['enum'].map(show) : undefined;
    if (hEnum) {
      const gone = bEnum ? bEnum.filter((v) => !hEnum.includes(v)) : undefined;
      if (gone === undefined) {
        emit(
          'api-server-variable-enum-value-removed',
          joinPointer(at, 'enum'),
          `${label} is now limited to ${hEnum.join(', ')}: clients that use another value call an address the contract no longer lists`,
        );
      } else if (gone.length > 0) {
        emit(
          'api-server-variable-enum-value-removed',
          joinPointer(at, 'enum'),
          `${label}: value${gone.length > 1 ? 's' : ''} ${gone.join(', ')} removed: clients that use ${gone.length > 1 ? 'them' : 'it'} call an address the contract no longer lists`,
        );
      }
    }
    if (show(bv['default']) !== show(hv['default'])) {
      emit(
        'api-server-variable-default-changed',
        joinPointer(at, 'default'),
        `${label}: default changed from ${show(bv['default'])} to ${show(hv['default'])}: clients that do not set it call another address`,
      );
    }
  }
}

/**
 * The servers that apply at a level, and whether the level declares its own: a level is compared
 * only when one side declares its own list (else the enclosing level's comparison covers it).
 */
export function diffServersAt(
  base: { own: Node | undefined; inherited: Server[] },
  head: { own: Node | undefined; inherited: Server[] },
  emit: Emit,
  where = '',
): void {
  const bOwn = serversOf(base.own);
  const hOwn = serversOf(head.own);
  if (bOwn === undefined && hOwn === undefined) return;
  const parent = hOwn !== undefined && head.own ? joinPointer(head.own.pointer, 'servers') : (head.own?.pointer ?? '');
  diffServerLists(bOwn ?? base.inherited, hOwn ?? head.inherited, emit, parent, where);
}
