/**
 * The install-cni contract, through its generated program (generated/install-cni/cli.ts) run in
 * process: every flag of seed 002 section 4.2 with its default when nothing is set, its variable,
 * its flag, the flag winning over the variable, and a bad value in either refused with exit code 2
 * and a message that names it and what is allowed.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, loadConfiguration, main } from '../../generated/install-cni/cli.js';
import { CliUsageError } from '../../src/runtime/index.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(['node', 'install-cni', ...args], { env, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
  return { code, stdout, stderr };
}

async function config(args: string[], env: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const r = await run(args, env);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Record<string, unknown>;
}

interface FlagCase {
  env: string;
  property: string;
  /** The default the seed states (or the one the contract documents where the seed shows none). */
  default: unknown;
  /** A value set through the variable: its text and what it is read as. */
  viaEnv: [string, unknown];
  /** A different value set through the flag. */
  viaFlag: [string, unknown];
  /** A value the option refuses, and a piece of the allowed values the message must show. */
  bad: [string, string];
}

const ABS = 'an absolute path';
const SCOPED = 'comma-separated <scope>:<level>';

/** Every flag of the installer, as the seed lists them. */
const FLAGS: Array<[flag: string, c: FlagCase]> = [
  [
    'ambient-enabled',
    { env: 'AMBIENT_ENABLED', property: 'ambientEnabled', default: false, viaEnv: ['true', true], viaFlag: ['false', false], bad: ['maybe', 'true, false'] },
  ],
  [
    'chained-cni-plugin',
    { env: 'CHAINED_CNI_PLUGIN', property: 'chainedCniPlugin', default: true, viaEnv: ['false', false], viaFlag: ['true', true], bad: ['yes', 'true, false'] },
  ],
  [
    'cni-conf-name',
    {
      env: 'CNI_CONF_NAME',
      property: 'cniConfName',
      default: '',
      viaEnv: ['10-calico.conflist', '10-calico.conflist'],
      viaFlag: ['05-mesh.conf', '05-mesh.conf'],
      bad: ['calico.yaml', '.conf, .conflist or .json'],
    },
  ],
  [
    'cni-net-dir',
    {
      env: 'CNI_NET_DIR',
      property: 'cniNetDir',
      default: '/etc/cni/net.d',
      viaEnv: ['/opt/cni/net.d', '/opt/cni/net.d'],
      viaFlag: ['/etc/cni/other', '/etc/cni/other'],
      bad: ['etc/cni', ABS],
    },
  ],
  [
    'cni-network-config',
    {
      env: 'CNI_NETWORK_CONFIG',
      property: 'cniNetworkConfig',
      default: '',
      viaEnv: ['{"type":"mesh-cni"}', '{"type":"mesh-cni"}'],
      viaFlag: ['{ "name": "x" }', '{ "name": "x" }'],
      bad: ['type=mesh', 'JSON object'],
    },
  ],
  [
    'cni-network-config-file',
    {
      env: 'CNI_NETWORK_CONFIG_FILE',
      property: 'cniNetworkConfigFile',
      default: '',
      viaEnv: ['/etc/tpl.json', '/etc/tpl.json'],
      viaFlag: ['/tmp/tpl.json', '/tmp/tpl.json'],
      bad: ['tpl.json', ABS],
    },
  ],
  ['ebpf-enabled', { env: 'EBPF_ENABLED', property: 'ebpfEnabled', default: false, viaEnv: ['1', true], viaFlag: ['0', false], bad: ['on', 'true, false'] }],
  [
    'kube-ca-file',
    {
      env: 'KUBE_CA_FILE',
      property: 'kubeCaFile',
      default: '',
      viaEnv: ['/var/ca.crt', '/var/ca.crt'],
      viaFlag: ['/etc/ca.crt', '/etc/ca.crt'],
      bad: ['ca.crt', ABS],
    },
  ],
  [
    'kubecfg-file-name',
    {
      env: 'KUBECFG_FILE_NAME',
      property: 'kubecfgFileName',
      default: 'ZZZ-mesh-cni-kubeconfig',
      viaEnv: ['kc', 'kc'],
      viaFlag: ['other-kubeconfig', 'other-kubeconfig'],
      bad: ['a/b', 'without "/"'],
    },
  ],
  [
    'kubeconfig-mode',
    { env: 'KUBECONFIG_MODE', property: 'kubeconfigMode', default: 384, viaEnv: ['0644', 420], viaFlag: ['416', 416], bad: ['512', 'from 0 to 511'] },
  ],
  [
    'log-level',
    {
      env: 'LOG_LEVEL',
      property: 'logLevel',
      default: 'warn',
      viaEnv: ['debug', 'debug'],
      viaFlag: ['error', 'error'],
      bad: ['verbose', '"debug", "info", "warn", "error", "fatal", "none"'],
    },
  ],
  [
    'log-uds-address',
    {
      env: 'LOG_UDS_ADDRESS',
      property: 'logUdsAddress',
      default: '/var/run/mesh-cni/log.sock',
      viaEnv: ['/run/a.sock', '/run/a.sock'],
      viaFlag: ['/run/b.sock', '/run/b.sock'],
      bad: ['log.sock', ABS],
    },
  ],
  [
    'monitoring-port',
    {
      env: 'MONITORING_PORT',
      property: 'monitoringPort',
      default: 15014,
      viaEnv: ['9090', 9090],
      viaFlag: ['0x1f90', 8080],
      bad: ['65536', 'from 0 to 65535'],
    },
  ],
  [
    'mounted-cni-net-dir',
    {
      env: 'MOUNTED_CNI_NET_DIR',
      property: 'mountedCniNetDir',
      default: '/host/etc/cni/net.d',
      viaEnv: ['/host/a', '/host/a'],
      viaFlag: ['/host/b', '/host/b'],
      bad: ['host/etc', ABS],
    },
  ],
  [
    'repair-enabled',
    { env: 'REPAIR_ENABLED', property: 'repairEnabled', default: true, viaEnv: ['False', false], viaFlag: ['TRUE', true], bad: ['2', 'true, false'] },
  ],
  [
    'repair-delete-pods',
    { env: 'REPAIR_DELETE_PODS', property: 'repairDeletePods', default: false, viaEnv: ['t', true], viaFlag: ['f', false], bad: ['no', 'true, false'] },
  ],
  [
    'repair-label-pods',
    { env: 'REPAIR_LABEL_PODS', property: 'repairLabelPods', default: false, viaEnv: ['T', true], viaFlag: ['F', false], bad: ['x', 'true, false'] },
  ],
  [
    'repair-broken-pod-label-key',
    {
      env: 'REPAIR_BROKEN_POD_LABEL_KEY',
      property: 'repairBrokenPodLabelKey',
      default: 'cni.mesh.io/uninitialized',
      viaEnv: ['broken', 'broken'],
      viaFlag: ['example.com/broken-pod', 'example.com/broken-pod'],
      bad: ['k'.repeat(64), 'at most 63 characters'],
    },
  ],
  [
    'repair-broken-pod-label-value',
    {
      env: 'REPAIR_BROKEN_POD_LABEL_VALUE',
      property: 'repairBrokenPodLabelValue',
      default: 'true',
      viaEnv: ['yes', 'yes'],
      viaFlag: ['broken.pod', 'broken.pod'],
      bad: ['-bad-', 'label value'],
    },
  ],
  [
    'repair-field-selectors',
    {
      env: 'REPAIR_FIELD_SELECTORS',
      property: 'repairFieldSelectors',
      default: '',
      viaEnv: ['spec.nodeName=n1', 'spec.nodeName=n1'],
      viaFlag: ['status.phase!=Running,spec.nodeName==n2', 'status.phase!=Running,spec.nodeName==n2'],
      bad: ['spec.nodeName', 'field=value'],
    },
  ],
  [
    'repair-label-selectors',
    {
      env: 'REPAIR_LABEL_SELECTORS',
      property: 'repairLabelSelectors',
      default: '',
      viaEnv: ['app=web', 'app=web'],
      viaFlag: ['app=web,tier!=db', 'app=web,tier!=db'],
      bad: ['app web', 'label=value'],
    },
  ],
  [
    'repair-init-container-exit-code',
    {
      env: 'REPAIR_INIT_CONTAINER_EXIT_CODE',
      property: 'repairInitContainerExitCode',
      default: 126,
      viaEnv: ['1', 1],
      viaFlag: ['127', 127],
      bad: ['256', 'from 0 to 255'],
    },
  ],
  [
    'repair-init-container-name',
    {
      env: 'REPAIR_INIT_CONTAINER_NAME',
      property: 'repairInitContainerName',
      default: 'mesh-validation',
      viaEnv: ['init', 'init'],
      viaFlag: ['mesh-init', 'mesh-init'],
      bad: ['Init_Container', 'DNS label'],
    },
  ],
  [
    'repair-init-container-termination-message',
    {
      env: 'REPAIR_INIT_CONTAINER_TERMINATION_MESSAGE',
      property: 'repairInitContainerTerminationMessage',
      default: '',
      viaEnv: ['cni not ready', 'cni not ready'],
      viaFlag: ['exit 126', 'exit 126'],
      bad: ['m'.repeat(4097), 'at most 4096 characters'],
    },
  ],
  [
    'repair-node-name',
    {
      env: 'REPAIR_NODE_NAME',
      property: 'repairNodeName',
      default: '',
      viaEnv: ['node-1', 'node-1'],
      viaFlag: ['node-2.zone.example', 'node-2.zone.example'],
      bad: ['Node_1', 'node name'],
    },
  ],
  [
    'repair-sidecar-annotation',
    {
      env: 'REPAIR_SIDECAR_ANNOTATION',
      property: 'repairSidecarAnnotation',
      default: 'sidecar.mesh.io/status',
      viaEnv: ['sidecar/status', 'sidecar/status'],
      viaFlag: ['example.io/injected', 'example.io/injected'],
      bad: ['bad key!', 'annotation key'],
    },
  ],
  [
    'skip-tls-verify',
    { env: 'SKIP_TLS_VERIFY', property: 'skipTlsVerify', default: false, viaEnv: ['true', true], viaFlag: ['false', false], bad: ['insecure', 'true, false'] },
  ],
  [
    'ctrlz_address',
    {
      env: 'CTRLZ_ADDRESS',
      property: 'ctrlzAddress',
      default: 'localhost',
      viaEnv: ['*', '*'],
      viaFlag: ['127.0.0.1', '127.0.0.1'],
      bad: ['local host', 'host name'],
    },
  ],
  ['ctrlz_port', { env: 'CTRLZ_PORT', property: 'ctrlzPort', default: 9876, viaEnv: ['0', 0], viaFlag: ['65535', 65535], bad: ['-1', 'from 0 to 65535'] }],
  ['log_as_json', { env: 'LOG_AS_JSON', property: 'logAsJson', default: false, viaEnv: ['1', true], viaFlag: ['false', false], bad: ['json', 'true, false'] }],
  [
    'log_caller',
    {
      env: 'LOG_CALLER',
      property: 'logCaller',
      default: '',
      viaEnv: ['cni', 'cni'],
      viaFlag: ['default,repair', 'default,repair'],
      bad: ['cni,kernel', 'scopes among'],
    },
  ],
  [
    'log_output_level',
    {
      env: 'LOG_OUTPUT_LEVEL',
      property: 'logOutputLevel',
      default: 'default:info',
      viaEnv: ['cni:debug', 'cni:debug'],
      viaFlag: ['default:warn,repair:error', 'default:warn,repair:error'],
      bad: ['default:loud', SCOPED],
    },
  ],
  [
    'log_rotate',
    {
      env: 'LOG_ROTATE',
      property: 'logRotate',
      default: '',
      viaEnv: ['/var/log/cni.log', '/var/log/cni.log'],
      viaFlag: ['/tmp/cni.log', '/tmp/cni.log'],
      bad: ['cni.log', ABS],
    },
  ],
  ['log_rotate_max_age', { env: 'LOG_ROTATE_MAX_AGE', property: 'logRotateMaxAge', default: 30, viaEnv: ['0', 0], viaFlag: ['7', 7], bad: ['-3', '>= 0'] }],
  [
    'log_rotate_max_backups',
    {
      env: 'LOG_ROTATE_MAX_BACKUPS',
      property: 'logRotateMaxBackups',
      default: 1000,
      viaEnv: ['10', 10],
      viaFlag: ['1_000_000', 1000000],
      bad: ['many', '>= 0'],
    },
  ],
  [
    'log_rotate_max_size',
    { env: 'LOG_ROTATE_MAX_SIZE', property: 'logRotateMaxSize', default: 104857600, viaEnv: ['100', 100], viaFlag: ['0', 0], bad: ['1.5', '>= 0'] },
  ],
  [
    'log_stacktrace_level',
    {
      env: 'LOG_STACKTRACE_LEVEL',
      property: 'logStacktraceLevel',
      default: 'default:none',
      viaEnv: ['default:error', 'default:error'],
      viaFlag: ['all:fatal', 'all:fatal'],
      bad: ['error', SCOPED],
    },
  ],
  [
    'log_target',
    {
      env: 'LOG_TARGET',
      property: 'logTarget',
      default: ['stdout'],
      viaEnv: ['stdout,stderr', ['stdout', 'stderr']],
      viaFlag: ['stderr', ['stderr']],
      bad: ['/var/log/x', '"stdout", "stderr"'],
    },
  ],
];

