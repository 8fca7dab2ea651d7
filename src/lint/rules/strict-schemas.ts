/**
 * `specforge/strict-schemas`: every schema that Ajv's strict mode refuses although it is valid JSON
 * Schema (a keyword with no applicable type, an unknown or ignored keyword, an unconstrained tuple;
 * see src/contract/strictness.ts), at the schema in the file that holds it. The option `strict` is
 * the contract's level, as in specforge.config.yaml: what it refuses (and generation would fail
 * on) is an error, the rest is reported at the rule's severity (a warning in the built-in ruleset).
 */
import { Source, type Oas3Rule } from '@redocly/openapi-core';
import type { LoadedContract } from '../../contract/resolve.js';
import { documentPointer, refuses, type StrictIssue } from '../../contract/strictness.js';
import { planValidators } from '../../contract/tables/validators.js';
import { lintedContract, lintedModel } from '../contract.js';
import { redoclyPointer, strictOption } from './common.js';

export const StrictSchemas: Oas3Rule = (options) => ({
  Root: {
    enter(_root, ctx) {
      const entry = ctx.location.source;
      let loaded: LoadedContract;
      let issues: StrictIssue[];
      try {
        loaded = lintedContract(entry.absoluteRef);
        issues = planValidators(lintedModel(loaded)).strictness;
      } catch {
        return; // A contract specforge cannot read or plan: specforge/valid-examples says why.
      }
      const level = strictOption(options['strict']);
      const sources = new Map<string, Source>([[entry.absoluteRef, entry]]);
      for (const issue of issues) {
        const origin = loaded.origin(documentPointer(loaded.document, issue.pointer));
        let source = sources.get(origin.file.path);
        if (!source) {
          source = new Source(origin.file.path, origin.file.text);
          sources.set(origin.file.path, source);
        }
        const refused = refuses(level, issue.kind);
        ctx.report({
          message: refused ? `strict mode: ${issue.message}` : `strict mode: ${issue.message}; validated as JSON Schema defines it`,
          location: { source, pointer: redoclyPointer(origin.pointer) },
          ...(refused ? { forceSeverity: 'error' as const } : {}),
        });
      }
    },
  },
});
