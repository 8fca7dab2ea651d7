/**
 * Real engine clients against the generated engine mock (stateful), served on a unix socket as the
 * engine itself is: dockerode always, and the docker command-line client when the machine has one.
 */
import { execFile, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import Docker from 'dockerode';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMock } from '../../generated/engine/mocks.js';
import { schemaValidators } from '../../generated/engine/validators.js';

const TMP = resolve(import.meta.dirname, '..', '.tmp', `engine-${process.pid}`);
const SOCKET = join(TMP, 'engine.sock');
const mock = createMock({ stateful: true, onError: (e) => console.error('engine mock:', e) });
let server: Server;
let docker: Docker;

const dockerCli = spawnSync('docker', ['--version'], { encoding: 'utf8' });
const HAS_DOCKER_CLI = dockerCli.status === 0;

beforeAll(async () => {
  mkdirSync(TMP, { recursive: true });
  server = createServer(mock.listener);
  if (mock.listener.upgrade) server.on('upgrade', mock.listener.upgrade);
  await new Promise<void>((ok) => server.listen(SOCKET, ok));
  docker = new Docker({ socketPath: SOCKET, version: 'v1.24' });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((ok) => server.close(() => ok()));
  rmSync(TMP, { recursive: true, force: true });
});

beforeEach(() => mock.reset());

