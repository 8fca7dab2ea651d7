/**
 * The conformance engine's options and report: what `runConformance` (run.ts) takes and returns.
 */
import type { ContractModel } from '../contract/model.js';
import type { CompiledValidators } from '../contract/tables/validators.js';
import type { ApiSpec } from '../runtime/shared/spec.js';
import type { CheckFailure, CheckName, ReceivedResponse, SentRequest } from './checks.js';
import type { StreamBounds } from './stream-check.js';
import type { BaselineOutcome, CoverageSummary, FindingGroup } from './summary-types.js';

/** The phases of a run; `proxy`: traffic `specforge proxy` forwarded (no phase of the runner's). */
export type Phase = 'examples' | 'negative' | 'coverage' | 'fuzz' | 'stateful' | 'security' | 'proxy';
export const PHASES: ReadonlyArray<Exclude<Phase, 'proxy'>> = ['examples', 'negative', 'coverage', 'fuzz', 'stateful', 'security'];

export interface ConformanceOptions {
  model: ContractModel;
  /** The contract's validators (compiled from the model when absent). */
  validators?: CompiledValidators;
  /** The model's API table (apiSpec), when the caller has it (a start from the start-up cache); built from the model when absent. */
  api?: ApiSpec;
  /** Sends one request; the runner never sends one outside `baseUrl`. */
  fetch: (request: Request) => Promise<Response>;
  /** Default http://conformance.test (for in-process handlers). */
  baseUrl?: string;
  phases?: readonly Phase[];
  checks?: readonly CheckName[];
  excludeChecks?: readonly CheckName[];
  operations?: readonly string[];
  tags?: readonly string[];
  /** Generated requests per operation in the fuzz phase (default 20). */
  maxExamples?: number;
  /** Steps of the random stateful sequence per collection (default 20). */
  statefulSteps?: number;
  seed?: number;
  /** Headers sent with every request (after the generated ones). */
  headers?: Record<string, string>;
  /** Stop after this many failures. */
  maxFailures?: number;
  /** Per-request timeout in ms (default 10,000). */
  timeoutMs?: number;
  /** Called with every request sent (a dry run can print instead of send: see `dryRun`). */
  onRequest?: (request: SentRequest) => void;
  /**
   * Called with every exchange (for `--record`): the request as sent and the answer as the checks
   * read it, or why there is none. Credentials are still in them: a recorder redacts (cassette.ts).
   */
  onExchange?: (exchange: { phase: Phase; sent: SentRequest; response?: ReceivedResponse; error?: string; truncated?: boolean; late?: boolean }) => void;
  /** Build the requests and report them through onRequest without sending any. */
  dryRun?: boolean;
  /**
   * Credentials by security scheme name, sent instead of the sampled ones wherever a request
   * carries that scheme's credential (see applyCredentials in requests.ts).
   */
  auth?: Readonly<Record<string, string>>;
  /**
   * Keep credentials in the report (`--show-secrets`): by default the values of secret headers,
   * API keys and every credential the run sent are replaced with [REDACTED] (see redact.ts).
   */
  showSecrets?: boolean;
  /** The largest response body read whole (default 10 MiB); a larger one is a finding, not checked. */
  maxResponseBytes?: number;
  /** The deepest nesting of a JSON answer that is checked (default 1000); deeper is a finding. */
  maxJsonDepth?: number;
  /**
   * How much of an OpenAPI 3.2 stream of items is read (`--max-stream-items`, `--max-stream-bytes`,
   * `--max-stream-time`; default DEFAULT_STREAM_BOUNDS in stream-check.ts): past a bound the stream
   * is cut and the run says what it did not read.
   */
  streamBounds?: StreamBounds;
  /**
   * An answer (headers and body) that takes longer than this many ms is a `max_response_time`
   * failure (`--max-response-time`); off when absent.
   */
  maxResponseTimeMs?: number;
  /**
   * Credentials obtained while the run goes (a login, OAuth2 client credentials, a command; see
   * token.ts), by security scheme name: asked before each request, and told of a 401 (`refresh`),
   * after which the request is sent once more with a new credential.
   */
  tokens?: TokenSource;
  /**
   * The paths whose unsupported_method this run tries and reports (a run split among workers gives
   * each path to one run). Default: every path with a selected operation; the paths with none are
   * reported in `skipped`.
   */
  unsupportedMethodPaths?: readonly string[];
  /**
   * Checks not applied to some operations (the config's `test.exclude`): neither counted nor
   * reported there, and listed in the report's `excluded` with their reason.
   */
  exclude?: readonly CheckExclusion[];
}

