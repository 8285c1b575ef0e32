/**
 * The layers (docs/architecture.md, Layers): server/ runs handlers/, handlers/ run engines/, and
 * imports point down only. Reads the import and export-from statements of every .ts file of
 * engines/, handlers/, server/ and codegen/ (type-only ones too: they are design dependencies)
 * and fails on an import that points up and on any import cycle among these modules.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';

const ROOTS = ['engines', 'handlers', 'server', 'codegen'];

/**
 * The only modules of server/ that handlers may import: the contract as generated from the spec
 * (server/contract.ts: operations, schemas' types, the error catalog, documents) and the one error
 * type over that catalog (server/problem.ts: ServiceError). Both import nothing but generated/; a
 * handler's answers and refusals are stated in their terms, and so are the pipeline's. Everything
 * else a handler is given (store repositories, the signer, the quote it offers) is declared in
 * handlers/types.ts and implemented by server/.
 */
const HANDLERS_MAY_IMPORT_FROM_SERVER = new Set(['server/contract.ts', 'server/problem.ts']);

interface Edge {
  from: string;
  to: string;
  line: number;
  typeOnly: boolean;
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import of the project's modules, resolved to a path from the repository root. */
function importsOf(files: string[]): Edge[] {
  return files.flatMap((from) => {
    const text = readFileSync(from, 'utf8');
    return ts
      .preProcessFile(text, true, true)
      .importedFiles.filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName, pos }) => {
        const before = text.slice(0, pos);
        // The statement this specifier ends: the last line before it that starts an import or an export.
        const statement = [...before.matchAll(/^(?:import|export)\b.*/gm)].at(-1)?.[0] ?? '';
        return {
          from,
          to: normalize(join(dirname(from), fileName)).replace(/\.js$/, '.ts'),
          line: before.split('\n').length,
          typeOnly: /^\s*(?:import|export)\s+type\b/.test(statement),
        };
      });
  });
}

const layerOf = (path: string) => path.split('/')[0];
const show = (edge: Edge) => `${edge.from}:${edge.line} imports ${edge.typeOnly ? 'types of ' : ''}${edge.to}`;

/** Why an import points up, or null when it points down or stays within a layer. */
function upward(edge: Edge): string | null {
  const [from, to] = [layerOf(edge.from), layerOf(edge.to)];
  if (from === 'engines' && (to === 'server' || to === 'handlers')) return 'engines/ import neither server/ nor handlers/';
  if (from === 'handlers' && to === 'server' && !HANDLERS_MAY_IMPORT_FROM_SERVER.has(edge.to))
    return `handlers/ import from server/ only ${[...HANDLERS_MAY_IMPORT_FROM_SERVER].join(' and ')}`;
  return null;
}

/** Each strongly connected group of modules (Tarjan), and one cycle through it as a path that ends where it starts. */
function cycles(edges: Edge[]): { modules: number; cycle: string[] }[] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: Set<string>[] = [];
  function visit(module: string) {
    index.set(module, index.size);
    low.set(module, index.get(module)!);
    stack.push(module);
    onStack.add(module);
    for (const target of next.get(module) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(module, Math.min(low.get(module)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(module, Math.min(low.get(module)!, index.get(target)!));
    }
    if (low.get(module) !== index.get(module)) return;
    const group = new Set<string>();
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.add(member);
    } while (member !== module);
    if (group.size > 1 || next.get(module)?.includes(module)) groups.push(group);
  }
  for (const module of [...next.keys()].sort()) if (!index.has(module)) visit(module);
  return groups.map((group) => {
    // The shortest way back to the group's first module, through the group only (breadth first).
    const start = [...group].sort()[0];
    const cameFrom = new Map<string, string>();
    const queue = [start];
    search: while (queue.length) {
      const module = queue.shift()!;
      for (const target of next.get(module) ?? []) {
        if (!group.has(target) || cameFrom.has(target)) continue;
        cameFrom.set(target, module);
        if (target === start) break search;
        queue.push(target);
      }
    }
    const path = [start];
    for (let module = cameFrom.get(start)!; module !== start; module = cameFrom.get(module)!) path.splice(1, 0, module);
    return { modules: group.size, cycle: [...path, start] };
  });
}

const files = ROOTS.flatMap(sources).sort();
const project = new Set(files);
const edges = importsOf(files).filter((edge) => project.has(edge.to));

describe('layers', () => {
  it('reads the imports of every module, type-only ones included', () => {
    for (const root of ROOTS)
      assert.ok(
        edges.some((edge) => edge.from.startsWith(`${root}/`)),
        `imports of ${root}/ are read`,
      );
    assert.ok(
      edges.some((edge) => edge.typeOnly && edge.from.startsWith('handlers/')),
      'type-only imports are read',
    );
    assert.ok(
      edges.some((edge) => edge.from.startsWith('server/') && edge.to.startsWith('engines/')),
      'imports that cross layers are read',
    );
  });

  it('points down: engines/ import neither server/ nor handlers/; handlers/ import from server/ only the contract', () => {
    const offending = edges.flatMap((edge) => {
      const why = upward(edge);
      return why ? [`${show(edge)} (${why})`] : [];
    });
    assert.deepEqual(offending, [], `imports that point up:\n${offending.join('\n')}`);
  });

  it('has no import cycle among the modules of engines/, handlers/, server/ and codegen/', () => {
    const found = cycles(edges).map(({ modules, cycle }) => `${modules} modules import each other, e.g. ${cycle.join(' -> ')}`);
    assert.deepEqual(found, [], `import cycles:\n${found.join('\n')}`);
  });

  it('finds what it is looking for', () => {
    const edge = (from: string, to: string): Edge => ({ from, to, line: 1, typeOnly: true });
    assert.ok(upward(edge('engines/parse/types.ts', 'server/parse-pool/pool.ts')));
    assert.ok(upward(edge('engines/advisor/catalog.ts', 'handlers/types.ts')));
    assert.ok(upward(edge('handlers/types.ts', 'server/store/types.ts')));
    assert.equal(upward(edge('handlers/atsJobs.ts', 'server/problem.ts')), null);
    assert.equal(upward(edge('server/core.ts', 'handlers/index.ts')), null);
    const ring = [
      edge('engines/a.ts', 'engines/b.ts'),
      edge('engines/b.ts', 'engines/c.ts'),
      edge('engines/c.ts', 'engines/a.ts'),
      edge('engines/c.ts', 'engines/d.ts'),
      edge('engines/b.ts', 'engines/e.ts'),
      edge('engines/e.ts', 'engines/b.ts'),
    ];
    assert.deepEqual(cycles(ring), [{ modules: 4, cycle: ['engines/a.ts', 'engines/b.ts', 'engines/c.ts', 'engines/a.ts'] }]);
    assert.deepEqual(cycles([edge('server/a.ts', 'server/a.ts')]), [{ modules: 1, cycle: ['server/a.ts', 'server/a.ts'] }]);
    assert.deepEqual(cycles([edge('server/a.ts', 'engines/b.ts')]), []);
  });
});