describe('install-cni: every flag of the seed', () => {
  it('covers the 38 flags of the contract, and no other', () => {
    expect(FLAGS).toHaveLength(38);
    expect(cli.root.options.map((o) => o.flag).sort()).toEqual(FLAGS.map(([flag]) => flag).sort());
  });

  it('names each variable after its flag: upper case, dashes as underscores', () => {
    for (const [flag, c] of FLAGS) expect(c.env, flag).toBe(flag.toUpperCase().replace(/-/g, '_'));
    expect(cli.root.options.map((o) => [o.flag, o.env])).toEqual(cli.root.options.map((o) => [o.flag, o.flag.toUpperCase().replace(/-/g, '_')]));
  });

  it('prints every default with nothing set', async () => {
    const c = await config([]);
    expect(Object.keys(c)).toHaveLength(38);
    for (const [flag, f] of FLAGS) expect(c[f.property], flag).toEqual(f.default);
  });

  describe.each(FLAGS)('--%s', (flag, f) => {
    const [envText, envValue] = f.viaEnv;
    const [flagText, flagValue] = f.viaFlag;

    it('takes its variable', async () => {
      expect((await config([], { [f.env]: envText }))[f.property]).toEqual(envValue);
    });

    it('takes its flag', async () => {
      expect((await config([`--${flag}=${flagText}`]))[f.property]).toEqual(flagValue);
    });

    it('takes its flag over its variable', async () => {
      expect((await config([`--${flag}=${flagText}`], { [f.env]: envText }))[f.property]).toEqual(flagValue);
    });

    it('refuses a bad value in the flag with exit 2, naming the flag and the allowed values', async () => {
      const r = await run([`--${flag}=${f.bad[0]}`]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`for --${flag}:`);
      expect(r.stderr).toContain(f.bad[1]);
    });

    it('refuses a bad value in the variable with exit 2, naming the variable', async () => {
      const r = await run([], { [f.env]: f.bad[0] });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`for ${f.env}:`);
      expect(r.stderr).toContain(f.bad[1]);
    });
  });
});

