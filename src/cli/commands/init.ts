/**
 * `specforge init`: sets a repository up for specforge. Writes specforge.config.yaml, a small
 * example contract (or lists the user's own with --spec), a CI workflow that reviews contract
 * changes, and the generated code. It never overwrites: when any file it would write exists, it
 * writes nothing and says which. It never leaves half-written files either: the contract is loaded
 * and validated before anything is written, and when generation fails what init wrote is removed,
 * so running it again after a fix works.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ContractError, UsageError } from '../../contract/errors.js';
import { buildModel } from '../../contract/model.js';
import { TEMPLATE_ROOT } from '../../codegen/templates.js';
import { CONFIG_FILE } from '../../config/config.js';
import { EXIT_OK } from '../errors.js';
import { DEFAULT_FRAMEWORK, framework as frameworkInfo, INIT_FRAMEWORKS } from '../frameworks.js';
import { runGenerate } from './generate.js';
import {
  askOnTerminal,
  choice,
  CLIENT_STYLES,
  clientExample,
  importPath,
  NO_FRAMEWORK,
  packagesFor,
  serverExample,
  targetsFor,
  type Ask,
  type ClientStyle,
  type InitFramework,
} from './init-examples.js';
import { projectFacts } from './init-project.js';

export interface InitOptions {
  cwd?: string;
  /** An existing contract to list in the config instead of writing the example. */
  spec?: string;
  /** Folder generated code goes to, one subfolder per contract (default src/generated). */
  output?: string;
  /** Write the files but do not generate (default: generate). */
  generate?: boolean;
  /** Overlay files (OpenAPI Overlay 1.0) the contract needs, listed in the config entry (`overlays:`). */
  overlay?: string[];
  /**
   * The framework of the example server, one of the registry's (frameworks.ts), or `none` for no
   * server example; asked on a terminal, else DEFAULT_FRAMEWORK, or none in a browser project.
   */
  framework?: string;
  /** The client style of the example client: path (openapi-fetch), sdk, react-query (asked on a terminal; default path). */
  client?: string;
  /** Asks what flags did not say (default: on a terminal only, else the defaults). */
  ask?: Ask;
  write?: (text: string) => void;
}

const EXAMPLE_CONTRACT = 'contracts/todos/openapi.yaml';
const WORKFLOW = '.github/workflows/specforge.yml';

/** Forward slashes and no leading "./": how paths are written in YAML and printed. */
function posix(path: string): string {
  return path.split(sep).join('/');
}

function yamlString(text: string): string {
  return JSON.stringify(text);
}

export function configText(specs: readonly string[], output: string, overlays: readonly string[] = [], targets?: readonly string[], browser = false): string {
  return [
    '# specforge: the contracts of this repository and where their generated code goes.',
    "# Each contract's code is written to <output>/<api>, <api> being the name of its folder.",
    '# Reference: https://www.npmjs.com/package/specforge',
    `output: ${yamlString(output)}`,
    'defaults:',
    "  # false: schemas are validated as JSON Schema defines them; what Ajv's strict mode dislikes is a warning.",
    '  strict: false',
    ...(browser
      ? [
          '  # js: each generated module as .js beside its .d.ts declarations; tsc (skipLibCheck) reads the',
          '  # declarations of what the app uses instead of checking every generated body. ts: TypeScript.',
          '  emit: js',
        ]
      : []),
    '# hooks:',
    '#   afterWrite: ["npx prettier --write"]   # run with the written files appended',
    '# diff:                       # specforge diff, review and changelog',
    '#   deprecationDays: 90       # removing an operation needs a deprecation with x-sunset this far ahead',
    '#   accept: accepted.yaml     # breaking changes agreed on, reported as info',
    '# docs:',
    '#   changelogBase: origin/main   # publish changelog.html beside the rendered contract',
    'specs:',
    ...specs.flatMap((s) => [
      `  - path: ${yamlString(s)}`,
      ...(overlays.length > 0 ? [`    overlays: [${overlays.map(yamlString).join(', ')}]`] : []),
      ...(targets ? [`    targets: [${targets.join(', ')}]`] : []),
    ]),
    '',
  ].join('\n');
}

