/**
 * One validation error, as Ajv reports it (the shape of Ajv's own ErrorObject, declared here so that
 * a project type-checking generated validators does not load Ajv's 44 declaration files).
 */
export interface ErrorObject {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  propertyName?: string;
  message?: string;
  schema?: unknown;
  parentSchema?: object;
  data?: unknown;
}
