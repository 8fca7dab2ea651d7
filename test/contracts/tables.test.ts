/**
 * The data-table contract (specs/tables) held against its seed document
 * (test/fixtures/seeds/002_b44c84648af4ed20.txt, part A, sections 2.1 to 2.5, 3, 7 and 8):
 *
 * 1. every schema, field, enum value, default, output-only marker and limit of the seed, read
 *    from the seed at test time;
 * 2. conformance: every example validates, and every example request makes a round trip through
 *    the generated server with the generated mock handlers;
 * 3. one counter-example per rule, each next to values that pass, through the generated
 *    validators, and through the generated server for requests;
 * 4. the stateful mock: insert, get, list (paged), patch, update, delete, 404, 409.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMock, createMockHandlers, mocks } from '../../generated/tables/mocks.js';
import { createServer } from '../../generated/tables/server.js';
import * as validators from '../../generated/tables/validators.js';
import { buildModel } from '../../src/contract/model.js';
import { unsignedJwt } from '../../src/conformance/requests.js';
import { toFetchHandler } from '../../src/runtime/index.js';
import { deref, jsonClient, propertyNames, rejectedExamples, roundTripFailures, schemaOf, withValue, type Json } from './contract-helpers.js';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SEED = resolve(import.meta.dirname, '..', 'fixtures', 'seeds', '002_b44c84648af4ed20.txt');
const seed = readFileSync(SEED, 'utf8');
const model = await buildModel(join(ROOT, 'specs', 'tables', 'openapi.yaml'));
const { schemaValidators } = validators;

function section(from: string, to: string): string {
  const start = seed.indexOf(`\n${from}`);
  const end = seed.indexOf(`\n${to}`, start + 1);
  if (start < 0 || end < 0) throw new Error(`seed section ${from} not found`);
  return seed.slice(start, end);
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

/** The rows of the markdown tables of a seed section (header and rule rows left out). */
function rows(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l.startsWith('|') && !/^\|\s*-/.test(l))
    .map(cells)
    .filter((r) => !['Field', 'Object', 'Item'].includes(r[0] as string));
}

/** Names of a "a, b, c" cell. */
const names = (cell: string): string[] =>
  cell
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);

/** Upper-case words of a text: enum values as the seed lists them ("INTEGER (INT64)" gives both). */
const upperWords = (text: string): string[] => [...text.matchAll(/\b[A-Z][A-Z0-9_]+\b/g)].map((m) => m[0]);

const props = (name: string): Json => {
  const schema = schemaOf(model, name);
  const own = (schema['properties'] as Json | undefined) ?? {};
  const parts = Array.isArray(schema['allOf']) ? (schema['allOf'] as unknown[]).map((p) => (deref(model, p)['properties'] as Json | undefined) ?? {}) : [];
  return Object.assign({}, ...parts, own) as Json;
};
const prop = (schema: string, field: string): Json => deref(model, props(schema)[field]);
const raw = (schema: string, field: string): Json => props(schema)[field] as Json;

const tableRows = rows(section('### 2.1 Table', 'The nested objects'));
const fieldRows = rows(section('| Field | Type | Rules |', '### 2.3'));
const partitioningRows = rows(section('### 2.3 Partitioning', '### 2.4'));
const viewRows = rows(section('### 2.4 Views', '### 2.5'));
const externalRows = rows(section('### 2.5 ExternalDataConfiguration', 'CsvOptions:'));
const paragraph = (name: string): string => (new RegExp(`\\n${name}: (.*)\\n`).exec(seed) as RegExpExecArray)[1] as string;

/** Field names of a "name (notes), name (notes)" paragraph. */
function paragraphFields(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const c of text) {
    if (c === '(' || c === '{') depth++;
    if (c === ')' || c === '}') depth--;
    if (c === ',' && depth === 0) {
      out.push(current);
      current = '';
    } else current += c;
  }
  out.push(current);
  return out.map((f) => (/^\s*([A-Za-z]+)/.exec(f) as RegExpExecArray)[1] as string).filter((f) => !['The'].includes(f));
}

// ---- 1. seed coverage ---------------------------------------------------------------------------

