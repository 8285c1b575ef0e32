import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { detect, exampleInput, extractContainerIds, parseDmarc, parseSpf, type DetectInput } from '../../../../engines/tech/detect.ts';
import { blankPausedTags, prepareContainer, unescapeContainer } from '../../../../engines/tech/container.ts';
import { buildAutomaton } from '../../../../engines/tech/automaton.ts';
import { LIST_CATEGORIES } from '../../../../engines/tech/technologies.ts';

const page = (html: string, rest: Partial<DetectInput> = {}) => detect(exampleInput({}, { ...rest, html }));
const dns = (records: Partial<DetectInput['dns']>) => detect(exampleInput({}, { dns: { mx: [], txt: [], dmarc: null, cname: [], ...records } }));

/** A container as gtm.js serves it, written by us: the data object with the given tags. */
function container(tags: object[]): string {
  return `/* Copyright Google */ var data = ${JSON.stringify({ resource: { version: '12', macros: [{ function: '__e' }], tags, predicates: [], rules: [] } })
    .replace(/\//g, '\\/')
    .replace(/</g, '\\u003C')
    .replace(/>/g, '\\u003E')};/* runtime */ var x = "https://www.googletagmanager.com/gtag/js";`;
}
const withContainer = (tags: object[]) => detect(exampleInput({ container: container(tags) }));

describe('result shape', () => {
  it('lists are sorted and unique; technology_count is the number of distinct names', () => {
    const result = page(
      '<script src="https://js.stripe.com/v3/"></script><script src="https://www.paypal.com/sdk/js?client-id=x"></script><script>fbq(\'init\', \'1\');</script>',
      {
        headers: { Server: 'cloudflare', 'CF-RAY': 'abc' },
        dns: {
          mx: ['aspmx.l.google.com.', 'alt1.aspmx.l.google.com'],
          txt: ['v=spf1 include:_spf.google.com include:sendgrid.net ~all', 'stripe-verification=abc'],
          dmarc: 'v=DMARC1; p=reject',
          cname: [],
        },
      },
    );
    for (const category of LIST_CATEGORIES) assert.deepEqual(result[category], [...new Set(result[category])].sort(), category);
    assert.deepEqual(result.payments, ['PayPal', 'Stripe']);
    assert.deepEqual(result.verified_services, ['Stripe']);
    assert.deepEqual(result.spf_senders, ['Google Workspace', 'SendGrid']);
    assert.deepEqual(result.hosting_cdn, ['Cloudflare']);
    assert.deepEqual(result.ad_pixels, ['Meta Pixel']);
    assert.equal(result.email_provider, 'Google Workspace');
    assert.equal(result.dmarc_policy, 'reject');
    // Stripe (payments + verified) and Google Workspace (email + spf) count once each
    assert.equal(result.technology_count, new Set(['PayPal', 'Stripe', 'Google Workspace', 'SendGrid', 'Cloudflare', 'Meta Pixel']).size);
    assert.ok(result.technologies.every((t) => t.evidence.length > 0));
  });

  it('an empty input detects nothing', () => {
    const result = detect({
      url: 'https://example.org/',
      html: '',
      headers: {},
      cookies: [],
      containers: [],
      dns: { mx: [], txt: [], dmarc: null, cname: [] },
    });
    assert.equal(result.technology_count, 0);
    assert.deepEqual(Object.values(result.flags), [false, false, false, false, false, false]);
    assert.deepEqual([result.cms, result.ecommerce, result.email_provider, result.dmarc_policy, result.title], [null, null, null, null, null]);
  });
});

describe('title', () => {
  const title = (html: string) => detect(exampleInput({}, { html })).title;
  it('is decoded, trimmed and whitespace-collapsed', () => {
    assert.equal(title('<head><title>\n  Caf&eacute; &amp; Bar &#8211; &quot;Home&quot;&nbsp;\t page </title></head>'), 'Café & Bar – "Home" page');
  });
  it('is the first title, cut at 300 characters', () => {
    assert.equal(title(`<title>${'a'.repeat(400)}</title><title>second</title>`)?.length, 300);
    assert.equal(title('<TITLE lang="en">First</TITLE><svg><title>Icon</title></svg>'), 'First');
  });
  it('is null when absent or blank', () => {
    assert.equal(title('<p>no title</p>'), null);
    assert.equal(title('<title>  </title>'), null);
    assert.equal(title('<!-- <title>commented</title> --><p>x</p>'), null);
  });
});

