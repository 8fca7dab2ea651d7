/** The browser test of the static docs (docs-static-suite.ts) for the contracts of this file. */
import { OWN_FILES, staticDocsSuite } from './docs-static-suite.js';

staticDocsSuite(OWN_FILES[1] as readonly string[]);