describe('seed part A: the contract has every schema, field, value, default and limit', () => {
  it.each([
    'Table',
    'TableSchema',
    'TableFieldSchema',
    'TimePartitioning',
    'RangePartitioning',
    'Clustering',
    'PartitioningDefinition',
    'ViewDefinition',
    'MaterializedViewDefinition',
    'MaterializedViewStatus',
    'ErrorProto',
    'ExternalDataConfiguration',
    'CsvOptions',
    'JsonOptions',
    'WideColumnOptions',
  ])('has the schema %s under that name', (name) => {
    expect(model.schemas.map((s) => s.name)).toContain(name);
  });

  it('Table has every field of section 2.1; tableReference is required', () => {
    const fields = tableRows.flatMap((r) => names(r[0] as string));
    expect(fields).toHaveLength(46);
    expect(propertyNames(model, schemaOf(model, 'Table'))).toEqual(expect.arrayContaining(fields));
    expect(deref(model, (schemaOf(model, 'Table')['allOf'] as unknown[])[1])['required']).toEqual(['tableReference']);
  });

  it('the fields the seed calls output only are readOnly, and no other field of Table is', () => {
    const outputOnly = tableRows.filter((r) => /^output only(?! except)/.test(r[2] ?? '')).flatMap((r) => names(r[0] as string));
    expect(outputOnly).toEqual(
      expect.arrayContaining(['etag', 'id', 'numRows', 'creationTime', 'type', 'materializedViewStatus', 'location', 'replicas', 'numPartitions']),
    );
    const readOnly = Object.entries(props('TablePatch'))
      .filter(([, s]) => (s as Json)['readOnly'] === true)
      .map(([n]) => n);
    expect(readOnly.sort()).toEqual([...outputOnly].sort());
    expect(raw('TablePatch', 'partitionDefinition')['readOnly']).toBeUndefined();
    expect(raw('MaterializedViewDefinition', 'lastRefreshTime')['$ref']).toBe('#/components/schemas/EpochMillis');
    expect(prop('MaterializedViewDefinition', 'lastRefreshTime')).toMatchObject({ type: 'string', pattern: '^-?[0-9]{1,19}$' });
    expect(raw('MaterializedViewDefinition', 'lastRefreshTime')['readOnly']).toBe(true);
    expect(raw('MaterializedViewStatus', 'refreshWatermark')['readOnly']).toBe(true);
  });

  it('int64 values are JSON strings', () => {
    for (const field of [
      'numBytes',
      'numLongTermBytes',
      'numRows',
      'creationTime',
      'lastModifiedTime',
      'expirationTime',
      'numPartitions',
      'numTotalPhysicalBytes',
    ]) {
      expect(prop('TablePatch', field)['type'], field).toBe('string');
    }
    for (const [schema, field] of [
      ['TableFieldSchema', 'maxLength'],
      ['TableFieldSchema', 'precision'],
      ['TableFieldSchema', 'scale'],
      ['TimePartitioning', 'expirationMs'],
      ['MaterializedViewDefinition', 'refreshIntervalMs'],
      ['CsvOptions', 'skipLeadingRows'],
    ] as const) {
      expect(prop(schema, field)['type'], `${schema}.${field}`).toBe('string');
    }
    const range = prop('RangePartitioning', 'range');
    for (const f of ['start', 'end', 'interval']) expect(deref(model, (range['properties'] as Json)[f])['type']).toBe('string');
  });

  it('the table type values of sections 2.1 and 3 are the type enum, TABLE by default', () => {
    const states = ((/Table type values: ([^.]*)\./.exec(seed) as RegExpExecArray)[1] as string).split(', ');
    expect(states).toHaveLength(5);
    expect(prop('TablePatch', 'type')).toMatchObject({ enum: states, default: 'TABLE' });
  });

  it('TableFieldSchema has every field of section 2.2, with its types and modes', () => {
    const fields = fieldRows.flatMap((r) => names(r[0] as string));
    expect(fields).toHaveLength(13);
    expect(propertyNames(model, schemaOf(model, 'TableFieldSchema'))).toEqual(expect.arrayContaining(fields));
    expect(schemaOf(model, 'TableFieldSchema')['required']).toEqual(['name', 'type']);
    const typeRow = fieldRows.find((r) => r[0] === 'type') as string[];
    expect((prop('TableFieldSchema', 'type')['enum'] as string[]).sort()).toEqual(upperWords(typeRow[2] as string).sort());
    expect(prop('TableFieldSchema', 'mode')).toMatchObject({ enum: ['NULLABLE', 'REQUIRED', 'REPEATED'], default: 'NULLABLE' });
    expect(prop('FieldElementType', 'type')['enum']).toEqual(['DATE', 'DATETIME', 'TIMESTAMP']);
  });

  it('partitioning and clustering have the fields of section 2.3', () => {
    expect(partitioningRows.map((r) => r[0])).toEqual(['TimePartitioning', 'RangePartitioning', 'Clustering', 'PartitioningDefinition']);
    expect(prop('TimePartitioning', 'type')['enum']).toEqual(['DAY', 'HOUR', 'MONTH', 'YEAR']);
    expect(schemaOf(model, 'TimePartitioning')['required']).toEqual(['type']);
    expect(Object.keys(props('TimePartitioning'))).toEqual(['type', 'expirationMs', 'field', 'requirePartitionFilter']);
    expect(prop('TimePartitioning', 'requirePartitionFilter')['deprecated']).toBe(true);
    expect(schemaOf(model, 'RangePartitioning')['required']).toEqual(['field', 'range']);
    expect(prop('RangePartitioning', 'range')['required']).toEqual(['start', 'end', 'interval']);
    expect(Object.keys(props('Clustering'))).toEqual(['fields']);
    expect(deref(model, prop('PartitioningDefinition', 'partitionedColumn')['items'])['required']).toEqual(['field']);
  });

  it('views have the fields and defaults of section 2.4', () => {
    expect(viewRows.map((r) => r[0])).toEqual(['ViewDefinition', 'MaterializedViewDefinition', 'MaterializedViewStatus', 'ErrorProto']);
    expect(Object.keys(props('ViewDefinition'))).toEqual(['query', 'userDefinedFunctionResources', 'useLegacySql', 'privacyPolicy']);
    expect(schemaOf(model, 'ViewDefinition')['required']).toEqual(['query']);
    expect(prop('ViewDefinition', 'useLegacySql')['default']).toBe(true);
    expect(Object.keys(props('MaterializedViewDefinition'))).toEqual([
      'query',
      'lastRefreshTime',
      'enableRefresh',
      'refreshIntervalMs',
      'allowNonIncrementalDefinition',
    ]);
    expect(prop('MaterializedViewDefinition', 'enableRefresh')['default']).toBe(true);
    expect(raw('MaterializedViewDefinition', 'refreshIntervalMs')['default']).toBe('1800000');
    expect(Object.keys(props('MaterializedViewStatus'))).toEqual(['refreshWatermark', 'lastRefreshStatus']);
    expect(Object.keys(props('ErrorProto'))).toEqual(['reason', 'location', 'debugInfo', 'message']);
  });

  it('ExternalDataConfiguration has every field and value of section 2.5', () => {
    const fields = externalRows.flatMap((r) => names(r[0] as string));
    expect(fields).toHaveLength(26);
    expect(propertyNames(model, schemaOf(model, 'ExternalDataConfiguration'))).toEqual(expect.arrayContaining(fields));
    const row = (name: string): string => (externalRows.find((r) => r[0] === name) as string[])[1] as string;
    expect(prop('ExternalDataConfiguration', 'sourceFormat')['enum']).toEqual(upperWords(row('sourceFormat')));
    expect(prop('ExternalDataConfiguration', 'fileSetSpecType')).toMatchObject({
      enum: upperWords(row('fileSetSpecType')).filter((w) => w.startsWith('FILE_')),
      default: 'FILE_SET_SPEC_TYPE_FILE_SYSTEM_MATCH',
    });
    expect(prop('ExternalDataConfiguration', 'compression')).toMatchObject({ enum: ['GZIP', 'NONE'], default: 'NONE' });
    expect(prop('ExternalDataConfiguration', 'maxBadRecords')['default']).toBe(0);
    expect(prop('ExternalDataConfiguration', 'ignoreUnknownValues')['default']).toBe(false);
    expect(prop('ExternalDataConfiguration', 'objectMetadata')['enum']).toEqual(['SIMPLE']);
    expect(deref(model, prop('ExternalDataConfiguration', 'decimalTargetTypes')['items'])['enum']).toEqual(['NUMERIC', 'BIGNUMERIC', 'STRING']);
  });

  it('CsvOptions, JsonOptions and WideColumnOptions have every field, value and default of section 2.5', () => {
    expect(Object.keys(props('CsvOptions'))).toEqual(paragraphFields(paragraph('CsvOptions')));
    expect(prop('CsvOptions', 'encoding')).toMatchObject({ enum: ['UTF-8', 'ISO-8859-1', 'UTF-16BE', 'UTF-16LE', 'UTF-32BE', 'UTF-32LE'], default: 'UTF-8' });
    expect(prop('CsvOptions', 'sourceColumnMatch')['enum']).toEqual(['POSITION', 'NAME']);
    for (const [field, value] of [
      ['fieldDelimiter', ','],
      ['skipLeadingRows', '0'],
      ['quote', '"'],
      ['allowQuotedNewlines', false],
      ['allowJaggedRows', false],
      ['nullMarker', ''],
    ] as const) {
      expect(prop('CsvOptions', field)['default'], field).toBe(value);
    }
    expect(Object.keys(props('JsonOptions'))).toEqual(['encoding']);
    expect(prop('JsonOptions', 'encoding')).toMatchObject({ enum: ['UTF-8', 'UTF-16BE', 'UTF-16LE', 'UTF-32BE', 'UTF-32LE'], default: 'UTF-8' });
    expect(Object.keys(props('WideColumnOptions'))).toEqual(paragraphFields(paragraph('WideColumnOptions').split('. The column')[0] as string));
    for (const field of ['ignoreUnspecifiedColumnFamilies', 'readRowkeyAsString', 'outputColumnFamiliesAsJson'])
      expect(prop('WideColumnOptions', field)['default']).toBe(false);
    expect(Object.keys(props('WideColumnFamily'))).toEqual(['familyId', 'type', 'encoding', 'columns', 'onlyReadLatest']);
  });

  it('the limits of section 8 are in the schemas', () => {
    const limits = Object.fromEntries(rows(section('## 8. Limits', '## 9.')).map((r) => [r[0], r[1]]));
    expect(limits['Label key and value']).toBe('at most 63 characters');
    expect(schemaOf(model, 'Labels')['propertyNames']).toEqual({ pattern: expect.stringContaining('{0,62}$') as unknown });
    expect((schemaOf(model, 'Labels')['additionalProperties'] as Json)['maxLength']).toBe(63);
    expect(limits['Field name']).toBe('at most 300 characters');
    expect(prop('TableFieldSchema', 'name')['maxLength']).toBe(300);
    expect(limits['Field description']).toBe('at most 1,024 characters');
    expect(prop('TableFieldSchema', 'description')['maxLength']).toBe(1024);
    expect(limits['Policy tags per field']).toBe('1');
    expect(((prop('TableFieldSchema', 'policyTags')['properties'] as Json)['names'] as Json)['maxItems']).toBe(1);
    expect(limits['Materialized view default refresh interval']).toBe('1800000 ms');
  });

  it('table errors carry ErrorProto (section 7)', () => {
    const errors = (prop('ErrorResponse', 'error')['properties'] as Json)['errors'] as Json;
    expect(errors['items']).toEqual({ $ref: '#/components/schemas/ErrorProto' });
    expect(model.errorBody?.fields).toEqual({ message: 'error.message', status: 'error.code' });
  });

  it('has the six table operations of the public API', () => {
    expect(model.operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).sort()).toEqual(
      [
        'POST /projects/{projectId}/datasets/{datasetId}/tables',
        'GET /projects/{projectId}/datasets/{datasetId}/tables',
        'GET /projects/{projectId}/datasets/{datasetId}/tables/{tableId}',
        'PATCH /projects/{projectId}/datasets/{datasetId}/tables/{tableId}',
        'PUT /projects/{projectId}/datasets/{datasetId}/tables/{tableId}',
        'DELETE /projects/{projectId}/datasets/{datasetId}/tables/{tableId}',
      ].sort(),
    );
  });
});

