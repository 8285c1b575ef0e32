/**
 * npm run build: the service as one plain ES module, dist/main.mjs, which `npm start` runs with
 * plain Node. Running the TypeScript through tsx's loader costs every instance a second V8 isolate
 * (the loader thread) and compiles modules at start-up; the bundle costs neither (bench:load
 * prints the service's RSS after start-up).
 * Packages stay external (node_modules is resolved at run time, native addons included). A
 * project file's `import.meta.url` is rewritten to that file's own URL relative to the bundle, so
 * files it reads beside itself (generated/*.json, llms.txt) resolve as they do from source.
 * The parse pool's worker (server/parse-pool/worker.ts) is a bundle of its own, beside the
 * service's (parse-worker.mjs), whose name the service's bundle is given (PARSE_WORKER_BUNDLE); so
 * is the net thread's (server/net-thread/worker.ts, net-worker.mjs, NET_WORKER_BUNDLE).
 */
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type BuildOptions, type Plugin } from 'esbuild';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface BundleOptions {
  /** The entry module, relative to the project root. */
  entry?: string;
  /** Or the entry module's own text (imports relative to the project root). */
  entryContents?: string;
  /** The bundle, relative to the project root (inside it, so the packages resolve). */
  outfile?: string;
}

/** import.meta.url of each project source, as it is when the source runs unbundled. */
function sourceUrlPlugin(outDir: string): Plugin {
  return {
    name: 'source-import-meta-url',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /\.[cm]?[jt]s$/ }, async function keepSourceUrl(args) {
        if (args.path.includes('/node_modules/')) return undefined;
        const contents = await readFile(args.path, 'utf8');
        if (!contents.includes('import.meta.url')) return undefined;
        const fromBundle = relative(outDir, args.path).split('\\').join('/');
        return {
          contents: contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
          loader: args.path.endsWith('ts') ? 'ts' : 'js',
        };
      });
    },
  };
}

/** The parse worker's bundle, beside the service's. */
export const PARSE_WORKER_BUNDLE = 'parse-worker.mjs';
/** The net thread's bundle, beside the service's. */
export const NET_WORKER_BUNDLE = 'net-worker.mjs';

const common = (outfile: string): BuildOptions => ({
  outfile,
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [sourceUrlPlugin(dirname(outfile))],
});

/** The parse worker alone, bundled to `outfile` (tests that end many tasks past their deadline start fresh threads fast with it). */
export async function bundleParseWorker(outfile: string): Promise<string> {
  await build({ entryPoints: [resolve(projectRoot, 'server/parse-pool/worker.ts')], ...common(outfile) });
  return outfile;
}

export async function bundle({ entry = 'server/main.ts', entryContents, outfile = 'dist/main.mjs' }: BundleOptions = {}): Promise<string> {
  const out = resolve(projectRoot, outfile);
  await bundleParseWorker(join(dirname(out), PARSE_WORKER_BUNDLE));
  await build({ entryPoints: [resolve(projectRoot, 'server/net-thread/worker.ts')], ...common(join(dirname(out), NET_WORKER_BUNDLE)) });
  await build({
    ...(entryContents === undefined
      ? { entryPoints: [resolve(projectRoot, entry)] }
      : { stdin: { contents: entryContents, resolveDir: projectRoot, sourcefile: 'entry.ts', loader: 'ts' as const } }),
    ...common(out),
    define: { PARSE_WORKER_BUNDLE: JSON.stringify(PARSE_WORKER_BUNDLE), NET_WORKER_BUNDLE: JSON.stringify(NET_WORKER_BUNDLE) },
  });
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = await bundle();
  console.log(`built ${relative(process.cwd(), out)}`);
}
