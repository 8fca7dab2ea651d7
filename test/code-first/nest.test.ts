/**
 * The code-first suite (suite.ts) on the NestJS orders service (nest/), its contract emitted by
 * @nestjs/swagger at test time.
 */
import { nestService } from './nest/service.js';
import { codeFirstSuite } from './suite.js';

codeFirstSuite(nestService);
