import { createConfig, lintFromString } from '@redocly/openapi-core';
import { resolve } from 'node:path';

export interface LintOptions {
  extends?: string[];
  rules?: Record<string, string>;
}

/** Lints the OAS 3.1 document with Redocly (openapi-backend's own check knows only 3.0). */
export async function lintSpec(source: string, specPath: string, { extends: presets = ['recommended'], rules = {} }: LintOptions = {}) {
  const config = await createConfig({ extends: presets, rules } as any);
  const problems = await lintFromString({ source, absoluteRef: resolve(specPath), config });
  return problems.map((problem) => ({
    severity: problem.severity,
    rule: problem.ruleId,
    message: problem.message,
    pointer: problem.location?.[0]?.pointer ?? '',
  }));
}