export function workflowText(): string {
  return [
    '# Reviews every pull request that touches a contract: lint findings new since the base branch,',
    '# breaking changes against it, and generated code that is out of date (specforge review).',
    'name: specforge',
    'on: pull_request',
    'permissions:',
    '  contents: read',
    '  security-events: write # the SARIF upload to code scanning',
    '  actions: read # private repositories only: the SARIF upload reads the run',
    'jobs:',
    '  review:',
    '    runs-on: ubuntu-latest',
    '    steps:',
    '      - uses: actions/checkout@v4',
    '        with:',
    '          fetch-depth: 0 # the base revision must be in the clone',
    '      - uses: actions/setup-node@v4',
    '        with:',
    '          node-version: 22',
    '      - run: npm ci',
    '      - run: npx specforge review --base "origin/${{ github.base_ref }}" --sarif review.sarif',
    '      - uses: github/codeql-action/upload-sarif@v3',
    "        # Not for a fork's or Dependabot's pull request: their token cannot write security events.",
    "        if: always() && github.event.pull_request.head.repo.full_name == github.repository && github.actor != 'dependabot[bot]' && hashFiles('review.sarif') != ''",
    '        continue-on-error: true',
    '        with:',
    '          sarif_file: review.sarif',
    '          category: specforge',
    '',
  ].join('\n');
}

