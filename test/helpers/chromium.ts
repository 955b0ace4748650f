/**
 * Real Chromium for the dashboard end-to-end tests: Debian's /usr/bin/chromium (or CHROMIUM_PATH) driven by
 * playwright-core, screenshots under .tap/screenshots/. Without Chromium a test file is skipped with a message,
 * except under CI=true where it fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Test } from 'tap';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const SHOTS = path.resolve(import.meta.dirname, '../../.tap/screenshots');
const CI = process.env.CI === 'true' || process.env.CI === '1';

/** True when Chromium can run; otherwise records the skip (or the CI failure) on `t`. */
export function chromiumAvailable(t: Test, what: string): boolean {
  if (fs.existsSync(CHROMIUM)) {
    fs.mkdirSync(SHOTS, { recursive: true });
    return true;
  }
  const msg = `Chromium not found at ${CHROMIUM} (apt-get install -y chromium)`;
  if (CI) t.fail(`${msg}: the ${what} must run under CI=true`);
  else {
    console.error(`# SKIPPING ${what}: ${msg}`);
    t.pass(`skipped: ${msg}`, { skip: msg });
  }
  return false;
}

/** Headless Chromium with software WebGL (the cluster graph draws with sigma.js). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--no-first-run',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
    ],
  });
}
