/**
 * A target that resolves (directly, or by a public site's redirect) to an address that is not
 * public is refused with unsafe_or_invalid_target, and no answer of any operation, over HTTP or
 * MCP, says what that address is: the caller learns only that the target is not public, not the
 * layout of the service's internal network.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startWorld, type World } from '../world/index.ts';
import { startService, type TestService } from '../support/service.ts';
import { call } from '../support/contract.ts';
import { operations } from '../../server/contract.ts';

const INTERNAL = { A: ['10.66.77.88'], AAAA: ['fd12:3456::9'] };
/** Every form in which an internal address could show in a text. */
const LEAKS = [/10\.66\.77\.88/, /fd12:3456::9/i, /fd12:3456:0*:0*:0*:0*:0*:9/i];
/** The operations that read the target first, and so refuse it (the others answer a free status, or fail before). */
const REFUSING = ['techStack', 'atsJobs', 'companyIntent', 'privateQuery', 'verifyMerchant', 'extractContacts', 'cleanMarkdown', 'prePurchaseMerchantTrustCheck', 'checkoutActivePromoCodeFinder', 'universalProductUrlToJson', 'b2bVendorStabilityEvaluator', 'storeReadinessAuditor', 'conversionLeakLeadFinder', 'agenticShelfSchemaComparator', 'verifiedMerchantJsonBadge'];

let ip = 0;
const caller = () => ({ 'X-Forwarded-For': `203.0.113.${++ip}` });

/** The operation's first example with its three example domains replaced by these names. */
function exampleFor(operationId: string, names: [string, string, string]) {
  const op = operations.find((candidate) => candidate.operationId === operationId)!;
  const text = JSON.stringify(op.examples[0].body).replaceAll('example.com', names[0]).replaceAll('example.org', names[1]).replaceAll('example.net', names[2]);
  return { op, body: JSON.parse(text) };
}

describe('a target that is not public: refused without saying what it resolved to', { timeout: 180_000 }, () => {
  let world: World;
  let service: TestService;
  before(async () => {
    world = await startWorld();
    for (const name of ['intranet-a.com', 'intranet-b.com', 'intranet-c.com', 'hidden-backend.com']) {
      world.dns.setRecords(name, INTERNAL);
      world.dns.setRecords(`www.${name}`, INTERNAL);
    }
    // Public sites (the world's 127.0.0.1 counts as public here) that redirect every path inside.
    for (const name of ['bounce-a.com', 'bounce-b.com', 'bounce-c.com'].flatMap((bare) => [bare, `www.${bare}`])) {
      world.dns.setRecords(name, { A: ['127.0.0.1'] });
      world.sites.host(name, (_req, res) => {
        res.writeHead(302, { location: 'https://hidden-backend.com/' }).end();
      });
    }
    service = await startService({ config: { net: world.netConfig, trustedProxies: ['127.0.0.1'] } });
  });
  after(async () => {
    await service?.close();
    await world?.stop();
  });

  const cases: [string, [string, string, string]][] = [
    ['names that resolve to internal addresses', ['intranet-a.com', 'intranet-b.com', 'intranet-c.com']],
    ['public sites that redirect to a name that resolves inside', ['bounce-a.com', 'bounce-b.com', 'bounce-c.com']],
  ];
  for (const [what, names] of cases) {
    it(`${what}: every operation`, async () => {
      for (const op of operations.filter((candidate) => candidate.kind === 'operation')) {
        const { body } = exampleFor(op.operationId, names);
        const answer = await call(service.url, op.path, { body, headers: caller() });
        for (const leak of LEAKS) assert.doesNotMatch(answer.text, leak, `${op.operationId} says what the target resolved to: ${answer.text.slice(0, 400)}`);
        if (!REFUSING.includes(op.operationId)) continue;
        assert.equal(answer.status, 400, `${op.operationId}: ${answer.text.slice(0, 300)}`);
        assert.equal(answer.body.code, 'unsafe_or_invalid_target', op.operationId);
        assert.match(answer.body.detail, /not public/, op.operationId);
      }
    });
  }

  it('the same over MCP', async () => {
    const rpc = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'detect_website_tech_stack', arguments: { domain: 'intranet-a.com' } } };
    const response = await fetch(`${service.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...caller() }, body: JSON.stringify(rpc) });
    const text = await response.text();
    const result = JSON.parse(text).result;
    assert.equal(result.isError, true);
    assert.equal(result.structuredContent.code, 'unsafe_or_invalid_target');
    assert.match(result.structuredContent.detail, /not public/);
    for (const leak of LEAKS) assert.doesNotMatch(text, leak);
  });
});