/** Checks left out for one operation, and why (the config's `test.exclude`). */
export interface CheckExclusion {
  operation: string;
  checks: readonly CheckName[];
  reason: string;
}

/** Credentials obtained during a run (token.ts): the current ones, and a refetch after a 401. */
export interface TokenSource {
  /** Credentials by security scheme name (values as `auth` takes them). */
  current(): Promise<Readonly<Record<string, string>>>;
  /** A 401 was answered with these credentials: fetch new ones (once); whether they changed. */
  refresh(): Promise<boolean>;
  /** Every credential obtained so far (kept out of reports). */
  secrets(): readonly string[];
}

/** The default of ConformanceOptions.maxResponseBytes (`--max-response-size`): 10 MiB. */
export const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** The default of ConformanceOptions.maxJsonDepth. */
export const DEFAULT_MAX_JSON_DEPTH = 1000;

export interface CheckTally {
  passed: number;
  failed: number;
}

export interface OperationReport {
  operationId: string;
  method: string;
  path: string;
  checks: Partial<Record<CheckName, CheckTally>>;
  /** What the operation's requests were answered (answers.ts); absent when none was sent. */
  answers?: AnswerTally;
}

/**
 * The statuses an operation's requests were answered with, by status code (`none`: no answer): all
 * of them, and those of the requests meant to be accepted (valid data: see answers.ts).
 */
export interface AnswerTally {
  statuses: Record<string, number>;
  valid: Record<string, number>;
}

export interface ConformanceFailure extends CheckFailure {
  operationId: string;
  phase: Phase;
  request: SentRequest;
  response?: { status: number; headers: Record<string, string>; body: string };
  curl: string;
  /** What makes two failures of a check the same fault (its cause, else its message with numbers blurred). */
  cause?: string;
  /**
   * `contract`: a defect of the contract, not of the server (an example that breaks its schema, a
   * 4xx the contract does not declare answered to invalid input or to a request without a
   * credential); grouped across operations in reports (grouping.ts).
   */
  defect?: 'contract';
  /** Counted once for the contract, whichever operation showed it. */
  contractWide?: true;
  /** Listed in the baseline (`--baseline`): reported as known, does not fail the run. */
  known?: true;
}

/** Where a check was not tried, and why (a path of the contract the unsupported_method check left out). */
export interface SkippedCheck {
  check: CheckName;
  path: string;
  reason: string;
  /** Answers of the path this happened to (an OpenAPI 3.2 stream cut at a bound: how many were not read whole). */
  streams?: number;
}

export interface ConformanceReport {
  seed: number;
  requests: number;
  durationMs: number;
  operations: OperationReport[];
  failures: ConformanceFailure[];
  /** Paths a check was not tried on, with the reason (present when there are some). */
  skipped?: SkippedCheck[];
  /** Checks the config leaves out for some operations (`test.exclude`), with their reason. */
  excluded?: CheckExclusion[];
  /** What was and was not exercised (coverage-summary.ts; set by specforge test). */
  coverage?: CoverageSummary;
  /** The failures grouped by cause (grouping.ts; set by specforge test). */
  findings?: FindingGroup[];
  /** The baseline the failures were compared with (baseline.ts; set by specforge test --baseline). */
  baseline?: BaselineOutcome;
}
