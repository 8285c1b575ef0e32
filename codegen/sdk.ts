/**
 * Client SDKs with @openapitools/openapi-generator-cli, as configured in openapitools.json.
 *   npm run sdk:setup     puts the pinned generator jar in the CLI's storage dir, resolved by Maven
 *                         (org.openapitools:openapi-generator-cli, from the repositories Maven is set up with)
 *   npm run sdk:generate  sdk:setup when the jar is missing, then every generator of openapitools.json
 *                         into sdk/ (skipped while sdk/ was made from the same inputs; --force regenerates);
 *                         prints the generator's warnings (none is accepted) and, with --verbose, its log
 * The generated clients are not committed: they are made from generated/openapi.json, which
 * `npm run gen -- --check` keeps in step with the spec, and a stamp of the inputs says when they must
 * be made again. sdk/java-signer, the Java x402 signer beside them, is hand-written and committed
 * (no generator writes or empties it).
 */
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Every JVM here is short-lived (the generator, Maven): the client compiler alone and the serial
 * collector about halve their CPU time. Used unless JAVA_OPTS or MAVEN_OPTS say otherwise.
 */
export const QUICK_JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];
const quickJvmEnv = (name: 'JAVA_OPTS' | 'MAVEN_OPTS'): NodeJS.ProcessEnv => ({ ...process.env, [name]: process.env[name] ?? QUICK_JVM_OPTIONS.join(' ') });
/** The environment for Maven runs (sdk:setup, the Java client's build). */
export const mavenEnv = () => quickJvmEnv('MAVEN_OPTS');

const GROUP_ID = 'org.openapitools';
const ARTIFACT_ID = 'openapi-generator-cli';

export interface GeneratorEntry {
  generatorName: string;
  inputSpec: string;
  output: string;
  /** A folder of template overrides (codegen/sdk-templates/...); the jar's templates otherwise. */
  templateDir?: string;
}

export interface SdkConfig {
  root: string;
  /** The generator version openapitools.json pins. */
  version: string;
  /** Where the CLI looks for `<version>.jar`. */
  storageDir: string;
  generators: Record<string, GeneratorEntry>;
  /** The file the inputs' hash is written to after a generation. */
  stampPath: string;
}

/** openapitools.json, read as the CLI reads it (its storageDir relative to the project root). */
export function readSdkConfig({ root = resolve(dirname(fileURLToPath(import.meta.url)), '..'), file = 'openapitools.json' } = {}): SdkConfig {
  const cli = JSON.parse(readFileSync(join(root, file), 'utf8'))['generator-cli'];
  if (!cli?.version) throw new Error(`${file} pins no generator-cli.version`);
  const storageDir = cli.storageDir ? resolve(root, cli.storageDir) : join(root, 'node_modules/@openapitools/openapi-generator-cli/versions');
  return { root, version: cli.version, storageDir, generators: cli.generators ?? {}, stampPath: join(root, 'sdk/.inputs-sha256') };
}

export const jarPath = (config: SdkConfig) => join(config.storageDir, `${config.version}.jar`);