describe('single fields by priority', () => {
  it('ecommerce: Shopify before WooCommerce (table order), strong before weak-only', () => {
    const both = page(
      '<script src="//cdn.shopify.com/s/files/1/t/1/assets/theme.js"></script><link rel="stylesheet" href="/wp-content/plugins/woocommerce/assets/css/woocommerce.css">',
    );
    assert.equal(both.ecommerce, 'Shopify');
    assert.equal(both.cms, 'WordPress');
  });
  it('cms: a CMS with strong evidence wins over one with two weak signals', () => {
    const result = page('<meta name="generator" content="Drupal 10"><div>/wp-content/x /wp-json/</div>');
    assert.equal(result.cms, 'Drupal');
    assert.ok(result.technologies.some((t) => t.name === 'WordPress'));
  });
  it('an icon font is read from a class attribute, not from the same words in a setting', () => {
    const has = (html: string) => page(html).technologies.some((t) => t.name === 'Font Awesome');
    assert.ok(has('<i class="fa fa-envelope"></i>'));
    assert.ok(has('<span class="icon fas fa-bars" aria-hidden="true"></span>'));
    assert.ok(has("<i aria-hidden='true' class='fal fa-times'></i>"));
    assert.equal(has('<script>var wpel = {"extFaLinkClasses":"fa fa-external-link","extFaMailtoClasses":"fa fa-envelope-o"};</script>'), false);
    assert.equal(has('<div data-config=\'{"icon":"fa fa-star"}\'></div>'), false);
  });
  it('Stimulus needs its own action descriptor beside data-controller, not any data-action', () => {
    const has = (html: string) => page(html).technologies.some((t) => t.name === 'Stimulus');
    assert.ok(has('<div data-controller="s-popover"><button data-action="focus->s-popover#show">x</button></div>'));
    assert.ok(has("<form data-controller='search' data-action='search#submit'></form>"));
    assert.equal(has('<header data-controller="Header"><a data-action="back" href="/">Back</a></header>'), false);
    assert.equal(has('<body data-controller="core.front.core.app"><a data-action="defaultStream" href="/discover/">x</a></body>'), false);
  });
  it('a Google Maps embed is a frame source, not the same URL in an allow-list setting', () => {
    const has = (html: string) => page(html).technologies.some((t) => t.name === 'Google Maps');
    assert.ok(has('<iframe src="https://www.google.com/maps/embed?pb=!1m14" width="600"></iframe>'));
    assert.ok(has('<iframe data-lazy-src="https://www.google.com/maps/embed?pb=!1m14"></iframe>'));
    assert.equal(
      has(
        '<div data-setup="{&quot;allowed_iframes&quot;:&quot;https://www.google.com/maps/embed?|https://www.openstreetmap.org/export/embed.html?&quot;}"></div>',
      ),
      false,
    );
  });
  it('implied technologies are reported with their reason', () => {
    const result = page('<script src="/_next/static/chunks/main.js"></script>');
    assert.deepEqual(result.frameworks, ['Next.js', 'React']);
    assert.deepEqual(result.technologies.find((t) => t.name === 'React')?.evidence, ['implied by Next.js']);
  });
});

describe('flags', () => {
  it('follow the six technologies from page signals', () => {
    const html = [
      "<script>fbq('init', '1');</script>",
      '<script async src="https://www.googletagmanager.com/gtag/js?id=AW-1234567"></script>',
      '<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABCDEF1234"></script>',
      '<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-ABCD12"></script>',
      '<script>_linkedin_partner_id = "1";</script>',
      "<script>ttq.load('C1');</script>",
    ].join('');
    assert.deepEqual(page(html).flags, {
      has_pixel_a: true,
      has_ads_tag: true,
      has_analytics_tag_a: true,
      has_tag_manager: true,
      has_pixel_b: true,
      has_pixel_c: true,
    });
  });
  it('any tag manager sets has_tag_manager', () => {
    assert.equal(page('<script src="//tags.tiqcdn.com/utag/acme/main/prod/utag.js"></script>').flags.has_tag_manager, true);
    assert.equal(page('<script src="https://assets.adobedtm.com/launch-EN123.min.js"></script>').flags.has_tag_manager, true);
  });
  it('a TXT verification is no pixel', () => {
    assert.equal(dns({ txt: ['tiktok-domain-verification=abc'] }).flags.has_pixel_c, false);
  });
});