// ---- 2. conformance -----------------------------------------------------------------------------

describe('conformance', () => {
  it('every example of the contract is accepted by the generated validators', () => {
    expect(rejectedExamples(model, validators)).toEqual([]);
  });

  it('every example request makes a round trip through the generated server with the mock handlers', async () => {
    const server = createServer(createMockHandlers(), { validateResponses: true });
    const { sent, failures } = await roundTripFailures(model, toFetchHandler(server), mocks, validators);
    expect(sent).toBeGreaterThanOrEqual(model.operations.length);
    expect(failures).toEqual([]);
  });
});

// ---- 3. counter-examples ------------------------------------------------------------------------

type Case = [rule: string, value: unknown, valid: boolean];

function check(schema: keyof typeof schemaValidators, cases: Case[]): void {
  it.each(cases)(`${schema} %s: %j is valid: %s`, (_rule, value, valid) => {
    const validate = schemaValidators[schema];
    expect(validate(value), JSON.stringify(validate.errors)).toBe(valid);
  });
}

const field = (extra: Json): Json => ({ name: 'f', type: 'STRING', ...extra });
const numeric = (type: string, precision?: string, scale?: string): Json => ({
  name: 'n',
  type,
  ...(precision !== undefined ? { precision } : {}),
  ...(scale !== undefined ? { scale } : {}),
});

describe('TableFieldSchema rules', () => {
  check('TableFieldSchema', [
    ['name with letters, digits, underscore', field({ name: '_a1_B' }), true],
    ['name starting with a digit', field({ name: '2nd' }), false],
    ['name with a dash', field({ name: 'a-b' }), false],
    ['name of 300 characters', field({ name: 'a'.repeat(300) }), true],
    ['name of 301 characters', field({ name: 'a'.repeat(301) }), false],
    ['name missing', { type: 'STRING' }, false],
    ['type missing', { name: 'f' }, false],
    ['type outside the list', field({ type: 'TEXT' }), false],
    ['type alias INT64', field({ type: 'INT64' }), true],
    ['mode outside the list', field({ mode: 'OPTIONAL' }), false],
    ['description of 1024 characters', field({ description: 'd'.repeat(1024) }), true],
    ['description of 1025 characters', field({ description: 'd'.repeat(1025) }), false],
    ['one policy tag', field({ policyTags: { names: ['projects/p/locations/us/taxonomies/1/policyTags/2'] } }), true],
    ['two policy tags', field({ policyTags: { names: ['a', 'b'] } }), false],
    ['maxLength on STRING', field({ maxLength: '10' }), true],
    ['maxLength on BYTES', field({ type: 'BYTES', maxLength: '10' }), true],
    ['maxLength on INT64', field({ type: 'INT64', maxLength: '10' }), false],
    ['maxLength as a number', field({ maxLength: 10 }), false],
    ['maxLength negative', field({ maxLength: '-1' }), false],
    ['precision on STRING', field({ precision: '10' }), false],
    ['scale on FLOAT', field({ type: 'FLOAT', precision: '10', scale: '2' }), false],
    ['roundingMode on STRING', field({ roundingMode: 'ROUND_HALF_EVEN' }), false],
    ['roundingMode on NUMERIC', numeric('NUMERIC', '10'), true],
    ['roundingMode outside the list', { ...numeric('NUMERIC', '10'), roundingMode: 'ROUND_UP' }, false],
    ['NUMERIC precision alone 1', numeric('NUMERIC', '1'), true],
    ['NUMERIC precision alone 29', numeric('NUMERIC', '29'), true],
    ['NUMERIC precision alone 30', numeric('NUMERIC', '30'), false],
    ['NUMERIC precision 0', numeric('NUMERIC', '0'), false],
    ['NUMERIC precision 38 scale 9', numeric('NUMERIC', '38', '9'), true],
    ['NUMERIC precision 39 scale 9', numeric('NUMERIC', '39', '9'), false],
    ['NUMERIC precision 30 scale 0', numeric('NUMERIC', '30', '0'), false],
    ['NUMERIC precision 5 scale 5', numeric('NUMERIC', '5', '5'), false],
    ['NUMERIC precision 10 scale 10 (0 integer digits)', numeric('NUMERIC', '10', '10'), false],
    ['NUMERIC scale 10', numeric('NUMERIC', '20', '10'), false],
    ['NUMERIC scale without precision', numeric('NUMERIC', undefined, '2'), false],
    ['NUMERIC precision as a number', { ...numeric('NUMERIC'), precision: 10 }, false],
    ['BIGNUMERIC precision alone 38', numeric('BIGNUMERIC', '38'), true],
    ['BIGNUMERIC precision alone 39', numeric('BIGNUMERIC', '39'), false],
    ['BIGNUMERIC precision 76 scale 38', numeric('BIGNUMERIC', '76', '38'), true],
    ['BIGNUMERIC precision 77 scale 38', numeric('BIGNUMERIC', '77', '38'), false],
    ['BIGNUMERIC precision 40 scale 39', numeric('BIGNUMERIC', '40', '39'), false],
    ['BIGNUMERIC precision 10 scale 10', numeric('BIGNUMERIC', '10', '10'), false],
    ['BIGNUMERIC scale without precision', numeric('BIGNUMERIC', undefined, '0'), false],
    ['NUMERIC scale 0', numeric('NUMERIC', '10', '0'), true],
    ['NUMERIC scale negative', numeric('NUMERIC', '10', '-1'), false],
    ['NUMERIC scale negative keeping precision - scale within 29', numeric('NUMERIC', '5', '-1'), false],
    ['NUMERIC precision negative', numeric('NUMERIC', '-5'), false],
    ['BIGNUMERIC precision alone 1', numeric('BIGNUMERIC', '1'), true],
    ['BIGNUMERIC precision 0', numeric('BIGNUMERIC', '0'), false],
    ['BIGNUMERIC precision 0 scale 0', numeric('BIGNUMERIC', '0', '0'), false],
    ['BIGNUMERIC scale 0', numeric('BIGNUMERIC', '10', '0'), true],
    ['BIGNUMERIC scale negative', numeric('BIGNUMERIC', '10', '-1'), false],
    ['BIGNUMERIC scale negative keeping precision - scale within 38', numeric('BIGNUMERIC', '30', '-2'), false],
    ['BIGNUMERIC scale as a number', { ...numeric('BIGNUMERIC', '10'), scale: 2 }, false],
    ['collation und:ci on STRING', field({ collation: 'und:ci' }), true],
    ['collation empty on STRING', field({ collation: '' }), true],
    ['collation on BYTES', field({ type: 'BYTES', collation: 'und:ci' }), false],
    ['collation outside und:ci and empty', field({ collation: 'en' }), false],
    ['fields of a RECORD', { name: 'r', type: 'RECORD', fields: [field({})] }, true],
    ['fields of a STRUCT', { name: 'r', type: 'STRUCT', fields: [field({})] }, true],
    ['fields of a STRING', field({ fields: [field({})] }), false],
    ['a nested field that breaks a rule', { name: 'r', type: 'RECORD', fields: [field({ name: '2nd' })] }, false],
    ['RANGE of DATE', { name: 'r', type: 'RANGE', rangeElementType: { type: 'DATE' } }, true],
    ['RANGE without rangeElementType', { name: 'r', type: 'RANGE' }, false],
    ['rangeElementType on DATE', { name: 'r', type: 'DATE', rangeElementType: { type: 'DATE' } }, false],
    ['rangeElementType of INT64', { name: 'r', type: 'RANGE', rangeElementType: { type: 'INT64' } }, false],
    ['rangeElementType without type', { name: 'r', type: 'RANGE', rangeElementType: {} }, false],
    ['a default value expression', field({ defaultValueExpression: "'n/a'" }), true],
  ]);
});