export async function runInit(options: InitOptions = {}): Promise<number> {
  const cwd = resolve(options.cwd ?? process.cwd());
  const write = options.write ?? ((t: string) => process.stdout.write(t));
  const output = posix(options.output ?? 'src/generated').replace(/\/+$/, '');
  if (output === '' || isAbsolute(output) || output.split('/').includes('..'))
    throw new UsageError(`--output must be a folder inside the repository, not "${output}"`);

  let specPath: string;
  const files: Array<{ path: string; content: string }> = [];
  if (options.spec !== undefined) {
    const abs = resolve(cwd, options.spec);
    if (!existsSync(abs)) throw new UsageError(`--spec: no file ${options.spec}`);
    const rel = posix(relative(cwd, abs));
    if (rel.startsWith('..')) throw new UsageError(`--spec must be inside the repository (${cwd}), not ${options.spec}`);
    specPath = rel;
  } else {
    specPath = EXAMPLE_CONTRACT;
    files.push({ path: EXAMPLE_CONTRACT, content: readFileSync(join(TEMPLATE_ROOT, 'init', 'openapi.yaml'), 'utf8') });
  }
  const overlays = (options.overlay ?? []).map((o) => {
    const rel = posix(relative(cwd, resolve(cwd, o)));
    if (rel.startsWith('..') || isAbsolute(rel)) throw new UsageError(`--overlay must be inside the repository (${cwd}), not ${o}`);
    return rel;
  });
  // Flags first; what they leave open is asked on a terminal, else the defaults. A browser project
  // (Vite, Next.js) gets no Node server example unless a flag or an answer asks for one.
  const project = projectFacts(cwd);
  const frameworks: readonly InitFramework[] = [...INIT_FRAMEWORKS, NO_FRAMEWORK];
  const defaultFramework: InitFramework = project.tool === undefined ? DEFAULT_FRAMEWORK : NO_FRAMEWORK;
  let framework = choice<InitFramework>('framework', options.framework, frameworks);
  let client = choice<ClientStyle>('client', options.client, CLIENT_STYLES);
  const ask = options.ask ?? (process.stdin.isTTY && process.stdout.isTTY ? askOnTerminal : undefined);
  if (ask) {
    framework ??= await ask('Which server framework?', frameworks, defaultFramework);
    client ??= await ask('Which client style?', CLIENT_STYLES, 'path');
  }
  framework ??= defaultFramework;
  client ??= 'path';
  files.push({ path: CONFIG_FILE, content: configText([specPath], output, overlays, targetsFor(client), project.tool !== undefined) });
  files.push({ path: WORKFLOW, content: workflowText() });

  const api = basename(dirname(resolve(cwd, specPath)));
  const generated = `${output}/${api}`;
  // The examples sit beside the output folder (src/ for src/generated), named after the contract.
  const exampleDir = dirname(output) === '.' ? 'src' : posix(dirname(output));
  const imported = importPath(exampleDir, generated);
  const example = options.spec === undefined;
  if (framework !== NO_FRAMEWORK) files.push({ path: `${exampleDir}/${api}.server.ts`, content: serverExample(framework, imported, example) });
  files.push({ path: `${exampleDir}/${api}.client.ts`, content: clientExample(client, imported, example) });
  // Only where there is none, so never in the list of files that are taken.
  if (project.tsconfig !== undefined) files.push({ path: 'tsconfig.json', content: project.tsconfig });
  const taken = files.filter((f) => existsSync(join(cwd, f.path))).map((f) => f.path);
  const outAbs = join(cwd, generated);
  if (existsSync(outAbs) && readdirSync(outAbs).length > 0) taken.push(`${generated}/`);
  for (const other of ['specforge.config.ts', 'specforge.config.js', 'specforge.config.mjs']) if (existsSync(join(cwd, other))) taken.push(other);
  if (taken.length > 0) {
    throw new UsageError(
      `init writes nothing: ${taken.join(', ')} already exist${taken.length === 1 ? 's' : ''} (it never overwrites; move ${taken.length === 1 ? 'it' : 'them'} away, or edit ${CONFIG_FILE} by hand)`,
    );
  }

  // The contract first (with the overlays the command line registered): a contract that does not
  // load is reported before anything is written.
  if (options.spec !== undefined) {
    try {
      await buildModel(resolve(cwd, specPath));
    } catch (err) {
      if (err instanceof ContractError) write(`init wrote nothing: ${specPath} does not load (below). ${nextStep(specPath, options.overlay)}\n`);
      throw err;
    }
  }
  // What init creates (files, and the folders that did not exist), removed again if generation fails.
  const created: string[] = [];
  const createDirs = (dir: string): void => {
    const missing: string[] = [];
    for (let d = dir; !existsSync(d) && d !== dirname(d); d = dirname(d)) missing.unshift(d);
    mkdirSync(dir, { recursive: true });
    created.push(...missing);
  };
  try {
    for (const f of files) {
      createDirs(dirname(join(cwd, f.path)));
      writeFileSync(join(cwd, f.path), f.content, { flag: 'wx' });
      created.push(join(cwd, f.path));
      write(`wrote ${f.path}\n`);
    }
    if (options.generate !== false) {
      created.push(...missingAncestors(outAbs));
      await runGenerate({ cwd, config: join(cwd, CONFIG_FILE), write });
    }
  } catch (err) {
    // Newest first: files, then the folders init made (a folder made for them goes only when empty of anything else).
    // The output folder was absent or empty before: whatever generation put there goes.
    if (existsSync(outAbs)) for (const entry of readdirSync(outAbs)) rmSync(join(outAbs, entry), { recursive: true, force: true });
    for (const path of [...created].reverse()) {
      try {
        if (existsSync(path) && (!isDir(path) || readdirSync(path).length === 0)) rmSync(path, { recursive: true, force: true });
      } catch {
        // left in place
      }
    }
    write(
      `init failed and removed what it wrote (${files.map((f) => f.path).join(', ')}${options.generate !== false ? `, ${generated}/` : ''}). ${nextStep(specPath, options.overlay)}\n`,
    );
    throw err;
  }
  write(
    [
      '',
      'Next:',
      '  npm install --save-dev specforge        # the toolchain: generate, lint, mock, review',
      `  npm install @specforge/runtime${packagesFor(framework, client)
        .map((p) => ` ${p}`)
        .join('')}   # what the generated code and the examples import at run time`,
      ...(framework === NO_FRAMEWORK
        ? []
        : [
            `  ${exampleDir}/${api}.server.ts: the ${framework} server, a handler to write per operation (Handlers in ${generated}/${frameworkInfo(framework).handlers}.ts names them)`,
          ]),
      `  ${exampleDir}/${api}.client.ts: the ${client} client`,
      `  npx specforge mock ${specPath}   # a mock server on http://127.0.0.1:4010`,
      '',
    ].join('\n'),
  );
  return EXIT_OK;
}

function isDir(path: string): boolean {
  try {
    return readdirSync(path) !== undefined;
  } catch {
    return false;
  }
}

/** The folders from `dir` up that do not exist yet, outermost first. */
function missingAncestors(dir: string): string[] {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d) && d !== dirname(d); d = dirname(d)) missing.unshift(d);
  return missing;
}

/** What to do after a failed init. */
function nextStep(specPath: string, overlays: readonly string[] | undefined): string {
  const again = `specforge init --spec ${specPath}${(overlays ?? []).map((o) => ` --overlay ${o}`).join('')}`;
  return `Fix the problems named below, or leave the contract as it is and patch it with an OpenAPI Overlay (--overlay <file>: see docs/guides/existing-contract.md), then run ${again} again.`;
}
