/**
 * OpenAPI 3.2 streams on a contract page: a media type with an `itemSchema` and a sequential type
 * (server-sent events, JSON Lines, JSON text sequences, multipart/mixed; `streamFraming`) is a
 * sequence of items. Its schema is shown as "Each item", its examples (an example's data is the list
 * of items) framed as they go on the wire by the runtime's framer (stream-write.ts), and its code
 * samples read as the items arrive: curl with `--no-buffer` (and the `Accept` of the stream), fetch
 * and TypeScript iterating the body. Every value from the contract is escaped as elsewhere (text()).
 */
import { isRecord } from '../../contract/pointer.js';
import type { MediaTypeModel, OperationModel } from '../../contract/model-types.js';
import { eventDataSchema, streamFraming, type StreamFraming } from '../../runtime/shared/stream-media.js';
import { frameItem, frameEnd, type FrameOptions } from '../../runtime/shared/stream-write.js';
import { deref, sampleOf, type Node } from './document.js';
import type { CodeSamples } from './samples.js';
import { schemaHtml, schemaSummary, type SchemaContext } from './schema.js';
import { text } from './text.js';

/** Items of an example framed on a page, at most; past it, a note says how many more. */
const SHOWN_ITEMS = 20;
/** Characters of a framed example, at most. */
const SHOWN_CHARS = 10_000;

const NAMES: Record<StreamFraming, string> = {
  sse: 'server-sent events',
  jsonl: 'JSON Lines',
  'json-seq': 'JSON text sequences',
  multipart: 'multipart parts',
};

/** The framing of a media type that is a stream of items (`itemSchema` on a sequential type), if it is one. */
export function streamOf(media: MediaTypeModel): StreamFraming | undefined {
  return media.itemSchema !== undefined ? streamFraming(media.type) : undefined;
}

/** A local reference of the document, read (stream-media.ts resolves an item's references with it). */
function resolver(document: Node): (ref: string) => unknown {
  return (ref) => deref(document, { $ref: ref }).node;
}

/** How an item is framed: an event's data written as JSON when its schema says it carries JSON; a part's content type. */
function frameOptions(document: Node, media: MediaTypeModel): FrameOptions {
  const options: FrameOptions = {};
  // The item convention's reading of an event's JSON data (stream-media.ts), over the document's references.
  if (streamOf(media) === 'sse' && eventDataSchema(media.itemSchema, resolver(document)) !== undefined) options.jsonData = true;
  const type = media.itemEncoding?.contentType;
  if (type !== undefined) options.contentType = type;
  return options;
}

/** A sampled item: an event's JSON data sampled from its contentSchema. */
function sampledItem(document: Node, media: MediaTypeModel, options: FrameOptions): unknown {
  const value = sampleOf(document, media.itemSchema);
  const content = options.jsonData ? eventDataSchema(media.itemSchema, resolver(document)) : undefined;
  return content !== undefined && isRecord(value) ? { ...value, data: sampleOf(document, content) } : value;
}

/** Items framed as the stream carries them; the record separator of a JSON text sequence shown as ␞. */
export function framedText(framing: StreamFraming, items: readonly unknown[], options: FrameOptions): string {
  let out = '';
  for (const item of items.slice(0, SHOWN_ITEMS)) {
    const framed = frameItem(framing, item, options);
    out += framed.ok ? framed.text : `(an item that cannot be framed: ${framed.reason})\n`;
    if (out.length > SHOWN_CHARS) break;
  }
  if (items.length > SHOWN_ITEMS) out += `… ${items.length - SHOWN_ITEMS} more items\n`;
  else out += frameEnd(framing, options);
  return (out.length > SHOWN_CHARS ? `${out.slice(0, SHOWN_CHARS)}…` : out).replace(/\x1e/g, '␞');
}

/** The media type of a stream: its type, "Each item" with the item schema, and its examples framed. */
export function streamMediaHtml(ctx: SchemaContext, media: MediaTypeModel, label: string, foldPast: number): string {
  const framing = streamOf(media);
  if (framing === undefined) return '';
  const options = frameOptions(ctx.document, media);
  const examples =
    media.examples.length > 0
      ? media.examples.slice(0, 5).map((ex) => ({ name: ex.name, summary: ex.summary, items: Array.isArray(ex.value) ? ex.value : [ex.value] }))
      : [{ name: 'generated from the item schema', summary: undefined, items: [sampledItem(ctx.document, media, options)] }];
  const framed = examples
    .map((ex) => {
      const title = ex.name === 'example' ? '' : ` <span class="muted">(${text(ex.name)})</span>`;
      const caption = `${text(label)} example${title}${ex.summary !== undefined ? `: ${text(ex.summary)}` : ''}, as sent`;
      return `<div class="example"><p class="example-title">${caption}</p><pre class="code stream-framed" tabindex="0"><code>${text(framedText(framing, ex.items, options))}</code></pre></div>`;
    })
    .join('');
  const separator = framing === 'json-seq' ? '<p class="muted">␞ stands for the record separator byte (0x1E) that starts each item.</p>' : '';
  return `<div class="media stream"><p class="content-type"><code>${text(media.type)}</code> <span class="constraint">stream of ${NAMES[framing]}</span></p><p class="sub stream-item">Each item</p>${schemaSummary(ctx, media.itemSchema)}${schemaHtml(ctx, media.itemSchema, { foldPast })}${framed}${separator}</div>`;
}

/** The stream an operation answers with on success (its first 2xx response's first stream media type), if any. */
export function answeredStream(op: OperationModel): { media: MediaTypeModel; framing: StreamFraming; status: string } | undefined {
  for (const response of op.responses.filter((r) => r.status.startsWith('2'))) {
    for (const media of response.content) {
      const framing = streamOf(media);
      if (framing !== undefined) return { media, framing, status: response.status };
    }
  }
  return undefined;
}