const ref = { projectId: 'p', datasetId: 'd', tableId: 't' };
const schema = {
  fields: [
    { name: 'day', type: 'DATE' },
    { name: 'at', type: 'TIMESTAMP', mode: 'REQUIRED' },
    { name: 'tags', type: 'TIMESTAMP', mode: 'REPEATED' },
    { name: 'n', type: 'INT64' },
    { name: 'big', type: 'INTEGER', mode: 'REQUIRED' },
    { name: 's', type: 'STRING' },
    { name: 'f', type: 'FLOAT' },
    { name: 'j', type: 'JSON' },
    { name: 'rec', type: 'RECORD', fields: [{ name: 'inner', type: 'DATE' }] },
  ],
};
/** The schema with a REPEATED INT64 field and a RECORD holding an INT64 and a STRING field. */
const wide = {
  fields: [
    ...schema.fields,
    { name: 'counts', type: 'INT64', mode: 'REPEATED' },
    {
      name: 'meta',
      type: 'RECORD',
      fields: [
        { name: 'seq', type: 'INT64' },
        { name: 'label', type: 'STRING' },
      ],
    },
  ],
};
const table = (extra: Json): Json => ({ tableReference: ref, schema, ...extra });
const columns = (...fields: unknown[]): Json => ({ partitionDefinition: { partitionedColumn: fields.map((f) => (f === undefined ? {} : { field: f })) } });

const day = (fieldName?: string): Json => ({ type: 'DAY', ...(fieldName ? { field: fieldName } : {}) });
const rangeOf = (fieldName: string): Json => ({ field: fieldName, range: { start: '0', end: '100', interval: '10' } });
const csv = (extra: Json): Json => ({ sourceUris: ['gs://bucket/data/*.csv'], sourceFormat: 'CSV', schema, ...extra });
const format = (sourceFormat: string, extra: Json = {}): Json => ({ sourceUris: ['gs://bucket/data/file'], sourceFormat, ...extra });

/**
 * Table values that break a rule of the seed, each with a piece of what the generated server's
 * 400 must name (a rule's message or the pointer at fault). Each is checked by the validators and
 * sent to the server.
 */
const TABLE_COUNTER_EXAMPLES: Array<[rule: string, value: Json, named: string]> = [
  ['range partitioning by a REPEATED INT64 field', table({ schema: wide, rangePartitioning: rangeOf('counts') }), 'rangePartitioning.field must name'],
  ['range partitioning by a nested INT64 field', table({ schema: wide, rangePartitioning: rangeOf('seq') }), 'rangePartitioning.field must name'],
  ['range partitioning by a nested INT64 field, dotted', table({ schema: wide, rangePartitioning: rangeOf('meta.seq') }), 'rangePartitioning.field must name'],
  ['a range without start', table({ rangePartitioning: { field: 'n', range: { end: '10', interval: '1' } } }), '/rangePartitioning/range'],
  ['a range without end', table({ rangePartitioning: { field: 'n', range: { start: '0', interval: '1' } } }), '/rangePartitioning/range'],
  ['a range without range', table({ rangePartitioning: { field: 'n' } }), '/rangePartitioning'],
  ['a range end as a number', table({ rangePartitioning: { field: 'n', range: { start: '0', end: 10, interval: '1' } } }), '/rangePartitioning/range/end'],
  [
    'a range interval that is not an integer',
    table({ rangePartitioning: { field: 'n', range: { start: '0', end: '10', interval: '1.5' } } }),
    '/rangePartitioning/range/interval',
  ],
  ['clustering by a nested field', table({ schema: wide, timePartitioning: day('day'), clustering: { fields: ['label'] } }), 'each clustering field must name'],
  [
    'clustering by a nested field, dotted',
    table({ schema: wide, timePartitioning: day('day'), clustering: { fields: ['meta.label'] } }),
    'each clustering field must name',
  ],
  [
    'clustering by a REPEATED INT64 field',
    table({ schema: wide, timePartitioning: day('day'), clustering: { fields: ['counts'] } }),
    'each clustering field must name',
  ],
  ['a partitioned column without field', table(columns(undefined)), '/partitionDefinition/partitionedColumn/0'],
  ['a partitioned column whose field is not a string', table(columns(1)), '/partitionDefinition/partitionedColumn/0/field'],
  ['two partitioned columns on a native table', table(columns('day', 'n')), '/partitionDefinition/partitionedColumn'],
  ['expirationTime as a number', table({ expirationTime: 1800000000000 }), '/expirationTime'],
  ['expirationTime not milliseconds', table({ expirationTime: '2030-01-01' }), '/expirationTime'],
  ['useLegacySql as a string', table({ view: { query: 'q', useLegacySql: 'false' } }), '/view/useLegacySql'],
  ['useLegacySql as a number', table({ view: { query: 'q', useLegacySql: 0 } }), '/view/useLegacySql'],
  ['enableRefresh as a string', table({ materializedView: { query: 'q', enableRefresh: 'true' } }), '/materializedView/enableRefresh'],
  ['enableRefresh null', table({ materializedView: { query: 'q', enableRefresh: null } }), '/materializedView/enableRefresh'],
  [
    'allowNonIncrementalDefinition as a string',
    table({ materializedView: { query: 'q', allowNonIncrementalDefinition: 'yes' } }),
    '/materializedView/allowNonIncrementalDefinition',
  ],
  ['requirePartitionFilter as a string', table({ requirePartitionFilter: 'true' }), '/requirePartitionFilter'],
  ['autodetect as a string', table({ externalDataConfiguration: format('CSV', { autodetect: 'true' }) }), '/externalDataConfiguration'],
  [
    'allowQuotedNewlines as a string',
    table({ externalDataConfiguration: { sourceUris: ['gs://bucket/a.csv'], sourceFormat: 'CSV', schema, csvOptions: { allowQuotedNewlines: 'true' } } }),
    '/externalDataConfiguration/csvOptions/allowQuotedNewlines',
  ],
  [
    'a jsonExtension other than GEOJSON',
    table({ externalDataConfiguration: format('NEWLINE_DELIMITED_JSON', { autodetect: true, jsonExtension: 'GEOJSONSEQ' }) }),
    '/externalDataConfiguration/jsonExtension',
  ],
];

