/**
 * Unsafe targets, as every operation answers them over HTTP and MCP:
 * - an input that is itself not public (a name that resolves to an internal address, a private
 *   URL) is the caller's to fix: 400 unsafe_or_invalid_target, free;
 * - a public site that redirects to an address the service does not reach is the site's doing:
 *   the operation answers its free non-ok status (unreachable, or what the operation makes of a
 *   website that could not be read), never a 400, nothing charged and no free call used;
 * - no answer says what an internal name resolved to: the caller learns only that the target is
 *   not public, not the layout of the service's internal network.
 */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { openStore } from '../../server/store/index.ts';
import type { Store } from '../../server/store/types.ts';
import type { World } from '../world/index.ts';
import { dropSchema } from '../support/service.ts';
import { call } from '../support/contract.ts';
import { operations } from '../../server/contract.ts';
import { worldService } from '../support/lifecycle.ts';

const INTERNAL = { A: ['10.66.77.88'], AAAA: ['fd12:3456::9'] };
/** Every form in which an internal address could show in a text. */
const LEAKS = [/10\.66\.77\.88/, /fd12:3456::9/i, /fd12:3456:0*:0*:0*:0*:0*:9/i];
/** The operations that read the target first, and so refuse it (the others answer a free status, or fail before). */
const REFUSING = [
  'techStack',
  'atsJobs',
  'companyIntent',
  'privateQuery',
  'verifyMerchant',
  'extractContacts',
  'cleanMarkdown',
  'prePurchaseMerchantTrustCheck',
  'checkoutActivePromoCodeFinder',
  'universalProductUrlToJson',
  'b2bVendorStabilityEvaluator',
  'storeReadinessAuditor',
  'conversionLeakLeadFinder',
  'agenticShelfSchemaComparator',
  'verifiedMerchantJsonBadge',
];
/** The operations whose input is a URL the service reads as given. */
const URL_INPUTS: Record<string, (url: string) => Record<string, unknown>> = {
  cleanMarkdown: (url) => ({ url }),
  verifyMerchant: (target_url) => ({ target_url }),
  universalProductUrlToJson: (product_url) => ({ product_url }),
  privateQuery: (target) => ({ tool: 'clean_markdown', target }),
};
/**
 * Where the bouncing sites redirect. The test world's sites are all on 127.0.0.1, the one address
 * this service counts as public (as the SSRF unit test does), so loopback is 127.0.0.2, and
 * 127.0.0.1 itself on a port that is not 80 or 443 (a local admin port).
 */
const PRIVATE_LOCATIONS: [string, string][] = [
  ['loopback', 'http://127.0.0.2/'],
  ['loopback-port', 'http://127.0.0.1:8080/admin'],
  ['ten', 'http://10.20.30.40/'],
  ['metadata', 'http://169.254.169.254/latest/meta-data/'],
  ['v6-loopback', 'http://[::1]/'],
  ['localhost', 'http://localhost/'],
  ['inside-name', 'https://hidden-backend.com/'],
];
/**
 * What each operation answers when the website redirects to a private address: its own status
 * for a website that could not be read (as when it does not answer at all); hot-buyers and batch
 * list the domains as rows that are not ok (nothing billable).
 */
const REDIRECTED_STATUS: Record<string, string> = {
  techStack: 'unreachable',
  // The boards are then looked for by the company's name, as when the home page does not answer.
  atsJobs: 'not_found',
  companyIntent: 'not_found',
  companyProfile: 'insufficient_data',
  companyFootprint: 'insufficient_data',
  hotBuyers: 'nothing_billable',
  batch: 'nothing_billable',
  privateQuery: 'unreachable',
  verifyMerchant: 'unreachable',
  extractContacts: 'unreachable',
  cleanMarkdown: 'unreachable',
  prePurchaseMerchantTrustCheck: 'unreachable',
  checkoutActivePromoCodeFinder: 'unreachable',
  universalProductUrlToJson: 'unreachable',
  b2bVendorStabilityEvaluator: 'unreachable',
  storeReadinessAuditor: 'unreachable',
  conversionLeakLeadFinder: 'unreachable',
  agenticShelfSchemaComparator: 'unreachable',
  verifiedMerchantJsonBadge: 'unreachable',
  verifyDomainLegitimacyAndSecurity: 'unreachable',
};

