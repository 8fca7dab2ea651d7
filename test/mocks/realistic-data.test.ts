/**
 * Mock data a designer would accept (issue 41): realistic by format and by property name,
 * deterministic per seed, documented values first, always within the schema; dynamic mode with no
 * NATO words where a name is expected and no duplicate ids; image URLs that load with no network.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMockFromSpec } from '../../src/cli/commands/mock.js';
import { sampleSchema, sampleValid } from '../../src/runtime/shared/sample.js';

const FIGMA = resolve(import.meta.dirname, '..', 'fixtures', 'mocks', 'figma-like', 'openapi.yaml');
const NATO = /\b(alpha|bravo|charlie|delta|echo|foxtrot|golf|hotel|india|juliet)\b/;

const USER = {
  type: 'object',
  required: ['id', 'name', 'first_name', 'last_name', 'email', 'website', 'avatar_url', 'title', 'description', 'city', 'country', 'phone'],
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    email: { type: 'string', format: 'email' },
    website: { type: 'string', format: 'uri' },
    avatar_url: { type: 'string', format: 'uri' },
    title: { type: 'string' },
    description: { type: 'string' },
    city: { type: 'string' },
    country: { type: 'string' },
    phone: { type: 'string' },
  },
};
const ORDER = {
  type: 'object',
  required: ['id', 'amount', 'price', 'currency', 'created_at', 'updated_at', 'due_on', 'uuid', 'ip', 'host', 'customer'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    amount: { type: 'integer' },
    price: { type: 'number' },
    currency: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    updated_at: { type: 'string', format: 'date-time' },
    due_on: { type: 'string', format: 'date' },
    uuid: { type: 'string', format: 'uuid' },
    ip: { type: 'string', format: 'ipv4' },
    host: { type: 'string', format: 'hostname' },
    customer: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
  },
};

const real = (schema: unknown, seed = 1, vary = false): Record<string, unknown> =>
  sampleSchema(schema as Record<string, unknown>, { seed, vary, realistic: true }) as Record<string, unknown>;

describe('realistic samples', () => {
  it('by property name: names, emails, URLs, images, titles, texts, places, phones; never "string"', () => {
    const user = real({ type: 'object', properties: { user: USER }, required: ['user'] })['user'] as Record<string, string>;
    expect(JSON.stringify(user)).not.toMatch(/"string"/);
    expect(user['name']).toMatch(/^[A-Z][a-z]+ [A-Z][\w-]+$/);
    expect(user['first_name']).toMatch(/^[A-Z][a-z]+$/);
    expect(user['email']).toMatch(/^[a-z-]+\.[a-z-]+@example\.com$/);
    expect(user['website']).toMatch(/^https:\/\/example\.com\//);
    expect(user['avatar_url']).toMatch(/^data:image\/svg\+xml,%3Csvg/);
    expect(decodeURIComponent(user['avatar_url'] as string)).toMatch(/<svg [^>]*width="64"[^>]*>.*<\/svg>$/);
    expect(user['title']).not.toBe('string');
    expect(user['description']).toMatch(/[.?]$/);
    expect(user['city']).toMatch(/^[A-Z]/);
    expect(user['phone']).toMatch(/^\+1 202 555 0\d{3}$/);
  });

  it('by format: dates spread in time (created before updated), date, uuid, ipv4, hostname; amounts in cents or two decimals', () => {
    const order = real(ORDER);
    expect(order['created_at']).toMatch(/^20\d\d-\d\d-\d\dT\d\d:\d\d:00Z$/);
    expect(order['created_at']).not.toBe('2024-01-15T09:30:00Z');
    expect(Date.parse(order['updated_at'] as string)).toBeGreaterThan(Date.parse(order['created_at'] as string));
    expect(order['due_on']).toMatch(/^20\d\d-\d\d-\d\d$/);
    expect(order['uuid']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(order['ip']).toMatch(/^203\.0\.113\.\d+$/);
    expect(order['host']).toMatch(/\.example\.com$/);
    expect(Number.isInteger(order['amount'])).toBe(true);
    expect(order['amount'] as number).toBeGreaterThan(100);
    expect(String(order['price'])).toMatch(/^\d+\.\d\d$/);
    expect(order['currency']).toMatch(/^[A-Z]{3}$/);
    expect((order['customer'] as Record<string, string>)['name']).toMatch(/^[A-Z][a-z]+ [A-Z]/);
    // Spread: other seeds give other times.
    const times = new Set([1, 2, 3, 4, 5].map((seed) => real(ORDER, seed)['created_at']));
    expect(times.size).toBeGreaterThan(3);
  });

  it('the same seed gives the same bytes', () => {
    expect(JSON.stringify(real(ORDER, 7, true))).toBe(JSON.stringify(real(ORDER, 7, true)));
    expect(JSON.stringify(real(USER, 7))).toBe(JSON.stringify(real(USER, 7)));
  });

  it('documented values first; the schema always wins (maxLength, pattern, enum, range)', () => {
    const schema = {
      type: 'object',
      required: ['name', 'email', 'city', 'country', 'amount', 'status'],
      properties: {
        name: { type: 'string', example: 'Figma file' },
        email: { type: 'string', maxLength: 6 },
        city: { type: 'string', pattern: '^[0-9]{3}$' },
        country: { type: 'string', maxLength: 2 },
        amount: { type: 'integer', maximum: 50 },
        status: { type: 'string', enum: ['open', 'closed'] },
      },
    };
    for (const vary of [false, true]) {
      const v = real(schema, 3, vary);
      expect(v['name']).toBe('Figma file');
      expect((v['email'] as string).length).toBeLessThanOrEqual(6);
      expect(v['city']).toMatch(/^[0-9]{3}$/);
      expect((v['country'] as string).length).toBeLessThanOrEqual(2);
      expect(v['amount'] as number).toBeLessThanOrEqual(50);
      expect(['open', 'closed']).toContain(v['status']);
    }
  });

  it("a documented value the validator refuses is not taken again when the sample is retried (a contract's wrong example)", () => {
    // As AWS's contract has it: the object's example gives a date-time that is not one, which the
    // sampler's own check (no formats) lets through and the response's validator refuses.
    const schema = {
      type: 'object',
      required: ['DeletionDate'],
      example: { DeletionDate: '1524085349.095' },
      properties: { DeletionDate: { type: 'string', format: 'date-time', example: '1524085349.095' } },
    };
    const validate = (v: unknown): boolean => /^\d{4}-\d\d-\d\dT/.test(String((v as Record<string, unknown>)['DeletionDate']));
    const r = sampleValid(schema, validate, { seed: 1, realistic: true });
    expect(r.valid).toBe(true);
    expect((r.value as Record<string, unknown>)['DeletionDate']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('dynamic: no NATO words where a name is expected, no duplicate ids in a list', () => {
    const list = { type: 'array', minItems: 8, maxItems: 8, items: USER };
    for (const seed of [1, 2, 3]) {
      const users = sampleSchema(list, { seed, vary: true, realistic: true }) as Array<Record<string, unknown>>;
      expect(users).toHaveLength(8);
      expect(JSON.stringify(users)).not.toMatch(NATO);
      expect(new Set(users.map((u) => u['id'])).size).toBe(8);
    }
  });
});

describe('the mock answers realistic data', () => {
  it('static and dynamic answers of getFile and getComments: no "string", no fixed date, an image that loads', async () => {
    const mock = await createMockFromSpec(FIGMA);
    const file = (await (await mock.fetch(new Request('https://api.figma.test/v1/files/K'))).json()) as Record<string, string>;
    expect(JSON.stringify(file)).not.toMatch(/"string"|2024-01-15T09:30:00Z/);
    expect(file['thumbnailUrl']).toMatch(/^data:image\/svg\+xml,/);
    for (let i = 0; i < 3; i++) {
      const res = await mock.fetch(new Request('https://api.figma.test/v1/files/K/comments', { headers: { prefer: 'dynamic=true' } }));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { comments: Array<{ id: string; user: { handle: string; img_url: string } }> };
      expect(JSON.stringify(body)).not.toMatch(NATO);
      expect(new Set(body.comments.map((c) => c.id)).size).toBe(body.comments.length);
    }
    const again = await createMockFromSpec(FIGMA);
    const same = await (await again.fetch(new Request('https://api.figma.test/v1/files/K'))).text();
    expect(same).toBe(JSON.stringify(file));
  });
});