/** Runs a command; returns its output (stdout and stderr), which is shown in full when it fails. */
function run(command: string, args: string[], { cwd, env = process.env }: { cwd: string; env?: NodeJS.ProcessEnv }): string {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}\n${result.stdout}${result.stderr}`);
  return `${result.stdout}${result.stderr}`;
}

/** The pinned jar through Maven's dependency:copy (Maven's local repository caches it), renamed as the CLI expects. */
export function setup(config: SdkConfig, { mvn = 'mvn' } = {}): 'present' | 'fetched' {
  const jar = jarPath(config);
  if (existsSync(jar)) return 'present';
  mkdirSync(config.storageDir, { recursive: true });
  const staging = mkdtempSync(join(config.storageDir, '.fetch-'));
  try {
    run(
      mvn,
      ['-q', '-B', '-Dstyle.color=never', 'dependency:copy', `-Dartifact=${GROUP_ID}:${ARTIFACT_ID}:${config.version}`, `-DoutputDirectory=${staging}`],
      { cwd: config.root, env: mavenEnv() },
    );
    renameSync(join(staging, `${ARTIFACT_ID}-${config.version}.jar`), jar);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return 'fetched';
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** A hash of everything a generation reads: openapitools.json, each generator's input and templates, and the jar's version. */
export function inputsHash(config: SdkConfig, file = 'openapitools.json'): string {
  const hash = createHash('sha256')
    .update(config.version)
    .update(readFileSync(join(config.root, file)));
  const entries = Object.values(config.generators);
  for (const input of [...new Set(entries.map((entry) => entry.inputSpec))].sort()) hash.update(input).update(readFileSync(join(config.root, input)));
  for (const dir of [...new Set(entries.flatMap((entry) => (entry.templateDir ? [entry.templateDir] : [])))].sort()) {
    for (const path of filesUnder(join(config.root, dir)).sort()) hash.update(path.slice(config.root.length)).update(readFileSync(path));
  }
  return hash.digest('hex');
}

/**
 * Two lines this generator version logs at WARN for any OpenAPI 3.1 document like this one, each
 * once per generator, that name no schema and no fault of the document:
 * - "OpenAPI 3.1 support is still in beta", about the generator itself;
 * - "Failed to get the schema name: null", from OpenAPINormalizer.fixSelfReferenceSchema, which
 *   looks for a $ref in a component's `additionalProperties` and finds the 3.1 parser's schema for
 *   `additionalProperties: false` (NextStep alone, with every other component plain, logs it;
 *   without that keyword it does not).
 * They are counted and printed as notices; any other WARN or ERROR fails the generation.
 */
const GENERATOR_NOTICES = [/OpenAPI 3\.1 support is still in beta/, /Failed to get the schema name: null$/];
const isNotice = (line: string) => GENERATOR_NOTICES.some((notice) => notice.test(line));

export interface GeneratorReport {
  /**
   * Every WARN and ERROR line the generator logged, as logged, and every model it had to name
   * itself ("Inline schema created as X_y", logged at INFO): the spec names each schema the
   * generators see (a component or a title).
   */
  warnings: string[];
  /** The generator's notices about itself (GENERATOR_NOTICES), as logged. */
  notices: string[];
  files: number;
}

/** Reads the generator's log: its warnings (its notices apart) and how many files it wrote. */
export function readGeneratorLog(log: string): GeneratorReport {
  const lines = log.split('\n');
  const flagged = lines.filter((line) => /\] (WARN|ERROR) /.test(line) || /InlineModelResolver - Inline schema created as /.test(line));
  return {
    warnings: flagged.filter((line) => !isNotice(line)),
    notices: flagged.filter(isNotice),
    files: lines.filter((line) => /writing file /.test(line)).length,
  };
}

export function isCurrent(config: SdkConfig): boolean {
  const outputsExist = Object.values(config.generators).every((entry) => existsSync(join(config.root, entry.output)));
  return outputsExist && existsSync(config.stampPath) && readFileSync(config.stampPath, 'utf8').trim() === inputsHash(config);
}

/**
 * Every generator of openapitools.json into a clean output directory, through the CLI. A warning
 * from the generator (an unnamed inline schema, a reserved model name...) fails the generation:
 * the clients keep the names the spec gives them.
 */
export function generate(config: SdkConfig, { force = false } = {}): { state: 'current' } | { state: 'generated'; report: GeneratorReport; log: string } {
  if (!force && isCurrent(config)) return { state: 'current' };
  setup(config);
  for (const entry of Object.values(config.generators)) rmSync(join(config.root, entry.output), { recursive: true, force: true });
  rmSync(config.stampPath, { force: true });
  // The CLI resolves openapitools.json and storageDir against PWD.
  const cli = join(config.root, 'node_modules/@openapitools/openapi-generator-cli/main.js');
  const log = run(process.execPath, [cli, 'generate'], { cwd: config.root, env: { ...quickJvmEnv('JAVA_OPTS'), PWD: config.root } });
  const report = readGeneratorLog(log);
  if (report.warnings.length) throw new Error(`the generator warned (${report.warnings.length}); sdk/ is left unstamped:\n${report.warnings.join('\n')}`);
  mkdirSync(dirname(config.stampPath), { recursive: true });
  writeFileSync(config.stampPath, `${inputsHash(config)}\n`);
  return { state: 'generated', report, log };
}

function main() {
  const [command] = process.argv.slice(2);
  const config = readSdkConfig();
  if (command === 'setup') {
    const state = setup(config);
    console.log(`sdk:setup: openapi-generator-cli ${config.version} ${state === 'present' ? 'already in' : 'fetched by Maven into'} ${config.storageDir}`);
  } else if (command === 'generate') {
    const started = Date.now();
    const result = generate(config, { force: process.argv.includes('--force') });
    const outputs = Object.values(config.generators)
      .map((entry) => entry.output)
      .join(', ');
    if (result.state === 'current') {
      console.log(`sdk:generate: ${outputs} already made from these inputs (--force makes them again)`);
      return;
    }
    if (process.argv.includes('--verbose')) process.stdout.write(result.log);
    const { report } = result;
    for (const notice of report.notices) console.log(`  generator notice (not about the spec; see codegen/sdk.ts): ${notice}`);
    console.log(
      `sdk:generate: openapi-generator ${config.version} wrote ${report.files} files into ${outputs} in ${((Date.now() - started) / 1000).toFixed(1)} s; 0 warnings; --verbose prints its whole log`,
    );
  } else {
    console.error('usage: tsx codegen/sdk.ts setup | generate [--force] [--verbose]');
    process.exit(2);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main();
  } catch (error) {
    console.error(`sdk: ${(error as Error).message}`);
    process.exit(1);
  }
}