let ipv6 = 0;
/** A caller of its own (an IPv6 /64 each), so every call starts with all of its free calls. */
const freshCaller = () => ({ 'X-Forwarded-For': `2001:db8:${(++ipv6).toString(16)}::1` });

/** The operation's first example with its three example domains replaced by these names. */
function exampleFor(operationId: string, names: [string, string, string]) {
  const op = operations.find((candidate) => candidate.operationId === operationId)!;
  const text = JSON.stringify(op.examples[0].body).replaceAll('example.com', names[0]).replaceAll('example.org', names[1]).replaceAll('example.net', names[2]);
  return { op, body: JSON.parse(text) };
}

/** Every operation that reads the website it is given (search-ads reads only the ads registry). */
const readingTheWebsite = () => operations.filter((candidate) => candidate.operationId in REDIRECTED_STATUS);

const databaseUrl = process.env.DATABASE_URL;

// What is charged and which free calls are used is the meter's, in the store: SQLite, and PostgreSQL when DATABASE_URL is set.
for (const kind of ['SQLite', 'PostgreSQL'] as const)
  describe(
    `unsafe targets: the caller's input refused, a site's redirect answered as the site's failure (${kind})`,
    { timeout: 300_000, skip: kind === 'PostgreSQL' && !databaseUrl ? 'DATABASE_URL not set' : false },
    () => {
      const schema = `unsafe_target_${randomBytes(4).toString('hex')}`;
      let store: Store | undefined;
      const bouncers = (label: string): [string, string, string] => [`bounce-${label}-a.com`, `bounce-${label}-b.com`, `bounce-${label}-c.com`];
      const setup = worldService({
        install: installUnsafeNames,
        service: async (world) => ({
          config: { net: { ...world.netConfig, allowCidrs: ['127.0.0.1/32'] } },
          store: kind === 'PostgreSQL' ? (store = await openStore({ databaseUrl: databaseUrl!, pgSchema: schema })) : undefined,
        }),
      });
      after(async () => {
        if (!store) return;
        await store.close();
        await dropSchema(databaseUrl, schema);
      });
      function installUnsafeNames(world: World) {
        for (const name of ['intranet-a.com', 'intranet-b.com', 'intranet-c.com', 'hidden-backend.com']) {
          world.dns.setRecords(name, INTERNAL);
          world.dns.setRecords(`www.${name}`, INTERNAL);
        }
        const internalNames: [string, Record<string, string[]>][] = [
          ['loopback-name', { A: ['127.0.0.2'] }],
          ['metadata-name', { A: ['169.254.169.254'] }],
          ['v6-loopback-name', { AAAA: ['::1'] }],
        ];
        for (const [label, records] of internalNames) {
          for (const suffix of ['a', 'b', 'c'])
            for (const name of [`${label}-${suffix}.com`, `www.${label}-${suffix}.com`]) world.dns.setRecords(name, records);
        }
        // Public sites (on the world's 127.0.0.1) that redirect every path to a private address.
        for (const [label, location] of PRIVATE_LOCATIONS) {
          for (const name of bouncers(label).flatMap((bare) => [bare, `www.${bare}`])) {
            world.dns.setRecords(name, { A: ['127.0.0.1'] });
            world.sites.host(name, (_req, res) => void res.writeHead(302, { location }).end());
          }
        }
      }

      const refusedNames: [string, [string, string, string]][] = [
        ['names that resolve to internal addresses', ['intranet-a.com', 'intranet-b.com', 'intranet-c.com']],
        ['names that resolve to loopback', ['loopback-name-a.com', 'loopback-name-b.com', 'loopback-name-c.com']],
        ['names that resolve to the metadata address', ['metadata-name-a.com', 'metadata-name-b.com', 'metadata-name-c.com']],
        ['names that resolve to IPv6 loopback', ['v6-loopback-name-a.com', 'v6-loopback-name-b.com', 'v6-loopback-name-c.com']],
      ];
      for (const [what, names] of refusedNames) {
        it(`as input, ${what}: 400 unsafe_or_invalid_target from every operation that reads it, free`, async () => {
          for (const op of operations.filter((candidate) => candidate.kind === 'operation')) {
            const { body } = exampleFor(op.operationId, names);
            const answer = await call(setup.url, op.path, { body, headers: freshCaller() });
            for (const leak of LEAKS)
              assert.doesNotMatch(answer.text, leak, `${op.operationId} says what the target resolved to: ${answer.text.slice(0, 400)}`);
            if (!REFUSING.includes(op.operationId)) continue;
            assert.equal(answer.status, 400, `${op.operationId}: ${answer.text.slice(0, 300)}`);
            assert.equal(answer.body.code, 'unsafe_or_invalid_target', op.operationId);
            assert.match(answer.body.detail, /not public/, op.operationId);
            assert.equal(answer.headers.get('x-usage-free-remaining'), answer.headers.get('x-usage-free-limit'), `${op.operationId}: no free call used`);
            assert.equal(answer.headers.get('x-usage-charged-micro-usd'), '0', op.operationId);
          }
        });
      }

      it('as input, the private URLs the sites redirect to: 400 unsafe_or_invalid_target, free', async () => {
        for (const [, location] of PRIVATE_LOCATIONS) {
          for (const [operationId, bodyOf] of Object.entries(URL_INPUTS)) {
            const op = operations.find((candidate) => candidate.operationId === operationId)!;
            const answer = await call(setup.url, op.path, { body: bodyOf(location), headers: freshCaller() });
            assert.equal(answer.status, 400, `${operationId} ${location}: ${answer.text.slice(0, 300)}`);
            assert.equal(answer.body.code, 'unsafe_or_invalid_target', `${operationId} ${location}`);
            assert.equal(answer.headers.get('x-usage-free-remaining'), answer.headers.get('x-usage-free-limit'), `${operationId}: no free call used`);
            for (const leak of LEAKS) assert.doesNotMatch(answer.text, leak);
          }
        }
      });

      for (const [label, location] of PRIVATE_LOCATIONS) {
        it(`a public site that redirects to ${location}: every operation that reads it answers its free non-ok status, never a 400`, async () => {
          for (const op of readingTheWebsite()) {
            const { body } = exampleFor(op.operationId, bouncers(label));
            const answer = await call(setup.url, op.path, { body, headers: freshCaller() });
            const said = `${op.operationId}: ${answer.text.slice(0, 400)}`;
            for (const leak of LEAKS) assert.doesNotMatch(answer.text, leak, `${op.operationId} says what the redirect's name resolved to`);
            assert.equal(answer.status, 200, said);
            assert.equal(answer.headers.get('x-usage-charged-micro-usd'), '0', said);
            assert.equal(answer.headers.get('x-usage-free-remaining'), answer.headers.get('x-usage-free-limit'), `${op.operationId}: no free call used`);
            assert.equal(answer.body.status, REDIRECTED_STATUS[op.operationId], said);
          }
        });
      }

      it("the site's redirect is named as such in the answer", async () => {
        const { body } = await call(setup.url, '/v1/tech-stack', { body: { domain: bouncers('metadata')[1] }, headers: freshCaller() });
        assert.equal(body.status, 'unreachable');
        assert.match(body.note, /unsafe_redirect/);
        const markdown = await call(setup.url, '/v1/clean-markdown', { body: { url: `https://${bouncers('ten')[1]}/page` }, headers: freshCaller() });
        assert.equal(markdown.body.status, 'unreachable');
        assert.match(markdown.body.note, /unsafe_redirect/);
      });

      it('the same over MCP', async () => {
        const tool = async (name: string, args: Record<string, unknown>) => {
          const rpc = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } };
          const response = await fetch(`${setup.url}/mcp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...freshCaller() },
            body: JSON.stringify(rpc),
          });
          const text = await response.text();
          for (const leak of LEAKS) assert.doesNotMatch(text, leak);
          return JSON.parse(text).result;
        };
        const refused = await tool('detect_website_tech_stack', { domain: 'intranet-a.com' });
        assert.equal(refused.isError, true);
        assert.equal(refused.structuredContent.code, 'unsafe_or_invalid_target');
        assert.match(refused.structuredContent.detail, /not public/);
        const redirected = await tool('detect_website_tech_stack', { domain: bouncers('inside-name')[2] });
        assert.notEqual(redirected.isError, true);
        assert.equal(redirected.structuredContent.status, 'unreachable');
      });
    },
  );
