/**
 * `specforge/valid-examples`: every example (media type `example`/`examples`, schema `example`/
 * `examples`, parameter and header examples) validates against its schema, with the validators
 * specforge generates. Schemas are read as JSON Schema defines them whatever the contract's strict
 * level (examples.ts says why), so examples are checked even where the strict level refuses a
 * schema; specforge/strict-schemas reports that schema.
 */
import { resolve } from 'node:path';
import { Source, type Oas3Rule } from '@redocly/openapi-core';
import { ContractError, formatDiagnostic } from '../../contract/errors.js';
import { checkExamples, type ExampleReport } from '../examples.js';
import { redoclyPointer } from './common.js';

export const ValidExamples: Oas3Rule = () => ({
  Root: {
    enter(_root, ctx) {
      const entry = ctx.location.source;
      let report: ExampleReport;
      try {
        report = checkExamples(entry.absoluteRef);
      } catch (err) {
        // A contract specforge cannot read, or a schema Ajv cannot compile: say so instead of passing silently.
        const why = err instanceof ContractError ? err.diagnostics.map(formatDiagnostic).join('; ') : err instanceof Error ? err.message : String(err);
        // Each problem of the entry file that has a place is reported there (a querystring parameter without content, say).
        const diagnostics = err instanceof ContractError ? err.diagnostics : [];
        const inEntry = diagnostics.filter((d) => d.location?.pointer !== undefined && resolve(d.location.file) === resolve(entry.absoluteRef));
        if (diagnostics.length > 0 && inEntry.length === diagnostics.length) {
          for (const d of inEntry)
            ctx.report({
              message: `examples were not checked: ${formatDiagnostic(d)}`,
              location: { source: entry, pointer: redoclyPointer(d.location?.pointer ?? '') },
            });
          return;
        }
        ctx.report({ message: `examples were not checked: ${why}`, location: ctx.location });
        return;
      }
      const sources = new Map<string, Source>([[entry.absoluteRef, entry]]);
      for (const p of report.problems) {
        let source = sources.get(p.file.path);
        if (!source) {
          source = new Source(p.file.path, p.file.text);
          sources.set(p.file.path, source);
        }
        ctx.report({ message: p.message, location: { source, pointer: redoclyPointer(p.pointer) } });
      }
    },
  },
});