const SEED = readFileSync(resolve(import.meta.dirname, '..', 'fixtures', 'seeds', '002_b44c84648af4ed20.txt'), 'utf8');
const SCOPES = ((/\nLog scopes: ([^.]*)\./.exec(SEED) as RegExpExecArray)[1] as string).split(', ');
const LEVELS = ((/ Levels: ([^.]*)\./.exec(SEED) as RegExpExecArray)[1] as string).split(', ');

describe('install-cni: log scopes and levels are those of the seed', () => {
  it('reads fourteen scopes and six levels from the seed', () => {
    expect(SCOPES).toHaveLength(14);
    expect(SCOPES).toContain('trustBundle');
    expect(LEVELS).toEqual(['debug', 'info', 'warn', 'error', 'fatal', 'none']);
  });

  describe.each(['log_output_level', 'log_stacktrace_level'])('--%s', (flag) => {
    const env = flag.toUpperCase();

    it('takes every scope of the seed with every level, one by one and all together', async () => {
      for (const scope of SCOPES) {
        for (const level of LEVELS) expect((await run([`--${flag}=${scope}:${level}`])).code, `${scope}:${level}`).toBe(0);
      }
      const all = SCOPES.map((scope, i) => `${scope}:${LEVELS[i % LEVELS.length] as string}`).join(',');
      expect((await run([`--${flag}=${all}`])).code).toBe(0);
    });

    it.each([
      ['an unknown scope', 'kernel:info'],
      ['an unknown scope after a good one', 'default:info,kernel:info'],
      ['a scope in another case', 'Default:info'],
      ['a scope of the form of trustBundle in lower case', 'trustbundle:info'],
      ['an unknown level', 'default:verbose'],
      ['a level in upper case', 'default:INFO'],
      ['no level', 'default'],
      ['no scope', ':info'],
      ['an empty pair', 'default:info,,cni:debug'],
      ['a trailing comma', 'default:info,'],
      ['spaces', 'default: info'],
      ['the empty string', ''],
    ])('refuses %s (%j) in the flag and in the variable with exit 2, naming it and the allowed scopes', async (_rule, value) => {
      const viaFlag = await run([`--${flag}=${value}`]);
      expect(viaFlag.code).toBe(2);
      expect(viaFlag.stdout).toBe('');
      expect(viaFlag.stderr).toContain(`invalid value ${JSON.stringify(value)} for --${flag}:`);
      expect(viaFlag.stderr).toContain(`with scope among ${SCOPES.join(', ')} and level among ${LEVELS.join(', ')}`);
      // An empty variable is the empty string for a string flag, which is no <scope>:<level> either.
      const viaEnv = await run([], { [env]: value });
      expect(viaEnv.code).toBe(2);
      expect(viaEnv.stderr).toContain(`invalid value ${JSON.stringify(value)} for ${env}:`);
    });
  });

  it('--log_caller takes the scopes of the seed and refuses others', async () => {
    expect((await run([`--log_caller=${SCOPES.join(',')}`])).code).toBe(0);
    for (const value of ['kernel', 'default,kernel', 'default:info', 'default,']) {
      const r = await run([`--log_caller=${value}`]);
      expect(r.code, value).toBe(2);
      expect(r.stderr).toContain(`invalid value ${JSON.stringify(value)} for --log_caller:`);
    }
  });
});

