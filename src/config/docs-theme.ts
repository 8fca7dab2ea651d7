/**
 * `docs.theme` in specforge.config.yaml: the look of the static docs. A logo from a local file
 * (resolved from the config's folder; png, jpg, gif, webp or svg, at most 1 MB, copied into the
 * site), an accent colour and font stacks (checked against narrow patterns: they go into a stylesheet).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { ContractError } from '../contract/errors.js';
import { isRecord } from '../contract/pointer.js';

export interface DocsTheme {
  /** A local image file shown in the header (copied into the site). */
  logo?: string;
  /** Accent colour of the header rule, the active navigation entry and focus rings ("#0b7285"). */
  primaryColor?: string;
  /** Font stack of the text. */
  fontFamily?: string;
  /** Font stack of code. */
  codeFontFamily?: string;
}

/** A colour the stylesheet accepts from a config: #rgb, #rrggbb, or rgb()/hsl() with numbers. */
export const COLOUR = /^(?:#[0-9a-fA-F]{3,8}|(?:rgb|hsl)a?\(\s*[0-9.%,\s/]+\))$/;
/** A font stack the stylesheet accepts: names, quotes, commas, spaces and hyphens. */
export const FONT_STACK = /^[A-Za-z0-9 ,'"_-]{1,200}$/;

export const THEME_KEYS = ['logo', 'primaryColor', 'fontFamily', 'codeFontFamily'] as const;
export const LOGO_TYPES = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.svg']);
const MAX_LOGO_BYTES = 1024 * 1024;

type Locate = (at: Array<string | number>, key?: string) => { line: number; col: number } | undefined;

export function parseDocsTheme(value: unknown, locate: Locate, file: string): DocsTheme {
  const at = (key?: string): { file: string; line?: number; col?: number } => {
    const pos = locate(key === undefined ? ['docs'] : ['docs', 'theme'], key ?? 'theme');
    return { file, ...(pos ? { line: pos.line, col: pos.col } : {}) };
  };
  if (!isRecord(value)) throw ContractError.single('SPECFORGE_CONFIG', `docs.theme must be a mapping (${THEME_KEYS.join(', ')})`, at());
  const out: DocsTheme = {};
  for (const key of Object.keys(value)) {
    if (!(THEME_KEYS as readonly string[]).includes(key))
      throw ContractError.single('SPECFORGE_CONFIG', `docs.theme has no setting "${key}" (${THEME_KEYS.join(', ')})`, at(key));
  }
  const str = (key: (typeof THEME_KEYS)[number], pattern: RegExp | undefined, what: string): string | undefined => {
    const v = value[key];
    if (v === undefined) return undefined;
    if (typeof v !== 'string' || (pattern !== undefined && !pattern.test(v.trim())))
      throw ContractError.single('SPECFORGE_CONFIG', `docs.theme.${key} must be ${what}`, at(key));
    return v.trim();
  };
  const colour = str('primaryColor', COLOUR, 'a colour (#0b7285, rgb(11 114 133))');
  if (colour !== undefined) out.primaryColor = colour;
  const font = str('fontFamily', FONT_STACK, "a font stack of names, quotes and commas (Inter, 'Helvetica Neue', sans-serif)");
  if (font !== undefined) out.fontFamily = font;
  const mono = str('codeFontFamily', FONT_STACK, "a font stack of names, quotes and commas ('JetBrains Mono', monospace)");
  if (mono !== undefined) out.codeFontFamily = mono;
  const logo = str('logo', undefined, 'the path of a local image file');
  if (logo !== undefined) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(logo) && !/^[a-z]:[\\/]/i.test(logo)) {
      throw ContractError.single(
        'SPECFORGE_CONFIG',
        'docs.theme.logo must be a local file: the pages load nothing from elsewhere',
        at('logo'),
        'download the image next to the config and name its path',
      );
    }
    const path = resolve(dirname(file), logo);
    if (!LOGO_TYPES.has(extname(path).toLowerCase()))
      throw ContractError.single('SPECFORGE_CONFIG', `docs.theme.logo must be a ${[...LOGO_TYPES].join(', ')} file`, at('logo'));
    if (!existsSync(path) || !statSync(path).isFile()) throw ContractError.single('SPECFORGE_CONFIG', `docs.theme.logo: no file ${path}`, at('logo'));
    if (statSync(path).size > MAX_LOGO_BYTES) throw ContractError.single('SPECFORGE_CONFIG', 'docs.theme.logo is larger than 1 MB', at('logo'));
    out.logo = path;
  }
  return out;
}
