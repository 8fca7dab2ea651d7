/** The specforge command-line program (commander), built without parsing anything: main.ts parses argv with it. */
import { Command, Option } from 'commander';
import { handleError } from './errors.js';
import { STRICT_VALUES } from './format-option.js';
import { frameworkHelp } from './frameworks.js';
import { specforgeVersion } from './version.js';
import type { GenerateOptions } from './commands/generate.js';
import type { ProxyCommandOptions } from './commands/proxy.js';
import type { TestOptions } from './commands/test.js';

/**
 * `--strict`, the same on every command: the validators' strictness, over the contract's entry in
 * specforge.config.yaml (which commands read for a contract they are given by path, too).
 */
function strictOption(): Option {
  return new Option(
    '--strict <level>',
    "schema strictness: true (Ajv's strict mode: refuse), schema (refuse unknown and ignored keywords) or false (warn); default: the contract's config entry, else false",
  ).choices(STRICT_VALUES);
}

/** `--overlay <file>`, repeatable, on every command that loads a contract. */
function overlayOption(): Option {
  return new Option(
    '--overlay <file>',
    "an OpenAPI Overlay 1.0 document applied to the contract when it is loaded, after the config's overlays (repeatable)",
  ).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
}

/** The severity overrides and path filters of diff, review and changelog (oasdiff's names). */
function policyOptions(command: Command): Command {
  return command
    .addOption(
      new Option(
        '--severity <rule=level>',
        "a rule's level: error, warning, info or off (oasdiff's err, warn, none too); repeatable, over the config's diff.severity",
      ).argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]),
    )
    .option('--severity-levels <file>', "oasdiff's severity-levels file: a rule id and a level on each line, under --severity")
    .option('--match-path <regex>', "only changes at API paths this regular expression matches (default: the config's diff.matchPath)")
    .option('--unmatch-path <regex>', "no changes at API paths this regular expression matches (default: the config's diff.unmatchPath)");
}

/**
 * The command-line program: every command with its options and arguments. Building it runs nothing
 * (each command imports its module when it runs), so the options tables of
 * docs/reference/commands.md are written from it (options-table.ts). `exit` receives each command's
 * exit code.
 */
