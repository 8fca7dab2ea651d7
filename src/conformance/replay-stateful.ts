/**
 * The stateful checks re-derived from recorded exchanges (`specforge test --replay`): the sequence
 * a cassette holds (the stateful phase's exchanges of a run, or proxied traffic), walked in order
 * against the contract as it is now, with a model of what the server should store built from the
 * answers it gave, as the stateful phase (phases/stateful.ts, phases/links.ts) builds it live:
 *
 * - a document created (a 2xx of a collection's create, its id from the answer or `Location`) must
 *   be readable (`ensure_resource_availability`: a read, replace or update of it must not be 404),
 *   and listed while few are stored; once deleted (a 2xx delete), a read must be 404 or 410 and the
 *   list must not show it (`use_after_free`);
 * - a state machine's transition the document's state does not allow must answer its `otherwise`
 *   status (`transition_precondition`); an allowed one that succeeds moves the state;
 * - an OpenAPI link from an answer: the next recorded call of the linked operation with the
 *   parameters the link computes must not be a 404 (`ensure_resource_availability`).
 *
 * Only documents created within the recording are judged. A collection inferred from the paths
 * (not declared) is judged only where the recording shows the server stores: a read of an id never
 * created answered 404 or 410, and two creates answered two ids.
 */
import type { OperationModel } from '../contract/model.js';
import { getAtPointer, isRecord, resolveLocalRef } from '../contract/pointer.js';
import type { ResourceSpec } from '../runtime/shared/spec.js';
import type { ReceivedResponse, SentRequest } from './checks.js';
import type { RunContext } from './exchange.js';
import { createdId, idKeys, statefulResources } from './phases/stateful.js';
import { isFirstPage, judgeList, listPaging, nextPage, withJson, type ListRead } from './paging.js';
import { runtimeExpressionValue } from './phases/links.js';
import type { Phase } from './types.js';

/** One routed exchange of the recorded sequence. */
export interface ReplayedStep {
  op: OperationModel;
  phase: Phase;
  sent: SentRequest;
  response?: ReceivedResponse;
}

/** The phases whose exchanges form a sequence: the runner's stateful phase, and proxied traffic. */
export const SEQUENCE_PHASES: readonly Phase[] = ['stateful', 'proxy'];

