/**
 * One operation of a contract page: method and path, description, how it is authorized, its
 * parameters, request body and responses (schemas as nested lists, examples per status), code
 * samples, and the data the request console ("try it") is built from.
 */
import { isRecord } from '../../contract/pointer.js';
import type { ExampleModel, HttpMethod, MediaTypeModel, OperationModel, ResponseModel, SecuritySchemeModel } from '../../contract/model-types.js';
import { isCustomMethod, wireMethod } from '../../contract/model-types.js';
import { sanitizeDescription } from '../sanitize.js';
import { deref, sampleOf } from './document.js';
import { codeSamples, consoleBody, parameterValue, querystringText, sampleRequest } from './samples.js';
import { descriptionHtml, schemaHtml, schemaSummary, typeLabel, type SchemaContext } from './schema.js';
import { codeBlock, codeText, type ExampleShelf } from './shared-examples.js';
import { streamMediaHtml, streamOf, streamSamples } from './stream.js';
import { tagBadges } from './tags.js';
import { idOf, jsonText, markdownHtml, text } from './text.js';

export interface OperationContext extends SchemaContext {
  api: string;
  schemes: SecuritySchemeModel[];
  /** The server the code samples use. */
  sampleServer: string;
  /** Where the examples' code blocks go when several operations may share them (site.ts); without it each is in place. */
  shelf?: ExampleShelf;
}

/** The anchor of an operation on its page. */
export function operationAnchor(op: OperationModel): string {
  return idOf('op-', op.id);
}

/** A method badge: a fixed method's colour, QUERY's (OpenAPI 3.2) its own, a custom method (additionalOperations) as written and marked custom. */
export function methodBadge(method: HttpMethod): string {
  return `<span class="method m-${isCustomMethod(method) ? 'custom' : method}"${isCustomMethod(method) ? ' title="custom method"' : ''}>${text(wireMethod(method))}</span>`;
}

/** How a security scheme takes its credential, in a few words. */
export function schemeSummary(scheme: SecuritySchemeModel | undefined, name: string): string {
  if (scheme === undefined) return `<code>${text(name)}</code> (not declared)`;
  // OpenAPI 3.2: a scheme may be deprecated.
  const label = `<code>${text(name)}</code>${scheme.raw['deprecated'] === true ? ' <span class="deprecated">deprecated</span>' : ''}`;
  switch (scheme.type) {
    case 'apiKey':
      return `${label}: API key in the ${text(scheme.in ?? 'header')} <code>${text(scheme.paramName ?? '')}</code>`;
    case 'http':
      return `${label}: HTTP ${text(scheme.scheme ?? '')} authentication${scheme.scheme?.toLowerCase() === 'bearer' ? ' (<code>Authorization: Bearer …</code>)' : scheme.scheme?.toLowerCase() === 'basic' ? ' (<code>Authorization: Basic …</code>)' : ''}`;
    case 'oauth2':
      return `${label}: OAuth 2.0 access token (<code>Authorization: Bearer …</code>)${oauthFlows(scheme.raw)}`;
    case 'openIdConnect':
      return `${label}: OpenID Connect token (<code>Authorization: Bearer …</code>)`;
    default:
      return `${label}: mutual TLS (a client certificate)`;
  }
}

/** How an OAuth 2.0 scheme's token is obtained: its flows (OpenAPI 3.2's device authorization among them) and its metadata URL. */
const FLOW_NAMES: Record<string, string> = {
  authorizationCode: 'authorization code',
  clientCredentials: 'client credentials',
  implicit: 'implicit',
  password: 'password',
  deviceAuthorization: 'device authorization',
};

function oauthFlows(raw: Record<string, unknown>): string {
  const flows = raw['flows'];
  const names = flows !== null && typeof flows === 'object' ? Object.keys(flows).filter((k) => Object.hasOwn(FLOW_NAMES, k)) : [];
  const listed = names.length > 0 ? `; flows: ${names.map((k) => FLOW_NAMES[k] ?? k).join(', ')}` : '';
  const metadata = typeof raw['oauth2MetadataUrl'] === 'string' ? `; server metadata at <code>${text(raw['oauth2MetadataUrl'])}</code>` : '';
  return listed + metadata;
}

