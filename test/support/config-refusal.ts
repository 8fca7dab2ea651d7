/** A config text read as specforge.config.yaml in `dir`: "accepted", or each diagnostic of its refusal as "line: message". */
import { configFromText } from '../../src/config/config.js';
import { ContractError } from '../../src/contract/errors.js';

export function configRefusal(dir: string, text: string): string {
  try {
    configFromText('specforge.config.yaml', dir, 'specforge.config.yaml', text);
  } catch (error) {
    if (error instanceof ContractError) return error.diagnostics.map((d) => `${d.location?.line ?? '?'}: ${d.message}`).join('\n');
    throw error;
  }
  return 'accepted';
}
