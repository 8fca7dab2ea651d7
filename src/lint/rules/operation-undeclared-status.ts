/**
 * `specforge/operation-undeclared-status`: every status the generated server (or its stateful mock)
 * may answer on its own for an operation (statuses.ts: 400 for parameters or a body that fail, 401
 * and 403 for credentials, 413 and 415 for a body, 500 always, the stateful mock's conflicts and
 * unknown ids) is declared by the operation, exactly or by its range (`4XX`), or covered by its
 * `default` response. One finding per operation, at its `responses`, naming each status and why.
 */
import { Source, type Oas3Rule } from '@redocly/openapi-core';
import { ContractError, formatDiagnostic } from '../../contract/errors.js';
import { getAtPointer } from '../../contract/pointer.js';
import type { LoadedContract } from '../../contract/resolve.js';
import { lintedContract, lintedModel } from '../contract.js';
import { ownStatuses, type OwnStatus } from '../statuses.js';
import { redoclyPointer } from './common.js';

function describe(statuses: readonly OwnStatus[]): string {
  return statuses.map((s) => `${s.status} (${s.reasons.join('; ')})`).join(', ');
}

export const OperationUndeclaredStatus: Oas3Rule = () => ({
  Root: {
    enter(_root, ctx) {
      const entry = ctx.location.source;
      let results: ReturnType<typeof ownStatuses>;
      let loaded: LoadedContract;
      try {
        loaded = lintedContract(entry.absoluteRef);
        // A contract that describes only a command line has no operations, so nothing to report.
        results = ownStatuses(lintedModel(loaded));
      } catch (err) {
        const why = err instanceof ContractError ? err.diagnostics.map(formatDiagnostic).join('; ') : err instanceof Error ? err.message : String(err);
        ctx.report({ message: `the statuses the server answers on its own were not checked: ${why}`, location: ctx.location });
        return;
      }
      const sources = new Map<string, Source>([[entry.absoluteRef, entry]]);
      for (const { operation: op, undeclared } of results) {
        if (undeclared.length === 0) continue;
        const responses = op.pointer + '/responses';
        const origin = loaded.origin(getAtPointer(loaded.document, responses).found ? responses : op.pointer);
        let source = sources.get(origin.file.path);
        if (!source) {
          source = new Source(origin.file.path, origin.file.text);
          sources.set(origin.file.path, source);
        }
        const them = undeclared.length === 1 ? 'it' : 'them';
        ctx.report({
          message: `${op.method.toUpperCase()} ${op.path}: the server may answer ${describe(undeclared)}, which the operation does not declare; declare ${them} or a default response`,
          location: { source, pointer: redoclyPointer(origin.pointer), reportOnKey: true },
        });
      }
    },
  },
});
