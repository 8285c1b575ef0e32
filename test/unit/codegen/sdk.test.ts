import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inputsHash, isCurrent, jarPath, readGeneratorLog, readSdkConfig, setup } from '../../../codegen/sdk.ts';

const roots: string[] = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A project with an openapitools.json like the real one and a spec the generators read. */
function project(cli: Record<string, unknown> = {}) {
  const root = mkdtempSync(join(tmpdir(), 'sdk-config-'));
  roots.push(root);
  mkdirSync(join(root, 'generated'));
  writeFileSync(join(root, 'generated/openapi.json'), '{"openapi":"3.1.0"}\n');
  const generators = {
    ts: { generatorName: 'typescript-fetch', inputSpec: 'generated/openapi.json', output: 'sdk/ts' },
    java: { generatorName: 'java', inputSpec: 'generated/openapi.json', output: 'sdk/java' },
  };
  writeFileSync(join(root, 'openapitools.json'), JSON.stringify({ 'generator-cli': { version: '7.25.0', storageDir: '.tmp/generator', generators, ...cli } }));
  return root;
}

/** A stand-in for mvn that writes the artifact dependency:copy names into -DoutputDirectory and logs its arguments. */
function fakeMaven(root: string): string {
  const path = join(root, 'fake-mvn');
  writeFileSync(
    path,
    [
      '#!/bin/sh',
      'echo "$@" >> "$(dirname "$0")/mvn-calls"',
      'for arg in "$@"; do case "$arg" in -DoutputDirectory=*) out="${arg#-DoutputDirectory=}";; -Dartifact=*) gav="${arg#-Dartifact=}";; esac; done',
      'version="${gav##*:}"',
      'echo "jar of $gav" > "$out/openapi-generator-cli-$version.jar"',
    ].join('\n'),
  );
  chmodSync(path, 0o755);
  return path;
}

