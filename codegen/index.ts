/**
 * npm run gen            lint spec/openapi.yaml and write every output of codegen.config.json
 * npm run gen -- --check lint, generate in memory and fail when generated/ differs (CI drift check)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSpec } from './spec.ts';
import { lintSpec } from './lint.ts';
import { buildOperations } from './operations.ts';
import { buildValidators } from './validators.ts';
import { buildTypes } from './types.ts';
import { buildContract } from './contract.ts';
import { buildAgentCard, buildCatalog, buildErrorCatalog, buildLlmsTxt, buildMcpTools, buildX402Terms } from './documents.ts';
import { sizeReport, MEASURE_BASE_URL } from './document-size.ts';
import { buildDiscovery } from './discovery.ts';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

export async function generate(configPath = 'codegen.config.json') {
  const config = JSON.parse(readFileSync(configPath, 'utf8'));
  const { source, doc } = loadSpec(config.spec);
  const problems = await lintSpec(source, config.spec, config.lint);
  const operations = buildOperations(doc);
  const requestSchemaNames = [
    ...new Set(
      operations
        .filter((op) => op.kind === 'operation')
        .map((op) => op.requestSchema)
        .filter((name) => name !== null),
    ),
  ];
  const validators = buildValidators(doc, requestSchemaNames);
  const options = { base: config.baseUrlPlaceholder, mcp: config.mcp, agentCard: config.agentCard };
  const out = config.outputs;
  const discovery = buildDiscovery(doc, operations);
  const documents = {
    catalog: buildCatalog(doc, operations, options),
    agentCard: buildAgentCard(doc, operations, options),
    mcpTools: buildMcpTools(doc, operations),
  };
  const files: Record<string, string> = {
    [out.openapiJson]: json(doc),
    [out.types]: await buildTypes(doc),
    [out.contract]: buildContract(doc, operations, validators.requestSchemas),
    [out.operations]: json(operations),
    [out.validators]: validators.code,
    [out.validatorTypes]: validators.typings,
    [out.requestSchemas]: json(validators.requestSchemas),
    [out.catalog]: json(documents.catalog),
    [out.agentCard]: json(documents.agentCard),
    [out.mcpTools]: json(documents.mcpTools),
    [out.errors]: json(buildErrorCatalog(doc)),
    [out.llmsTxt]: buildLlmsTxt(doc, operations, options),
    [out.x402]: json(buildX402Terms(doc, operations, options)),
    [out.discovery]: json(discovery),
  };
  const largest = Math.max(...Object.values(discovery).map((forms) => Buffer.byteLength(JSON.stringify(forms.http))));
  return {
    outDir: config.outDir as string,
    files,
    problems,
    sizes: [...sizeReport(documents), `largest Bazaar extension (HTTP) ${largest.toLocaleString('en-US')} bytes`],
  };
}

async function main() {
  const check = process.argv.includes('--check');
  const { outDir, files, problems, sizes } = await generate();
  for (const problem of problems) console.error(`lint ${problem.severity} ${problem.rule}: ${problem.message} at ${problem.pointer}`);
  if (problems.some((problem) => problem.severity === 'error')) {
    console.error('gen: the spec has lint errors');
    process.exit(1);
  }
  console.log(`gen: documents as served (base ${MEASURE_BASE_URL}): ${sizes.join('; ')}`);
  const drifted = Object.entries(files).filter(([name, content]) => {
    const path = join(outDir, name);
    return !existsSync(path) || readFileSync(path, 'utf8') !== content;
  });
  if (check) {
    if (drifted.length) {
      console.error(`gen --check: generated/ differs from spec/openapi.yaml in ${drifted.map(([name]) => name).join(', ')}; run npm run gen`);
      process.exit(1);
    }
    console.log(`gen --check: ${Object.keys(files).length} generated files match the spec; lint: ${problems.length} problems`);
    return;
  }
  mkdirSync(outDir, { recursive: true });
  for (const [name, content] of drifted) writeFileSync(join(outDir, name), content);
  console.log(`gen: ${drifted.length} of ${Object.keys(files).length} files written to ${outDir}/; lint: ${problems.length} problems`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