function authSection(ctx: OperationContext, op: OperationModel): string {
  if (op.security.length === 0) return '<h3>Authorization</h3><p>None: the operation needs no credential.</p>';
  const alternatives = op.security.map((req) => {
    const names = Object.keys(req);
    if (names.length === 0) return '<li>no credential (optional)</li>';
    const parts = names.map((n) => {
      const scopes = req[n] ?? [];
      return `${schemeSummary(
        ctx.schemes.find((s) => s.name === n),
        n,
      )}${scopes.length > 0 ? `; scopes ${scopes.map((s) => `<code>${text(s)}</code>`).join(', ')}` : ''}`;
    });
    return `<li>${parts.join(' <strong>and</strong> ')}</li>`;
  });
  return `<h3>Authorization</h3><p>${op.security.length > 1 ? 'Any one of:' : 'Needs:'}</p><ul>${alternatives.join('')}</ul>`;
}

function parametersSection(ctx: OperationContext, op: OperationModel): string {
  if (op.parameters.length === 0) return '';
  const rows = op.parameters.map((p) => {
    const schema = deref(ctx.document, p.schema).node;
    const enumNote =
      isRecord(schema) && Array.isArray(schema['enum'])
        ? ` <span class="constraint">one of ${schema['enum']
            .slice(0, 15)
            .map((v) => `<code>${jsonText(v)}</code>`)
            .join(', ')}</span>`
        : '';
    const example = p.examples[0];
    // OpenAPI 3.2: an example's serializedValue is shown beside its data, as it is sent.
    const sent = example?.serialized !== undefined ? ` <span class="muted">sent as</span> <code>${text(example.serialized.text)}</code>` : '';
    const exampleNote = example !== undefined ? `<p class="muted">Example: <code>${jsonText(example.value)}</code>${sent}</p>` : '';
    // A querystring parameter (OpenAPI 3.2) is the whole query string: its media type, and its schema below the table.
    const where = p.in === 'querystring' ? `querystring (<code>${text(p.contentType ?? '')}</code>)` : text(p.in);
    return `<tr><td><code class="prop">${text(p.name)}</code>${p.deprecated ? ' <span class="deprecated">deprecated</span>' : ''}</td><td>${where}</td><td>${typeLabel({ ctx }, p.schema, 0)}${enumNote}</td><td>${p.required ? '<span class="req">required</span>' : 'optional'}</td><td>${descriptionHtml(ctx, p.description)}${exampleNote}</td></tr>`;
  });
  const whole = op.parameters
    .filter((p) => p.in === 'querystring')
    .map(
      (p) =>
        `<h4>Query string <code>${text(p.name)}</code></h4><p class="content-type"><code>${text(p.contentType ?? '')}</code></p>${schemaSummary(ctx, p.schema)}${schemaHtml(ctx, p.schema, { foldPast: FOLD_ROWS })}`,
    )
    .join('');
  return `<h3>Parameters</h3><div class="table-wrap" tabindex="0"><table class="params"><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Description</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>${whole}`;
}

/** Properties of a body's schema past which it is shown folded. */
const FOLD_ROWS = 40;
/** Characters of an example's HTML past which it is shown folded. */
const FOLD_EXAMPLE = 10_000;

/** Examples generated per context, by schema (a lone `$ref` by its target): GitHub's error responses ask for the same ones hundreds of times. */
const generated = new WeakMap<OperationContext, Map<unknown, unknown>>();

function generatedExample(ctx: OperationContext, schema: unknown): unknown {
  const key = isRecord(schema) && typeof schema['$ref'] === 'string' && Object.keys(schema).length === 1 ? schema['$ref'] : schema;
  let cache = generated.get(ctx);
  if (cache === undefined) generated.set(ctx, (cache = new Map()));
  if (!cache.has(key)) cache.set(key, sampleOf(ctx.document, schema));
  return cache.get(key);
}

function examplesHtml(ctx: OperationContext, media: MediaTypeModel, label: string): string {
  const examples: ExampleModel[] =
    media.examples.length > 0
      ? media.examples.slice(0, 5)
      : media.schema !== undefined
        ? [{ name: 'generated from the schema', pointer: '', value: generatedExample(ctx, media.schema) }]
        : [];
  return examples
    .map((ex) => {
      const asText = typeof ex.value === 'string' && !/json/i.test(media.type);
      const shown = asText ? (ex.value as string) : jsonOf(ex.value);
      const value = codeText(shown);
      const title = ex.name === 'example' ? '' : ` <span class="muted">(${text(ex.name)})</span>`;
      const caption = `${text(label)} example${title}${ex.summary !== undefined ? `: ${text(ex.summary)}` : ''}`;
      // OpenAPI 3.2: the serialized form (serializedValue) shown below the data.
      const serialized =
        ex.serialized !== undefined && ex.serialized.pointer !== ex.pointer
          ? `<p class="muted">serialized</p><pre class="code" tabindex="0"><code>${text(ex.serialized.text)}</code></pre>`
          : '';
      const block = ctx.shelf !== undefined ? ctx.shelf.block(shown, asText ? undefined : ex.value) : codeBlock(value);
      const code = `${block}${serialized}`;
      // A long example is folded (a closed <details> is not laid out until opened): GitHub has one of 240 kB.
      if (value.length > FOLD_EXAMPLE)
        return `<details class="example"><summary class="example-title">${caption} <span class="muted">(${Math.round(value.length / 1000)} kB)</span></summary>${code}</details>`;
      return `<div class="example"><p class="example-title">${caption}</p>${code}</div>`;
    })
    .join('');
}

