/**
 * A caller's Host never reaches another caller. Without PUBLIC_BASE_URL the service's URLs come
 * from each request's Host; a result that is not ok is remembered for a minute and answers every
 * caller, and a stored answer is replayed, so results keep operation paths and each answer's
 * next_steps are linked to its own request's base URL (HTTP and MCP alike). A Host that is not a
 * host name never reaches a document: every document stays valid JSON, or the Host is refused.
 */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { openStore } from '../../server/store/index.ts';
import type { Store } from '../../server/store/types.ts';
import { installTechSites, TECH_DOMAINS } from '../world/fixtures/tech-sites.ts';
import { installJobBoards } from '../world/fixtures/job-boards.ts';
import { dropSchema } from '../support/service.ts';
import { assertValid } from '../support/contract.ts';
import { closeHttpCalls, httpCall, rawGet } from '../support/http-call.ts';
import { worldService } from '../support/lifecycle.ts';

const ATTACKER = 'attacker.example';

/** Every next_steps[].url of a result, at any depth. */
function nextStepUrls(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(nextStepUrls);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) =>
    key === 'next_steps' && Array.isArray(item) ? item.map((step) => step.url as string) : nextStepUrls(item),
  );
}

const databaseUrl = process.env.DATABASE_URL;

// Remembered results live in the store: on SQLite, and on PostgreSQL when DATABASE_URL is set.
for (const kind of ['SQLite', 'PostgreSQL'] as const)
  describe(
    `no caller sees another caller's Host (${kind})`,
    { timeout: 120_000, skip: kind === 'PostgreSQL' && !databaseUrl ? 'DATABASE_URL not set' : false },
    () => {
      const schema = `host_isolation_${randomBytes(4).toString('hex')}`;
      let store: Store | undefined;
      const setup = worldService({
        install: [installTechSites, installJobBoards],
        service: async () => ({ store: kind === 'PostgreSQL' ? (store = await openStore({ databaseUrl, pgSchema: schema })) : undefined }),
      });
      after(async () => {
        closeHttpCalls();
        if (!store) return;
        await store.close();
        await dropSchema(databaseUrl, schema);
      });

      const profile = (host: string, ip: string) =>
        httpCall(setup.url, '/v1/company-profile', { body: { domain: TECH_DOMAINS.ok }, headers: { host, 'x-forwarded-for': ip } });

      async function mcpProfile(host: string, ip: string) {
        const answer = await httpCall(setup.url, '/mcp', {
          body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_company_profile', arguments: { domain: TECH_DOMAINS.ok } } },
          headers: { host, 'x-forwarded-for': ip, accept: 'application/json, text/event-stream' },
        });
        assert.equal(answer.status, 200, answer.text);
        return answer.body.result.structuredContent;
      }

      it('a remembered result that is not ok links each caller to its own base URL, over HTTP and MCP', async () => {
        const first = await profile(ATTACKER, '198.51.100.1');
        assertValid('ProfileResult', first.body);
        // No ads registry in this world: one section with data, so not ok, free, remembered for 60 s for every caller.
        assert.equal(first.body.status, 'insufficient_data', JSON.stringify(first.body.sections_status));
        const firstUrls = nextStepUrls(first.body);
        assert.ok(firstUrls.length > 0, 'the tech_stack section has next steps');
        for (const url of firstUrls) assert.match(url, /^http:\/\/attacker\.example\/v1\//);

        const port = new URL(setup.url).port;
        const second = await profile(`svc.example:${port}`, '198.51.100.2');
        assert.equal(second.body.checked_at, first.body.checked_at, 'the remembered answer, not a new run');
        assert.ok(!second.text.includes(ATTACKER), second.text.slice(0, 400));
        assert.deepEqual(
          nextStepUrls(second.body),
          firstUrls.map((url) => url.replace(`http://${ATTACKER}`, `http://svc.example:${port}`)),
        );

        const overMcp = await mcpProfile('mcp-caller.example', '198.51.100.3');
        assert.equal(overMcp.checked_at, first.body.checked_at);
        assert.ok(!JSON.stringify(overMcp).includes(ATTACKER));
        assert.deepEqual(
          nextStepUrls(overMcp),
          firstUrls.map((url) => url.replace(ATTACKER, 'mcp-caller.example')),
        );
      });

      it('a stored ok answer replayed to the same caller under another Host is linked to that Host', async () => {
        const ip = '198.51.100.4';
        const call = (host: string) => httpCall(setup.url, '/v1/tech-stack', { body: { domain: TECH_DOMAINS.ok }, headers: { host, 'x-forwarded-for': ip } });
        const first = await call(ATTACKER);
        assert.equal(first.body.status, 'ok');
        assert.ok(first.body.next_steps.every((step: { url: string }) => step.url.startsWith(`http://${ATTACKER}/v1/`)));
        const replay = await call('other.example');
        assert.equal(replay.headers.get('x-idempotent-replay'), 'true');
        assert.ok(!replay.text.includes(ATTACKER));
        assert.deepEqual(
          replay.body.next_steps.map((step: { url: string }) => step.url),
          first.body.next_steps.map((step: { url: string }) => step.url.replace(ATTACKER, 'other.example')),
        );
      });

      for (const host of ['a"b.example', 'x.example\\"}', '<script>.example', 'x.example/path', 'x.example:80:90']) {
        it(`a Host of ${JSON.stringify(host)}: every document valid JSON or a 400 invalid_host problem, and an operation refuses it`, async () => {
          for (const path of ['/v1/catalog', '/openapi.json', '/.well-known/agent-card.json', '/.well-known/x402.json', '/errors', '/llms.txt', '/healthz']) {
            const answer = await rawGet(setup.url + path, { host });
            const text = answer.body.toString();
            assert.ok(!text.includes(host), `${path} carries the Host`);
            if (answer.status === 400) {
              const problem = JSON.parse(text);
              assert.match(String(answer.headers['content-type']), /^application\/problem\+json/);
              assertValid('Problem', problem, path);
              assert.equal(problem.code, 'invalid_host');
              assert.equal(problem.type, '/errors#invalid_host');
              assert.equal(problem.retryable, false);
            } else {
              assert.equal(answer.status, 200, `${path}: ${text.slice(0, 200)}`);
              if (path !== '/llms.txt') JSON.parse(text);
              assert.ok(['/errors', '/healthz'].includes(path), `${path} carries the base URL, so it must refuse this Host`);
            }
          }
          const operation = await httpCall(setup.url, '/v1/tech-stack', { body: { domain: TECH_DOMAINS.ok }, headers: { host } });
          assert.equal(operation.status, 400);
          assert.equal(operation.body.code, 'invalid_host');
        });
      }
    },
  );
