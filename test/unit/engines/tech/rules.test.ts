import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { detect, exampleInput, firedSignals } from '../../../../engines/tech/detect.ts';
import { regexLead } from '../../../../engines/tech/matchers.ts';
import {
  LIST_CATEGORIES,
  SIGNALS,
  SINGLE_CATEGORIES,
  TECHNOLOGIES,
  TECHNOLOGY_BY_NAME,
  type Signal,
  type Technology,
} from '../../../../engines/tech/technologies.ts';

/** The technology and everything it implies, transitively. */
function withImplied(name: string, into = new Set<string>()): Set<string> {
  if (into.has(name)) return into;
  into.add(name);
  for (const implied of TECHNOLOGY_BY_NAME.get(name)!.implies) withImplied(implied, into);
  return into;
}

const names = (html: string, extra: Parameters<typeof exampleInput>[0] = {}) =>
  new Set(detect(exampleInput({ ...extra, html })).technologies.map((t) => t.name));
const fires = (signal: Signal) => firedSignals(exampleInput(signal.sample)).some((f) => f.signal.id === signal.id);
const reportedIn = (tech: Technology, signal: Signal) => {
  const category = { mx: 'email_provider', spf: 'spf_senders', txt: 'verified_services', cname: 'hosting_cdn' }[signal.kind as string] ?? tech.category;
  return detect(exampleInput(signal.sample)).technologies.some((t) => t.name === tech.name && t.category === category);
};

describe('technology table', () => {
  it('has at least 250 technologies over the eight lists and the three single fields', () => {
    assert.ok(TECHNOLOGIES.length >= 250, `${TECHNOLOGIES.length}`);
    for (const category of [...LIST_CATEGORIES, ...SINGLE_CATEGORIES]) {
      const reachable = TECHNOLOGIES.filter(
        (t) =>
          t.category === category ||
          t.signals.some(
            (s) =>
              (({ mx: 'email_provider', spf: 'spf_senders', txt: 'verified_services', cname: 'hosting_cdn' }) as Record<string, string>)[s.kind] === category,
          ),
      );
      assert.ok(reachable.length >= 5, `${category}: ${reachable.length}`);
    }
  });

  it('names and aliases are unique across the vocabulary', () => {
    const seen = new Map<string, string>();
    for (const tech of TECHNOLOGIES) {
      for (const term of [tech.name, ...tech.aliases]) {
        const key = term.toLowerCase();
        assert.ok(!seen.has(key) || seen.get(key) === tech.name, `${term} is used by ${seen.get(key)} and ${tech.name}`);
        seen.set(key, tech.name);
      }
    }
  });

  it('every technology can be reported: a strong signal or two weak ones', () => {
    for (const tech of TECHNOLOGIES) {
      const strong = tech.signals.filter((s) => s.strength === 'strong').length;
      const weak = tech.signals.filter((s) => s.strength === 'weak').length;
      assert.ok(strong >= 1 || weak >= 2, tech.name);
    }
  });

  it('regex signals are lower-case (unless matched with their case), have a literal lead, and match their own sample', () => {
    for (const signal of SIGNALS.filter((s) => s.re && !s.exact)) {
      assert.equal(signal.re!.source.replace(/\\[A-Z]/g, ''), signal.re!.source.replace(/\\[A-Z]/g, '').toLowerCase(), signal.source);
      assert.ok(regexLead(signal.re!.source).length >= 3, signal.source);
    }
  });

  it('no weak pattern of a technology contains another of its weak patterns (one occurrence must not count twice)', () => {
    // html covers the whole markup, script URLs and inline code included
    const pageKinds = new Set(['script', 'inline', 'html']);
    for (const tech of TECHNOLOGIES) {
      const weak = tech.signals.filter((s) => s.strength === 'weak' && pageKinds.has(s.kind));
      for (const a of weak) {
        for (const b of weak) {
          if (a === b) continue;
          const [x, y] = [a, b].map((s) => (s.re ? regexLead(s.re.source) : s.pattern));
          assert.ok(!x.includes(y), `${tech.name}: ${a.source} contains ${b.source}`);
        }
      }
    }
  });
});

describe('every rule fires on its example, alone', () => {
  for (const tech of TECHNOLOGIES) {
    it(tech.name, () => {
      const result = detect(exampleInput(tech.example));
      assert.deepEqual(new Set(result.technologies.map((t) => t.name)), withImplied(tech.name), JSON.stringify(tech.example));
    });
  }
});

describe('every signal fires on its own sample (no dead signal)', () => {
  for (const tech of TECHNOLOGIES) {
    it(tech.name, () => {
      for (const signal of tech.signals) {
        assert.ok(fires(signal), `${signal.source} on ${JSON.stringify(signal.sample)}`);
        // a strong signal reports alone; one weak signal never does
        assert.equal(reportedIn(tech, signal), signal.strength === 'strong', `${signal.strength} ${signal.source}`);
      }
    });
  }
});

describe('weak-only rules need two weak signals', () => {
  const weakOnly = TECHNOLOGIES.filter((t) => t.signals.every((s) => s.strength === 'weak'));
  it('there are weak-only rules', () => assert.ok(weakOnly.length > 0));
  for (const tech of weakOnly) {
    it(tech.name, () => {
      assert.ok(
        detect(exampleInput(tech.example)).technologies.some((t) => t.name === tech.name),
        'two weak signals report it',
      );
      for (const signal of tech.signals) assert.ok(!reportedIn(tech, signal), `one weak signal (${signal.source}) does not`);
    });
  }
});