function jsonOf(value: unknown): string {
  try {
    // Indented by tabs, shown two columns wide (docs.css): deep examples (GitHub's repository) weigh a tenth less.
    return JSON.stringify(value, null, '\t') ?? 'null';
  } catch {
    return String(value);
  }
}

/** A media type in the text column: its type and schema (its examples go beside the text, mediaExamples). */
function mediaHtml(ctx: OperationContext, media: MediaTypeModel, label: string): string {
  // OpenAPI 3.2: a stream's item schema is shown as each item, its examples framed (stream.ts).
  if (streamOf(media) !== undefined) return streamMediaHtml(ctx, media, label, FOLD_ROWS);
  // A response's named schemas below its top level are links to their entries (Stripe's error, on all
  // 452 operations, expanded api_errors in place each time); a request body's show one level more.
  const expandNamed = label === 'Request' ? 2 : 1;
  const schema = media.schema !== undefined ? `${schemaSummary(ctx, media.schema)}${schemaHtml(ctx, media.schema, { foldPast: FOLD_ROWS, expandNamed })}` : '';
  return `<div class="media"><p class="content-type"><code>${text(media.type)}</code>${media.stream !== undefined ? ` <span class="constraint">stream of ${text(media.stream)}</span>` : ''}</p>${schema}</div>`;
}

/** A media type's examples, beside the text (a stream's are framed with its schema, in the text column). */
function mediaExamples(ctx: OperationContext, media: MediaTypeModel, label: string): string {
  if (streamOf(media) !== undefined) return '';
  const examples = examplesHtml(ctx, media, label);
  return examples !== '' ? `<div class="media-examples"><p class="content-type"><code>${text(media.type)}</code></p>${examples}</div>` : '';
}

function statusClass(status: string): string {
  const first = status[0];
  return first === '2' ? 's-ok' : first === '3' ? 's-redirect' : first === '4' || first === '5' ? 's-error' : 's-other';
}

function responseHtml(ctx: OperationContext, response: ResponseModel, open: boolean): string {
  const headers =
    response.headers.length > 0
      ? `<p class="sub">Headers</p><ul class="props">${response.headers.map((h) => `<li><code class="prop">${text(h.name)}</code> ${typeLabel({ ctx }, h.schema, 0)}${h.required ? ' <span class="req">required</span>' : ''}</li>`).join('')}</ul>`
      : '';
  const content = response.content
    .slice(0, 4)
    .map((m) => mediaHtml(ctx, m, response.status))
    .join('');
  // OpenAPI 3.2: a response's summary is its one line, its description then shown whole.
  const line = response.summary ?? firstLine(response.description);
  const more = response.summary !== undefined ? response.description || undefined : response.description.includes('\n') ? response.description : undefined;
  return `<details class="response"${open ? ' open' : ''}><summary><span class="status ${statusClass(response.status)}">${text(response.status)}</span> ${text(line)}</summary>${markdownHtml(more)}${headers}${content !== '' ? content : '<p class="muted">No body.</p>'}</details>`;
}

/** A response's examples beside the text, under its status (the first success's open). */
function responseExamples(ctx: OperationContext, response: ResponseModel, open: boolean): string {
  const examples = response.content
    .slice(0, 4)
    .map((m) => mediaExamples(ctx, m, response.status))
    .join('');
  if (examples === '') return '';
  return `<details class="response-example"${open ? ' open' : ''}><summary><span class="status ${statusClass(response.status)}">${text(response.status)}</span> response</summary>${examples}</details>`;
}

