/**
 * docs/configuration.md lists the environment variables the code reads, and only those: the
 * table of every variable (CONFIG_VARIABLES) is compared with the documented table, names,
 * defaults and ranges, and the sources are searched for a variable read past the tables.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_VARIABLES, SERVER_VARIABLES } from '../../../server/config.ts';
import { PARSE_POOL_VARIABLES } from '../../../server/parse-pool/config.ts';
import { RENDER_VARIABLES } from '../../../server/render/config.ts';
import { NET_VARIABLES } from '../../../engines/net/config.ts';
import { JOBS_VARIABLES } from '../../../engines/jobs/config.ts';
import { ADS_VARIABLES } from '../../../engines/ads/config.ts';
import { RDAP_VARIABLES } from '../../../engines/rdap/config.ts';
import type { VariableTable } from '../../../engines/config/env.ts';

const MODULE_TABLES: Record<string, VariableTable> = {
  SERVER_VARIABLES,
  PARSE_POOL_VARIABLES,
  RENDER_VARIABLES,
  NET_VARIABLES,
  JOBS_VARIABLES,
  ADS_VARIABLES,
  RDAP_VARIABLES,
};

/** Read by the code but not settings of the service: passed to the browser (PATH) and to libpq's own options (PGOPTIONS). */
const PLATFORM_VARIABLES = new Set(['PATH', 'PGOPTIONS']);

interface DocumentedRow {
  line: number;
  names: string[];
  defaults: string[];
  meaning: string;
}

/** The rows of the table under "## Configuration": its variables, the backticked values of its Default cell, its Meaning. */
function documentedRows(markdown: string): DocumentedRow[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.trim() === '## Configuration');
  assert.ok(start >= 0, 'docs/configuration.md has a "## Configuration" section');
  const rows: DocumentedRow[] = [];
  for (let index = start + 1; index < lines.length && !lines[index].startsWith('## '); index++) {
    const line = lines[index];
    if (!line.startsWith('| `')) continue;
    const [first, defaults, ...meaning] = line.slice(2).split(' | ');
    rows.push({
      line: index + 1,
      names: [...first.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1]),
      defaults: [...defaults.matchAll(/`([^`]*)`/g)].map((match) => match[1]),
      meaning: meaning.join(' | '),
    });
  }
  return rows;
}

/** Names of environment variables the sources read directly: env.NAME, env['NAME'], process.env.NAME. */
function variablesReadIn(source: string): string[] {
  return [...source.matchAll(/\benv(?:\.|\[\s*['"])([A-Z][A-Z0-9_]*)\b/g)].map((match) => match[1]);
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const rows = documentedRows(readFileSync('docs/configuration.md', 'utf8'));
const documented = rows.flatMap((row) => row.names);

describe('docs/configuration.md and the table of variables', () => {
  it('documents every variable the code reads, and none it does not read, each once', () => {
    const names = Object.keys(CONFIG_VARIABLES);
    assert.deepEqual(
      names.filter((name) => !documented.includes(name)),
      [],
      'variables missing from docs/configuration.md',
    );
    assert.deepEqual(
      documented.filter((name) => !(name in CONFIG_VARIABLES)),
      [],
      'documented variables the code does not read',
    );
    assert.deepEqual(
      documented.filter((name, index) => documented.indexOf(name) !== index),
      [],
      'variables documented twice',
    );
  });

  it('declares each variable in one module table (one shared by two tables is the same definition)', () => {
    const seen = new Map<string, { table: string; variable: unknown }>();
    for (const [table, variables] of Object.entries(MODULE_TABLES)) {
      for (const [name, variable] of Object.entries(variables)) {
        const earlier = seen.get(name);
        assert.ok(!earlier || earlier.variable === variable, `${name} is declared in ${earlier?.table} and again in ${table}`);
        seen.set(name, { table, variable });
      }
    }
    assert.deepEqual([...seen.keys()].sort(), Object.keys(CONFIG_VARIABLES).sort(), 'CONFIG_VARIABLES holds every module table');
  });

  it('states the defaults the tables give, where the docs give one value per variable', () => {
    const wrong = rows.flatMap((row) => {
      if (row.defaults.length !== row.names.length) return [];
      return row.names.flatMap((name, index) => {
        const value = CONFIG_VARIABLES[name]?.default;
        if (typeof value !== 'number' && typeof value !== 'string') return [];
        return String(value) === row.defaults[index]
          ? []
          : [`${name}: documented \`${row.defaults[index]}\`, the default is ${JSON.stringify(value)} (line ${row.line})`];
      });
    });
    assert.deepEqual(wrong, []);
    const checked = rows.filter((row) => row.defaults.length === row.names.length).length;
    assert.ok(checked > rows.length / 2, `defaults of most rows are compared (${checked} of ${rows.length})`);
  });

  it('states the range of every variable that has one as min–max', () => {
    const missing = rows.flatMap((row) =>
      row.names.flatMap((name) => {
        const range = CONFIG_VARIABLES[name]?.range;
        return range && !row.meaning.includes(`${range[0]}–${range[1]}`) ? [`${name}: ${range[0]}–${range[1]} (line ${row.line})`] : [];
      }),
    );
    assert.deepEqual(missing, []);
  });

  it('reads no variable outside the tables in server/, engines/ and handlers/', () => {
    const unlisted = ['server', 'engines', 'handlers'].flatMap(sources).flatMap((path) =>
      variablesReadIn(readFileSync(path, 'utf8'))
        .filter((name) => !(name in CONFIG_VARIABLES) && !PLATFORM_VARIABLES.has(name))
        .map((name) => `${path} reads ${name}`),
    );
    assert.deepEqual(unlisted, []);
  });

  it('finds what it is looking for', () => {
    assert.deepEqual(variablesReadIn("const a = process.env.PORT; b(env['NET_THREADS'], env.x, env[name]);"), ['PORT', 'NET_THREADS']);
    const [row] = documentedRows(
      '## Configuration\n\n| Variable | Default | Meaning |\n|---|---|---|\n| `A_MS`, `B` | `1`, `x` | waits (0–10) |\n\n## Next\n\n| `C` | `2` | not read |\n',
    );
    assert.deepEqual(row, { line: 5, names: ['A_MS', 'B'], defaults: ['1', 'x'], meaning: 'waits (0–10) |' });
  });
});
