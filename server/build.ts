/**
 * npm run build: the service as one plain ES module, dist/main.mjs, which `npm start` runs with
 * plain Node. Running the TypeScript through tsx's loader costs every instance a second V8 isolate
 * (the loader thread) and compiles modules at start-up; the bundle costs neither (bench:load
 * prints the service's RSS after start-up).
 * Packages stay external (node_modules is resolved at run time, native addons included). A
 * project file's `import.meta.url` is rewritten to that file's own URL relative to the bundle, so
 * files it reads beside itself (generated/*.json, llms.txt) resolve as they do from source.
 */
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

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

export async function bundle({ entry = 'server/main.ts', entryContents, outfile = 'dist/main.mjs' }: BundleOptions = {}): Promise<string> {
  const out = resolve(projectRoot, outfile);
  await build({
    ...(entryContents === undefined
      ? { entryPoints: [resolve(projectRoot, entry)] }
      : { stdin: { contents: entryContents, resolveDir: projectRoot, sourcefile: 'entry.ts', loader: 'ts' as const } }),
    outfile: out,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [sourceUrlPlugin(dirname(out))],
  });
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = await bundle();
  console.log(`built ${relative(process.cwd(), out)}`);
}