/** The first line of a description as plain text: sanitized, then without tags or Markdown marks. */
function firstLine(description: string): string {
  const line = sanitizeDescription(description).split('\n')[0] ?? '';
  return line
    .replace(/<[^>]*>/g, '')
    .replace(/[*_`#>]/g, '')
    .trim();
}

function samplesHtml(ctx: OperationContext, op: OperationModel): { html: string; console: Record<string, unknown> } {
  const request = sampleRequest(ctx.document, op, ctx.sampleServer, ctx.schemes);
  const samples = streamSamples(ctx.document, codeSamples(request, op, ctx.api), op, ctx.api);
  const blocks: [string, string, string][] = [
    ['curl', 'curl', samples.curl],
    ['typescript', 'TypeScript client', samples.typescript],
    ['fetch', 'fetch', samples.fetch],
    ['python', 'Python requests', samples.python],
  ];
  const html = `<h3>Code samples</h3><div class="samples">${blocks
    .map(
      ([key, label, code]) =>
        `<figure class="sample" data-lang="${key}"><figcaption>${text(label)}</figcaption><pre class="code" tabindex="0"><code>${codeText(code)}</code></pre></figure>`,
    )
    .join('')}</div>`;
  // What the console needs: the operation's method, path, parameters, credentials and a body to start from.
  const consoleData: Record<string, unknown> = {
    m: request.method,
    p: op.path,
    params: op.parameters
      .filter((p) => p.in !== 'cookie')
      .map((p) => [
        p.name,
        p.in,
        p.required,
        p.examples[0] !== undefined || p.required || p.in === 'path'
          ? // OpenAPI 3.2: a querystring is edited as the query string it is sent as.
            p.in === 'querystring'
            ? querystringText(ctx.document, p)
            : scalarText(parameterValue(ctx.document, p))
          : '',
      ]),
    auth: [...new Set(op.security.flatMap((req) => Object.keys(req)))].flatMap((name) => {
      const s = ctx.schemes.find((x) => x.name === name);
      if (s === undefined) return [];
      if (s.type === 'apiKey') return [[name, s.in ?? 'header', s.paramName ?? '']];
      if (s.type === 'http' && s.scheme?.toLowerCase() === 'basic') return [[name, 'basic', '']];
      if (s.type === 'mutualTLS') return [];
      return [[name, 'bearer', '']];
    }),
  };
  // The body as the console edits it: form and multipart fields in the contract's encoding, JSON pretty-printed.
  Object.assign(consoleData, consoleBody(request));
  return { html, console: consoleData };
}

function scalarText(v: unknown): string {
  return typeof v === 'string' ? v : v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/**
 * The section of one operation (an `<h2>` with subsections): its text (description, authorization,
 * parameters, request body and responses with their schemas) and, beside it on a wide screen (below
 * it on a narrow one), its samples: the request body's examples, the code samples, the responses'
 * examples and the request console.
 */
export function operationHtml(ctx: OperationContext, op: OperationModel): string {
  const anchor = operationAnchor(op);
  const title = op.summary !== undefined && op.summary.trim() !== '' ? op.summary : `${wireMethod(op.method)} ${op.path}`;
  const body = op.requestBody;
  const media = body?.content.slice(0, 4) ?? [];
  const requestBody =
    body !== undefined
      ? `<h3>Request body${body.required ? ' <span class="req">required</span>' : ''}</h3>${media.map((m) => mediaHtml(ctx, m, 'Request')).join('')}`
      : '';
  const requestExamples = media.map((m) => mediaExamples(ctx, m, 'Request')).join('');
  const firstOk = op.responses.findIndex((r) => r.status.startsWith('2'));
  const opened = firstOk >= 0 ? firstOk : 0;
  const responses = op.responses.map((r, i) => responseHtml(ctx, r, i === opened)).join('');
  const responseSamples = op.responses.map((r, i) => responseExamples(ctx, r, i === opened)).join('');
  const samples = samplesHtml(ctx, op);
  return `<section class="op" id="${anchor}" aria-labelledby="${anchor}-h">
<div class="op-text">
<h2 id="${anchor}-h"><a class="anchor" href="#${anchor}">${text(title)}</a>${op.deprecated ? ' <span class="deprecated">deprecated</span>' : ''}${tagBadges(ctx.document, op.tags)}</h2>
<p class="endpoint">${methodBadge(op.method)} <code class="path">${text(op.path)}</code> <span class="muted">operation <code>${text(op.id)}</code></span></p>
${markdownHtml(op.description)}
${authSection(ctx, op)}
${parametersSection(ctx, op)}
${requestBody}
<h3>Responses</h3>${responses}
</div>
<div class="op-samples">
${requestExamples !== '' ? `<h3>Request example</h3>${requestExamples}` : ''}
${samples.html}
${responseSamples !== '' ? `<h3>Response examples</h3>${responseSamples}` : ''}
<details class="try" hidden data-op="${text(JSON.stringify(samples.console))}"><summary>Try it</summary><div class="console"></div></details>
</div>
</section>`;
}
