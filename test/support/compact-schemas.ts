import assert from 'node:assert/strict';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { documents, type OperationInfo } from '../../server/contract.ts';

/**
 * Validators over the compact documents as agents get them: an offer's schemas resolved against the
 * whole catalog (its "$ref": "#/$defs/<Name>" point into the document), and each MCP tool's
 * outputSchema through the official MCP client's own validator.
 */
const catalogAjv = new (Ajv2020 as any).default({ strict: false, allErrors: true, validateSchema: false });
(addFormats as any).default(catalogAjv);
catalogAjv.addSchema(documents.catalog, 'catalog');
catalogAjv.addSchema(documents.agentCard, 'agent-card');

const compiled = new Map<string, ValidateFunction>();

/** The validator of a schema inside a document, found by its JSON pointer (e.g. /offers/3/outputSchema). */
export function documentValidator(document: 'catalog' | 'agent-card', pointer: string): ValidateFunction {
  const key = `${document}#${pointer}`;
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = catalogAjv.getSchema(key) as ValidateFunction));
  assert.ok(validate, `no schema at ${key}`);
  return validate;
}

const mcpValidator = new AjvJsonSchemaValidator();
const toolValidators = new Map<string, (input: unknown) => { valid: boolean; errorMessage?: string }>();

/** The check the official MCP client runs on a tool result's structuredContent. */
export function toolOutputValidator(tool: string) {
  let validate = toolValidators.get(tool);
  if (!validate) {
    const listed = documents.mcpTools.find((candidate) => candidate.name === tool);
    assert.ok(listed, `no MCP tool ${tool}`);
    toolValidators.set(tool, (validate = mcpValidator.getValidator(listed.outputSchema)));
  }
  return validate;
}

/**
 * Checks an operation's answer against its compact schemas: the catalog offer's and the agent card
 * skill's outputSchema (results only) and the MCP tool's outputSchema (results and problems).
 */
export function assertCompactValid(op: OperationInfo, body: unknown, { problem = false, context = '' } = {}) {
  const tool = validatorsFor(op);
  const mcp = toolOutputValidator(op.mcpTool!)(body);
  assert.ok(mcp.valid, `${context} does not match the MCP outputSchema of ${op.mcpTool}: ${mcp.errorMessage}`);
  if (problem) return;
  for (const [name, validate] of Object.entries(tool))
    assert.ok(validate(body), `${context} does not match the ${name} outputSchema of ${op.offerId}: ${JSON.stringify(validate.errors?.slice(0, 5))}`);
}

function validatorsFor(op: OperationInfo) {
  const offer = documents.catalog.offers.findIndex((candidate: any) => candidate.id === op.offerId);
  const skill = documents.agentCard.skills.findIndex((candidate: any) => candidate.mcpTool === op.mcpTool);
  assert.ok(offer >= 0 && skill >= 0, `${op.offerId} is in the catalog and the agent card`);
  return {
    catalog: documentValidator('catalog', `/offers/${offer}/outputSchema`),
    'agent card': documentValidator('agent-card', `/skills/${skill}/outputSchema`),
  };
}
