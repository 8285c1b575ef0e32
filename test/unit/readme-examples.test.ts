/**
 * Every ```ts example in README.md type-checks under the project's own tsconfig (strict), against
 * the packages installed in node_modules: a reader who pastes one gets no compile error. Each
 * example is an ES module of its own (top-level await allowed), checked in memory as if it sat at
 * the repository's root, where the imports resolve.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { paymentsText } from '../world/serve.ts';
import { defaultPayBase } from '../../client/pay.ts';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

interface Example {
  /** The README line of the opening fence. */
  line: number;
  code: string;
}

/** The ```ts blocks of a Markdown text, with the line each opens on. */
function tsExamples(markdown: string): Example[] {
  const examples: Example[] = [];
  for (const match of markdown.matchAll(/^```ts[ \t]*\n([\s\S]*?)^```[ \t]*$/gm)) {
    examples.push({ line: markdown.slice(0, match.index).split('\n').length, code: match[1] });
  }
  return examples;
}

/** Type errors of each example, as "line N: message" with README line numbers; [] when it compiles. */
function typeErrors(examples: Example[]): string[][] {
  const config = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => assert.fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')) },
  );
  assert.ok(config, 'tsconfig.json could not be read');
  const files = new Map(examples.map((example, n) => [join(ROOT, `readme-example-${n + 1}.ts`), example.code]));
  const host = ts.createCompilerHost(config.options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.fileExists = (name) => files.has(name) || fileExists(name);
  host.getSourceFile = (name, language, onError, create) => {
    const text = files.get(name);
    return text === undefined ? getSourceFile(name, language, onError, create) : ts.createSourceFile(name, text, language, true);
  };
  const program = ts.createProgram({ rootNames: [...files.keys()], options: { ...config.options, noEmit: true }, host });
  return [...files.keys()].map((name, n) => {
    const file = program.getSourceFile(name)!;
    return ts.getPreEmitDiagnostics(program, file).map((diagnostic) => {
      const at = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line : 0;
      return `README.md line ${examples[n].line + 1 + at}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
  });
}

describe('README examples', () => {
  const examples = tsExamples(readFileSync(join(ROOT, 'README.md'), 'utf8'));

  it('finds the TypeScript examples, each with its line', () => {
    assert.ok(examples.length >= 2, `found ${examples.length} ts blocks`);
    const lines = readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n');
    for (const example of examples) assert.match(lines[example.line - 1], /^```ts/);
  });

  it('every example compiles under the project tsconfig (strict)', { timeout: 120_000 }, () => {
    const errors = typeErrors(examples);
    assert.deepEqual(errors.flat(), []);
  });

  it('the check fails an example that does not compile, naming its README line', { timeout: 120_000 }, () => {
    const broken = tsExamples("intro\n\n```ts\nimport { privateKeyToAccount } from 'viem/accounts';\n\nprivateKeyToAccount(process.env.AGENT_KEY);\n```\n");
    const [errors] = typeErrors(broken);
    assert.equal(errors.length, 1);
    assert.match(errors[0], /^README\.md line 6: Argument of type 'string \| undefined'/);
  });

  it('is a page for users: at most 250 lines, the two set-up commands in the first 30, a license', () => {
    const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const lines = text.split('\n');
    assert.ok(lines.length <= 250, `${lines.length} lines`);
    const first = lines.slice(0, 30).join('\n');
    assert.match(first, /^npm install && npm start\b/m);
    assert.match(first, /^npm test\b/m);
    assert.match(text, /^PORT=\d+ npm run world\b/m, 'PORT for npm run world');
    assert.match(text, /^## License\n\nMIT \(\[LICENSE\]\(LICENSE\)\)/m);
    assert.match(readFileSync(join(ROOT, 'LICENSE'), 'utf8'), /^MIT License/);
    assert.equal(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).license, 'MIT');
    for (const [, target] of text.matchAll(/\]\(((?:docs|bench|test|spec)\/[^)#]+)/g)) assert.ok(existsSync(join(ROOT, target)), `link ${target}`);
  });

  it('walks through paying with exactly the commands npm run world -- --chain prints', () => {
    const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const printed = paymentsText(defaultPayBase({}), { rpcUrl: 'http://127.0.0.1:8545', payTo: '0x' }, {
      address: '0x<the printed address>',
      privateKey: '0x<the printed key>',
    } as any);
    const commands = printed
      .split('\n')
      .filter((line) => /^ {2}(for |curl |PAYER_KEY=)/.test(line))
      .map((line) => line.slice(2));
    assert.equal(commands.length, 3);
    const block = text.match(/^## Paying\n[\s\S]*?```sh\n([\s\S]*?)```/m);
    assert.ok(block, 'a walk-through under Paying');
    assert.deepEqual(block[1].trimEnd().split('\n'), commands);
  });
});
