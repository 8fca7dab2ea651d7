/**
 * The browser test of the static docs (docs-static-suite.ts) for every contract of the config that
 * has no file of its own (a new contract lands here).
 */
import { otherContracts, staticDocsSuite } from './docs-static-suite.js';

staticDocsSuite(otherContracts());
