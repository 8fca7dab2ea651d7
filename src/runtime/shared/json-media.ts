/**
 * Whether a media type is JSON, read one way everywhere: `application/json` or a `+json` type
 * (`application/problem+json`), parameters and case ignored. Browser-safe, and its own module so
 * that a bundle using it takes nothing else.
 */
export function isJsonMedia(type: unknown): boolean {
  if (typeof type !== 'string') return false;
  const media = (type.split(';')[0] ?? '').trim().toLowerCase();
  return media === 'application/json' || media.endsWith('+json');
}