describe('codegen/sdk', () => {
  it('reads the pinned version and resolves storageDir against the project root, as the CLI does', () => {
    const root = project();
    const config = readSdkConfig({ root });
    assert.equal(config.version, '7.25.0');
    assert.equal(config.storageDir, join(root, '.tmp/generator'));
    assert.equal(jarPath(config), join(root, '.tmp/generator/7.25.0.jar'));
    assert.deepEqual(
      Object.values(config.generators).map((entry) => entry.output),
      ['sdk/ts', 'sdk/java'],
    );
    const noStorage = readSdkConfig({ root: project({ storageDir: undefined }) });
    assert.match(noStorage.storageDir, /node_modules\/@openapitools\/openapi-generator-cli\/versions$/);
  });

  it('the project pins a typescript-fetch and a java client under sdk/, made from the served OpenAPI document', () => {
    const config = readSdkConfig();
    const byName = Object.fromEntries(Object.values(config.generators).map((entry) => [entry.generatorName, entry]));
    assert.deepEqual(Object.keys(byName).sort(), ['java', 'typescript-fetch']);
    for (const entry of Object.values(byName)) {
      assert.equal(entry.inputSpec, 'generated/openapi.json');
      assert.match(entry.output, /^sdk\//);
      // A generation empties each output: the hand-written signer beside the Java client is none.
      assert.notEqual(entry.output.replace(/\/$/, ''), 'sdk/java-signer');
    }
    assert.ok(existsSync(join(config.root, 'sdk/java-signer/pom.xml')), 'the Java x402 signer is beside the clients');
  });

  it('setup has Maven copy org.openapitools:openapi-generator-cli at the pinned version and names it <version>.jar; once there it is not fetched again', () => {
    const root = project();
    const config = readSdkConfig({ root });
    const mvn = fakeMaven(root);
    assert.equal(setup(config, { mvn }), 'fetched');
    assert.equal(readFileSync(jarPath(config), 'utf8').trim(), 'jar of org.openapitools:openapi-generator-cli:7.25.0');
    assert.deepEqual(readdirSync(config.storageDir), ['7.25.0.jar'], 'no staging directory left behind');
    assert.match(readFileSync(join(root, 'mvn-calls'), 'utf8'), /dependency:copy -Dartifact=org\.openapitools:openapi-generator-cli:7\.25\.0 /);
    assert.equal(setup(config, { mvn }), 'present');
    assert.equal(readFileSync(join(root, 'mvn-calls'), 'utf8').trim().split('\n').length, 1);
  });

  it("setup fails with Maven's output when Maven cannot resolve the jar, and leaves no jar", () => {
    const root = project();
    const config = readSdkConfig({ root });
    const mvn = join(root, 'failing-mvn');
    writeFileSync(mvn, '#!/bin/sh\necho "Could not resolve artifact"\nexit 1\n');
    chmodSync(mvn, 0o755);
    assert.throws(() => setup(config, { mvn }), /exited with 1[\s\S]*Could not resolve artifact/);
    assert.equal(existsSync(jarPath(config)), false);
  });

  it('sdk/ is current only for the inputs it was made from', () => {
    const root = project();
    const config = readSdkConfig({ root });
    assert.equal(isCurrent(config), false, 'nothing generated yet');
    for (const entry of Object.values(config.generators)) mkdirSync(join(root, entry.output), { recursive: true });
    writeFileSync(config.stampPath, `${inputsHash(config)}\n`);
    assert.equal(isCurrent(config), true);
    writeFileSync(join(root, 'generated/openapi.json'), '{"openapi":"3.1.0","info":{}}\n');
    assert.equal(isCurrent(config), false, 'the spec changed');
    writeFileSync(config.stampPath, `${inputsHash(config)}\n`);
    assert.equal(isCurrent(config), true);
    const tools = JSON.parse(readFileSync(join(root, 'openapitools.json'), 'utf8'));
    tools['generator-cli'].generators.java.library = 'native';
    writeFileSync(join(root, 'openapitools.json'), JSON.stringify(tools));
    assert.equal(isCurrent(readSdkConfig({ root })), false, 'a generator setting changed');
  });

  it('a template override is an input too', () => {
    const root = project();
    mkdirSync(join(root, 'templates/java'), { recursive: true });
    writeFileSync(join(root, 'templates/java/pom.mustache'), '<project/>');
    const tools = JSON.parse(readFileSync(join(root, 'openapitools.json'), 'utf8'));
    tools['generator-cli'].generators.java.templateDir = 'templates/java';
    writeFileSync(join(root, 'openapitools.json'), JSON.stringify(tools));
    const before = inputsHash(readSdkConfig({ root }));
    writeFileSync(join(root, 'templates/java/pom.mustache'), '<project><!-- changed --></project>');
    assert.notEqual(inputsHash(readSdkConfig({ root })), before);
  });

  it("reads the generator's log: every WARN and ERROR is a warning but its two notices about itself, and so is a model it named itself", () => {
    const log = [
      '[[java] generated/openapi.json] [main] WARN  o.o.codegen.DefaultCodegen - OpenAPI 3.1 support is still in beta. To report an issue related to 3.1 spec, please kindly open an issue.',
      '[[java] generated/openapi.json] [main] WARN  o.o.codegen.utils.ModelUtils - Failed to get the schema name: null',
      '[[java] generated/openapi.json] [main] INFO  o.o.codegen.TemplateManager - writing file /x/sdk/java/pom.xml',
      '[[java] generated/openapi.json] [main] INFO  o.o.codegen.TemplateManager - writing file /x/sdk/java/README.md',
      '[[typescript-fetch] generated/openapi.json] [main] WARN  o.o.c.l.AbstractTypeScriptClientCodegen - File (model name matches existing language type) cannot be used as a model name. Renamed to ModelFile',
      '[[typescript-fetch] generated/openapi.json] [main] INFO  o.o.codegen.InlineModelResolver - Inline schema created as Foo_bar.',
    ].join('\n');
    const report = readGeneratorLog(log);
    assert.equal(report.files, 2);
    assert.equal(report.notices.length, 2);
    assert.deepEqual(
      report.warnings.map((line) => line.replace(/^.*\] (WARN|INFO)\s+/, '')),
      [
        'o.o.c.l.AbstractTypeScriptClientCodegen - File (model name matches existing language type) cannot be used as a model name. Renamed to ModelFile',
        'o.o.codegen.InlineModelResolver - Inline schema created as Foo_bar.',
      ],
      'a model the generator had to name counts as a warning',
    );
  });
});
