/**
 * The run-time table of a command line (`x-specforge-cli`): derived from the contract once, printed
 * into generated cli.ts, and read by the command-line runtime (cli/program.ts, cli/completion.ts).
 */

/** How the text of a flag or variable is read before the schema validates it. */
export type CliValueType = 'string' | 'integer' | 'number' | 'boolean';

export type CliShell = 'bash' | 'fish' | 'powershell' | 'zsh';

export const CLI_SHELLS: readonly CliShell[] = ['bash', 'fish', 'powershell', 'zsh'];

export interface CliOptionSpec {
  /** Property of the configuration object that receives the value. */
  property: string;
  /** Long flag, without the leading dashes. */
  flag: string;
  /** One-character alias, without the dash. */
  short?: string;
  /** Environment variable read when the flag is not given. */
  env?: string;
  type: CliValueType;
  /** Set for list options: the flag may repeat; a variable's value is split on `separator`. */
  array?: { separator: string };
  /** The schema's default, used when neither the flag nor the variable is given. */
  default?: unknown;
  /** One line for --help and completion descriptions. */
  summary: string;
  /** The full description, for the reference page. */
  description: string;
  /** Value name in help (`--log-level <level>`). */
  placeholder: string;
  /** The allowed values in words, for usage errors and help ("one of: ..."). */
  allowed?: string;
  /** Enumerated values (of each item, for lists): completion candidates. */
  values?: Array<string | number>;
  /** Left out of help and completion. */
  hidden?: boolean;
}

/** What a command does once its configuration is resolved and valid. */
export type CliAction =
  /** Print the resolved configuration as JSON. */
  | { type: 'configuration' }
  /** Print the command's help (a group of subcommands). */
  | { type: 'help' }
  /** Print the build information: `output` and `short` name the properties that choose the form. */
  | { type: 'version'; output?: string; short?: string }
  /** Print the completion script for `shell`; `noDescriptions` names a boolean property. */
  | { type: 'completion'; shell: CliShell; noDescriptions?: string };

export interface CliCommandSpec {
  name: string;
  summary: string;
  description?: string;
  /** Key of the generated `schemaValidators` that validates this command's configuration. */
  configuration?: string;
  options: CliOptionSpec[];
  action: CliAction;
  commands: CliCommandSpec[];
}

export interface CliSpec {
  /** Program name: the root command and the launcher's file name. */
  name: string;
  /** What `version --short` prints. */
  version: string;
  /** The build information `version` prints in full (as YAML or JSON with --output). */
  build: Record<string, unknown>;
  root: CliCommandSpec;
}
