import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { loadConfig } from '../../server/config.ts';
import { createLauncher } from '../../server/render/launcher.ts';

/** Nothing but the page: no GPU, no background traffic of the browser's own. */
const CHROMIUM_ARGS = [
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches headless Chromium (CHROMIUM_PATH, else Debian's /usr/bin/chromium) through playwright-core
 * with its sandbox on, started by the renderer's launcher (as RENDER_USER when the tests run as
 * root); a missing browser is an error naming the install command (browser tests fail, never skip).
 */
export async function launchChromium(): Promise<Browser> {
  const { chromiumPath, user } = loadConfig().render;
  if (!existsSync(chromiumPath)) {
    throw new Error(
      `no Chromium at ${chromiumPath}: install Debian's browser with \`apt-get install -y chromium\` (as root), or set CHROMIUM_PATH to a Chromium executable`,
    );
  }
  const launcher = createLauncher({ chromiumPath, user });
  const browser = await chromium.launch({ executablePath: launcher.path, args: CHROMIUM_ARGS, chromiumSandbox: true, env: launcher.envFor(1) });
  browser.on('disconnected', () => launcher.remove());
  return browser;
}