describe('Table rules', () => {
  check('Table', [
    ['a table reference alone', { tableReference: ref }, true],
    ['no table reference', { schema }, false],
    ['a table reference without tableId', { tableReference: { projectId: 'p', datasetId: 'd' } }, false],
    ['lowercase labels with digits, dashes, underscores', table({ labels: { 'team-a_1': 'prod-2_x' } }), true],
    ['international lowercase labels', table({ labels: { équipe: 'données', チーム: '本番' } }), true],
    ['a label with an empty value', table({ labels: { flag: '' } }), true],
    ['a label key with an uppercase letter', table({ labels: { Team: 'a' } }), false],
    ['a label key starting with a digit', table({ labels: { '1team': 'a' } }), false],
    ['a label key starting with a dash', table({ labels: { '-team': 'a' } }), false],
    ['a label key of 63 characters', table({ labels: { ['k'.repeat(63)]: 'v' } }), true],
    ['a label key of 64 characters', table({ labels: { ['k'.repeat(64)]: 'v' } }), false],
    ['a label value of 63 characters', table({ labels: { k: 'v'.repeat(63) } }), true],
    ['a label value of 64 characters', table({ labels: { k: 'v'.repeat(64) } }), false],
    ['a label value with an uppercase letter', table({ labels: { k: 'Prod' } }), false],
    ['a label value with a space', table({ labels: { k: 'a b' } }), false],
    ['a label value not a string', table({ labels: { k: 1 } }), false],
    ['numRows as a string', table({ numRows: '12' }), true],
    ['numRows as a number', table({ numRows: 12 }), false],
    ['numRows not an integer', table({ numRows: '12a' }), false],
    ['creationTime as a number', table({ creationTime: 1700000000000 }), false],
    ['expirationTime as a string of milliseconds', table({ expirationTime: '1800000000000' }), true],
    ['a type outside the list', table({ type: 'TEMPORARY' }), false],
    ['defaultCollation und:ci', table({ defaultCollation: 'und:ci' }), true],
    ['defaultCollation outside und:ci and empty', table({ defaultCollation: 'en' }), false],
    ['defaultRoundingMode outside the list', table({ defaultRoundingMode: 'UP' }), false],
    ['a namespaced resource tag', table({ resourceTags: { 'my-project/env': 'prod' } }), true],
    ['a resource tag without namespace', table({ resourceTags: { env: 'prod' } }), false],
    ['maxStaleness not base64', table({ maxStaleness: 'not base64!' }), false],
    ['time partitioning by a DATE field', table({ timePartitioning: day('day') }), true],
    ['time partitioning by a REQUIRED TIMESTAMP field, named in another case', table({ timePartitioning: day('AT') }), true],
    ['time partitioning by _PARTITIONTIME (no field)', table({ timePartitioning: day() }), true],
    ['time partitioning without a schema to check against', { tableReference: ref, timePartitioning: day('anything') }, true],
    ['time partitioning by a STRING field', table({ timePartitioning: day('s') }), false],
    ['time partitioning by a REPEATED TIMESTAMP field', table({ timePartitioning: day('tags') }), false],
    ['time partitioning by a nested field', table({ timePartitioning: day('inner') }), false],
    ['time partitioning by a field the schema lacks', table({ timePartitioning: day('missing') }), false],
    ['time partitioning of type WEEK', table({ timePartitioning: { type: 'WEEK' } }), false],
    ['time partitioning without type', table({ timePartitioning: { field: 'day' } }), false],
    ['expirationMs as a number', table({ timePartitioning: { type: 'DAY', expirationMs: 1000 } }), false],
    ['range partitioning by an INT64 field', table({ rangePartitioning: rangeOf('n') }), true],
    ['range partitioning by a REQUIRED INTEGER field', table({ rangePartitioning: rangeOf('big') }), true],
    ['range partitioning by a DATE field', table({ rangePartitioning: rangeOf('day') }), false],
    ['range partitioning without field', table({ rangePartitioning: { range: { start: '0', end: '10', interval: '1' } } }), false],
    ['a range without interval', table({ rangePartitioning: { field: 'n', range: { start: '0', end: '10' } } }), false],
    ['a range start as a number', table({ rangePartitioning: { field: 'n', range: { start: 0, end: '10', interval: '1' } } }), false],
    ['clustering with time partitioning', table({ timePartitioning: day('day'), clustering: { fields: ['s', 'n', 'day'] } }), true],
    ['clustering without time partitioning', table({ clustering: { fields: ['s'] } }), false],
    ['clustering by a RECORD field', table({ timePartitioning: day('day'), clustering: { fields: ['rec'] } }), false],
    ['clustering by a REPEATED field', table({ timePartitioning: day('day'), clustering: { fields: ['tags'] } }), false],
    ['clustering by a FLOAT field', table({ timePartitioning: day('day'), clustering: { fields: ['f'] } }), false],
    ['clustering by a JSON field', table({ timePartitioning: day('day'), clustering: { fields: ['j'] } }), false],
    ['clustering by a field the schema lacks', table({ timePartitioning: day('day'), clustering: { fields: ['s', 'nope'] } }), false],
    ['a view', table({ view: { query: 'SELECT 1', useLegacySql: false } }), true],
    ['a view without query', table({ view: { useLegacySql: false } }), false],
    ['a view function from a URI', table({ view: { query: 'q', userDefinedFunctionResources: [{ resourceUri: 'gs://b/f.js' }] } }), true],
    ['a view function inline', table({ view: { query: 'q', userDefinedFunctionResources: [{ inlineCode: 'return 1;' }] } }), true],
    ['a view function with both URI and code', table({ view: { query: 'q', userDefinedFunctionResources: [{ resourceUri: 'u', inlineCode: 'c' }] } }), false],
    ['a view function with neither', table({ view: { query: 'q', userDefinedFunctionResources: [{}] } }), false],
    [
      'one privacy unit column',
      table({ view: { query: 'q', privacyPolicy: { aggregationThresholdPolicy: { privacyUnitColumns: ['user.id'], threshold: '50' } } } }),
      true,
    ],
    ['two privacy unit columns', table({ view: { query: 'q', privacyPolicy: { aggregationThresholdPolicy: { privacyUnitColumns: ['a', 'b'] } } } }), false],
    ['a threshold as a number', table({ view: { query: 'q', privacyPolicy: { aggregationThresholdPolicy: { threshold: 50 } } } }), false],
    ['a materialized view', table({ materializedView: { query: 'q', refreshIntervalMs: '60000', enableRefresh: false } }), true],
    ['a materialized view without query', table({ materializedView: { enableRefresh: true } }), false],
    ['a refresh interval as a number', table({ materializedView: { query: 'q', refreshIntervalMs: 60000 } }), false],
    ['a refresh watermark that is not a time', table({ materializedViewStatus: { refreshWatermark: 'soon' } }), false],
    ['a last refresh status with a non-string message', table({ materializedViewStatus: { lastRefreshStatus: { message: 5 } } }), false],
    ['a snapshot definition', table({ snapshotDefinition: { baseTableReference: ref, snapshotTime: '2024-01-01T00:00:00Z' } }), true],
    ['range partitioning by a top-level INT64 field of a schema with nested ones', table({ schema: wide, rangePartitioning: rangeOf('n') }), true],
    [
      'clustering by top-level fields of a schema with nested ones',
      table({ schema: wide, timePartitioning: day('day'), clustering: { fields: ['s', 'n'] } }),
      true,
    ],
    ['one partitioned column on a native table', table(columns('day')), true],
    [
      'two partitioned columns on an external (metastore partitioned) table',
      table({ externalDataConfiguration: format('PARQUET'), ...columns('year', 'month') }),
      true,
    ],
    ['two partitioned columns on an open-format catalog table', table({ externalCatalogTableOptions: {}, ...columns('year', 'month') }), true],
    ['useLegacySql true, enableRefresh true', table({ view: { query: 'q', useLegacySql: true }, materializedView: { query: 'q', enableRefresh: true } }), true],
    ...TABLE_COUNTER_EXAMPLES.map(([rule, value]): Case => [rule, value, false]),
  ]);

  it('a patch needs no table reference; its rules still hold', () => {
    expect(schemaValidators.TablePatch({ description: 'x' })).toBe(true);
    expect(schemaValidators.TablePatch({ labels: { Bad: 'x' } })).toBe(false);
  });
});

