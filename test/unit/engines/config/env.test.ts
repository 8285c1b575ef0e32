import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ConfigError,
  choice,
  custom,
  decimal,
  defaultsOf,
  int,
  json,
  list,
  ms,
  readVariable,
  readVariables,
  settings,
  text,
  url,
  type Variable,
} from '../../../../engines/config/env.ts';

const read = <T>(variable: Variable<T>, value: string | undefined) => readVariable('SETTING', variable, { SETTING: value });
const refusal = (variable: Variable<unknown>, value: string) => {
  try {
    read(variable, value);
  } catch (error) {
    assert.ok(error instanceof ConfigError, `${value}: a ConfigError`);
    return error.message;
  }
  assert.fail(`${JSON.stringify(value)} was accepted`);
};

describe('engines/config/env: the one reader of environment variables', () => {
  it('int: digits within the range; unset or empty is the default', () => {
    const count = int({ default: 8, min: 1, max: 64, meaning: 'a count' });
    assert.equal(read(count, undefined), 8);
    assert.equal(read(count, ''), 8);
    assert.equal(read(count, '  '), 8);
    assert.equal(read(count, '1'), 1);
    assert.equal(read(count, ' 64 '), 64);
    for (const bad of ['0', '65', '-1', '2.5', '1e1', '0x10', 'eight', '8 calls']) {
      assert.equal(refusal(count, bad), `SETTING must be an integer from 1 to 64 (got ${JSON.stringify(bad)})`);
    }
    assert.deepEqual(count.range, [1, 64]);
  });

  it('int with a null default: unset is null, a set value is read', () => {
    const cap = int({ default: null, min: 0, max: 1_000, meaning: 'a cap' });
    assert.equal(read(cap, undefined), null);
    assert.equal(read(cap, '0'), 0);
    assert.match(refusal(cap, '1001'), /^SETTING must be an integer from 0 to 1000 /);
  });

  it('ms: whole milliseconds within the range, the unit named in the error', () => {
    const wait = ms({ default: 30_000, min: 0, max: 600_000, meaning: 'a wait' });
    assert.equal(read(wait, undefined), 30_000);
    assert.equal(read(wait, '0'), 0);
    assert.equal(read(wait, '600000'), 600_000);
    assert.equal(refusal(wait, '600001'), 'SETTING must be an integer from 0 to 600000 (milliseconds) (got "600001")');
    for (const bad of ['-1', '1.5', '30s']) assert.match(refusal(wait, bad), /^SETTING must be an integer from 0 to 600000 \(milliseconds\)/);
  });

  it('decimal: a number in its unit, fractions allowed', () => {
    const hours = decimal({ default: 6, min: 1, max: 168, unit: 'hours', meaning: 'a period' });
    assert.equal(read(hours, '1.5'), 1.5);
    assert.equal(read(hours, '168'), 168);
    for (const bad of ['0.5', '169', '-2', 'daily', '1.']) assert.match(refusal(hours, bad), /^SETTING must be a number of hours from 1 to 168 \(got /);
  });

  it('url: http(s) without credentials, query or fragment; trailing slashes dropped', () => {
    const base = url({ default: 'https://api.example.com', meaning: 'an API' });
    assert.equal(read(base, undefined), 'https://api.example.com');
    assert.equal(read(base, 'http://mirror.example.net/api//'), 'http://mirror.example.net/api');
    for (const bad of ['ftp://x.example', 'not a url', 'https://x.example/?q=1', 'https://x.example/#top', 'https://user:pw@x.example', '/relative']) {
      assert.match(refusal(base, bad), /^SETTING must be an http or https URL without credentials, query or fragment \(got /, bad);
    }
  });

  it('url with a placeholder: it must be present; with anyParts: kept as given', () => {
    const template = url({ default: null, placeholder: '{company}', meaning: 'a template' });
    assert.equal(read(template, 'https://{company}.boards.example/'), 'https://{company}.boards.example');
    assert.equal(
      refusal(template, 'https://boards.example'),
      'SETTING must be an http or https URL without credentials, query or fragment, containing {company} (got "https://boards.example"): {company} is missing',
    );
    const rpc = url({ default: null, anyParts: true, meaning: 'an RPC' });
    assert.equal(read(rpc, 'https://user:key@rpc.example/v2/?apikey=1'), 'https://user:key@rpc.example/v2/?apikey=1');
    assert.equal(refusal(rpc, 'wss://rpc.example'), 'SETTING must be an http or https URL (got "wss://rpc.example")');
  });

  it('list: comma-separated, items trimmed and empty ones dropped; a refused item is named', () => {
    const names = list({ default: [], accepts: 'names', meaning: 'names' });
    assert.deepEqual(read(names, undefined), []);
    assert.deepEqual(read(names, ' a, b ,,c '), ['a', 'b', 'c']);
    const ports = list({ default: [], accepts: 'ports', meaning: 'ports', item: (item, refused) => (/^\d+$/.test(item) ? Number(item) : refused()) });
    assert.deepEqual(read(ports, '80, 443'), [80, 443]);
    assert.equal(refusal(ports, '80,http'), 'SETTING must be a comma-separated list of ports (got "80,http"): "http" is not one');
  });

  it('json: parsed and checked, with the parser’s reason when it is not JSON', () => {
    const headers = json({
      default: null,
      accepts: 'an object of texts',
      meaning: 'headers',
      check: (value) =>
        typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string')
          ? (value as Record<string, string>)
          : null,
    });
    assert.equal(read(headers, undefined), null);
    assert.deepEqual(read(headers, '{"X-Api-Key":"k"}'), { 'X-Api-Key': 'k' });
    assert.equal(refusal(headers, '["k"]'), 'SETTING must be JSON: an object of texts (got "[\\"k\\"]")');
    assert.equal(refusal(headers, '{"n":1}'), 'SETTING must be JSON: an object of texts (got "{\\"n\\":1}")');
    assert.match(refusal(headers, "{'X-Api-Key':'k'}"), /^SETTING must be JSON: an object of texts \(got "\{'X-Api-Key':'k'\}"\): not JSON: /);
  });

  it('text and choice: trimmed text, a pattern when given, one of the words', () => {
    assert.equal(read(text({ default: null, meaning: 'a name' }), ' host '), 'host');
    const address = text({ default: null, pattern: /^0x[0-9a-f]{4}$/, accepts: 'a short address', meaning: 'an address' });
    assert.equal(read(address, '0xbeef'), '0xbeef');
    assert.equal(refusal(address, '0xbeefy'), 'SETTING must be a short address (got "0xbeefy")');
    const level = choice({ default: 'info', choices: ['error', 'info'] as const, meaning: 'a level' });
    assert.equal(read(level, undefined), 'info');
    assert.equal(read(level, 'error'), 'error');
    assert.equal(refusal(level, 'loud'), 'SETTING must be one of error, info (got "loud")');
  });

  it('custom: its parser refuses with an optional detail; an error of its own passes as it is', () => {
    const even = custom<number>({
      kind: 'int',
      default: 2,
      accepts: 'an even integer',
      meaning: 'an even number',
      parse: (value, refused) => (Number(value) % 2 === 0 ? Number(value) : refused(`${value} is odd`)),
    });
    assert.equal(read(even, '4'), 4);
    assert.equal(refusal(even, '3'), 'SETTING must be an even integer (got "3"): 3 is odd');
    const failing = custom<string>({
      kind: 'text',
      default: '',
      accepts: 'a file',
      meaning: 'a file',
      parse: () => {
        throw new Error('ENOENT: no such file');
      },
    });
    assert.throws(() => read(failing, 'x'), { message: 'ENOENT: no such file' });
  });

  it('readVariables reads a table by name; defaultsOf gives its defaults', () => {
    const table = { A_COUNT: int({ default: 1, min: 0, max: 9, meaning: 'a' }), B_URL: url({ default: null, meaning: 'b' }) };
    assert.deepEqual(readVariables(table, { A_COUNT: '7' }), { A_COUNT: 7, B_URL: null });
    assert.deepEqual(defaultsOf(table), { A_COUNT: 1, B_URL: null });
    assert.throws(() => readVariables(table, { B_URL: 'nope' }), /^ConfigError: B_URL must be an http or https URL/);
  });

  it('settings reads fields from their variables, nested groups and conversions included, and lists the variables by name', () => {
    const table = settings({
      count: ['A_COUNT', int({ default: 1, min: 0, max: 9, meaning: 'a' })],
      group: { cap: ['B_CAP_MS', ms({ default: 0, min: 0, max: 100, meaning: 'b' }), (cap: number) => cap || null] },
    });
    assert.deepEqual(Object.keys(table.variables), ['A_COUNT', 'B_CAP_MS']);
    assert.deepEqual(table.read({}), { count: 1, group: { cap: null } });
    assert.deepEqual(table.read({ A_COUNT: '7', B_CAP_MS: '40' }), { count: 7, group: { cap: 40 } });
    assert.throws(() => table.read({ B_CAP_MS: '400' }), /^ConfigError: B_CAP_MS must be an integer from 0 to 100/);
    assert.throws(
      () => settings({ a: ['SAME', text({ default: '', meaning: 'a' })], b: ['SAME', text({ default: '', meaning: 'b' })] }),
      /SAME is read by two settings/,
    );
  });
});
