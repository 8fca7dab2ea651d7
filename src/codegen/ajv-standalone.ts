/**
 * Standalone module code for many Ajv validators at once. Ajv's own `standaloneCode` builds the
 * module by re-spreading one growing code object per export, which is quadratic in the number of
 * functions (tens of seconds for thousands of schemas). This emits the same code — the compiled
 * functions, their scope constants and wrappers, each once — by appending strings in linear time.
 */

interface NameLike {
  readonly str?: string;
  toString(): string;
}

interface ScopeValue {
  ref?: unknown;
  code?: { toString(): string };
}

interface SourceInfo {
  validateName: NameLike;
  validateCode: string;
  scopeValues: Record<string, Set<NameLike & { value?: ScopeValue }> | undefined>;
  evaluated?: { toString(): string };
}

interface CompiledFn {
  source?: SourceInfo;
}

export interface StandaloneAjv {
  getSchema(id: string): unknown;
}

export function standaloneModule(ajv: StandaloneAjv, exports: Record<string, string>): string {
  const out: string[] = [];
  const used = new Set<string>();

  const emitFunction = (source: SourceInfo | undefined): void => {
    if (!source) throw new Error('validator has no source; compile with code.source');
    const name = String(source.validateName);
    if (used.has(name)) return;
    used.add(name);
    emitScope(source.scopeValues);
    out.push(source.validateCode);
    if (source.evaluated) out.push(`${name}.evaluated = ${String(source.evaluated)};`);
  };

  const emitScope = (values: SourceInfo['scopeValues']): void => {
    for (const prefix of Object.keys(values)) {
      const names = values[prefix];
      if (!names) continue;
      for (const n of names) {
        const key = String(n);
        const value = n.value;
        if (!value) throw new Error(`scope name ${key} has no value`);
        if (value.code !== undefined) {
          if (used.has(key)) continue;
          used.add(key);
          out.push(`const ${key} = ${String(value.code)};`);
        } else if (prefix === 'validate' && typeof value.ref === 'function') {
          emitFunction((value.ref as CompiledFn).source);
        } else if ((prefix === 'root' || prefix === 'wrapper') && typeof value.ref === 'object' && value.ref !== null) {
          if (used.has(key)) continue;
          used.add(key);
          const env = value.ref as { validateName?: NameLike; validate?: CompiledFn };
          if (!env.validateName) throw new Error('ajv internal error: wrapper without validateName');
          out.push(`const ${key} = {validate: ${String(env.validateName)}};`);
          emitFunction(env.validate?.source);
        }
      }
    }
  };

  const exported: string[] = [];
  for (const [exportName, id] of Object.entries(exports)) {
    const fn = ajv.getSchema(id) as CompiledFn | undefined;
    if (!fn) throw new Error(`no schema with id ${id}`);
    emitFunction(fn.source);
    exported.push(`const ${exportName} = ${String(fn.source?.validateName)};`);
  }
  return out.join('\n') + '\n' + exported.join('\n') + '\n';
}
