/**
 * The meta-schema of `x-specforge-cli` (JSON Schema 2020-12): the shape of a command-line contract's
 * extension. The loader validates the extension against it before reading it (src/contract/cli.ts);
 * what a schema cannot say (names that must exist, uniqueness) is checked there.
 */

/** Names that end up in shell scripts and file names: plain characters only. */
export const PROGRAM_NAME = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';
export const COMMAND_NAME = '^[a-z][a-z0-9_-]{0,63}$';
/** Long flags: lower-case words joined by single dashes or underscores (`cni-net-dir`, `log_as_json`). */
export const FLAG_NAME = '^[a-z0-9]+([_-][a-z0-9]+){0,15}$';
export const SHORT_NAME = '^[A-Za-z0-9]$';
export const ENV_NAME = '^[A-Za-z_][A-Za-z0-9_]{0,127}$';
export const PLACEHOLDER = '^[A-Za-z][A-Za-z0-9_-]{0,31}$';

const text = { type: 'string', maxLength: 4096 };

const option = {
  type: 'object',
  additionalProperties: false,
  required: ['flag'],
  properties: {
    flag: { type: 'string', pattern: FLAG_NAME, description: 'long flag, without the dashes' },
    short: { type: 'string', pattern: SHORT_NAME, description: 'one-character alias, without the dash' },
    env: { type: 'string', pattern: ENV_NAME, description: 'environment variable read when the flag is not given' },
    placeholder: { type: 'string', pattern: PLACEHOLDER, description: 'value name in help' },
    allowed: { ...text, description: 'the allowed values in words, for usage errors and help' },
    separator: { type: 'string', minLength: 1, maxLength: 1, description: 'list options: separator of values in the environment variable (default ",")' },
    hidden: { type: 'boolean', description: 'leave the option out of help and completion' },
  },
} as const;

const action = {
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['configuration', 'help', 'version', 'completion'] },
  },
  allOf: [
    {
      if: { properties: { type: { enum: ['configuration', 'help'] } } },
      then: { additionalProperties: false, properties: { type: true } },
    },
    {
      if: { properties: { type: { const: 'version' } } },
      then: {
        additionalProperties: false,
        properties: {
          type: true,
          output: { type: 'string', description: 'property holding the output format (json or yaml)' },
          short: { type: 'string', description: 'boolean property: print only the version' },
        },
      },
    },
    {
      if: { properties: { type: { const: 'completion' } } },
      then: {
        additionalProperties: false,
        required: ['shell'],
        properties: {
          type: true,
          shell: { enum: ['bash', 'fish', 'powershell', 'zsh'] },
          noDescriptions: { type: 'string', description: 'boolean property: leave descriptions out of the script' },
        },
      },
    },
  ],
} as const;

/** Keys shared by the root and every command. */
const commandProperties = {
  summary: { ...text, description: 'one line for help' },
  description: text,
  configuration: { type: 'string', minLength: 1, description: 'name of the component schema that holds the configuration (an object)' },
  options: {
    type: 'object',
    description: 'configuration property name to its flag',
    additionalProperties: { $ref: '#/$defs/option' },
  },
  action: { $ref: '#/$defs/action' },
  commands: {
    type: 'object',
    propertyNames: { pattern: COMMAND_NAME },
    additionalProperties: { $ref: '#/$defs/command' },
  },
} as const;

export const CLI_EXTENSION_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  $id: 'https://specforge.dev/schemas/x-specforge-cli.json',
  title: 'x-specforge-cli',
  description: 'A command line described by an OpenAPI document: flags, variables and subcommands over component schemas.',
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', pattern: PROGRAM_NAME, description: 'program name: the root command and the launcher file' },
    version: { type: 'string', maxLength: 256, description: 'what version --short prints (default: info.version)' },
    build: { type: 'object', description: 'the build information the version command prints' },
    ...commandProperties,
  },
  $defs: {
    option,
    action,
    command: {
      type: 'object',
      additionalProperties: false,
      properties: commandProperties,
    },
  },
} as const;
