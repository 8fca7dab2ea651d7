/** The filters of the event stream (`x-specforge-events`). */
import type { EventFiltersSpec } from '../shared/spec.js';
import { getPath } from './paths.js';

/** The values a filter parameter gives per name: `{ name: [values] }` or the legacy `{ name: { value: true } }`. */
export function filterValues(raw: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return out;
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(v)) out.set(name, v.map(String));
    else if (v !== null && typeof v === 'object')
      out.set(
        name,
        Object.entries(v as Record<string, unknown>)
          .filter(([, on]) => on === true)
          .map(([k]) => k),
      );
  }
  return out;
}

/** Whether an event passes the request's filters (x-specforge-events filters); all pass without any. */
export function eventSelector(spec: EventFiltersSpec | undefined, raw: unknown): (event: unknown) => boolean {
  if (!spec || raw === undefined) return () => true;
  const wanted = [...filterValues(raw)].filter(([name]) => Object.hasOwn(spec.match, name));
  if (wanted.length === 0) return () => true;
  const text = (event: unknown, path: string): string | undefined => {
    const v = getPath(event as Record<string, unknown>, path);
    return v === undefined || v === null ? undefined : String(v);
  };
  return (event) =>
    wanted.every(([name, values]) => {
      const rule = spec.match[name] as EventFiltersSpec['match'][string];
      if (rule.when && !Object.entries(rule.when).every(([path, v]) => text(event, path) === v)) return false;
      return values.some((value) => {
        if (rule.fields?.some((f) => text(event, f) === value)) return true;
        if (rule.labels === undefined) return false;
        const labels = getPath(event as Record<string, unknown>, rule.labels);
        if (labels === null || typeof labels !== 'object') return false;
        const eq = value.indexOf('=');
        const key = eq < 0 ? value : value.slice(0, eq);
        if (!Object.hasOwn(labels, key)) return false;
        return eq < 0 || String((labels as Record<string, unknown>)[key]) === value.slice(eq + 1);
      });
    });
}