describe('false-positive traps', () => {
  const article = (body: string) => `<article><h1>Notes</h1><p>${body}</p></article>`;

  it('prose mentions name no technology', () => {
    const prose = article(
      'We love Shopify and Stripe. Our data lives in Snowflake, our mail in Mailchimp and HubSpot; the site is built with WordPress, React and Backbone, hosted on Cloudflare, and we track it with Google Analytics and the Facebook pixel.',
    );
    assert.deepEqual([...names(prose)], []);
  });

  it("'snowflake' in text is not Snowplow (or anything)", () => {
    assert.deepEqual([...names(article('snowflake snowplow snowflake.com'))], []);
  });

  it('a /wp-content/ URL inside a tag-manager container alone is weak, not WordPress', () => {
    const container =
      'var data={"resource":{"tags":[{"function":"__html","vtp_html":"\\u003Cimg src=\\"https:\\/\\/www.example.org\\/wp-content\\/uploads\\/p.png\\"\\u003E","tag_id":3}]}};';
    const input = exampleInput({ container });
    const fired = firedSignals(input).filter((f) => TECHNOLOGIES[f.signal.tech].name === 'WordPress');
    assert.deepEqual(
      fired.map((f) => [f.signal.kind, f.signal.strength]),
      [['container', 'weak']],
    );
    assert.equal(detect(input).cms, null);
  });

  it('a link to another site’s /wp-content/uploads/ file is not WordPress', () => {
    assert.ok(!names(article('<a href="https://www.other.org/wp-content/uploads/2018/10/report.pdf">report</a>')).has('WordPress'));
  });

  it('_ga alone is weak; _ga with _ga_<id> is Google Analytics', () => {
    assert.equal(detect(exampleInput({ cookies: ['_ga'] })).flags.has_analytics_tag_a, false);
    assert.equal(detect(exampleInput({ cookies: ['_ga', '_ga_ABC123DEF4'] })).flags.has_analytics_tag_a, true);
  });

  it('resource hints (dns-prefetch, preconnect) are not tags', () => {
    const html =
      '<link rel="dns-prefetch" href="//www.google-analytics.com"><link rel="preconnect" href="//www.googleadservices.com"><link rel="dns-prefetch" href="//connect.facebook.net">';
    assert.deepEqual([...names(html)], []);
  });

  it('a script preload of analytics.js is the script itself', () => {
    assert.ok(names('<link rel="preload" href="//www.google-analytics.com/analytics.js" as="script">').has('Google Analytics'));
  });

  it('a commented-out snippet is not deployed', () => {
    const html =
      "<!-- Google Tag Manager --><!--<script>(function(w,d,s,l,i){j.src='https://www.googletagmanager.com/gtm.js?id='+i+dl;})(window,document,'script','dataLayer','GTM-ABC1234');</script>--><!-- End Google Tag Manager -->";
    assert.equal(detect(exampleInput({ html })).flags.has_tag_manager, false);
  });

  it('an Optimize anti-flicker snippet is not a tag manager', () => {
    const html =
      "<script>(a[n]=a[n]||[]).hide=h;})(window,document.documentElement,'async-hide','dataLayer',4000,{'GTM-59BWW7J':true});ga('require','GTM-59BWW7J');</script>";
    const result = detect(exampleInput({ html }));
    assert.equal(result.flags.has_tag_manager, false);
    assert.ok(result.marketing_tools.includes('Google Optimize'));
  });

  it('a Google Ads gtag is not Google Analytics, and a GA id in a config object is not a tag', () => {
    const ads = detect(
      exampleInput({
        html: "<script async src=\"https://www.googletagmanager.com/gtag/js?id=AW-774768298\"></script><script>gtag('config', 'AW-774768298');</script>",
      }),
    );
    assert.deepEqual([ads.flags.has_ads_tag, ads.flags.has_analytics_tag_a], [true, false]);
    const config = detect(exampleInput({ html: '<script>var cfg = {"googleAnalyticsID":"UA-991406-1","maps":"x"};</script>' }));
    assert.equal(config.flags.has_analytics_tag_a, false);
  });

  it('host patterns are anchored: a longer host is not the vendor', () => {
    assert.ok(!names('<script src="https://notjs.stripe.com.example.org/x.js"></script>').has('Stripe'));
    assert.ok(names('<script src="https://js.stripe.com/v3/"></script>').has('Stripe'));
  });

  it('JSON-escaped URLs in inline scripts still match', () => {
    assert.ok(names('<script>var x = {"src":"https:\\/\\/connect.facebook.net\\/en_US\\/fbevents.js"};</script>').has('Meta Pixel'));
  });

  it('consent-gated code (type text/plain or text/template) counts, JSON-LD does not', () => {
    assert.ok(names('<script type="text/plain" data-consent="marketing">fbq(\'init\', \'1\');</script>').has('Meta Pixel'));
    assert.ok(!names('<script type="application/ld+json">{"text":"ttq.load( and fbq(\'init\'"}</script>').has('TikTok Pixel'));
  });

  it('a hotlinked product image from a store CDN is not the store platform', () => {
    assert.ok(!names('<img src="https://cdn.shopify.com/s/files/1/0001/products/shoe.jpg">').has('Shopify'));
    assert.ok(!names('<img src="https://static.wixstatic.com/media/abc.jpg">').has('Wix'));
  });
});