/** The path parameters of a concrete path under an operation's template (decoded), if it matches. */
export function pathParams(template: string, path: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = (template.split('#')[0] ?? template)
    .split(/(\{[^{}/]+\})/)
    .map((part) => {
      const m = /^\{([^{}/]+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(m[1] as string);
      return '([^/]+)';
    })
    .join('');
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return undefined;
  const out: Record<string, string> = {};
  names.forEach((name, i) => {
    const raw = match[i + 1] ?? '';
    try {
      out[name] = decodeURIComponent(raw);
    } catch {
      out[name] = raw;
    }
  });
  return out;
}

/** Whether two request URLs are the same path and query pairs (in any order). */
function sameRequest(a: string, b: string): boolean {
  const pairs = (url: string): string =>
    [...queryOf(url).entries()]
      .map(([k, v]) => `${k}=${v}`)
      .sort()
      .join('&');
  return pathOf(a) === pathOf(b) && pairs(a) === pairs(b);
}

function pathOf(url: string): string {
  return url.replace(/[?#].*$/, '');
}

function queryOf(url: string): URLSearchParams {
  const q = url.indexOf('?');
  return new URLSearchParams(q < 0 ? '' : url.slice(q + 1).replace(/#.*$/, ''));
}

interface Document {
  stored: boolean;
  /** The state of its machine, when known. */
  state?: string;
  /** Deleted, and still readable (a use_after_free of its read: the list showing it is that fault again). */
  readable?: boolean;
}

/** The recorded sequence re-checked: the stateful checks' failures and passes go to the run's report. */
export function rederiveStateful(ctx: RunContext, steps: readonly ReplayedStep[]): void {
  const resources = statefulResources(ctx).filter((r) => judged(r, steps));
  for (const resource of resources) replayResource(ctx, resource, steps);
  replayLinks(ctx, steps);
}

const byId = (ctx: RunContext, id: string | undefined): OperationModel | undefined =>
  id === undefined ? undefined : ctx.model.operations.find((o) => o.id === id);

/** The parent part of a document's key: the path parameters other than its id (an organization, say). */
function parentKey(params: Record<string, string>, idParam: string): string {
  return JSON.stringify(
    Object.entries(params)
      .filter(([k]) => k !== idParam)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** Whether a collection's recorded exchanges can be judged (an inferred one: the server shows it stores). */
function judged(resource: ResourceSpec, steps: readonly ReplayedStep[]): boolean {
  if (resource.inferred !== true) return true;
  const created = new Set<string>();
  let probed = false;
  for (const step of steps) {
    const status = step.response?.status;
    if (status === undefined) continue;
    if (step.op.id === resource.operations.create && status < 300) {
      const id = createdId(resource, step.response as ReceivedResponse);
      if (id !== undefined) created.add(id);
    } else if (step.op.id === resource.operations.read && (status === 404 || status === 410)) {
      const id = pathParams(step.op.path, pathOf(step.sent.url))?.[resource.idParam];
      if (id !== undefined && !created.has(id)) probed = true;
    }
  }
  return probed && created.size >= 2;
}

function replayResource(ctx: RunContext, resource: ResourceSpec, steps: readonly ReplayedStep[]): void {
  const ops = resource.operations;
  const machine = resource.state;
  const documents = new Map<string, Map<string, Document>>(); // parent -> id -> document
  const docsOf = (parent: string): Map<string, Document> => {
    let m = documents.get(parent);
    if (!m) documents.set(parent, (m = new Map()));
    return m;
  };
  const selected = (op: OperationModel): boolean => ctx.operations.includes(op);
  const listOp = byId(ctx, ops.list);
  const paging = listOp ? listPaging(listOp, ctx.resolve, resource.pagination) : {};
  const keys = idKeys(resource);
  const reading = new Map<string, { read: ListRead; next: string }>(); // parent -> the pages of a list read under way, and the next one's URL
  const pagingNames = new Set([paging.size?.param.name, paging.offset?.name, paging.page?.name, paging.cursor?.name].filter((n) => n !== undefined));
  // As the live run: a wrapped list of an inferred collection is judged once it shows a created document.
  const shown = resource.inferred === true && resource.listField !== undefined ? { any: false } : undefined;
  for (const step of steps) {
    const { op, response, sent } = step;
    const status = response?.status;
    const params = pathParams(op.path, pathOf(sent.url)) ?? {};
    if (op.id === ops.create) {
      if (response === undefined || status === undefined || status >= 300) continue;
      const id = createdId(resource, response);
      if (id === undefined) continue;
      const doc: Document = { stored: true };
      if (machine) doc.state = machine.initial;
      docsOf(parentKey(params, '')).set(id, doc);
      continue;
    }
    if (op.id === ops.list) {
      if (!response || status === undefined || status >= 300 || !selected(op)) continue;
      // A list that hides some documents unless asked is judged only when asked.
      const filter = resource.listFilter?.unlessQuery;
      if (resource.listFilter && (filter === undefined || !['true', '1'].includes(queryOf(sent.url).get(filter) ?? ''))) continue;
      // The recording keeps a list's text: its body parsed again, for the checks and its paging.
      const answer = withJson(response);
      if (ctx.judge(op, sent.method, answer, sent.origin, 'any').some((r) => r.failure?.check === 'response_schema_conformance')) continue;
      // The pages of one read are judged together, as the live run read them (paging.ts).
      // A read starts with a first page that asks for nothing but paging (a filtered list, sent by a
      // client or generated, shows some documents only); a later page continues it only where it is
      // the page its previous one named.
      const key = parentKey(params, '');
      const pending = reading.get(key);
      reading.delete(key);
      const asked = [...queryOf(sent.url).keys()];
      const read: ListRead | undefined = isFirstPage(paging, sent.url)
        ? asked.every((name) => pagingNames.has(name) || name === filter)
          ? { pages: [], complete: false }
          : undefined
        : pending !== undefined && sameRequest(pending.next, sent.url)
          ? pending.read
          : undefined;
      if (!read) continue;
      read.pages.push({ sent, response: answer });
      const next = nextPage(paging, sent.url, answer, ctx.base, keys);
      if (typeof next === 'object') reading.set(key, { read, next: next.url });
      else {
        const docs = docsOf(key);
        const documents = new Map([...docs].filter(([, d]) => d.readable !== true).map(([id, d]) => [id, d.stored]));
        judgeList(ctx, op, step.phase, resource.name, { ...read, complete: next === 'last' }, documents, keys, shown, paging);
      }
      continue;
    }
    const id = params[resource.idParam];
    if (id === undefined) continue;
    const doc = docsOf(parentKey(params, resource.idParam)).get(id);
    if (!doc) continue;
    // A server error is not_a_server_error's; it says nothing of what is stored.
    if (status === undefined || status >= 500) continue;
    if (op.id === ops.delete) {
      if (status < 300) doc.stored = false;
      continue;
    }
    const transition = machine?.transitions[op.id];
    if (machine && transition && transition.through === undefined) {
      const state = doc.state;
      if (state === undefined || !doc.stored) continue;
      const allowed =
        (!transition.from || transition.from.includes(state)) &&
        !(transition.notFrom ?? []).includes(state) &&
        (transition.requires ?? []).length === 0 &&
        transition.pull === undefined;
      if (allowed) {
        if (status < 400 && transition.to !== undefined) doc.state = transition.to;
        continue;
      }
      // As the stateful phase: preconditions on content, and refusals with a server error, are not judged.
      const judgeable =
        transition.otherwise < 500 &&
        transition.requires === undefined &&
        transition.pull === undefined &&
        (transition.from !== undefined || transition.notFrom !== undefined);
      if (judgeable && selected(op)) {
        if (status === transition.otherwise) ctx.tally(op, 'transition_precondition', true);
        else {
          const from = transition.from?.join(', ') ?? `anything but ${(transition.notFrom ?? []).join(', ')}`;
          ctx.fail(
            op,
            step.phase,
            {
              check: 'transition_precondition',
              message: `${op.id} on a ${resource.name} in state ${state} (allowed from ${from}) answers ${status}, not ${transition.otherwise}`,
              location: op.pointer,
            },
            sent,
            response,
          );
        }
      }
      // What a refused transition that went through did to the document is not known.
      if (status < 400) delete doc.state;
      continue;
    }
    if (!selected(op)) continue;
    if (op.id === ops.read) {
      if (doc.stored) {
        if (status >= 200 && status < 300) ctx.tally(op, 'ensure_resource_availability', true);
        else
          ctx.fail(
            op,
            step.phase,
            {
              check: 'ensure_resource_availability',
              message: `${resource.name} ${id}, created, answers ${status} on ${op.id}`,
              location: op.pointer,
              cause: `created, answers ${status}`,
            },
            sent,
            response,
          );
      } else if (status === 404 || status === 410) ctx.tally(op, 'use_after_free', true);
      else {
        doc.readable = true;
        ctx.fail(
          op,
          step.phase,
          {
            check: 'use_after_free',
            message: `${resource.name} ${id}, deleted, answers ${status} on ${op.id} (expected 404)`,
            location: op.pointer,
            cause: `deleted, answers ${status}`,
          },
          sent,
          response,
        );
      }
    } else if ((op.id === ops.replace || op.id === ops.update) && doc.stored) {
      if (status === 404 || status === 410)
        ctx.fail(
          op,
          step.phase,
          {
            check: 'ensure_resource_availability',
            message: `${resource.name} ${id}, created, answers ${status} on ${op.id}`,
            location: op.pointer,
            cause: `created, answers ${status}`,
          },
          sent,
          response,
        );
      else ctx.tally(op, 'ensure_resource_availability', true);
      // An update may set the state field: the state is no longer known.
      if (status < 300) delete doc.state;
    }
  }
}

/** A link followed in the recording: the next call of `target` whose parameters are the link's values. */
interface PendingLink {
  name: string;
  from: OperationModel;
  status: string;
  pointer: string;
  target: OperationModel;
  /** Parameter (in, name) -> the value the link computes. */
  expected: Array<{ in: string; name: string; value: string }>;
}

/** The value of a link's runtime expression from a recorded request and answer. */
function linkValue(expression: unknown, op: OperationModel, sent: SentRequest, response: ReceivedResponse): unknown {
  return runtimeExpressionValue(expression, response, (where, name) => {
    if (where === 'path') return pathParams(op.path, pathOf(sent.url))?.[name];
    if (where === 'query') return queryOf(sent.url).get(name) ?? undefined;
    return sent.headers[name.toLowerCase()];
  });
}

function valueOf(step: ReplayedStep, where: string, name: string): string | undefined {
  if (where === 'path') return pathParams(step.op.path, pathOf(step.sent.url))?.[name];
  if (where === 'query') return queryOf(step.sent.url).get(name) ?? undefined;
  if (where === 'header') return step.sent.headers[name.toLowerCase()];
  return undefined;
}

function replayLinks(ctx: RunContext, steps: readonly ReplayedStep[]): void {
  let pending: PendingLink[] = [];
  for (const step of steps) {
    const { op, response, sent } = step;
    const matches = (p: PendingLink): boolean => p.expected.every((e) => valueOf(step, e.in, e.name) === e.value);
    // The linked call: the first recorded call of the target with the link's values.
    const due = pending.filter((p) => p.target.id === op.id && matches(p));
    if (due.length > 0) {
      pending = pending.filter((p) => !due.includes(p));
      const status = response?.status;
      if (status !== undefined && status < 500) {
        for (const p of due) {
          if (status === 404 || status === 410) {
            ctx.fail(
              op,
              step.phase,
              {
                check: 'ensure_resource_availability',
                message: `link ${p.name} from ${p.from.id} ${p.status} leads to ${status}`,
                location: `${p.pointer}/links/${p.name}`,
              },
              sent,
              response,
            );
          } else ctx.tally(op, 'ensure_resource_availability', true);
        }
      }
    }
    // A document deleted before its link was followed: the link promises nothing any more.
    if (sent.method.toUpperCase() === 'DELETE' && response !== undefined && response.status < 300) {
      pending = pending.filter((p) => !p.expected.filter((e) => e.in === 'path').every((e) => valueOf(step, 'path', e.name) === e.value));
    }
    if (!response || !ctx.operations.includes(op)) continue;
    const declared = op.responses.find((r) => r.status === String(response.status) && /^2\d\d$/.test(r.status));
    if (!declared) continue;
    let node = getAtPointer(ctx.model.document, declared.pointer).value;
    if (isRecord(node) && typeof node['$ref'] === 'string') node = resolveLocalRef(ctx.model.document, node['$ref'])?.value;
    const links = isRecord(node) && isRecord(node['links']) ? node['links'] : undefined;
    if (!links) continue;
    for (const [name, raw] of Object.entries(links)) {
      const link = isRecord(raw) && typeof raw['$ref'] === 'string' ? resolveLocalRef(ctx.model.document, raw['$ref'])?.value : raw;
      if (!isRecord(link) || typeof link['operationId'] !== 'string') continue;
      const target = byId(ctx, link['operationId']);
      if (!target) continue;
      const expected: PendingLink['expected'] = [];
      for (const [key, expression] of Object.entries(isRecord(link['parameters']) ? link['parameters'] : {})) {
        const dot = key.indexOf('.');
        const [where, pname] =
          dot > 0 && ['path', 'query', 'header', 'cookie'].includes(key.slice(0, dot)) ? [key.slice(0, dot), key.slice(dot + 1)] : [undefined, key];
        const p = target.parameters.find((x) => x.name === pname && (where === undefined || x.in === where));
        const value = linkValue(expression, op, sent, response);
        if (!p || value === undefined || value === null || p.in === 'cookie') continue;
        expected.push({ in: p.in, name: p.name, value: typeof value === 'string' ? value : JSON.stringify(value) });
      }
      // A link whose values cannot be told from the recording (none computed) is not judged.
      if (expected.length > 0) pending.push({ name, from: op, status: declared.status, pointer: declared.pointer, target, expected });
    }
  }
}
