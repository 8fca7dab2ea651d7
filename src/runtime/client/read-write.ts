/**
 * The request and answer views of types openapi-typescript marks with `$Read` (readOnly) and
 * `$Write` (writeOnly): structurally the same as the helpers it prints into types.ts, so the SDK
 * leaves readOnly properties out of bodies it sends and writeOnly ones out of answers it reads.
 */
type ReadMarker<T> = { readonly $read: T };
type WriteMarker<T> = { readonly $write: T };

export type Readable<T> = T extends Date
  ? T
  : T extends WriteMarker<unknown>
    ? never
    : T extends ReadMarker<infer U>
      ? Readable<U>
      : T extends (infer E)[]
        ? Readable<E>[]
        : T extends object
          ? { [K in keyof T as NonNullable<T[K]> extends WriteMarker<unknown> ? never : K]: Readable<T[K]> }
          : T;

export type Writable<T> = T extends Date
  ? T
  : T extends ReadMarker<unknown>
    ? never
    : T extends WriteMarker<infer U>
      ? Writable<U>
      : T extends (infer E)[]
        ? Writable<E>[]
        : T extends object
          ? { [K in keyof T as NonNullable<T[K]> extends ReadMarker<unknown> ? never : K]: Writable<T[K]> } & {
              [K in keyof T as NonNullable<T[K]> extends ReadMarker<unknown> ? K : never]?: never;
            }
          : T;