/** The loop that cuts a text buffer into framed items and yields each one parsed, by framing (JavaScript). */
function itemLoop(framing: StreamFraming, jsonData: boolean, typed: boolean, indent: string): string[] {
  const parse =
    framing === 'sse'
      ? [
          `// One event per blank-line-separated block: its fields, its data lines joined.`,
          `const event${typed ? ': Record<string, unknown>' : ''} = {};`,
          `const data${typed ? ': string[]' : ''} = [];`,
          `for (const line of block.split(/\\r\\n|\\r|\\n/)) {`,
          `  if (line === '' || line.startsWith(':')) continue; // a comment (a heartbeat)`,
          `  const colon = line.indexOf(':');`,
          `  const field = colon < 0 ? line : line.slice(0, colon);`,
          `  const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');`,
          `  if (field === 'data') data.push(value);`,
          `  else if (field === 'retry') event.retry = Number(value);`,
          `  else if (field === 'event' || field === 'id') event[field] = value;`,
          `}`,
          `if (data.length === 0) continue; // a block without data (a comment) is no event`,
          `event.data = ${jsonData ? "JSON.parse(data.join('\\n'))" : "data.join('\\n')"};`,
          `yield event${typed ? ' as Item' : ''};`,
        ]
      : [`if (block.trim() !== '') yield JSON.parse(block)${typed ? ' as Item' : ''};`];
  const separator = framing === 'sse' ? '/\\r\\n\\r\\n|\\n\\n|\\r\\r/' : framing === 'json-seq' ? "'\\x1e'" : "'\\n'";
  return [
    `const reader = response.body${typed ? '!' : ''}.getReader();`,
    `const decoder = new TextDecoder();`,
    `let buffer = '';`,
    `for (;;) {`,
    `  const { done, value } = await reader.read();`,
    `  buffer += decoder.decode(value, { stream: !done });`,
    `  const blocks = buffer.split(${separator});`,
    `  buffer = done ? '' : (blocks.pop() ?? '');`,
    `  for (const block of blocks) {`,
    ...parse.map((l) => `    ${l}`),
    `  }`,
    `  if (done) break;`,
    `}`,
  ].map((l) => indent + l);
}

/**
 * The code samples of an operation that answers a stream: curl reads with `--no-buffer` and asks
 * for the stream's type; fetch and TypeScript iterate the body, item by item (the TypeScript one
 * typed by the generated types, which type `content[<stream type>]` as one item); Python streams.
 */
export function streamSamples(document: Node, samples: CodeSamples, op: OperationModel, api: string): CodeSamples {
  const stream = answeredStream(op);
  if (stream === undefined) return samples;
  // A multipart stream has no item loop here: its samples read it with --no-buffer and stream=True only.
  const loopable = stream.framing !== 'multipart';
  const accept = `  -H '${`Accept: ${stream.media.type}`.replace(/'/g, `'\\''`)}'`;
  const curlLines = samples.curl.replace(/^curl /, 'curl --no-buffer ').split(' \\\n');
  curlLines.splice(1, 0, accept);
  const jsonData = frameOptions(document, stream.media).jsonData === true;
  // The fetch sample without the line that reads the whole body: the stream is read item by item instead.
  const fetchHead = samples.fetch.split('\n').filter((line) => !/await response\.(?:json|text)\(\)/.test(line));
  const generator = (typed: boolean): string[] => [
    `async function* items(response${typed ? ': Response): AsyncGenerator<Item>' : ')'} {`,
    ...itemLoop(stream.framing, jsonData, typed, '  '),
    `}`,
  ];
  const loop = ['', 'for await (const item of items(response)) console.log(item);'];
  const fetchSample = loopable ? [...fetchHead, '', ...generator(false), ...loop] : fetchHead;
  const typeRef = `paths[${JSON.stringify(op.path)}][${JSON.stringify(op.method)}]['responses'][${JSON.stringify(stream.status)}]['content'][${JSON.stringify(stream.media.type)}]`;
  // The generated client hands a stream out as an AsyncIterable of its typed items: its sample iterates them.
  const client = samples.typescript.split('\n');
  const logAt = client.indexOf('console.log(response.status, error ?? data);');
  if (loopable && logAt >= 0 && client.some((line) => line.includes('= await client.')))
    client.splice(logAt, 1, 'if (error !== undefined) console.error(response.status, error);', 'else for await (const item of data) console.log(item);');
  const typescript =
    logAt >= 0
      ? client
      : loopable
        ? [
            `import type { paths } from './generated/${api}/types.js';`,
            '',
            '/** One item of the stream (the generated types type the stream media type as one item). */',
            `type Item = ${typeRef};`,
            '',
            ...fetchHead,
            '',
            ...generator(true),
            ...loop,
          ]
        : samples.typescript.split('\n');
  // Python: the request streams (stream=True on the call, the line before the final print), and the lines are printed as they come.
  const py = samples.python.split('\n');
  const printAt = py.findIndex((line) => line.startsWith('print('));
  const call = py[printAt - 1];
  if (printAt > 0 && call !== undefined && call.endsWith(')')) {
    py[printAt - 1] = `${call.slice(0, -1)}, stream=True)`;
    py.splice(printAt, py.length - printAt, 'for line in response.iter_lines(decode_unicode=True):', '    print(line)');
  }
  const python = py.join('\n');
  return { curl: curlLines.join(' \\\n'), fetch: fetchSample.join('\n'), typescript: typescript.join('\n'), python };
}
