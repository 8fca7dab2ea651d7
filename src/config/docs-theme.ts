/**
 * `docs.theme` in specforge.config.yaml: the look of the static docs. A logo from a local file
 * (resolved from the config's folder; png, jpg, gif, webp or svg, at most 1 MB, copied into the
 * site), an accent colour and font stacks (checked against narrow patterns: they go into a stylesheet).
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { ContractError } from '../contract/errors.js';
import { isRecord } from '../contract/pointer.js';
import { COLOUR, FONT_STACK, type DocsTheme } from '../docs/site/style.js';

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
