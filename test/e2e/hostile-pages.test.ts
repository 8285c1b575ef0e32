/**
 * Pages built to be slow to analyse (#23), end to end on the offline world: 600, 2,000 and 20,000
 * levels of nesting and 3 MB of empty elements. Every operation that reads a page ends within the
 * parse deadline with a documented answer (never a 5xx), /healthz keeps answering while they are
 * parsed, and with a deadline too short for them the page is a free non-ok status or a risk finding.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { HOSTILE_DOMAINS, hostileUrl, installHostileSites, type HostileKind } from '../world/fixtures/hostile-sites.ts';
import { startService, type TestService } from '../support/service.ts';
import { call } from '../support/contract.ts';
import { callers, worldService } from '../support/lifecycle.ts';

const caller = callers('198.51.100.');
const KINDS = Object.keys(HOSTILE_DOMAINS) as HostileKind[];

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

/** Runs `work` while /healthz is asked every 10 ms: its value, the slowest health answer and how many there were. */
async function whileHealthPolled<T>(base: string, work: () => Promise<T>): Promise<{ value: T; slowest: number; polls: number }> {
  let slowest = 0;
  let polls = 0;
  let done = false;
  const poll = (async () => {
    while (!done) {
      const { ms } = await timed(() => fetch(`${base}/healthz`).then((response) => response.text()));
      slowest = Math.max(slowest, ms);
      polls += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  let value: T;
  try {
    value = await work();
  } finally {
    done = true;
    await poll;
  }
  return { value, slowest, polls };
}

describe('pages built to be slow to analyse', { timeout: 300_000 }, () => {
  const setup = worldService({ install: installHostileSites });
  let hurried: TestService;
  const post = (base: string, path: string, body: Record<string, unknown>) => call(base, path, { body, headers: caller() });

  before(async () => {
    // A deadline no analysis of a hostile page meets, on any machine: what follows a missed deadline, deterministically.
    hurried = await startService({ config: { net: setup.world.netConfig, trustedProxies: ['127.0.0.1'], parse: { threads: 2, deadlineMs: 1, maxQueue: 64 } } });
  });
  after(() => hurried?.close());

  it('clean-markdown answers every hostile page within the deadline, as documented statuses, while /healthz answers at once', async () => {
    const {
      value: answers,
      slowest,
      polls,
    } = await whileHealthPolled(setup.url, () =>
      Promise.all(KINDS.map((kind) => timed(() => post(setup.url, '/v1/clean-markdown', { url: hostileUrl(kind) })))),
    );
    for (const [index, { value, ms }] of answers.entries()) {
      assert.equal(value.status, 200, `${KINDS[index]}: ${value.text.slice(0, 200)}`);
      assert.ok(['ok', 'empty', 'unsupported_content'].includes(value.body.status), `${KINDS[index]}: ${value.body.status}`);
      assert.ok(ms < 10_000, `${KINDS[index]} took ${Math.round(ms)} ms`);
    }
    // The sentence survives flattening below depth 128 (clean-markdown's depth), as a browser does below 512.
    assert.equal(answers[0].value.body.status, 'ok');
    assert.match(answers[0].value.body.markdown, /Write to sales@nesting-600\.com/);
    assert.match(answers[0].value.body.note, /below level 128 were read as if placed at that level/);
    assert.match(answers[2].value.body.note ?? '', /more than 2,048 levels deep/);
    assert.ok(polls >= 3, `only ${polls} health checks ran`);
    assert.ok(slowest < 500, `/healthz took up to ${Math.round(slowest)} ms while hostile pages were parsed`);
  });

  it('the product, contacts, tech-stack and merchant operations end every hostile page without a 5xx', async () => {
    for (const kind of KINDS) {
      const domain = HOSTILE_DOMAINS[kind];
      const { value: product, ms } = await timed(() => post(setup.url, '/v1/skills/universal_product_url_to_json', { product_url: hostileUrl(kind, '/p/1') }));
      assert.equal(product.status, 200, `${kind} product: ${product.text.slice(0, 200)}`);
      assert.equal(product.body.status, 'no_data');
      assert.ok(ms < 10_000);
      const contacts = await post(setup.url, '/v1/extract-contacts', { domain });
      assert.equal(contacts.status, 200, `${kind} contacts: ${contacts.text.slice(0, 200)}`);
      const tech = await post(setup.url, '/v1/tech-stack', { domain });
      assert.equal(tech.status, 200, `${kind} tech-stack: ${tech.text.slice(0, 200)}`);
      const { value: merchant, ms: merchantMs } = await timed(() => post(setup.url, '/v1/verify-merchant', { target_url: hostileUrl(kind, '/api') }));
      assert.equal(merchant.status, 200, `${kind} verify-merchant: ${merchant.text.slice(0, 200)}`);
      assert.equal(merchant.body.status, 'ok');
      assert.ok(merchantMs < 4_500, `${kind} verify-merchant took ${Math.round(merchantMs)} ms`);
    }
    const contacts = await post(setup.url, '/v1/extract-contacts', { domain: HOSTILE_DOMAINS.nested2000 });
    assert.deepEqual(contacts.body.emails, ['sales@nesting-2000.com']);
  });

  it('past the deadline the page is a free non-ok status, and in verify-merchant a risk finding', async () => {
    const headers = caller();
    const markdown = await call(hurried.url, '/v1/clean-markdown', { body: { url: hostileUrl('emptyElements') }, headers });
    assert.equal(markdown.status, 200);
    assert.equal(markdown.body.status, 'unsupported_content');
    assert.match(markdown.body.note, /cannot be converted within the parse limits/);
    assert.equal(markdown.headers.get('x-usage-free-remaining'), '5');
    const product = await call(hurried.url, '/v1/skills/universal_product_url_to_json', { body: { product_url: hostileUrl('emptyElements') }, headers });
    assert.equal(product.body.status, 'no_data');
    assert.match(product.body.error_reason, /parse limits/);
    const merchant = await post(hurried.url, '/v1/verify-merchant', { target_url: hostileUrl('nested20000', '/api') });
    assert.equal(merchant.status, 200);
    assert.ok(merchant.body.matched_flags.includes('page_unanalysable'), merchant.body.matched_flags.join(' '));
    assert.equal(merchant.body.safe_to_pay, false);
    assert.match(merchant.body.recommendation, /could not be scanned within the parse limits/);
  });

  it('in the trust skill, a home page the pool could not analyse in time is a risk finding that lowers the score', async () => {
    const body = { domain: HOSTILE_DOMAINS.emptyElements, transaction_amount_usd: 20 };
    const [read, missed] = await Promise.all([
      call(setup.url, '/v1/skills/pre_purchase_merchant_trust_check', { body, headers: caller() }),
      call(hurried.url, '/v1/skills/pre_purchase_merchant_trust_check', { body, headers: caller() }),
    ]);
    assert.equal(missed.status, 200, missed.text.slice(0, 300));
    assert.ok(
      missed.body.limitations.some((text: string) => /could not be analysed within the parse limits/.test(text)),
      missed.body.limitations.join(' | '),
    );
    assert.ok(!read.body.limitations.some((text: string) => /could not be analysed/.test(text)));
    assert.equal(read.body.status, 'ok');
    assert.ok(missed.body.trust_score < read.body.trust_score, `${missed.body.trust_score} against ${read.body.trust_score}`);
    assert.notEqual(missed.body.safe_to_buy, true);
  });

  it('a page built against regular expressions (300 KB of unclosed links) is read in linear time: ats-jobs answers and /healthz with it', async () => {
    const domain = 'unclosed-links.com';
    const page = Buffer.from(`<!doctype html><html><body>${'<a href="x '.repeat(30_000)}</body></html>`);
    setup.world.dns.setRecords(domain, { A: ['127.0.0.1'] });
    setup.world.sites.host(domain, function unclosedLinks(_req, res) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': String(page.length) });
      res.end(page);
    });
    const {
      value: { value: jobs, ms },
      slowest,
    } = await whileHealthPolled(setup.url, () => timed(() => post(setup.url, '/v1/ats-jobs', { domain })));
    assert.equal(jobs.status, 200, jobs.text.slice(0, 200));
    assert.notEqual(jobs.body.status, 'ok');
    assert.ok(ms < 10_000, `ats-jobs took ${Math.round(ms)} ms`);
    assert.ok(slowest < 500, `/healthz took up to ${Math.round(slowest)} ms while the page was read`);
  });
});