describe('tag-manager containers', () => {
  it('tag types set the flags', () => {
    const result = withContainer([
      { function: '__awct', once_per_event: true, vtp_conversionId: '936783588', vtp_conversionLabel: 'x', tag_id: 1 },
      { function: '__googtag', vtp_tagId: 'G-ABCDEF1234', tag_id: 2 },
      { function: '__bzi', vtp_id: '12345', tag_id: 3 },
      { function: '__baut', vtp_tagId: '999', tag_id: 4 },
      { function: '__hjtc', vtp_hotjar_site_id: '42', tag_id: 5 },
    ]);
    assert.equal(result.flags.has_ads_tag, true);
    assert.equal(result.flags.has_analytics_tag_a, true);
    assert.equal(result.flags.has_pixel_b, true);
    assert.ok(result.ad_pixels.includes('Microsoft Advertising UET'));
    assert.ok(result.analytics.includes('Hotjar'));
  });
  it('custom HTML tags are read after unescaping', () => {
    const result = withContainer([
      {
        function: '__html',
        vtp_html: "<script>!function(f,b,e,v){}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init','1');</script>",
        tag_id: 1,
      },
      { function: '__html', vtp_html: "<script>ttq.load('C1');</script>", tag_id: 2 },
      { function: '__img', vtp_url: 'https://px.ads.linkedin.com/collect/?pid=1&fmt=gif', tag_id: 3 },
    ]);
    assert.deepEqual([result.flags.has_pixel_a, result.flags.has_pixel_c, result.flags.has_pixel_b], [true, true, true]);
  });
  it('paused tags are not live', () => {
    const result = withContainer([
      { function: '__paused', vtp_originalTagType: 'awct', tag_id: 1 },
      { function: '__paused', vtp_originalTagType: 'html', vtp_html: "<script>fbq('init','1');</script>", tag_id: 2 },
    ]);
    assert.equal(result.flags.has_ads_tag, false);
    assert.equal(result.flags.has_pixel_a, false);
  });
  it('the conversion linker alone is not an ads tag; with a conversion id it is', () => {
    assert.equal(withContainer([{ function: '__gclidw', tag_id: 1 }]).flags.has_ads_tag, false);
    assert.equal(
      withContainer([
        { function: '__gclidw', tag_id: 1 },
        { function: '__c', vtp_value: 'AW-123456789' },
      ]).flags.has_ads_tag,
      true,
    );
  });
  it('Google hostnames of the container runtime are not tags', () => {
    const result = withContainer([{ function: '__e' }]);
    assert.deepEqual([result.flags.has_analytics_tag_a, result.flags.has_ads_tag], [false, false]);
  });
  it('unescapes and blanks paused objects with nested strings', () => {
    assert.equal(unescapeContainer('https:\\/\\/a.b\\/c \\u003Cscript\\u003E \\"q\\"'), 'https://a.b/c <script> "q"');
    const text = '{"tags":[{"function":"__paused","vtp_html":"a}\\"{","x":[1,{"y":2}]},{"function":"__ua"}]}';
    const blanked = blankPausedTags(text);
    assert.equal(blanked.length, text.length);
    assert.ok(!blanked.includes('__paused') && blanked.includes('"function":"__ua"'));
    assert.deepEqual([...prepareContainer(text).types], ['__ua']);
  });
});

describe('extractContainerIds', () => {
  it('finds gtm.js, ns.html and snippet ids in order, unique, upper-cased', () => {
    const html = [
      "<script>(function(w,d,s,l,i){j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;})(window,document,'script','dataLayer','GTM-AAAA111');</script>",
      '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-AAAA111"></iframe></noscript>',
      '<script src="https://www.googletagmanager.com/gtm.js?id=GTM-bbbb222&amp;l=dl2"></script>',
      '<script>(function(w,d,s,l,i){})(window,document,"script","RCdataLayer","GTM-CCCC333");</script>',
    ].join('');
    assert.deepEqual(extractContainerIds(html), ['GTM-AAAA111', 'GTM-BBBB222', 'GTM-CCCC333']);
  });
  it('ignores comments, Optimize ids and plain mentions', () => {
    const html =
      "<!-- <script src=\"https://www.googletagmanager.com/gtm.js?id=GTM-DEAD123\"></script> --><script>({'GTM-59BWW7J': true}); ga('require', 'GTM-59BWW7J');</script><p>Our container GTM-ABCD123</p>";
    assert.deepEqual(extractContainerIds(html), []);
  });
});

