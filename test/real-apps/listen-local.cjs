// Preloaded (`node --require`) into an application under test, which runs unchanged:
// - whatever port and address the application asks for, its HTTP server listens on 127.0.0.1 on a
//   free port, printed on stdout as "SPECFORGE_LISTENING <port>";
// - connections anywhere but the loopback address fail at once (no network in tests);
// - with SPECFORGE_FASTIFY_SPEC=<file>: a Fastify application's own OpenAPI description (what
//   @fastify/swagger builds from its routes, `fastify.swagger()`) is written to that file when it
//   listens, for applications that describe themselves without serving the description.
'use strict';
const net = require('node:net');
const fs = require('node:fs');
const Module = require('node:module');

const instances = [];
const specFile = process.env.SPECFORGE_FASTIFY_SPEC;
if (specFile) {
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    const exported = load.call(this, request, parent, isMain);
    if (request !== 'fastify' || typeof exported !== 'function') return exported;
    const factory = function (...args) {
      const app = exported.apply(this, args);
      instances.push(app);
      return app;
    };
    return Object.assign(factory, exported);
  };
}

const listen = net.Server.prototype.listen;
let announced = false;
net.Server.prototype.listen = function (...args) {
  const callback = args.find((a) => typeof a === 'function');
  this.once('listening', () => {
    const address = this.address();
    if (announced || !address || typeof address !== 'object') return;
    announced = true;
    setImmediate(() => {
      const app = instances.find((i) => typeof i.swagger === 'function');
      if (specFile && app) fs.writeFileSync(specFile, JSON.stringify(app.swagger()));
      process.stdout.write(`SPECFORGE_LISTENING ${address.port}\n`);
    });
  });
  return callback ? listen.call(this, 0, '127.0.0.1', callback) : listen.call(this, 0, '127.0.0.1');
};

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const options = typeof args[0] === 'object' && args[0] !== null ? args[0] : { port: args[0], host: typeof args[1] === 'string' ? args[1] : undefined };
  const host = options.host ?? 'localhost';
  if (options.path === undefined && !['127.0.0.1', 'localhost', '::1'].includes(host)) {
    process.nextTick(() => this.destroy(Object.assign(new Error(`connect to ${host} refused: no network in this test`), { code: 'ECONNREFUSED' })));
    return this;
  }
  return connect.apply(this, args);
};
