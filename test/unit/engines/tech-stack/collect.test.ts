import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { collectTechStack, type TechStackDeps } from '../../../../engines/tech-stack/collect.ts';
import { isBlocked } from '../../../../engines/tech/blocked.ts';
import { loadNetConfig, type Net } from '../../../../engines/net/index.ts';
import { serveContainer } from '../../../world/fixtures/tag-manager.ts';
import { startWorld, type World } from '../../../world/index.ts';
import { analyzeInline } from '../../../../server/parse-pool/inline.ts';
import { UnanalysableContent, type Analyze } from '../../../../engines/parse/types.ts';
import { netInThread } from '../../../support/net.ts';

const CONTAINER = `(function(){var data = {"resource": {"tags":[
  {"function":"__html","vtp_html":"\\u003Cscript src=\\"https:\\/\\/www.clarity.ms\\/tag\\/shared42\\"\\u003E\\u003C\\/script\\u003E","tag_id":1}
]}};})();`;
const HOME = (id: string) => `<!doctype html><html><head><title>Shop</title>
<script>(function(w,d,s,l,i){var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f);})(window,document,'script','dataLayer','${id}');</script>
</head><body><h1>Shop</h1></body></html>`;
const SITES = ['shop-one.com', 'shop-two.com', 'shop-three.com', 'shop-four.com', 'shop-five.com'];

describe('collectTechStack with the container cache (net.containers)', () => {
  let world: World;
  const containerRequests = () => world.sites.requests.filter((request) => request.host === 'www.googletagmanager.com').length;

  before(async () => {
    world = await startWorld();
    for (const domain of SITES) {
      world.dns.setRecords(domain, { A: ['127.0.0.1'] });
      world.sites.host(domain, { files: { '/': HOME('GTM-SHARED1') } });
    }
    world.dns.setRecords('gone-container.com', { A: ['127.0.0.1'] });
    world.sites.host('gone-container.com', { files: { '/': HOME('GTM-GONE404') } });
    serveContainer(world, 'GTM-SHARED1', CONTAINER);
  });
  after(() => world.stop());

  function deps(net: Net, cached: boolean): TechStackDeps {
    return {
      fetch: net.fetch,
      dns: net.dns,
      analyze: analyzeInline,
      now: () => new Date(),
      previous: async () => null,
      remember: async () => {},
      containers: cached ? net.containers : null,
    };
  }

  it('reads a container shared by several sites once, and detects from the kept text', async () => {
    const net = netInThread(world.netConfig);
    const before = containerRequests();
    const first = await collectTechStack(SITES[0], deps(net, true));
    const second = await collectTechStack(SITES[1], deps(net, true));
    assert.equal(containerRequests() - before, 1);
    for (const result of [first, second]) {
      assert.equal(result.status, 'ok');
      assert.ok(
        result.analytics.some((name) => /clarity/i.test(name)),
        JSON.stringify(result.analytics),
      );
      assert.equal(result.note, null, 'a kept container is not a partial run');
    }
    assert.equal(net.containers.size, 1);
  });

  it('shares one container fetch among concurrent runs', async () => {
    const net = netInThread(world.netConfig);
    const before = containerRequests();
    const results = await Promise.all(SITES.map((domain) => collectTechStack(domain, deps(net, true))));
    assert.equal(containerRequests() - before, 1);
    for (const result of results) assert.ok(result.analytics.some((name) => /clarity/i.test(name)));
  });

  it('reads it every time without the cache, or with NET_CONTAINER_CACHE_TTL_MS=0', async () => {
    for (const [net, cached] of [
      [netInThread(world.netConfig), false],
      [netInThread(loadNetConfig({ ...world.netEnv, NET_CONTAINER_CACHE_TTL_MS: '0' })), true],
    ] as const) {
      const before = containerRequests();
      await collectTechStack(SITES[0], deps(net, cached));
      await collectTechStack(SITES[1], deps(net, cached));
      assert.equal(containerRequests() - before, 2);
    }
  });

  it('does not keep a container the tag manager did not serve (404): the next run asks again, and both are partial', async () => {
    const net = netInThread(world.netConfig);
    const before = containerRequests();
    for (let i = 0; i < 2; i++) {
      const result = await collectTechStack('gone-container.com', deps(net, true));
      assert.match(result.note ?? '', /Part of the collection failed/);
    }
    assert.equal(containerRequests() - before, 2);
  });

  it('detects from headers, cookies and DNS alone when the page cannot be analysed, as a partial run flagged page_unanalysable', async () => {
    const net = netInThread(world.netConfig);
    const tasks: string[] = [];
    const analyze = (async (task: Parameters<Analyze>[0], input: never, options?: Parameters<Analyze>[2]) => {
      const page = (input as { page?: unknown }).page;
      tasks.push(`${task}:${page === undefined ? '-' : page !== null}`);
      if (page) throw new UnanalysableContent('deadline', `the ${task} analysis took longer than 5000 ms and was ended`);
      return analyzeInline(task, input, options);
    }) as Analyze;
    const remembered: string[] = [];
    const result = await collectTechStack(SITES[4], { ...deps(net, false), analyze, remember: async (domain) => void remembered.push(domain) });
    assert.equal(result.page_unanalysable, true);
    assert.equal(result.is_first_run, null);
    assert.equal(result.removed, null);
    assert.deepEqual(remembered, []);
    assert.match(result.note!, /could not be analysed within the parse limits/);
    assert.deepEqual(tasks, ['techHome:true', 'detect:false']);
    const readable = await collectTechStack(SITES[4], deps(net, false));
    assert.equal(readable.page_unanalysable, undefined);
  });
});

describe('isBlocked: a bot wall, not a protected site', () => {
  const answer = (status: number, headers: Record<string, string> = {}) => ({ status, headers }) as unknown as Parameters<typeof isBlocked>[0];
  const home = (extra: string) =>
    `<!doctype html><html><head><title>Shop</title>${extra}</head><body>${'<p>Our products and our story.</p>'.repeat(800)}</body></html>`;

  it('reads a challenge page as blocked, by status, header, title or a vendor frame on a page that small', () => {
    assert.equal(isBlocked(answer(403), '<html></html>'), true);
    assert.equal(isBlocked(answer(200, { 'cf-mitigated': 'challenge' }), '<html></html>'), true);
    assert.equal(isBlocked(answer(200), '<html><head><title>Just a moment...</title></head></html>'), true);
    assert.equal(isBlocked(answer(200), '<html><body><iframe src="https://geo.captcha-delivery.com/captcha/?initialCid=x"></iframe></body></html>'), true);
    assert.equal(isBlocked(answer(200), '<html><head><script src="/_Incapsula_Resource?SWJIYLWA=x"></script></head><body></body></html>'), true);
  });

  it("does not read a real home page that loads a bot-protection vendor's script as blocked", () => {
    assert.equal(isBlocked(answer(200), home('<script src="https://js.datadome.co/tags.js"></script><script>window.ddjskey="x"</script>')), false);
    assert.equal(isBlocked(answer(200), home('<script src="/_Incapsula_Resource?SWJIYLWA=719d34d31c8e3a6e6fffd425f7e032f3"></script>')), false);
    assert.equal(isBlocked(answer(200), home('<script src="https://client.perimeterx.net/PXabc/main.min.js"></script>')), false);
  });
});