describe('install-cni: how flags are written', () => {
  it('reads a boolean flag alone as true and --flag=false as false, the last one winning', async () => {
    expect((await config(['--chained-cni-plugin=false']))['chainedCniPlugin']).toBe(false);
    expect((await config(['--ambient-enabled']))['ambientEnabled']).toBe(true);
    expect((await config(['--ambient-enabled', '--ambient-enabled=false']))['ambientEnabled']).toBe(false);
    expect((await config(['--ambient-enabled=false', '--ambient-enabled']))['ambientEnabled']).toBe(true);
  });

  it('does not take the next word as the value of a boolean flag', async () => {
    const r = await run(['--ambient-enabled', 'version', '-s']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`${cli.version}\n`);
  });

  it('takes a value flag as --flag value or --flag=value, the last one winning', async () => {
    expect((await config(['--log-level', 'debug']))['logLevel']).toBe('debug');
    expect((await config(['--log-level', 'debug', '--log-level=error']))['logLevel']).toBe('error');
  });

  it('collects a repeated list flag in order, and splits the variable on commas', async () => {
    expect((await config(['--log_target', 'stderr', '--log_target=stdout']))['logTarget']).toEqual(['stderr', 'stdout']);
    expect((await config([], { LOG_TARGET: 'stderr,stdout,stderr' }))['logTarget']).toEqual(['stderr', 'stdout', 'stderr']);
  });

  it('reads integers as Go does: a leading 0 is octal, 0x hex, and 08 is no integer', async () => {
    expect((await config(['--kubeconfig-mode=0600']))['kubeconfigMode']).toBe(384);
    expect((await config(['--kubeconfig-mode=0o644']))['kubeconfigMode']).toBe(420);
    const r = await run(['--kubeconfig-mode=08']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid value "08" for --kubeconfig-mode: not an integer; allowed: an integer from 0 to 511');
  });

  it('treats an empty variable as unset for booleans and integers, and as the empty string for strings', async () => {
    const ok = await config([], { CHAINED_CNI_PLUGIN: '', CTRLZ_PORT: '', CNI_CONF_NAME: '' });
    expect(ok['chainedCniPlugin']).toBe(true);
    expect(ok['ctrlzPort']).toBe(9876);
    expect(ok['cniConfName']).toBe('');
    const r = await run([], { LOG_UDS_ADDRESS: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid value "" for LOG_UDS_ADDRESS');
  });

  it('reports every bad value at once', async () => {
    const r = await run(['--ctrlz_port=70000', '--log-level=loud'], { MONITORING_PORT: '99999' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--ctrlz_port');
    expect(r.stderr).toContain('--log-level');
    expect(r.stderr).toContain('MONITORING_PORT');
  });

  it('refuses unknown flags, missing values and stray words with exit 2', async () => {
    for (const args of [['--no-such-flag'], ['--log-level'], ['stray'], ['version', '--log-level=debug']]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr, args.join(' ')).toMatch(/^error: /);
      expect(r.stderr).toContain('install-cni --help');
    }
  });

  it('gives the typed configuration to programs through loadConfiguration', async () => {
    const c = await loadConfiguration(['--monitoring-port', '9100'], { LOG_LEVEL: 'info' });
    expect(c.monitoringPort).toBe(9100);
    expect(c.logLevel).toBe('info');
    expect(c.logTarget).toEqual(['stdout']);
    await expect(loadConfiguration(['--monitoring-port', 'x'], {})).rejects.toBeInstanceOf(CliUsageError);
    await expect(loadConfiguration(['--help'], {})).rejects.toThrow('the arguments ask for help, not a configuration');
    await expect(loadConfiguration(['version'], {})).rejects.toThrow('the arguments do not run install-cni itself');
    await expect(loadConfiguration(['--nope'], {})).rejects.toThrow("error: unknown option '--nope'");
  });
});

describe('install-cni --help', () => {
  it('lists every flag with its default and its variable', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    for (const o of cli.root.options) {
      const line = r.stdout.split('\n').find((l) => l.trimStart().startsWith(`--${o.flag}`));
      expect(line, o.flag).toBeDefined();
      expect(line).toContain(`env ${o.env ?? ''}`);
      expect(line).toContain(`default ${Array.isArray(o.default) ? '["stdout"]' : JSON.stringify(o.default)}`);
    }
    expect(r.stdout).toContain('completion');
    expect(r.stdout).toContain('version');
  });

  it('shows allowed values next to the flag', async () => {
    const r = await run(['--help']);
    expect(r.stdout).toMatch(
      /--log-level <level>\s+fallback log level for the CNI config \(one of: "debug", "info", "warn", "error", "fatal", "none"; default "warn"; env LOG_LEVEL\)/,
    );
    expect(r.stdout).toMatch(/--ctrlz_port <port>\s+introspection port \(an integer from 0 to 65535; default 9876; env CTRLZ_PORT\)/);
    expect(r.stdout).toMatch(
      /--log_target <output>\s+log outputs; stdout and stderr allowed \(each one of: "stdout", "stderr"; repeatable; default \["stdout"\]; env LOG_TARGET\)/,
    );
  });
});

describe('install-cni version and completion', () => {
  it('version -o json prints the build information as JSON', async () => {
    const r = await run(['version', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ version: '1.0.0', revision: 'unknown', golang_version: 'unknown', status: 'unknown', tag: 'unknown' });
    expect((await run(['version', '--output=json'])).stdout).toBe(r.stdout);
    expect((await run(['version', '-ojson'])).stdout).toBe(r.stdout);
  });

  it('version -o yaml, --short=false and no flag print the full information; -s the version alone', async () => {
    const yaml = await run(['version', '-o', 'yaml']);
    expect(yaml.stdout).toBe('version: 1.0.0\nrevision: unknown\ngolang_version: unknown\nstatus: unknown\ntag: unknown\n');
    expect((await run(['version', '--short=false'])).stdout).toBe(yaml.stdout);
    expect((await run(['version'])).stdout).toBe(yaml.stdout);
    expect((await run(['version', '-s'])).stdout).toBe('1.0.0\n');
    expect((await run(['version', '--short'])).stdout).toBe('1.0.0\n');
    expect((await run(['version', '-s=true'])).stdout).toBe('1.0.0\n');
  });

  it('version refuses an output other than yaml or json, and a non-boolean --short', async () => {
    const r = await run(['version', '-o', 'xml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('invalid value "xml" for --output');
    expect(r.stderr).toContain('one of: "yaml", "json"');
    const s = await run(['version', '--short=perhaps']);
    expect(s.code).toBe(2);
    expect(s.stderr).toContain('for --short: not a boolean');
  });

  it('completion alone lists the four shells', async () => {
    const r = await run(['completion']);
    expect(r.code).toBe(0);
    for (const shell of ['bash', 'fish', 'powershell', 'zsh']) expect(r.stdout).toContain(shell);
  });

  it.each([
    ['--no-descriptions without a shell', ['completion', '--no-descriptions'], "error: unknown option '--no-descriptions'"],
    ['--no-descriptions=true without a shell', ['completion', '--no-descriptions=true'], "error: unknown option '--no-descriptions=true'"],
    ['a shell the seed does not list', ['completion', 'tcsh'], "error: too many arguments for 'completion'"],
    ['--no-descriptions with a value that is not a boolean', ['completion', 'zsh', '--no-descriptions=sometimes'], 'for --no-descriptions: not a boolean'],
  ])('completion with %s is a usage error, exit 2, and prints no script', async (_rule, args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
  });

  it.each(['bash', 'fish', 'powershell', 'zsh'])('completion %s prints a script; --no-descriptions drops the descriptions', async (shell) => {
    const full = await run(['completion', shell]);
    expect(full.code).toBe(0);
    expect(full.stdout).toContain('--log-level');
    expect(full.stdout).toContain('version');
    const plain = await run(['completion', shell, '--no-descriptions']);
    expect(plain.code).toBe(0);
    if (shell === 'bash') expect(plain.stdout).toBe(full.stdout);
    else {
      expect(full.stdout).toContain('fallback log level for the CNI config');
      expect(plain.stdout).not.toContain('fallback log level for the CNI config');
    }
  });
});
