import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { loadConfig } from '../../server/config.ts';
import { createLauncher } from '../../server/render/launcher.ts';
import { QUIET_BROWSER_ARGS } from '../../server/render/renderer.ts';

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
  const browser = await chromium.launch({ executablePath: launcher.path, args: [...QUIET_BROWSER_ARGS], chromiumSandbox: true, env: launcher.envFor(1) });
  browser.on('disconnected', () => launcher.remove());
  return browser;
}
