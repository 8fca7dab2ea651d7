/**
 * A file of accepted changes (`--accept`): known breaking changes a team has agreed to, silenced in
 * later runs and reported as info. YAML or JSON, a list (or `accepted:` list) of entries:
 *
 *   - rule: response-property-removed        # required: a diff rule id
 *     operation: GET /pets/{petId}            # "METHOD /path" or an operationId
 *     path: /pets/{petId}                     # the API path
 *     pointer: /components/schemas/Pet        # JSON pointer of the finding (in its file or the bundled contract)
 *     spec: specs/pets/openapi.yaml           # the contract
 *     reason: the field was never filled
 *
 * Every field but `rule` and `reason` narrows which changes the entry accepts.
 */
import { readFileSync } from 'node:fs';
import { ContractError, type Diagnostic } from '../contract/errors.js';
import { isRecord, joinPointer } from '../contract/pointer.js';
import { displayPath } from '../contract/resolve.js';
import { parseSource } from '../contract/source.js';
import type { DiffChange } from './change.js';
import { isDiffRuleId } from './rules.js';

export interface AcceptEntry {
  rule: string;
  operation?: string;
  path?: string;
  pointer?: string;
  spec?: string;
  reason?: string;
  /** Position of the entry in the file, for messages. */
  where: string;
}

const FIELDS = ['rule', 'operation', 'path', 'pointer', 'spec', 'reason'] as const;

/** Reads and checks an accept file; every problem is reported with its line. */
export function loadAcceptFile(path: string, cwd: string): AcceptEntry[] {
  const display = displayPath(path, cwd);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw ContractError.single('SPECFORGE_USAGE', `cannot read the accept file ${display}`, { file: display });
  }
  const source = parseSource(path, display, text);
  const data = source.data;
  const listPointer = isRecord(data) ? '/accepted' : '';
  const list = isRecord(data) ? data['accepted'] : data;
  if (!Array.isArray(list)) {
    throw ContractError.single(
      'SPECFORGE_USAGE',
      'an accept file is a list of accepted changes (or a mapping with an "accepted" list)',
      source.locate(listPointer),
    );
  }
  const problems: Diagnostic[] = [];
  const entries: AcceptEntry[] = [];
  list.forEach((raw, i) => {
    const at = joinPointer(listPointer, i);
    const fail = (message: string, pointer = at): void => {
      problems.push({ code: 'SPECFORGE_USAGE', severity: 'error', message, location: source.locate(pointer) });
    };
    if (!isRecord(raw)) return fail('an accepted change is a mapping with at least a "rule"');
    for (const key of Object.keys(raw)) {
      if (!(FIELDS as readonly string[]).includes(key)) fail(`unknown field "${key}"; use ${FIELDS.join(', ')}`, joinPointer(at, key));
    }
    for (const key of FIELDS) {
      if (raw[key] !== undefined && typeof raw[key] !== 'string') fail(`"${key}" must be a string`, joinPointer(at, key));
    }
    const rule = raw['rule'];
    if (typeof rule !== 'string') return fail('an accepted change needs a "rule"');
    if (!isDiffRuleId(rule)) return fail(`unknown diff rule "${rule}"`, joinPointer(at, 'rule'));
    const loc = source.locate(at);
    const entry: AcceptEntry = { rule, where: `${display}:${loc.line ?? 1}` };
    for (const key of ['operation', 'path', 'pointer', 'spec', 'reason'] as const) {
      const v = raw[key];
      if (typeof v === 'string') entry[key] = v;
    }
    entries.push(entry);
  });
  if (problems.length > 0) throw new ContractError(problems);
  return entries;
}

/** What an entry is matched against: the change, where it was reported, and in which contract. */
export interface AcceptSubject {
  change: DiffChange;
  /** Pointer inside the file the finding is in. */
  filePointer?: string;
  /** The contract's entry file, relative to the working folder. */
  spec: string;
}

function operationMatches(wanted: string, change: DiffChange): boolean {
  const op = change.operation;
  if (!op) return false;
  if (wanted === op.id) return true;
  const m = /^([A-Za-z]+)\s+(\S.*)$/.exec(wanted.trim());
  return m !== null && (m[1] as string).toLowerCase() === op.method && m[2] === op.path;
}

export function accepts(entry: AcceptEntry, subject: AcceptSubject): boolean {
  const { change } = subject;
  if (entry.rule !== change.rule) return false;
  if (entry.operation !== undefined && !operationMatches(entry.operation, change)) return false;
  if (entry.path !== undefined && entry.path !== change.path) return false;
  if (entry.pointer !== undefined && entry.pointer !== change.pointer && entry.pointer !== subject.filePointer) return false;
  if (entry.spec !== undefined && entry.spec.replace(/^\.\//, '') !== subject.spec) return false;
  return true;
}
