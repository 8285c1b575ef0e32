/**
 * How the browser is started: a small shell launcher, written once per instance into a private
 * temporary directory, that records its pid (the browser's, since it execs) and, when the service
 * runs as root, drops to an unprivileged user with setpriv before exec'ing chromium. Chromium
 * refuses its sandbox as root; as that user its own namespace and seccomp-BPF sandbox starts. The
 * sandbox is never turned off (no --no-sandbox): where it cannot start, rendering is off. The
 * browser runs at the parse pool's and the net thread's nice value: on a busy machine the thread
 * that answers requests comes first, and one caller's render does not outrank another caller's
 * page being read in the pool.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = `#!/bin/sh
echo $$ > "$RENDER_PID_FILE"
profile=
for arg in "$@"; do
  case "$arg" in --user-data-dir=*) profile="\${arg#--user-data-dir=}";; esac
done
# The browser writes nothing outside its profile, playwright's temporary directory.
[ -n "$profile" ] && export HOME="$profile" XDG_CONFIG_HOME="$profile" XDG_CACHE_HOME="$profile"
if [ "$(id -u)" = 0 ]; then
  uid=$(id -u "$RENDER_USER") && gid=$(id -g "$RENDER_USER") || exit 71
  # playwright made the profile as root (mode 0700): it becomes the browser user's.
  [ -n "$profile" ] && { chown -R "$uid:$gid" "$profile" || exit 71; }
  exec nice -n "$RENDER_NICE" setpriv --reuid="$uid" --regid="$gid" --clear-groups --inh-caps=-all --bounding-set=-all -- "$RENDER_CHROMIUM" "$@"
fi
exec nice -n "$RENDER_NICE" "$RENDER_CHROMIUM" "$@"
`;

export interface Launcher {
  /** The executable playwright starts. */
  path: string;
  /** The environment of one launch: nothing of the service's own (no keys, no database URL). */
  envFor(launch: number): Record<string, string>;
  /** The browser's pid of that launch, once it has started. */
  pidOf(launch: number): number | null;
  remove(): void;
}

/** Added to the browser's nice value (the parse pool's and the net thread's default). */
const NICE_INCREMENT = 10;

export function createLauncher({ chromiumPath, user }: { chromiumPath: string; user: string }): Launcher {
  const dir = mkdtempSync(join(tmpdir(), 'renderer-'));
  const path = join(dir, 'chromium-launcher.sh');
  writeFileSync(path, SCRIPT, { mode: 0o700 });
  const pidFile = (launch: number) => join(dir, `browser-${launch}.pid`);
  return {
    path,
    envFor: (launch) => ({
      PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin',
      TZ: 'UTC',
      LANG: 'C.UTF-8',
      RENDER_PID_FILE: pidFile(launch),
      RENDER_USER: user,
      RENDER_CHROMIUM: chromiumPath,
      RENDER_NICE: String(NICE_INCREMENT),
    }),
    pidOf(launch) {
      try {
        const pid = Number(readFileSync(pidFile(launch), 'utf8').trim());
        return Number.isInteger(pid) && pid > 0 ? pid : null;
      } catch {
        return null;
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