export function buildProgram(exit: (code: number) => void): Command {
  const program = new Command('specforge')
    .description('OpenAPI-first contracts: types, validators, server stubs, mocks, clients and docs from one contract.')
    .version(specforgeVersion())
    .showHelpAfterError('(run "specforge --help" for usage)')
    .exitOverride();
  // The config's overlays: and errors: and --overlay are registered before any command loads a contract.
  program.hook('preAction', async (_program, command) => {
    // review reads its config from the base revision and registers its patches itself: the working tree's config is not trusted there.
    if (command.name() === 'review') return;
    const { registerPatches } = await import('./patches.js');
    registerPatches(command.opts());
  });
  const act =
    <A extends unknown[]>(fn: (...args: A) => Promise<number>) =>
    async (...args: A): Promise<void> => {
      try {
        exit(await fn(...args));
      } catch (err) {
        exit(handleError(err));
      }
    };

  program
    .command('generate')
    .description('generate every target for every contract in specforge.config.yaml (or one with --spec)')
    .option('-c, --config <file>', 'config file', 'specforge.config.yaml')
    .option('-s, --spec <file>', 'generate one contract instead of the config')
    .option('-o, --out <dir>', 'output folder for --spec (default generated/<api>)')
    .option(
      '-t, --targets <list>',
      'comma-separated targets: types,validators,server,mocks,client,cli,index (the default); opt-in: sdk,react-query,zod,msw; the files of targets left out are kept',
    )
    .addOption(strictOption())
    .addOption(
      new Option(
        '--emit <kind>',
        "ts: TypeScript modules; js: each module as .js beside its .d.ts (types.ts and zod.ts stay .ts); default: the config's emit, else ts",
      ).choices(['ts', 'js']),
    )
    .option('-f, --force', 'ignore the cache and regenerate')
    .option('-q, --quiet', 'print only warnings')
    .option('-w, --watch', 'regenerate when a contract, or a file it refers to, changes (until Ctrl-C)')
    .addOption(overlayOption())
    .action(
      act(async (opts: GenerateOptions & { config: string; watch?: boolean }) => {
        const commands = await import('./commands/generate.js');
        if (!opts.watch) return commands.runGenerate(opts);
        const stop = new AbortController();
        for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, () => stop.abort());
        return commands.runWatch({ ...opts, signal: stop.signal });
      }),
    );

  program
    .command('check')
    .description('exit 1 and list the stale files when generated code differs from what the contracts produce')
    .option('-c, --config <file>', 'config file', 'specforge.config.yaml')
    .option('-s, --spec <file>', 'check one contract instead of the config')
    .option('-o, --out <dir>', 'output folder for --spec')
    .option('-t, --targets <list>', 'comma-separated targets, as for generate')
    .option('--diff-lines <n>', 'diff lines shown per stale file', '20')
    .option('--format <format>', 'output format: stylish, json, github-actions, markdown or sarif', 'stylish')
    .addOption(strictOption())
    .option('-q, --quiet', 'print nothing when up to date')
    .addOption(overlayOption())
    .action(
      act(
        async (opts: { config: string; spec?: string; out?: string; targets?: string; diffLines: string; format: string; strict?: string; quiet?: boolean }) =>
          (await import('./commands/generate.js')).runCheck({ ...opts, diffLines: Number(opts.diffLines) || 0 }),
      ),
    );

  program
    .command('lint')
    .description("lint contracts with Redocly's engine and specforge's ruleset")
    .argument('[specs...]', 'contracts to lint (default: every contract in the config)')
    .option('-c, --config <file>', 'specforge config file', 'specforge.config.yaml')
    .option('--redocly <file>', 'a Redocly config to use instead of the built-in ruleset')
    .addOption(
      new Option(
        '--format <format>',
        "output format: stylish, json, github-actions, markdown, sarif (or Redocly's codeframe, summary, checkstyle, junit)",
      ).default('stylish'),
    )
    .addOption(strictOption())
    .option('--fail-on <level>', 'exit 1 on findings at this level or above: error or warning', 'error')
    .addOption(overlayOption())
    .action(
      act(async (specs: string[], opts: { config: string; redocly?: string; format: string; strict?: string; failOn: string }) =>
        (await import('./commands/lint.js')).runLint({ ...opts, specs }),
      ),
    );

  const diff = program
    .command('diff')
    .description('report breaking changes between two contracts, or of every contract since a git revision')
    .argument('[specs...]', '<base> <head> contract files; with --base, the contracts to compare (default: every contract in the config)')
    .option('-b, --base <git-ref>', 'compare each contract with its version at this git revision')
    .option('-c, --config <file>', 'specforge config file: the contracts (with --base) and its diff: settings', 'specforge.config.yaml')
    .option('--format <format>', 'stylish, json, github-actions, markdown or sarif', 'stylish')
    .option('--fail-on <level>', "exit 1 on changes at this level or above: breaking or warning (default: the config's diff.failOn, else breaking)")
    .option('--accept <file>', "a YAML or JSON file of accepted changes, reported as info (default: the config's diff.accept)")
    .option(
      '--deprecation-days <n>',
      "days required between deprecating an operation or parameter and its x-sunset date; removing a deprecated one before it, or without one, is breaking (default: the config's diff.deprecationDays, else 0: x-sunset optional)",
    )
    .option('--full', 'markdown: list every change (by default the summary is grouped and capped to fit a pull-request comment)');
  policyOptions(diff)
    .addOption(overlayOption())
    .action(
      act(
        async (
          specs: string[],
          opts: {
            base?: string;
            config: string;
            format: string;
            failOn?: string;
            accept?: string;
            deprecationDays?: string;
            severity?: string[];
            severityLevels?: string;
            matchPath?: string;
            unmatchPath?: string;
            full?: boolean;
          },
        ) => (await import('./commands/diff.js')).runDiff({ ...opts, specs }),
      ),
    );

  const changelog = program
    .command('changelog')
    .description(
      'every change between two contracts, or of every contract since a git revision, grouped by operation, as release notes with the suggested version bump',
    )
    .argument('[specs...]', '<base> <head> contract files; with --base, the contracts to compare (default: every contract in the config)')
    .option('-b, --base <git-ref>', 'compare each contract with its version at this git revision')
    .option('-c, --config <file>', 'specforge config file: the contracts (with --base) and its diff.deprecationDays', 'specforge.config.yaml')
    .option('--format <format>', 'markdown, html or json (default: markdown, or what the --output file name ends in)')
    .option('-o, --output <file>', 'write the changelog here instead of standard output')
    .option('--check-version', "exit 1 when a contract's info.version is lower than the suggested bump needs")
    .option('--deprecation-days <n>', "the deprecation period, as for diff (default: the config's diff.deprecationDays, else 0)");
  policyOptions(changelog)
    .addOption(overlayOption())
    .action(
      act(
        async (
          specs: string[],
          opts: {
            base?: string;
            config: string;
            format?: string;
            output?: string;
            checkVersion?: boolean;
            deprecationDays?: string;
            severity?: string[];
            severityLevels?: string;
            matchPath?: string;
            unmatchPath?: string;
          },
        ) => (await import('./commands/changelog.js')).runChangelog({ ...opts, specs }),
      ),
    );

  const review = program
    .command('review')
    .description('lint, breaking changes since a git revision and stale generated code, as one pull-request report')
    .requiredOption('-b, --base <git-ref>', 'the revision the pull request is compared with (e.g. origin/main)')
    .option('-c, --config <file>', 'specforge config file', 'specforge.config.yaml')
    .option('--format <format>', 'what is printed: stylish, json, github-actions, markdown or sarif (default: github-actions in GitHub Actions, else stylish)')
    .option('--summary <file>', 'write the markdown summary here (default: append to $GITHUB_STEP_SUMMARY when set)')
    .option('--sarif <file>', 'also write every finding as SARIF 2.1.0 here')
    .option('--report <file>', 'also write the full markdown report here: every finding (the summary is capped to fit a pull-request comment)')
    .option('--fail-on <level>', 'exit 1 on findings at this level or above: error or warning', 'error')
    .option('--accept <file>', "accepted breaking changes, as for diff (default: the config's diff.accept)")
    .option('--deprecation-days <n>', "the deprecation period of the breaking-change check, as for diff (default: the config's diff.deprecationDays, else 0)")
    .option('--new-only', 'count only lint findings that are not on the base revision (the default); those already there are counted in one line')
    .option('--all', 'count every lint finding, those already on the base revision too');
  policyOptions(review)
    .addOption(strictOption())
    .addOption(overlayOption())
    .action(
      act(
        async (opts: {
          base: string;
          config: string;
          format?: string;
          summary?: string;
          sarif?: string;
          report?: string;
          failOn: string;
          accept?: string;
          deprecationDays?: string;
          strict?: string;
          newOnly?: boolean;
          all?: boolean;
          severity?: string[];
          severityLevels?: string;
          matchPath?: string;
          unmatchPath?: string;
        }) => (await import('./commands/review.js')).runReview(opts),
      ),
    );

  const collect = (value: string, previous: string[] = []): string[] => [...previous, value];
  program
    .command('test')
    .description(
      'run the contract against a running server (any language): examples, invalid data, generated data, stateful chains and credentials, each answer checked',
    )
    .argument('[spec]', 'the contract (default: the only contract of specforge.config.yaml)')
    .option('-u, --base-url <url>', 'the server to test (required unless --socket)')
    .option('--socket <path>', 'a unix socket the server listens on')
    .option('-c, --config <file>', 'specforge config file: the contract, and its strict level', 'specforge.config.yaml')
    .addOption(strictOption())
    .option('-n, --max-examples <n>', "generated requests per operation in the fuzz phase (default: the config entry's test.maxExamples, else 20)")
    .option('--seed <n>', 'seed of generated data (printed in the report; the same seed repeats a run; default 1)')
    .option('--phases <list>', 'comma-separated: examples,negative,coverage,fuzz,stateful,security (default: all)')
    .option('--checks <list>', 'comma-separated checks to apply (default: all)')
    .option('--exclude-checks <list>', 'comma-separated checks to leave out')
    .option('--operations <ids>', 'comma-separated operationIds to test')
    .option('--tags <list>', 'test the operations with one of these tags')
    .option('-H, --header <header>', "'Name: value' sent with every request (repeatable)", collect)
    .option(
      '--auth <scheme=value>',
      'a credential for a security scheme (bearer, basic, apiKey or a scheme name); value env:VAR reads it from the environment (repeatable)',
      collect,
    )
    .option('-w, --workers <n>', 'operations tested at once (default 1)')
    .option('--rate-limit <n/s>', 'requests per second at most')
    .option('--timeout <ms>', 'time to wait for each answer (default 10000)')
    .option('--max-failures <n>', 'stop after this many failures')
    .option('--dry-run', 'print each request as a curl command; send nothing')
    .option(
      '--max-response-time <ms>',
      "an answer slower than this is a max_response_time failure (default: no bound; the config entry's test.maxResponseTime)",
    )
    .option('--max-response-size <bytes>', 'the largest response body checked (default 10485760, 10 MiB); a larger one is reported as not checked')
    .option(
      '--max-stream-items <n>',
      'OpenAPI 3.2 streams: the most items of one stream read and checked (default 100); past it the stream is cut and reported as not read',
    )
    .option(
      '--max-stream-bytes <bytes>',
      'OpenAPI 3.2 streams: the most bytes of one stream read (default 1048576, 1 MiB); past it the stream is cut and reported as not read',
    )
    .option(
      '--max-stream-time <ms>',
      'OpenAPI 3.2 streams: the longest one stream is read (default 2000); a stream that never ends is cut there and reported as not read',
    )
    .option(
      '--show-secrets',
      'keep credentials (--auth, -H values, Authorization, Cookie, Set-Cookie, API keys, echoed credentials) in reports, curl lines and --dry-run; default: [REDACTED]. For local debugging only',
    )
    .option('--format <format>', 'stylish, json, junit, markdown or sarif', 'stylish')
    .option('-o, --output <file>', 'write the report here instead of standard output')
    .option('--record <file>', 'also write every exchange (request and answer, credentials redacted) to this cassette (JSON)')
    .option('--replay <file>', 'check the exchanges of a cassette against the contract instead of a server; nothing is sent')
    .option(
      '--min-coverage <percent>',
      "fail the run when fewer than this share of the selected operations got a 2xx answer (default: none; the config entry's test.minCoverage)",
    )
    .option('--baseline <file>', 'known findings (YAML): reported as known, not failing; one no longer found is reported as fixed')
    .option('--update-baseline', 'write the --baseline file from this run (sorted; reasons written by hand are kept)')
    .option('--no-cache', "build the contract's model even when the start-up cache holds it (and write no entry)")
    .addOption(overlayOption())
    .action(
      act(async (spec: string | undefined, opts: Omit<TestOptions, 'spec'>) =>
        (await import('./commands/test.js')).runTest({ ...opts, ...(spec === undefined ? {} : { spec }) }),
      ),
    );

  program
    .command('proxy')
    .description(
      'a validating proxy on 127.0.0.1: forwards traffic to --upstream and checks each request and answer against the contract, as test does; violations on stderr as they happen, the report when stopped',
    )
    .argument('<spec>', 'the contract')
    .requiredOption('--upstream <url>', "the server traffic goes to (the only one contacted; never the contract's servers)")
    .option('-p, --port <port>', 'port on 127.0.0.1 (default 4011; 0: any free port)')
    .option('--enforce', "answer a request the contract forbids with the contract's 4xx error, without forwarding it")
    .option('--duration <seconds>', 'stop after this many seconds (default: on SIGINT or SIGTERM)')
    .option('--timeout <ms>', 'time to wait for each answer of the upstream (default 10000); then a 504')
    .option('--max-response-time <ms>', 'an answer slower than this is a max_response_time failure (default: no bound)')
    .option('--max-response-size <bytes>', 'the largest answer checked (default 10485760, 10 MiB); larger ones are passed on and reported as not checked')
    .option(
      '--max-stream-items <n>',
      'OpenAPI 3.2 streams: the most items of one stream checked (default 100); the rest is passed on and reported as not checked',
    )
    .option(
      '--max-stream-bytes <bytes>',
      'OpenAPI 3.2 streams: the most bytes of one stream checked (default 1048576, 1 MiB); the rest is passed on and reported as not checked',
    )
    .option(
      '--max-stream-time <ms>',
      'OpenAPI 3.2 streams: the longest one stream is checked (default 2000); the rest is passed on and reported as not checked',
    )
    .option('--show-secrets', 'keep credentials in the report (default: [REDACTED]); a cassette never keeps them')
    .option('--record <file>', 'write every exchange (credentials redacted) to this cassette, for specforge test --replay')
    .option('-c, --config <file>', "specforge config file: the contract's strict level", 'specforge.config.yaml')
    .addOption(strictOption())
    .option('--format <format>', 'stylish, json, junit, markdown or sarif', 'stylish')
    .option('-o, --output <file>', 'write the report here instead of standard output')
    .option('--no-cache', "build the contract's model even when the start-up cache holds it (and write no entry)")
    .action(act(async (spec: string, opts: Omit<ProxyCommandOptions, 'spec'>) => (await import('./commands/proxy.js')).runProxy({ ...opts, spec })));

  program
    .command('init')
    .description(
      'set this repository up: specforge.config.yaml, an example contract (or --spec yours), a CI review workflow, and the generated code; never overwrites',
    )
    .option('-s, --spec <file>', 'an existing contract to use instead of the example')
    .option('-o, --output <dir>', 'folder for generated code, one subfolder per contract', 'src/generated')
    .option('--no-generate', 'write the files but do not generate')
    .option('--framework <name>', frameworkHelp())
    .option('--client <style>', 'the example client: path (openapi-fetch), sdk (a function per operation), react-query (asked on a terminal; default path)')
    .addOption(overlayOption())
    .action(
      act(async (opts: { spec?: string; output: string; generate: boolean; overlay?: string[]; framework?: string; client?: string }) =>
        (await import('./commands/init.js')).runInit(opts),
      ),
    );

  program
    .command('bundle')
    .description('write the contract and every file it refers to as one document')
    .argument('<spec>', 'the contract')
    .option('-o, --output <file>', 'output file (default: standard output)')
    .option('--format <format>', 'json or yaml')
    .option('--openapi <version>', 'write the document for OpenAPI 3.1 (from 3.2, saying what it could not keep) or 3.2 (from 3.1)')
    .addOption(overlayOption())
    .action(
      act(async (spec: string, opts: { output?: string; format?: string; openapi?: string }) =>
        (await import('./commands/bundle.js')).runBundle({ ...opts, spec }),
      ),
    );

  program
    .command('docs')
    .description('build static docs for the contracts named, or every contract in the config, with an index page')
    .argument('[specs...]', 'contracts to publish (default: every contract in the config)')
    .option('-c, --config <file>', "config file: the contracts when none are named, and each listed contract's settings", 'specforge.config.yaml')
    .option('-o, --out <dir>', 'output folder', 'dist/docs')
    .addOption(strictOption())
    .option(
      '--changelog-base <git-ref>',
      "also publish each contract's changes since this git revision: <api>/changelog.html (linked from the index) and changelog.md (default: the config's docs.changelogBase)",
    )
    .option('--no-changelog', 'publish no changelog, even when the config names docs.changelogBase (a shallow clone without that revision)')
    .option(
      '--renderer <name>',
      "static: specforge's pages rendered at build time (a page per tag, search, code samples, a request console; work from file://); redocly: one Redoc page per contract",
      'static',
    )
    .addOption(overlayOption())
    .action(
      act(async (specs: string[], opts: { config: string; out: string; strict?: string; changelogBase?: string; changelog: boolean; renderer: string }) =>
        (await import('./commands/docs.js')).runDocs({ ...opts, specs }),
      ),
    );

  program
    .command('mock')
    .description('serve the generated server with the mock handlers')
    .argument('<spec>', 'the contract')
    .option('-c, --config <file>', "specforge config file: the contract's entry gives its settings", 'specforge.config.yaml')
    .addOption(strictOption())
    .option('-p, --port <port>', 'TCP port (default 4010)')
    .option('-H, --host <host>', 'address to listen on (default 127.0.0.1)')
    .option('--socket <path>', 'listen on a unix socket instead of TCP')
    .option(
      '--stateful',
      'keep resources in memory: those declared with x-specforge-resources, else collections inferred from CRUD-shaped paths (POST /things with GET /things/{id})',
    )
    .option('--no-infer', 'with --stateful: infer no collection from the paths')
    .option('--seed <n>', 'seed of sampled values and generated ids')
    .option('--delay <ms>', 'wait this long before each answer')
    .option('--body-limit <bytes>', 'largest request body accepted')
    .option('--max-documents <n>', 'documents each stateful collection may hold; a create past it is a 507 (default 10000)')
    .option('--max-page-size <n>', 'most items of one page of a paginated list (default 1000)')
    .option('--headers-timeout <ms>', 'time a client has to send its request headers (default 10000)')
    .option('--request-timeout <ms>', 'time a client has to send its whole request (default 30000)')
    .option('--idle-timeout <ms>', 'time a connection may sit idle (default 30000; 5000 between keep-alive requests)')
    .option('--max-connections <n>', 'connections open at once; more are refused (default 1000)')
    .option('--cors', "answer any web page (Access-Control-Allow-Origin: *, preflights answered), so the docs' request console can call the mock")
    .option('--no-cache', "build the contract's model even when the start-up cache holds it (and write no entry)")
    .addOption(overlayOption())
    .action(
      async (
        spec: string,
        opts: {
          cache?: boolean;
          cors?: boolean;
          config: string;
          strict?: string;
          port?: string;
          host?: string;
          socket?: string;
          stateful?: boolean;
          infer?: boolean;
          seed?: string;
          delay?: string;
          bodyLimit?: string;
          maxDocuments?: string;
          maxPageSize?: string;
          headersTimeout?: string;
          requestTimeout?: string;
          idleTimeout?: string;
          maxConnections?: string;
        },
      ) => {
        try {
          const { runMock } = await import('./commands/mock.js');
          const { server } = await runMock({ ...opts, spec });
          const stop = (): void => {
            server.close(() => exit(0));
            server.closeAllConnections();
          };
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
          process.once('SIGHUP', stop);
        } catch (err) {
          exit(handleError(err));
        }
      },
    );
  return program;
}