describe('ExternalDataConfiguration rules', () => {
  check('ExternalDataConfiguration', [
    ['CSV with a schema', csv({}), true],
    ['CSV without a schema', csv({ schema: undefined }), false],
    ['CSV without a schema, with autodetect', format('CSV', { autodetect: true }), true],
    ['CSV without a schema, autodetect false', format('CSV', { autodetect: false }), false],
    ['JSON without a schema', format('NEWLINE_DELIMITED_JSON'), false],
    ['JSON without a schema, with autodetect', format('NEWLINE_DELIMITED_JSON', { autodetect: true }), true],
    ['AVRO without a schema', format('AVRO'), true],
    ['AVRO with a schema', format('AVRO', { schema }), false],
    ['ORC with a schema', format('ORC', { schema }), false],
    ['PARQUET with a schema', format('PARQUET', { schema }), false],
    ['a document-store backup with a schema', format('DOCSTORE_BACKUP', { schema }), false],
    ['a wide-column store with a schema', format('WIDECOLUMN', { sourceUris: ['https://store.example.org/t'], schema }), false],
    ['ICEBERG with a schema', format('ICEBERG', { schema }), true],
    ['a spreadsheet with a schema', format('NEUTRAL_SHEETS', { sourceUris: ['https://docs.example.org/s/1'], schema }), true],
    ['no source URIs', csv({ sourceUris: [] }), false],
    ['source URIs missing', csv({ sourceUris: undefined }), false],
    ['one wildcard after the bucket', csv({ sourceUris: ['gs://bucket/a/*.csv'] }), true],
    ['two wildcards', csv({ sourceUris: ['gs://bucket/*/*.csv'] }), false],
    ['a wildcard in the bucket name', csv({ sourceUris: ['gs://buck*/a.csv'] }), false],
    ['a wide-column store with one HTTPS URI', format('WIDECOLUMN', { sourceUris: ['https://store.example.org/t'] }), true],
    ['a wide-column store with two URIs', format('WIDECOLUMN', { sourceUris: ['https://a.example.org/t', 'https://b.example.org/t'] }), false],
    ['a wide-column store with an object-store URI', format('WIDECOLUMN', { sourceUris: ['gs://bucket/t'] }), false],
    ['a document-store backup with one URI', format('DOCSTORE_BACKUP', { sourceUris: ['gs://bucket/backup/all.export_metadata'] }), true],
    ['a document-store backup with a wildcard', format('DOCSTORE_BACKUP', { sourceUris: ['gs://bucket/backup/*'] }), false],
    ['a document-store backup with two URIs', format('DOCSTORE_BACKUP', { sourceUris: ['gs://b/1', 'gs://b/2'] }), false],
    ['manifests without wildcards', csv({ fileSetSpecType: 'FILE_SET_SPEC_TYPE_NEW_LINE_DELIMITED_MANIFEST', sourceUris: ['gs://bucket/manifest.txt'] }), true],
    ['manifests with a wildcard', csv({ fileSetSpecType: 'FILE_SET_SPEC_TYPE_NEW_LINE_DELIMITED_MANIFEST' }), false],
    ['a file set spec type outside the list', csv({ fileSetSpecType: 'GLOB' }), false],
    ['no source format', { sourceUris: ['gs://bucket/a'] }, false],
    ['a source format outside the list', format('XML'), false],
    ['object metadata without source format', { sourceUris: ['gs://bucket/*'], objectMetadata: 'SIMPLE' }, true],
    ['object metadata with a source format', format('AVRO', { objectMetadata: 'SIMPLE' }), false],
    ['object metadata other than SIMPLE', { sourceUris: ['gs://bucket/*'], objectMetadata: 'DIRECTORY' }, false],
    ['GZIP compression', csv({ compression: 'GZIP' }), true],
    ['an empty compression', csv({ compression: '' }), false],
    ['ZIP compression', csv({ compression: 'ZIP' }), false],
    ['decimal target types in any order', format('PARQUET', { decimalTargetTypes: ['STRING', 'NUMERIC'] }), true],
    ['a decimal target type twice', format('PARQUET', { decimalTargetTypes: ['NUMERIC', 'NUMERIC'] }), false],
    ['a decimal target type outside the list', format('PARQUET', { decimalTargetTypes: ['FLOAT'] }), false],
    ['GEOJSON with newline-delimited JSON', format('NEWLINE_DELIMITED_JSON', { autodetect: true, jsonExtension: 'GEOJSON' }), true],
    ['GEOJSON with CSV', csv({ jsonExtension: 'GEOJSON' }), false],
    ['jsonExtension unspecified', format('NEWLINE_DELIMITED_JSON', { autodetect: true, jsonExtension: 'JSON_EXTENSION_UNSPECIFIED' }), true],
    ['a jsonExtension outside the list', format('NEWLINE_DELIMITED_JSON', { autodetect: true, jsonExtension: 'GEOJSONSEQ' }), false],
    ['a jsonExtension in lower case', format('NEWLINE_DELIMITED_JSON', { autodetect: true, jsonExtension: 'geojson' }), false],
    ['autodetect as a string, with a schema', csv({ autodetect: 'true' }), false],
    ['autodetect as a number, without a schema', format('NEWLINE_DELIMITED_JSON', { autodetect: 1 }), false],
    ['ignoreUnknownValues as a string', csv({ ignoreUnknownValues: 'false' }), false],
    ['CSV options with allowQuotedNewlines as a string', csv({ csvOptions: { allowQuotedNewlines: 'true' } }), false],
    ['a reference schema file for PARQUET', format('PARQUET', { referenceFileSchemaUri: 'gs://bucket/ref.parquet' }), true],
    ['a reference schema file for CSV', csv({ referenceFileSchemaUri: 'gs://bucket/ref.csv' }), false],
    ['a connection as project.location;connection', csv({ connectionId: 'my-project.us;my-conn' }), true],
    ['a connection as a resource name', csv({ connectionId: 'projects/my-project/locations/us/connections/my-conn' }), true],
    ['a connection in neither form', csv({ connectionId: 'my-conn' }), false],
    ['negative max bad records', csv({ maxBadRecords: -1 }), false],
    ['a metadata cache mode outside the list', csv({ metadataCacheMode: 'SOMETIMES' }), false],
    ['an IANA time zone', csv({ timeZone: 'America/Los_Angeles' }), true],
    ['a time zone that is not a zone name', csv({ timeZone: 'not a zone!' }), false],
    ['a CSV option that breaks its rule', csv({ csvOptions: { encoding: 'UTF-7' } }), false],
  ]);
});

