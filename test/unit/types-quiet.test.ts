/**
 * The types target prints nothing of its own to the console: openapi-typescript's scan of the
 * contract's discriminators (a mapping that names a oneOf schema, as Figma's published contract
 * has for BlurEffect) used to write "⚠ Discriminator mapping has an invalid schema" through
 * console.warn on every `generate` and `check`, past `--quiet` and outside specforge's findings.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { typesSource } from '../../generators/types.js';

const CONTRACT = {
  openapi: '3.1.0',
  info: { title: 'effects', version: '1' },
  paths: {},
  components: {
    schemas: {
      Effect: {
        oneOf: [{ $ref: '#/components/schemas/BlurEffect' }, { $ref: '#/components/schemas/ShadowEffect' }],
        discriminator: { propertyName: 'type', mapping: { LAYER_BLUR: '#/components/schemas/BlurEffect', DROP_SHADOW: '#/components/schemas/ShadowEffect' } },
      },
      BlurEffect: { oneOf: [{ $ref: '#/components/schemas/NormalBlur' }, { $ref: '#/components/schemas/ProgressiveBlur' }] },
      NormalBlur: { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['LAYER_BLUR'] }, radius: { type: 'number' } } },
      ProgressiveBlur: { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['LAYER_BLUR'] }, start: { type: 'number' } } },
      ShadowEffect: { type: 'object', required: ['type'], properties: { type: { type: 'string', enum: ['DROP_SHADOW'] } } },
    },
  },
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the types target', () => {
  it('writes nothing to the console for a discriminator mapping that names a oneOf schema', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const source = typesSource(structuredClone(CONTRACT));
    expect(source).toContain('BlurEffect');
    expect(warn.mock.calls).toEqual([]);
    expect(error.mock.calls).toEqual([]);
    expect(log.mock.calls).toEqual([]);
  });
});