describe('dockerode against specforge mock', () => {
  it('version, info and ping', async () => {
    const version = await docker.version();
    expect(version.ApiVersion).toBe('1.24');
    expect(schemaValidators.SystemVersion(version)).toBe(true);
    const info = (await docker.info()) as Record<string, unknown>;
    expect(schemaValidators.SystemInfo(info)).toBe(true);
    const ping = (await docker.ping()) as unknown;
    expect(String(ping)).toBe('OK');
  });

  it('volumes: create, list, inspect, remove', async () => {
    const created = await docker.createVolume({ Name: 'data1', Labels: { team: 'a' } });
    expect(created.name).toBe('data1');
    const list = await docker.listVolumes();
    expect(list.Volumes.map((v) => v.Name)).toContain('data1');
    const inspected = await docker.getVolume('data1').inspect();
    expect(inspected.Labels).toEqual({ team: 'a' });
    expect(inspected.Mountpoint).toBe('/var/lib/docker/volumes/data1/_data');
    await docker.getVolume('data1').remove();
    await expect(docker.getVolume('data1').inspect()).rejects.toMatchObject({ statusCode: 404 });
  });

  it('networks: create, list, remove; predefined networks exist and cannot be removed', async () => {
    const names = (await docker.listNetworks()).map((n) => n.Name);
    expect(names).toEqual(expect.arrayContaining(['bridge', 'host', 'none']));
    const net = await docker.createNetwork({ Name: 'backend', Driver: 'bridge' });
    expect(net.id).toMatch(/^[0-9a-f]{64}$/);
    expect((await docker.listNetworks()).map((n) => n.Name)).toContain('backend');
    await docker.getNetwork('backend').remove();
    expect((await docker.listNetworks()).map((n) => n.Name)).not.toContain('backend');
    for (const predefined of ['bridge', 'host', 'none']) {
      await expect(docker.getNetwork(predefined).remove()).rejects.toMatchObject({ statusCode: 403 });
    }
  });

  it('containers: create, start, start again (304), pause, exec on paused (409), stop, list, remove', async () => {
    const container = await docker.createContainer({ Image: 'ubuntu', Cmd: ['sleep', '60'], name: 'worker' });
    expect(container.id).toMatch(/^[0-9a-f]{64}$/);
    expect((await container.inspect()).State.Status).toBe('created');
    await container.start();
    expect((await container.inspect()).State).toMatchObject({ Status: 'running', Running: true });
    await expect(container.start()).rejects.toMatchObject({ statusCode: 304 });
    await container.pause();
    expect((await container.inspect()).State).toMatchObject({ Status: 'paused', Paused: true });
    await expect(container.exec({ Cmd: ['ls'] })).rejects.toMatchObject({ statusCode: 409 });
    await container.unpause();
    const exec = await container.exec({ Cmd: ['ls'], AttachStdout: true });
    expect((await exec.inspect()).ContainerID).toBe(container.id);
    await container.stop();
    await expect(container.stop()).rejects.toMatchObject({ statusCode: 304 });
    const all = await docker.listContainers({ all: true });
    const mine = all.find((c) => c.Id === container.id);
    expect(mine).toMatchObject({ Names: ['/worker'], Image: 'ubuntu', State: 'exited' });
    // Without all=1 the list shows running containers only (seed 4.1: all defaults to false).
    expect((await docker.listContainers()).map((c) => c.Id)).not.toContain(container.id);
    await container.start();
    expect((await docker.listContainers()).map((c) => c.Id)).toContain(container.id);
    await container.stop();
    await container.remove();
    await expect(container.inspect()).rejects.toMatchObject({ statusCode: 404 });
  });

  it('images: pull streams progress, and the image is listed and inspected by name', async () => {
    const stream = await docker.pull('busybox:1.36');
    const messages: unknown[] = await new Promise((ok, fail) => docker.modem.followProgress(stream, (err, out) => (err ? fail(err) : ok(out))));
    expect(messages.length).toBeGreaterThan(0);
    const images = await docker.listImages();
    expect(images.flatMap((i) => i.RepoTags ?? [])).toContain('busybox:1.36');
    const inspected = await docker.getImage('busybox:1.36').inspect();
    expect(inspected.RepoTags).toContain('busybox:1.36');
  });

  it('images whose names contain "/" are found by that name', async () => {
    const stream = await docker.pull('nginx/nginx-ingress:3.0');
    await new Promise((ok, fail) => docker.modem.followProgress(stream, (err, out) => (err ? fail(err) : ok(out))));
    const inspected = await docker.getImage('nginx/nginx-ingress:3.0').inspect();
    expect(inspected.RepoTags).toContain('nginx/nginx-ingress:3.0');
    await docker.getImage('nginx/nginx-ingress:3.0').remove();
    await expect(docker.getImage('nginx/nginx-ingress:3.0').inspect()).rejects.toMatchObject({ statusCode: 404 });
  });

  it('events: every change is streamed with Type, Action and Actor', async () => {
    const since = Math.floor(Date.now() / 1000) - 1;
    const volume = await docker.createVolume({ Name: 'evvol' });
    const container = await docker.createContainer({ Image: 'ubuntu', name: 'evc' });
    await container.start();
    await docker.getVolume(volume.name).remove();
    const stream = (await docker.getEvents({ since, until: Math.floor(Date.now() / 1000) + 1 })) as NodeJS.ReadableStream;
    const text = await new Promise<string>((ok, fail) => {
      let out = '';
      stream.on('data', (c: Buffer) => (out += c.toString()));
      stream.on('end', () => ok(out));
      stream.on('error', fail);
    });
    const events = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { Type: string; Action: string; Actor: { ID: string; Attributes: Record<string, string> } });
    expect(events.map((e) => `${e.Type} ${e.Action}`)).toEqual(['volume create', 'container create', 'container start', 'volume destroy']);
    expect(events[1]?.Actor).toMatchObject({ ID: container.id, Attributes: { name: '/evc', image: 'ubuntu' } });
    for (const e of events) expect(schemaValidators.EventMessage(e), JSON.stringify(e)).toBe(true);
  });

  it('events: filters keep only the events they name (type, event, container, label, legacy map form)', async () => {
    const since = Math.floor(Date.now() / 1000) - 1;
    await docker.createVolume({ Name: 'fvol' });
    const a = await docker.createContainer({ Image: 'ubuntu', name: 'fa', Labels: { team: 'red' } });
    const b = await docker.createContainer({ Image: 'ubuntu', name: 'fb', Labels: { team: 'blue' } });
    await a.start();
    await b.start();
    const until = Math.floor(Date.now() / 1000) + 1;
    const query = async (filters: unknown): Promise<string[]> => {
      const res = await mock.fetch(
        new Request(`http://engine/v1.24/events?since=${since}&until=${until}&filters=${encodeURIComponent(JSON.stringify(filters))}`),
      );
      expect(res.status).toBe(200);
      return (await res.text())
        .trim()
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => {
          const e = JSON.parse(l) as { Type: string; Action: string; Actor: { Attributes: Record<string, string> } };
          return `${e.Type} ${e.Action} ${e.Actor.Attributes['name'] ?? ''}`.trim();
        });
    };
    expect(await query({ type: ['volume'] })).toEqual(['volume create']);
    expect(await query({ event: ['start'] })).toEqual(['container start /fa', 'container start /fb']);
    expect(await query({ container: ['fb'] })).toEqual([]);
    expect(await query({ container: ['/fb', a.id] })).toEqual(['container create /fa', 'container create /fb', 'container start /fa', 'container start /fb']);
    expect(await query({ container: [b.id], event: ['create', 'start'] })).toEqual(['container create /fb', 'container start /fb']);
    expect(await query({ type: { container: true }, event: { start: true } })).toEqual(['container start /fa', 'container start /fb']);
    expect(await query({ label: ['team=red'] })).toEqual(['container create /fa', 'container start /fa']);
    expect(await query({ label: ['team'], event: ['start'] })).toEqual(['container start /fa', 'container start /fb']);
  });
});