describe('CsvOptions, JsonOptions and WideColumnOptions rules', () => {
  check('CsvOptions', [
    ['a null marker', { nullMarker: 'NULL' }, true],
    ['null markers', { nullMarkers: ['', 'NULL'] }, true],
    ['both a null marker and null markers', { nullMarker: 'NULL', nullMarkers: ['NULL'] }, false],
    ['a one-byte delimiter', { fieldDelimiter: '|' }, true],
    ['an ISO-8859-1 delimiter', { fieldDelimiter: 'þ' }, true],
    ['a tab', { fieldDelimiter: '\t' }, true],
    ['the tab escape', { fieldDelimiter: '\\t' }, true],
    ['a two-character delimiter', { fieldDelimiter: ',,' }, false],
    ['a delimiter outside ISO-8859-1', { fieldDelimiter: '€' }, false],
    ['an empty delimiter', { fieldDelimiter: '' }, false],
    ['an encoding outside the list', { encoding: 'UTF-7' }, false],
    ['skipLeadingRows as a string', { skipLeadingRows: '2' }, true],
    ['skipLeadingRows as a number', { skipLeadingRows: 2 }, false],
    ['skipLeadingRows negative', { skipLeadingRows: '-1' }, false],
    ['an empty quote (no quoting)', { quote: '' }, true],
    ['allowQuotedNewlines true', { allowQuotedNewlines: true }, true],
    ['allowQuotedNewlines as a string', { allowQuotedNewlines: 'true' }, false],
    ['allowQuotedNewlines as a number', { allowQuotedNewlines: 1 }, false],
    ['allowJaggedRows as a string', { allowJaggedRows: 'false' }, false],
    ['preserveAsciiControlCharacters as a string', { preserveAsciiControlCharacters: 'no' }, false],
    ['a source column match outside the list', { sourceColumnMatch: 'INDEX' }, false],
  ]);
  check('JsonOptions', [
    ['UTF-16LE', { encoding: 'UTF-16LE' }, true],
    ['ISO-8859-1 (CSV only)', { encoding: 'ISO-8859-1' }, false],
  ]);
  check('WideColumnOptions', [
    [
      'column families',
      {
        columnFamilies: [{ familyId: 'f', type: 'STRING', encoding: 'TEXT', onlyReadLatest: true, columns: [{ qualifierString: 'c' }] }],
        readRowkeyAsString: true,
      },
      true,
    ],
    ['a flag not a boolean', { readRowkeyAsString: 'yes' }, false],
    ['an encoded qualifier that is not base64', { columnFamilies: [{ columns: [{ qualifierEncoded: '***' }] }] }, false],
  ]);
});

// ---- 4. the stateful mock -----------------------------------------------------------------------

const mock = createMock({ stateful: true });
const call = jsonClient(mock.fetch, { authorization: `Bearer ${unsignedJwt({ sub: 'tables-test' })}` });
const BASE = '/projects/p1/datasets/d1/tables';
beforeEach(() => mock.reset());

async function insert(body: Json, base = BASE): Promise<Json> {
  const answer = await call('POST', base, body);
  expect(answer.status, answer.text).toBe(200);
  expect(schemaValidators.Table(answer.body)).toBe(true);
  return answer.body as Json;
}

const reference = (tableId: string, datasetId = 'd1'): Json => ({ projectId: 'p1', datasetId, tableId });

