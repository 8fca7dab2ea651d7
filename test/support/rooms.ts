/**
 * The rooms of src/ and of src/runtime/ in their order, lowest first: held by
 * test/unit/room-order.test.ts (no upward import) and test/unit/contributing-layout.test.ts (the
 * Layout table of docs/contributing.md lists them in this order).
 */
/** A ladder: the rooms of one tree, lowest first; rooms on one line import none of each other. */
export interface Ladder {
  /** The folder whose direct subfolders (and top-level files) are the rooms. */
  base: string;
  floors: readonly (readonly string[])[];
}

/** The toolchain's rooms (src/runtime/ is one room here: its inside has its own ladder below). */
export const TOOLCHAIN: Ladder = {
  base: 'src',
  floors: [
    ['runtime'], // what generated code imports at run time: nothing from the toolchain
    ['codegen'], // escaping, templates, standalone validator emission, the target list, CLI reference rows
    ['report'], // the findings shape and output formats (terminal, HTML page, diff text)
    ['contract'], // load, resolve, model, tables, a contract at a git revision
    ['config'], // specforge.config.* read and checked
    ['lint', 'diff', 'conformance'], // the engines of `lint`, `diff`, `test` and `proxy`
    ['docs', 'review'], // docs read the diff (changelogs, versions); review runs lint and diff
    ['pipeline'], // generation: runs generators/, its cache and manifest, the worker threads
    ['cli'], // the commander program and one thin module per command
    ['index.ts'], // the public API
  ],
};

/** The run-time package's rooms (src/runtime/): each public entry in entry/ on top. */
export const RUNTIME: Ladder = {
  base: 'src/runtime',
  floors: [
    ['shared'], // errors, spec types, sampling, object helpers
    ['validation'], // Ajv glue, formats, patterns, rules, Standard Schema
    ['client', 'cli', 'server'], // the typed client, the CLI program, the request stages and adapters
    ['mock'], // the mock engine answers through the server's stages
    ['entry', 'index.ts'], // the public entries
  ],
};

/** generators/: beside the ladder. They import only these rooms of src/, and only these import them. */
export const GENERATORS = { folder: 'generators', reads: ['contract', 'codegen', 'runtime'], readBy: ['pipeline'] } as const;