describe.runIf(HAS_DOCKER_CLI)('docker command-line client against specforge mock', () => {
  // The mock runs in this process: the client must run asynchronously, or it would wait on itself.
  const exec = promisify(execFile);
  const run = async (...args: string[]): Promise<string> =>
    (
      await exec('docker', args, {
        encoding: 'utf8',
        timeout: 30_000,
        env: { ...process.env, DOCKER_HOST: `unix://${SOCKET}`, DOCKER_API_VERSION: '1.24', DOCKER_CONFIG: join(TMP, 'docker-config') },
      })
    ).stdout;

  it('docker version, volume create/ls/rm, network create/ls/rm, ps -a', async () => {
    expect((await run('version', '--format', '{{.Server.APIVersion}}')).trim()).toBe('1.24');
    expect((await run('volume', 'create', 'clivol')).trim()).toBe('clivol');
    expect(await run('volume', 'ls', '--format', '{{.Name}}')).toContain('clivol');
    expect((await run('volume', 'rm', 'clivol')).trim()).toBe('clivol');
    expect(await run('volume', 'ls', '--format', '{{.Name}}')).not.toContain('clivol');
    expect((await run('network', 'create', 'clinet')).trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(await run('network', 'ls', '--format', '{{.Name}}')).toContain('clinet');
    expect((await run('network', 'rm', 'clinet')).trim()).toBe('clinet');
    expect((await run('network', 'ls', '--format', '{{.Name}}')).split('\n')).toEqual(expect.arrayContaining(['bridge', 'host', 'none']));
    await run('create', '--name', 'cliweb', 'ubuntu', 'echo', 'hi');
    await run('start', 'cliweb');
    expect(await run('ps', '-a', '--format', '{{.Names}} {{.State}}')).toContain('cliweb running');
    await run('stop', 'cliweb');
    await run('rm', 'cliweb');
    expect(await run('ps', '-a', '--format', '{{.Names}}')).not.toContain('cliweb');
  });

  it('docker exec and docker attach use the upgraded (101) connection and print the demultiplexed stream', async () => {
    await run('run', '-d', '--name', 'cliexec', 'ubuntu', 'sleep', '60');
    expect(await run('exec', 'cliexec', 'echo', 'hi')).toBe('hello world\n');
    expect(await run('attach', 'cliexec')).toBe('hello world\n');
    await run('pause', 'cliexec');
    await expect(run('exec', 'cliexec', 'echo', 'hi')).rejects.toMatchObject({ stderr: expect.stringContaining('paused') });
  });
});

/** One raw HTTP/1.1 exchange on the mock's socket: what the server wrote until it closed. */
function rawExchange(request: string, chunks: string[] = [], endAfter = false): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    const socket = connect(SOCKET, () => {
      socket.write(request);
      // The rest of the body arrives in a later packet, as on a real connection.
      setTimeout(() => {
        for (const c of chunks) socket.write(c);
        if (endAfter) socket.end();
      }, 20);
    });
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.on('data', (d: Buffer) => out.push(d));
    socket.on('end', () => resolve(Buffer.concat(out)));
    socket.on('error', reject);
  });
}

