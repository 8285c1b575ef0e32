import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The TypeScript files of what runs in the service (tests and benchmarks read content to check it), for the tests that are greps of a boundary. */
export const serviceSources = (): string[] => ['engines', 'server', 'handlers'].flatMap(sources);
