/**
 * specforge's programmatic entry (`import { generate } from 'specforge'`): each command of the
 * CLI as a function that returns its exit code (0 ok, 1 findings), and the in-process mock of a
 * contract. A usage or input error (an unknown target, a broken contract) is thrown, as a
 * ContractError or UsageError carrying its place (file:line:col and JSON pointer) in its message:
 * what the CLI prints before it exits 2. Each loads its command's modules when first called.
 */
import type { BundleOptions } from './cli/commands/bundle.js';
import type { ChangelogOptions } from './cli/commands/changelog.js';
import type { DiffOptions } from './cli/commands/diff.js';
import type { DocsOptions } from './cli/commands/docs.js';
import type { CheckOptions, GenerateOptions } from './cli/commands/generate.js';
import type { InitOptions } from './cli/commands/init.js';
import type { LintOptions } from './cli/commands/lint.js';
import type { ReviewOptions } from './cli/commands/review.js';
import type { Mock, MockServerOptions } from './runtime/index.js';
import type { StrictLevel } from './runtime/validation/ajv.js';
import type { ConfigFile } from './config/config.js';
import { defineConfig as defineConfigAs } from './config/config-files.js';
import type { TestOptions } from './cli/commands/test.js';
import type { ConformanceFailure, ConformanceOptions, ConformanceReport, OperationReport, Phase } from './conformance/run.js';
import type { CheckName } from './conformance/checks.js';

export type { CheckName, ConformanceFailure, ConformanceOptions, ConformanceReport, OperationReport, Phase, TestOptions };
export type {
  ConfigFile,
  BundleOptions,
  ChangelogOptions,
  CheckOptions,
  DiffOptions,
  DocsOptions,
  GenerateOptions,
  InitOptions,
  LintOptions,
  ReviewOptions,
  Mock,
  MockServerOptions,
  StrictLevel,
};

/**
 * Types a specforge.config.ts: `export default defineConfig({ output: 'src/generated', specs: [...] })`.
 * It returns the config as given; specforge validates it as it does specforge.config.yaml.
 */
export function defineConfig(config: ConfigFile): ConfigFile {
  return defineConfigAs(config);
}

/** `specforge generate`. */
export async function generate(options: GenerateOptions = {}): Promise<number> {
  return (await import('./cli/commands/generate.js')).runGenerate(options);
}

/** `specforge check`: 1 when generated files differ from what the contracts produce. */
export async function check(options: CheckOptions = {}): Promise<number> {
  return (await import('./cli/commands/generate.js')).runCheck(options);
}

/** `specforge init`: config, example contract, CI workflow and generated code; never overwrites. */
export async function init(options: InitOptions = {}): Promise<number> {
  return (await import('./cli/commands/init.js')).runInit(options);
}

/** `specforge lint`. */
export async function lint(options: LintOptions): Promise<number> {
  return (await import('./cli/commands/lint.js')).runLint(options);
}

/** `specforge bundle`. */
export async function bundle(options: BundleOptions): Promise<number> {
  return (await import('./cli/commands/bundle.js')).runBundle(options);
}

/** `specforge docs`. */
export async function docs(options: DocsOptions): Promise<number> {
  return (await import('./cli/commands/docs.js')).runDocs(options);
}

/** `specforge diff`: 1 when the change breaks clients. */
export async function diff(options: DiffOptions): Promise<number> {
  return (await import('./cli/commands/diff.js')).runDiff(options);
}

/** `specforge changelog`: release notes with the suggested version bump; 1 with `checkVersion` when info.version is lower than the bump needs. */
export async function changelog(options: ChangelogOptions): Promise<number> {
  return (await import('./cli/commands/changelog.js')).runChangelog(options);
}

/** `specforge review`. */
export async function review(options: ReviewOptions): Promise<number> {
  return (await import('./cli/commands/review.js')).runReview(options);
}

/** `specforge test`: 1 when the server at the base URL breaks its contract. */
export async function test(options: TestOptions): Promise<number> {
  return (await import('./cli/commands/test.js')).runTest(options);
}