describe('connection upgrades (101) for attach and exec start', () => {
  const FRAME = Buffer.from([1, 0, 0, 0, 0, 0, 0, 12, ...Buffer.from('hello world\n')]);
  const upgradeHeaders = 'Host: engine\r\nConnection: Upgrade\r\nUpgrade: tcp\r\n';

  it('attach with an Upgrade header answers 101 and streams one stdout frame on the raw socket', async () => {
    const container = await docker.createContainer({ Image: 'ubuntu', name: 'up1' });
    const created = await rawExchange(`POST /v1.24/containers/up1/attach?stream=1&stdout=1 HTTP/1.1\r\n${upgradeHeaders}\r\n`);
    expect(created.toString('latin1')).toMatch(/^HTTP\/1\.1 101 UPGRADED\r\n/);
    await container.start();
    const raw = await rawExchange(`POST /v1.24/containers/up1/attach?stream=1&stdout=1 HTTP/1.1\r\n${upgradeHeaders}\r\n`);
    const text = raw.toString('latin1');
    const headEnd = raw.indexOf('\r\n\r\n');
    expect(text.slice(0, headEnd)).toMatch(/^HTTP\/1\.1 101 UPGRADED\r\n/);
    expect(text.slice(0, headEnd)).toMatch(/\r\nUpgrade: tcp(\r\n|$)/);
    expect(text.slice(0, headEnd).toLowerCase()).toContain('content-type: application/vnd.docker.raw-stream');
    expect(raw.subarray(headEnd + 4)).toEqual(FRAME);
  });

  it('attach without an Upgrade header is an ordinary 200 with the same stream', async () => {
    const container = await docker.createContainer({ Image: 'ubuntu', name: 'up2' });
    await container.start();
    const res = await mock.fetch(new Request('http://engine/v1.24/containers/up2/attach?stream=1&stdout=1', { method: 'POST' }));
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(FRAME);
  });

  it('attach to a stopped container is refused before any upgrade (406, in the error body)', async () => {
    const container = await docker.createContainer({ Image: 'ubuntu', name: 'up3' });
    await container.start();
    await container.stop();
    const raw = (await rawExchange(`POST /v1.24/containers/up3/attach?stream=1 HTTP/1.1\r\n${upgradeHeaders}\r\n`)).toString('latin1');
    expect(raw).toMatch(/^HTTP\/1\.1 406 /);
    expect(raw).toContain('"message":');
  });

  it('exec start reads its JSON body from the upgrade request, even split across packets, and validates it', async () => {
    const container = await docker.createContainer({ Image: 'ubuntu', name: 'up4' });
    await container.start();
    const exec = await container.exec({ Cmd: ['ls'], AttachStdout: true });
    const body = '{"Detach":false,"Tty":false}';
    const head = `POST /v1.24/exec/${exec.id}/start HTTP/1.1\r\n${upgradeHeaders}Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const raw = await rawExchange(head + body.slice(0, 10), [body.slice(10)]);
    expect(raw.toString('latin1')).toMatch(/^HTTP\/1\.1 101 UPGRADED\r\n/);
    expect(raw.subarray(raw.indexOf('\r\n\r\n') + 4)).toEqual(FRAME);
    // A client that stops sending before the declared length is answered 400 and disconnected, not awaited forever.
    const short = (
      await rawExchange(
        `POST /v1.24/exec/${exec.id}/start HTTP/1.1\r\n${upgradeHeaders}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"Detach"`,
        [':false'],
        true,
      )
    ).toString('latin1');
    expect(short).toMatch(/^HTTP\/1\.1 400 /);
    expect(short).toContain('ended early');
    const bad = '{"Detach":"yes"}';
    const refused = (
      await rawExchange(
        `POST /v1.24/exec/${exec.id}/start HTTP/1.1\r\n${upgradeHeaders}Content-Type: application/json\r\nContent-Length: ${bad.length}\r\n\r\n${bad}`,
      )
    ).toString('latin1');
    expect(refused).toMatch(/^HTTP\/1\.1 400 /);
    expect(refused).toContain('Detach');
  });
});

describe('engine mock preconditions across resources', () => {
  it('a volume a container mounts cannot be removed (409) until the container is gone', async () => {
    await docker.createVolume({ Name: 'shared' });
    const container = await docker.createContainer({ Image: 'ubuntu', HostConfig: { Binds: ['shared:/data'] } });
    await expect(docker.getVolume('shared').remove()).rejects.toMatchObject({ statusCode: 409 });
    await container.remove();
    await docker.getVolume('shared').remove();
    expect((await docker.listVolumes()).Volumes.map((v) => v.Name)).not.toContain('shared');
  });

  it('starting an exec of a paused container is 409', async () => {
    const container = await docker.createContainer({ Image: 'ubuntu', Cmd: ['sleep', '60'] });
    await container.start();
    const exec = await container.exec({ Cmd: ['ls'] });
    await container.pause();
    const res = await mock.fetch(
      new Request(`http://engine/v1.24/exec/${exec.id}/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"Detach":true}' }),
    );
    expect(res.status).toBe(409);
    expect(((await res.json()) as { message: string }).message).toContain('paused');
    await container.unpause();
    const ok = await mock.fetch(
      new Request(`http://engine/v1.24/exec/${exec.id}/start`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"Detach":true}' }),
    );
    expect(ok.status).toBe(200);
  });
});

describe('filters in the legacy form clients still send', () => {
  const list = (filters: unknown): Promise<Response> =>
    mock.fetch(new Request(`http://engine/v1.24/containers/json?all=1&filters=${encodeURIComponent(JSON.stringify(filters))}`));
  it.each([
    [{ status: ['running'] }, 200],
    [{ status: { running: true } }, 200],
    [{ status: { sleeping: true } }, 400],
    [{ status: 'running' }, 400],
    [{ colour: ['red'] }, 400],
  ])('%j is %i', async (filters, status) => {
    expect((await list(filters)).status).toBe(status);
  });
});