describe('DNS', () => {
  it('parseSpf: include and redirect targets, qualifiers, no macros, lower-cased, unique', () => {
    assert.deepEqual(
      parseSpf([
        'v=spf1 ip4:1.2.3.4 include:_spf.google.com ~include:SendGrid.net. include:_spf.google.com include:%{i}._spf.x.com redirect=_spf.example.org -all',
        'google-site-verification=x',
      ]),
      ['_spf.google.com', 'sendgrid.net', '_spf.example.org'],
    );
  });
  it('parseSpf: more than one SPF record is invalid (RFC 7208): nothing', () => {
    assert.deepEqual(parseSpf(['v=spf1 include:a.com ~all', 'v=spf1 include:b.com ~all']), []);
    assert.deepEqual(parseSpf(['v=spf10 include:a.com']), []);
  });
  it('parseDmarc: the p= tag', () => {
    assert.equal(parseDmarc('v=DMARC1; p=quarantine; rua=mailto:d@example.org'), 'quarantine');
    assert.equal(parseDmarc('v=DMARC1;p=REJECT;sp=none'), 'reject');
    assert.equal(parseDmarc('v=DMARC1; sp=reject'), null);
    assert.equal(parseDmarc('p=none'), null);
    assert.equal(parseDmarc('v=DMARC1; p=maybe'), null);
    assert.equal(parseDmarc(null), null);
  });
  it('MX suffixes name the mailbox provider (single-MX Google and DANE Microsoft too)', () => {
    assert.equal(dns({ mx: ['smtp.google.com.'] }).email_provider, 'Google Workspace');
    assert.equal(dns({ mx: ['contoso-com.p-v1.mx.microsoft'] }).email_provider, 'Microsoft 365');
    assert.equal(dns({ mx: ['mx.zoho.eu'] }).email_provider, 'Zoho Mail');
    assert.equal(dns({ mx: ['mail.example.org'] }).email_provider, null);
  });
  it('the first MX (by the order given) wins', () => {
    assert.equal(dns({ mx: ['example-org.mail.protection.outlook.com', 'aspmx.l.google.com'] }).email_provider, 'Microsoft 365');
  });
  it('a gateway MX resolves through SPF, else names the gateway', () => {
    const viaSpf = dns({ mx: ['us-smtp-inbound-1.mimecast.com'], txt: ['v=spf1 include:spf.protection.outlook.com include:_netblocks.mimecast.com -all'] });
    assert.equal(viaSpf.email_provider, 'Microsoft 365');
    assert.ok(viaSpf.technologies.some((t) => t.name === 'Mimecast' && t.category === 'email_provider'));
    assert.deepEqual(viaSpf.spf_senders, ['Microsoft 365', 'Mimecast']);
    assert.equal(dns({ mx: ['mx0a-001.pphosted.com'], txt: ['v=spf1 include:_spf.google.com ~all'] }).email_provider, 'Google Workspace');
    assert.equal(dns({ mx: ['mx0a-001.pphosted.com'] }).email_provider, 'Proofpoint');
  });
  it('TXT prefixes are anchored at the start; google-site-verification is Search Console, not Workspace', () => {
    const result = dns({ txt: ['google-site-verification=abc', 'MS=ms12345678', 'x atlassian-domain-verification=abc', 'facebook-domain-verification=z'] });
    assert.deepEqual(result.verified_services, ['Google Search Console', 'Meta Business Manager', 'Microsoft 365']);
    assert.equal(result.email_provider, null);
  });
  it('CNAME suffixes name hosting and CDNs', () => {
    assert.deepEqual(dns({ cname: ['d111111abcdef8.cloudfront.net.', 'example.org.cdn.cloudflare.net'] }).hosting_cdn, ['Amazon CloudFront', 'Cloudflare']);
  });
});

describe('headers, cookies, URL', () => {
  it('header names are case-insensitive and values are substrings', () => {
    const result = page('', { headers: { 'X-Powered-By': 'Next.js', Server: 'nginx/1.25.3', 'x-vercel-id': 'fra1::abc' } });
    assert.deepEqual([...result.frameworks], ['Next.js', 'React']);
    assert.deepEqual(result.hosting_cdn, ['Nginx', 'Vercel']);
  });
  it('cookie prefixes need more than the prefix', () => {
    assert.ok(page('', { cookies: ['incap_ses_123_456'] }).hosting_cdn.includes('Imperva'));
    assert.ok(!page('', { cookies: ['incap_ses_'] }).hosting_cdn.includes('Imperva'));
  });
  it('the final URL host names hosted platforms', () => {
    assert.equal(detect(exampleInput({ url: 'https://acme.myshopify.com/' })).ecommerce, 'Shopify');
    assert.equal(detect(exampleInput({ url: 'https://notmyshopify.com/' })).ecommerce, null);
  });
});

describe('automaton', () => {
  it('finds overlapping patterns, folds case and quotes, skips backslashes', () => {
    const automaton = buildAutomaton(['he', 'she', 'hers', "a'b"]);
    const found: [number, number][] = [];
    automaton.scan('uSHErs a"b a\\/b', 0, 15, (pattern, start) => found.push([pattern, start]));
    assert.deepEqual(found, [
      [1, 1],
      [0, 2],
      [2, 2],
      [3, 7],
    ]);
    const slash = buildAutomaton(['a/b']);
    const hits: number[] = [];
    slash.scan('x a\\/b', 0, 6, (_, start) => hits.push(start));
    assert.deepEqual(hits, [2]);
  });
});

describe('robustness', () => {
  it('stays linear on runs of unclosed tags', () => {
    for (const html of ['<script '.repeat(20000), '<title>'.repeat(20000), '<!--'.repeat(20000), '<meta '.repeat(20000)]) {
      const start = performance.now();
      detect(exampleInput({}, { html }));
      assert.ok(performance.now() - start < 1000, html.slice(0, 10));
    }
  });
});
