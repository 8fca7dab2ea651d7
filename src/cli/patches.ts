/**
 * The patches a command applies to the contracts it loads: each config entry's `overlays:` and
 * `errors:`, and `--overlay` (every contract the command loads). Registered once, before the
 * command runs (see src/contract/patches.ts).
 */
import { resolve } from 'node:path';
import { findConfig, loadConfig } from '../config/config.js';
import { ContractError, formatDiagnostic } from '../contract/errors.js';
import { setContractPatches, setPatchReporter } from '../contract/patches.js';

export function registerPatches(opts: { config?: unknown; overlay?: unknown }, cwd = process.cwd()): void {
  const overlays = Array.isArray(opts.overlay) ? opts.overlay.filter((o): o is string => typeof o === 'string').map((o) => resolve(cwd, o)) : [];
  const byContract = new Map<string, { overlays: string[]; errors?: unknown }>();
  const configFile = typeof opts.config === 'string' ? opts.config : undefined;
  if (findConfig(cwd, configFile) !== undefined) {
    try {
      for (const entry of loadConfig(cwd, configFile).specs) {
        if (!entry.overlays && entry.errors === undefined) continue;
        byContract.set(entry.path, { overlays: entry.overlays ?? [], ...(entry.errors === undefined ? {} : { errors: entry.errors }) });
      }
    } catch (err) {
      // A broken config is reported by the commands that read it; one that does not runs without its patches.
      if (!(err instanceof ContractError)) throw err;
    }
  }
  setContractPatches(overlays, byContract);
  // Nulls read as absent and overlay actions that select nothing: said by every command, once.
  setPatchReporter((d) => process.stderr.write(`${formatDiagnostic(d)}\n`));
}