describe('the stateful mock', () => {
  it('insert, get, list, patch, update, delete, then get is 404', async () => {
    const created = await insert({ tableReference: reference('orders'), schema, timePartitioning: day('day'), labels: { team: 'a' } });
    expect(created).toMatchObject({ kind: 'bigquery#table', id: 'p1:d1.orders', type: 'TABLE', location: 'US', numRows: '0' });
    expect(created['creationTime']).toMatch(/^\d{13}$/);
    const got = await call('GET', `${BASE}/orders`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);
    const list = (await call('GET', BASE)).body as Json;
    expect(schemaValidators.TableList(list)).toBe(true);
    expect(list['totalItems']).toBe(1);
    expect((list['tables'] as Json[]).map((t) => t['id'])).toEqual(['p1:d1.orders']);
    expect(list).not.toHaveProperty('nextPageToken');

    const patched = await call('PATCH', `${BASE}/orders`, { description: 'Orders', labels: { env: 'prod' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ description: 'Orders', labels: { team: 'a', env: 'prod' }, creationTime: created['creationTime'], schema });
    expect((patched.body as Json)['etag']).not.toBe(created['etag']);

    const replaced = await call('PUT', `${BASE}/orders`, { tableReference: reference('orders'), friendlyName: 'O' });
    expect(replaced.status).toBe(200);
    const after = replaced.body as Json;
    expect(after).toMatchObject({ friendlyName: 'O', id: 'p1:d1.orders', creationTime: created['creationTime'], type: 'TABLE' });
    expect(after).not.toHaveProperty('description');
    expect(after).not.toHaveProperty('schema');

    expect((await call('DELETE', `${BASE}/orders`)).status).toBe(204);
    const gone = await call('GET', `${BASE}/orders`);
    expect(gone.status).toBe(404);
    expect(schemaValidators.ErrorResponse(gone.body)).toBe(true);
    expect(gone.body).toMatchObject({ error: { code: 404 } });
    for (const [method, body] of [
      ['DELETE', undefined],
      ['PATCH', { description: 'x' }],
      ['PUT', { tableReference: reference('orders') }],
    ] as const) {
      expect((await call(method, `${BASE}/orders`, body)).status, method).toBe(404);
    }
  });

  it('a second insert of the same table is 409; the same id in another dataset is another table', async () => {
    await insert({ tableReference: reference('t') });
    const again = await call('POST', BASE, { tableReference: reference('t') });
    expect(again.status).toBe(409);
    expect(schemaValidators.ErrorResponse(again.body)).toBe(true);
    await insert({ tableReference: reference('t', 'd2'), friendlyName: 'other' }, '/projects/p1/datasets/d2/tables');
    expect(((await call('GET', `${BASE}/t`)).body as Json)['friendlyName']).toBeUndefined();
    expect(((await call('GET', '/projects/p1/datasets/d2/tables/t')).body as Json)['friendlyName']).toBe('other');
    expect(((await call('GET', BASE)).body as Json)['totalItems']).toBe(1);
  });

  it('output-only fields come from the service, not the request', async () => {
    const created = await insert({ tableReference: reference('t'), id: 'forged', numRows: '999', type: 'VIEW', creationTime: '1' });
    expect(created).toMatchObject({ id: 'p1:d1.t', numRows: '0', type: 'TABLE' });
    expect(created['creationTime']).not.toBe('1');
  });

  it('the type follows what the table is: view, materialized view, external', async () => {
    expect((await insert({ tableReference: reference('v'), view: { query: 'SELECT 1' } }))['type']).toBe('VIEW');
    expect((await insert({ tableReference: reference('mv'), materializedView: { query: 'SELECT 1' } }))['type']).toBe('MATERIALIZED_VIEW');
    expect((await insert({ tableReference: reference('x'), externalDataConfiguration: format('AVRO') }))['type']).toBe('EXTERNAL');
  });

  it('a materialized view gets its defaults, and allowNonIncrementalDefinition cannot change after creation', async () => {
    const mv = await insert({ tableReference: reference('mv'), materializedView: { query: 'SELECT 1' } });
    expect(mv['materializedView']).toEqual({ query: 'SELECT 1', enableRefresh: true, refreshIntervalMs: '1800000', allowNonIncrementalDefinition: false });
    const same = await call('PATCH', `${BASE}/mv`, { materializedView: { query: 'SELECT 2', allowNonIncrementalDefinition: false } });
    expect(same.status).toBe(200);
    const changed = await call('PATCH', `${BASE}/mv`, { materializedView: { query: 'SELECT 2', allowNonIncrementalDefinition: true } });
    expect(changed.status).toBe(400);
    expect(schemaValidators.ErrorResponse(changed.body)).toBe(true);
    expect((changed.body as { error: { message: string } }).error.message).toContain('allowNonIncrementalDefinition');
    const replaced = await call('PUT', `${BASE}/mv`, {
      tableReference: reference('mv'),
      materializedView: { query: 'SELECT 3', allowNonIncrementalDefinition: true },
    });
    expect(replaced.status).toBe(400);
  });

  it('pages the list with maxResults and pageToken', async () => {
    for (const id of ['a', 'b', 'c']) await insert({ tableReference: reference(id) });
    const first = (await call('GET', `${BASE}?maxResults=2`)).body as Json;
    expect((first['tables'] as Json[]).map((t) => (t['tableReference'] as Json)['tableId'])).toEqual(['a', 'b']);
    expect(first['totalItems']).toBe(3);
    const token = first['nextPageToken'] as string;
    expect(token).toEqual(expect.any(String));
    const second = (await call('GET', `${BASE}?maxResults=2&pageToken=${encodeURIComponent(token)}`)).body as Json;
    expect((second['tables'] as Json[]).map((t) => (t['tableReference'] as Json)['tableId'])).toEqual(['c']);
    expect(second).not.toHaveProperty('nextPageToken');
    const bad = await call('GET', `${BASE}?pageToken=forged`);
    expect(bad.status).toBe(400);
    expect(schemaValidators.ErrorResponse(bad.body)).toBe(true);
    expect((await call('GET', `${BASE}?maxResults=-1`)).status).toBe(400);
  });

  it('a request that breaks a rule is a 400 in the API error body that names the rule, and nothing is stored', async () => {
    const numericRule = await call('POST', BASE, { tableReference: reference('bad'), schema: { fields: [numeric('NUMERIC', '35', '2')] } });
    expect(numericRule.status).toBe(400);
    expect(schemaValidators.ErrorResponse(numericRule.body)).toBe(true);
    expect((numericRule.body as { error: { message: string } }).error.message).toContain('precision - scale <= 29');
    const partitionRule = await call('POST', BASE, { tableReference: reference('bad'), schema, timePartitioning: day('s') });
    expect(partitionRule.status).toBe(400);
    expect((partitionRule.body as { error: { message: string } }).error.message).toContain('timePartitioning.field must name');
    const patchRule = await call('PATCH', `${BASE}/bad`, { labels: { Bad: 'x' } });
    expect(patchRule.status).toBe(400);
    expect((await call('GET', `${BASE}/bad`)).status).toBe(404);
  });

  it.each(TABLE_COUNTER_EXAMPLES)(
    'insert of a table with %s is a 400 naming the rule or the value at fault, and nothing is stored',
    async (_rule, value, named) => {
      const answer = await call('POST', BASE, { ...value, tableReference: reference('bad') });
      expect(answer.status, answer.text).toBe(400);
      expect(schemaValidators.ErrorResponse(answer.body)).toBe(true);
      expect((answer.body as { error: { message: string } }).error.message).toContain(named);
      expect((await call('GET', `${BASE}/bad`)).status).toBe(404);
    },
  );

  it('two partitioned columns are stored for an external table, refused by a patch of a native one', async () => {
    const external = await insert({ tableReference: reference('ext'), externalDataConfiguration: format('PARQUET'), ...columns('year', 'month') });
    expect(external['type']).toBe('EXTERNAL');
    expect(external['partitionDefinition']).toEqual({ partitionedColumn: [{ field: 'year' }, { field: 'month' }] });
    await insert({ tableReference: reference('native') });
    const patched = await call('PATCH', `${BASE}/native`, columns('year', 'month'));
    expect(patched.status, patched.text).toBe(400);
    expect((patched.body as { error: { message: string } }).error.message).toContain('/partitionDefinition/partitionedColumn');
  });

  it('serves the documented example table as a seed, and reset() goes back to it', async () => {
    const orders = await call('GET', '/projects/my-project/datasets/sales/tables/orders');
    expect(orders.status).toBe(200);
    expect(orders.body).toMatchObject({ id: 'my-project:sales.orders', type: 'TABLE' });
    expect((await call('DELETE', '/projects/my-project/datasets/sales/tables/orders')).status).toBe(204);
    mock.reset();
    expect((await call('GET', '/projects/my-project/datasets/sales/tables/orders')).status).toBe(200);
  });

  it('needs a bearer token', async () => {
    const res = await mock.fetch(new Request(`http://contract.test${BASE}`));
    expect(res.status).toBe(401);
    expect(schemaValidators.ErrorResponse(await res.json())).toBe(true);
  });
});

it('a table rule that a response breaks is a 500 of the generated server (withValue of the example)', async () => {
  const example = (await call('GET', '/projects/my-project/datasets/sales/tables/orders')).body as Json;
  const broken = withValue(example, 'labels.Team', 'x');
  const handlers = { ...createMockHandlers(), getTable: () => ({ status: 200 as const, body: broken as never }) };
  const server = toFetchHandler(createServer(handlers, { validateResponses: true }));
  // The generated server serves the contract under its base path (servers[0]: .../bigquery/v2).
  const res = await server(
    new Request('http://contract.test/bigquery/v2/projects/my-project/datasets/sales/tables/orders', { headers: { authorization: 'Bearer t' } }),
  );
  expect(res.status).toBe(500);
  expect(await res.text()).toContain('/labels');
});