/** A `node:http` request listener (`(req, res) => void`: a generated server, an Express app, Koa's `app.callback()`). */
export type NodeRequestHandler = (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => unknown;

/** What `handler` takes: a request listener, or an application that owns one (Fastify: `ready()` and `server`; Koa: `callback()`). */
export type InProcessHandler = import('./conformance/in-process.js').InProcessHandler;

/**
 * The options of runConformance: the contract as a model, or as the path of its file (`spec`); the
 * server as `fetch` (a live server), as a node:http `handler` run in process (behind an ephemeral
 * listener on 127.0.0.1, closed when the run ends, so the application sees real
 * `IncomingMessage`/`ServerResponse` objects), or as a `fetchHandler` (`(Request) => Response`:
 * Hono's `app.fetch`, a Fetch-standard server).
 */
export type RunConformanceOptions = (Omit<ConformanceOptions, 'fetch'> | (Omit<ConformanceOptions, 'model' | 'fetch'> & { spec: string })) & {
  /** A credential to obtain during the run (a login, OAuth2 client credentials, a command), as the config's test.token. */
  token?: import('./config/test-settings.js').TokenSettings;
} & (
    | { fetch: ConformanceOptions['fetch']; handler?: undefined; fetchHandler?: undefined }
    | { handler: InProcessHandler; fetch?: undefined; fetchHandler?: undefined }
    | { fetchHandler: (request: Request) => Response | Promise<Response>; fetch?: undefined; handler?: undefined }
  );

/**
 * The conformance engine: requests derived from a contract sent through `fetch` (a live server),
 * a node:http `handler` or a `fetchHandler` in process, each answer checked; the report per
 * operation and check, with failures, the coverage summary and the failures grouped by cause.
 */
export async function runConformance(options: RunConformanceOptions): Promise<ConformanceReport> {
  const { runConformance: engine } = await import('./conformance/run.js');
  const { summarizeCoverage } = await import('./conformance/coverage-summary.js');
  const { groupFindings } = await import('./conformance/grouping.js');
  // As specforge test reports it: with the coverage summary and the failures grouped by cause.
  let run = async (o: ConformanceOptions): Promise<ConformanceReport> => {
    const report = await engine(o);
    report.coverage = summarizeCoverage(report);
    report.findings = groupFindings(report);
    return report;
  };
  const { handler, fetch: given, fetchHandler, token, ...rest } = options;
  let model: ConformanceOptions['model'];
  let others: Omit<ConformanceOptions, 'fetch' | 'model'>;
  if ('spec' in rest) {
    // From the start-up cache of the working directory when it holds this contract (src/cli/commands/model-start.ts).
    const { spec, ...remaining } = rest;
    const { loadContractStart } = await import('./cli/commands/model-start.js');
    const { DEFAULT_STRICT } = await import('./runtime/validation/ajv.js');
    const { resolve } = await import('node:path');
    const contract = await loadContractStart(resolve(spec), DEFAULT_STRICT, { cwd: process.cwd() });
    model = contract.model;
    others = remaining.validators === undefined ? { ...remaining, validators: contract.validators() } : remaining;
  } else {
    const { model: fromOptions, ...remaining } = rest;
    model = fromOptions;
    others = remaining;
  }
  if (token !== undefined) {
    const { tokenSource } = await import('./conformance/token.js');
    const runModel = model;
    const base = others.baseUrl;
    const inner = run;
    run = async (o) =>
      inner({
        ...o,
        tokens: tokenSource({
          settings: token,
          model: runModel,
          baseUrl: o.baseUrl ?? base ?? 'http://conformance.test',
          fetch: o.fetch,
          ...(o.timeoutMs === undefined ? {} : { timeoutMs: o.timeoutMs }),
        }),
      });
  }
  if (handler !== undefined) {
    const { listenInProcess } = await import('./conformance/in-process.js');
    const server = await listenInProcess(handler);
    try {
      return await run({ ...others, model, fetch: server.fetch });
    } finally {
      await server.close();
    }
  }
  if (fetchHandler !== undefined) {
    // A handler that throws is answered with a 500, as a server would.
    const send = async (request: Request): Promise<Response> => {
      try {
        return await fetchHandler(request);
      } catch {
        return new Response(null, { status: 500 });
      }
    };
    return run({ ...others, model, fetch: send });
  }
  return run({ ...others, model, fetch: given as ConformanceOptions['fetch'] });
}

/** The mock of a contract, in process: `listener` for node:http, `fetch`, `reset()`. */
export async function createMockFromSpec(specPath: string, options: MockServerOptions = {}, strict?: StrictLevel): Promise<Mock> {
  return (await import('./cli/commands/mock.js')).createMockFromSpec(specPath, options, strict);
}

export type ProxyOptions = import('./conformance/proxy.js').ProxyOptions;
export type ValidatingProxy = import('./conformance/proxy.js').ValidatingProxy;

/**
 * The validating proxy in process (`specforge proxy`): on 127.0.0.1, forwarding to `upstream` and
 * checking each request and answer with the checks of runConformance; `spec` (a path) or `model`.
 */
export async function createProxy(options: ProxyOptions | (Omit<ProxyOptions, 'model'> & { spec: string })): Promise<ValidatingProxy> {
  const { createProxy: start } = await import('./conformance/proxy.js');
  if ('spec' in options) {
    const { spec, ...rest } = options;
    const { buildModel } = await import('./contract/model.js');
    return start({ ...rest, model: await buildModel(spec) });
  }
  return start(options);
}
