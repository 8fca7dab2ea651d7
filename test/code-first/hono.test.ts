/**
 * The code-first suite (suite.ts) on the Hono orders service (hono/), its contract emitted by
 * @hono/zod-openapi at test time.
 */
import { honoService } from './hono/service.js';
import { codeFirstSuite } from './suite.js';

codeFirstSuite(honoService);
