/**
 * The browser test of the static docs (docs-static-suite.ts) for the engine contract, the largest
 * site, and of the site's index: this file builds every contract (the engine's pages are most of
 * the build), the others only their own.
 */
import { OWN_FILES, staticDocsSuite } from './docs-static-suite.js';

staticDocsSuite(OWN_FILES[0] as readonly string[], { siteIndex: true });
