/**
 * Debian's Chromium as every browser test starts it (playwright-core drives it and downloads no
 * browser; `make chromium` installs it). The flags keep it off the network: without the
 * background-networking ones it tries Google's hosts at every start, which this machine refuses.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium, or an error that says how to install it. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: install Debian's chromium package (make chromium)`);
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS], timeout: 60_000 });
}
