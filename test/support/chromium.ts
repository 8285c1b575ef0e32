import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's browser, installed by `apt-get install -y chromium` (CI: .ci/run); CHROMIUM_PATH names another. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/** Nothing but the page: no sandbox (containers run as root), no GPU, no background traffic of the browser's own. */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

/** Launches headless Chromium through playwright-core; a missing browser is an error naming the install command (browser tests fail, never skip). */
export async function launchChromium({ executablePath = chromiumPath() }: { executablePath?: string } = {}): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(`no Chromium at ${executablePath}: install Debian's browser with \`apt-get install -y chromium\` (as root), or set CHROMIUM_PATH to a Chromium executable`);
  }
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}
