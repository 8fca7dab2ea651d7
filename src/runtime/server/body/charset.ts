/**
 * The character encoding a request body declares. JSON, form and text bodies are read as UTF-8
 * (US-ASCII is a subset of it); a body that declares any other charset (`charset=utf-16`,
 * `charset=latin1`) is refused with 415 naming it, never decoded as UTF-8 and then reported as
 * invalid JSON.
 */
import { HttpError } from '../../shared/errors.js';

const READABLE = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);

/** The `charset` parameter of a Content-Type header, lowercased (undefined when it names none). */
export function charsetOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined || !contentType.includes(';')) return undefined;
  const params = contentType.split(';');
  for (let i = 1; i < params.length; i++) {
    const param = params[i] as string;
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const value = param.slice(eq + 1).trim();
    return (value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value).toLowerCase();
  }
  return undefined;
}

/** Whether bodies of this media type are read as text (JSON, forms, text/*). */
function readAsText(mediaType: string, isJson: (type: string) => boolean): boolean {
  return isJson(mediaType) || mediaType === 'application/x-www-form-urlencoded' || mediaType.startsWith('text/');
}

/** Refuses (415) a text body whose declared charset is not UTF-8 or US-ASCII. */
export function checkCharset(contentType: string | undefined, mediaType: string, isJson: (type: string) => boolean): void {
  const charset = charsetOf(contentType);
  if (charset === undefined || READABLE.has(charset) || !readAsText(mediaType, isJson)) return;
  const shown = charset.length > 40 ? `${charset.slice(0, 40)}…` : charset;
  throw new HttpError(415, `charset ${shown} is not supported for ${mediaType}; send the body as utf-8`, [
    { in: 'header', name: 'content-type', message: `declares charset ${shown}; only utf-8 (or us-ascii) is read` },
  ]);
}
