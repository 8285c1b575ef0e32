/**
 * The technology vocabulary: one entry per canonical name, with the signals that reveal it on a
 * home page (HTML, headers, cookies, tag-manager containers) or in DNS. Written by us from facts
 * (hostnames, cookie names, header names, record prefixes); no third-party rule data is used.
 *
 * Provenance: every rule here and in rules/*.ts was written for this project from public vendor
 * documentation (embed snippets, documented hosts, globals, cookies, headers, DNS records) and
 * from observation of pages; nothing was copied from Wappalyzer, webappanalyzer or any other
 * (GPL or otherwise licensed) fingerprint data set.
 *
 * A signal is written as '<kind>:<pattern>', weak when it starts with '~' (strong otherwise):
 *   script:  substring of a script URL (src, or a script preload)      'script:js.stripe.com'
 *   style:   substring of a stylesheet URL (rel=stylesheet, or a preload as style or font)
 *                                                                     'style:/bootstrap.min.css'
 *   inline:  substring of inline script text                          "inline:fbq('init'"
 *   html:    substring of the markup outside comments, never inside an <a href> (a link to a
 *            vendor's site is no sign that the page uses it)           'html:data-wf-page='
 *   link:    an <a href> that starts with the pattern and whose next path segment names the site
 *            itself (its registrable name): a product's own link, such as a careers board at
 *            jobs.lever.co/<the company>                              'link:jobs.lever.co/'
 *   comment: substring of an HTML comment                             'comment:google tag manager'
 *   meta:    <meta name|property|http-equiv=NAME content ⊇ VALUE>     'meta:generator=wordpress'
 *   header:  response header NAME (value ⊇ VALUE when given)          'header:server=cloudflare'
 *   cookie:  cookie name, exact or prefix with a trailing *           'cookie:_ga_*'
 *   url:     host suffix of the final URL                             'url:myshopify.com'
 *   tag:     tag type of a live tag in a tag-manager container        'tag:__awct'
 *   container: substring of a container's (unescaped) text            'container:snap.licdn.com'
 *   mx / spf / cname: host suffix of an MX host, SPF include/redirect domain, CNAME target
 *   txt:     prefix of an apex TXT record                             'txt:stripe-verification='
 * Patterns are case-insensitive; a quote ' matches ' or "; / also matches a JSON-escaped \/; a
 * pattern that starts with a letter or digit must not be preceded by one (or by - or _), so
 * 'js.stripe.com' does not match 'xjs.stripe.com'. The html kind is the whole markup outside
 * comments, script URLs and inline code included. Patterns that need more than a literal use
 * rx(kind, /regex/, sample): written lower-case with ' for either quote, they start with a literal
 * lead of 3+ characters and are only tried where that lead occurs.
 *
 * script/inline/html patterns are also looked for inside containers (custom HTML tags inject the
 * same snippets): there they keep their strength for tags (ad_pixels, analytics, marketing_tools)
 * and become weak for everything else, since a container also mentions the site's own URLs.
 * DNS kinds report the technology in their own list: mx -> email_provider, spf -> spf_senders,
 * txt -> verified_services, cname -> hosting_cdn; every other kind reports it in its category.
 * A technology is reported on >= 1 strong or >= 2 distinct weak signals.
 */

import { TECH_CATEGORIES, type TechCategorySlug } from './taxonomy.ts';
import {
  DEFAULT_SLUGS,
  libVersions,
  rx,
  scriptUrl,
  ver,
  wpPluginVersions,
  type Category,
  type Example,
  type Flag,
  type SignalKind,
  type SignalSpec,
  type TechnologySpec,
  type VersionRule,
  type VersionSource,
} from './spec.ts';
import { RULES } from './rules/index.ts';

export * from './spec.ts';

const SPECS: TechnologySpec[] = [
  // ------------------------------------------------------------------ ad pixels and ad tags
  {
    name: 'Meta Pixel',
    category: 'ad_pixels',
    flag: 'has_pixel_a',
    aliases: ['Facebook Pixel', 'Meta pixel', 'Facebook Conversions'],
    signals: [
      rx('script', /connect\.facebook\.net\/[a-z_]+\/fbevents\.js/, 'https://connect.facebook.net/en_US/fbevents.js'),
      'script:connect.facebook.net/signals/config/',
      rx('inline', /connect\.facebook\.net\/[a-z_]+\/fbevents\.js/, "t.src='https://connect.facebook.net/en_US/fbevents.js'"),
      "inline:fbq('init'",
      'html:facebook.com/tr?id=',
      'html:facebook.com/tr/?id=',
      "~inline:fbq('track'",
      '~cookie:_fbp',
      '~cookie:_fbc',
    ],
    example: { html: "<script>fbq('init', '1234567890');</script>" },
  },
  {
    name: 'Google Ads',
    containerText: false,
    category: 'ad_pixels',
    flag: 'has_ads_tag',
    aliases: ['Google AdWords', 'AdWords', 'Google Ads conversion tracking'],
    signals: [
      rx('script', /googletagmanager\.com\/gtag\/js\?id=aw-/, 'https://www.googletagmanager.com/gtag/js?id=AW-123456789'),
      rx('inline', /gtag\('config', ?'aw-\d/, "gtag('config', 'AW-123456789');"),
      ...scriptUrl('googleadservices.com/pagead/conversion'),
      'inline:google_conversion_id',
      'html:googleads.g.doubleclick.net/pagead/viewthroughconversion/',
      'html:googleadservices.com/pagead/conversion/',
      'tag:__awct',
      'tag:__sp',
      rx('~inline', /'send_to': ?'aw-\d{6,12}/, "gtag('event', 'conversion', {'send_to': 'AW-123456789/abc'});"),
      rx('~container', /'aw-\d{6,12}'/, '"vtp_conversionId":"AW-123456789"'),
      '~tag:__gclidw',
      '~cookie:_gcl_au',
      '~cookie:_gcl_aw',
    ],
    example: { html: '<script async src="https://www.googletagmanager.com/gtag/js?id=AW-123456789"></script>' },
  },
  {
    name: 'Google Campaign Manager 360',
    containerText: false,
    category: 'ad_pixels',
    aliases: ['DoubleClick Floodlight', 'Floodlight', 'Campaign Manager'],
    signals: [
      'html:fls.doubleclick.net/activityi',
      'html:ad.doubleclick.net/activity',
      'tag:__flc',
      'tag:__fls',
      rx('script', /googletagmanager\.com\/gtag\/js\?id=dc-/, 'https://www.googletagmanager.com/gtag/js?id=DC-1234567'),
      rx('inline', /gtag\('config', ?'dc-\d/, "gtag('config', 'DC-1234567');"),
    ],
  },
  {
    name: 'Microsoft Advertising UET',
    category: 'ad_pixels',
    aliases: ['Bing Ads', 'Microsoft Ads', 'UET tag'],
    signals: [...scriptUrl('bat.bing.com/bat.js'), 'html:bat.bing.com/action/', 'tag:__baut', '~cookie:_uetsid', '~cookie:_uetvid'],
  },
  {
    name: 'LinkedIn Insight Tag',
    category: 'ad_pixels',
    flag: 'has_pixel_b',
    aliases: ['LinkedIn Insight', 'LinkedIn Ads'],
    signals: [
      ...scriptUrl('snap.licdn.com/li.lms-analytics/insight.min.js'),
      'inline:_linkedin_partner_id',
      'html:px.ads.linkedin.com/collect',
      'html:dc.ads.linkedin.com/collect',
      'tag:__bzi',
      '~cookie:li_fat_id',
    ],
    example: { html: '<script>_linkedin_partner_id = "123456";</script>' },
  },
  {
    name: 'TikTok Pixel',
    category: 'ad_pixels',
    flag: 'has_pixel_c',
    aliases: ['TikTok Ads'],
    signals: [...scriptUrl('analytics.tiktok.com/i18n/pixel/events.js'), 'inline:ttq.load(', 'inline:tiktokanalyticsobject', '~cookie:_ttp'],
    example: { html: "<script>ttq.load('C123ABC');ttq.page();</script>" },
  },
  {
    name: 'X Pixel',
    category: 'ad_pixels',
    aliases: ['Twitter Pixel', 'Twitter Ads', 'X Ads'],
    signals: [
      ...scriptUrl('static.ads-twitter.com/uwt.js'),
      "inline:twq('init'",
      "inline:twq('config'",
      'html:analytics.twitter.com/i/adsct',
      'html:t.co/i/adsct',
      'tag:__twitter_website_tag',
      '~cookie:_twclid',
    ],
  },
  {
    name: 'Pinterest Tag',
    category: 'ad_pixels',
    aliases: ['Pinterest Ads', 'Pinterest pixel'],
    signals: [...scriptUrl('s.pinimg.com/ct/core.js'), "inline:pintrk('load'", 'html:ct.pinterest.com/v3/?', '~cookie:_pin_unauth', '~cookie:_pinterest_ct_ua'],
  },
  {
    name: 'Snap Pixel',
    category: 'ad_pixels',
    aliases: ['Snapchat Pixel', 'Snapchat Ads'],
    signals: [...scriptUrl('sc-static.net/scevent.min.js'), "inline:snaptr('init'", '~cookie:_scid', '~cookie:_sctr'],
  },
  {
    name: 'Reddit Pixel',
    category: 'ad_pixels',
    aliases: ['Reddit Ads'],
    signals: [...scriptUrl('redditstatic.com/ads/pixel.js'), "inline:rdt('init'", 'html:alb.reddit.com/rp.gif', '~cookie:_rdt_uuid'],
  },
  {
    name: 'Quora Pixel',
    category: 'ad_pixels',
    aliases: ['Quora Ads'],
    signals: [...scriptUrl('a.quora.com/qevents.js'), "inline:qp('init'", 'html:q.quora.com/_/ad/'],
  },
  {
    name: 'Criteo',
    category: 'ad_pixels',
    signals: ['script:static.criteo.net/js/ld/', 'script:dynamic.criteo.com/js/ld/', 'inline:criteo_q', '~cookie:cto_bundle'],
  },
  { name: 'AdRoll', category: 'ad_pixels', signals: [...scriptUrl('s.adroll.com/j/'), 'inline:adroll_adv_id', '~cookie:__adroll_fpc'] },
  {
    name: 'Taboola',
    category: 'ad_pixels',
    signals: [...scriptUrl('cdn.taboola.com/libtrc/'), 'inline:_tfa.push(', 'inline:window._taboola'],
  },
  {
    name: 'Outbrain',
    category: 'ad_pixels',
    signals: ['script:widgets.outbrain.com/outbrain.js', ...scriptUrl('amplify.outbrain.com/cp/obtp.js'), "inline:obapi('track'"],
  },
  {
    name: 'Yahoo Advertising',
    category: 'ad_pixels',
    aliases: ['Yahoo Dot Tag', 'Verizon Media'],
    signals: [...scriptUrl('s.yimg.com/wi/ytc.js'), 'html:sp.analytics.yahoo.com/spp.pl'],
  },
  { name: 'Amazon Ads', category: 'ad_pixels', aliases: ['Amazon DSP'], signals: ['html:s.amazon-adsystem.com/iu3?', 'inline:amazon-adsystem.com/iu3?'] },
  {
    name: 'Amazon Publisher Services',
    category: 'ad_pixels',
    aliases: ['APS', 'Amazon TAM'],
    signals: [...scriptUrl('c.amazon-adsystem.com/aax2/apstag.js'), 'inline:apstag.init('],
  },
  {
    name: 'Google AdSense',
    category: 'ad_pixels',
    aliases: ['AdSense'],
    signals: [
      'script:pagead2.googlesyndication.com/pagead/js/adsbygoogle.js',
      "html:class='adsbygoogle",
      "html:data-ad-client='ca-pub-",
      '~inline:adsbygoogle',
    ],
  },
  {
    name: 'Google Ad Manager',
    category: 'ad_pixels',
    aliases: ['DoubleClick for Publishers', 'DFP', 'Google Publisher Tag', 'GPT'],
    signals: [
      'script:securepubads.g.doubleclick.net/tag/js/gpt.js',
      'script:googletagservices.com/tag/js/gpt.js',
      'inline:securepubads.g.doubleclick.net/tag/js/gpt.js',
      'inline:googletagservices.com/tag/js/gpt.js',
      'inline:googletag.defineslot(',
      '~inline:googletag.cmd',
    ],
  },
  {
    name: 'Prebid.js',
    category: 'ad_pixels',
    categories: ['advertising', 'javascript-library'],
    aliases: ['Prebid'],
    signals: [
      'inline:pbjs.addadunits(',
      'inline:pbjs.requestbids(',
      '~inline:pbjs.que',
      rx('~script', /\/prebid[\w.-]*\.js/, 'https://cdn.example.com/prebid4.1.0.js'),
    ],
  },
  { name: 'Media.net', category: 'ad_pixels', signals: [...scriptUrl('contextual.media.net/dmedianet.js')] },
  {
    name: 'Quantcast',
    category: 'ad_pixels',
    aliases: ['Quantcast Measure'],
    signals: [...scriptUrl('quantserve.com/quant.js'), 'inline:_qevents', '~cookie:__qca'],
  },
  { name: 'The Trade Desk', category: 'ad_pixels', aliases: ['TTD'], signals: ['script:js.adsrvr.org/up_loader', 'html:insight.adsrvr.org/track/'] },
  { name: 'VK Pixel', category: 'ad_pixels', aliases: ['VK Retargeting'], signals: ['html:vk.com/rtrg?p=', 'inline:vk.retargeting.init('] },
  { name: 'Mediavine', category: 'ad_pixels', signals: [...scriptUrl('scripts.mediavine.com/tags/')] },
  { name: 'Raptive', category: 'ad_pixels', aliases: ['AdThrive'], signals: [...scriptUrl('ads.adthrive.com/sites/')] },
  { name: 'Ezoic', category: 'ad_pixels', signals: ['script:go.ezoic.net/', 'script:ezojs.com/', 'inline:ezstandalone', '~cookie:ezoab_*'] },
  { name: 'Index Exchange', category: 'ad_pixels', signals: [...scriptUrl('js-sec.indexww.com/ht/')] },
  {
    name: 'Magnite',
    category: 'ad_pixels',
    aliases: ['Rubicon Project'],
    signals: ['script:micro.rubiconproject.com/prebid/', 'script:ads.rubiconproject.com/', '~html:.rubiconproject.com/'],
  },
  { name: 'Xandr', category: 'ad_pixels', aliases: ['AppNexus'], signals: [...scriptUrl('acdn.adnxs.com/ast/'), '~html:ib.adnxs.com'] },
  { name: 'Sovrn', category: 'ad_pixels', aliases: ['Sovrn //Signal'], signals: [...scriptUrl('ap.lijit.com/')] },
  { name: 'Teads', category: 'ad_pixels', signals: [...scriptUrl('a.teads.tv/page/')] },
  {
    name: 'Moat',
    category: 'ad_pixels',
    categories: ['ad-verification'],
    aliases: ['Oracle Moat'],
    signals: [...scriptUrl('z.moatads.com/')],
  },
  {
    name: 'Integral Ad Science',
    category: 'ad_pixels',
    categories: ['ad-verification'],
    aliases: ['IAS'],
    signals: ['script:static.adsafeprotected.com/', 'script:pixel.adsafeprotected.com/', 'inline:adsafeprotected.com/'],
  },
  {
    name: 'DoubleVerify',
    category: 'ad_pixels',
    categories: ['ad-verification'],
    signals: ['script:cdn.doubleverify.com/', ...scriptUrl('pub.doubleverify.com/')],
  },
  { name: 'Nativo', category: 'ad_pixels', signals: [...scriptUrl('s.ntv.io/serve/load.js')] },
  { name: 'Revcontent', category: 'ad_pixels', signals: ['script:labs-cdn.revcontent.com/', ...scriptUrl('trends.revcontent.com/')] },
  { name: 'MGID', category: 'ad_pixels', signals: [...scriptUrl('jsc.mgid.com/')] },
  { name: 'PubMatic', category: 'ad_pixels', signals: [...scriptUrl('ads.pubmatic.com/adserver/js/')] },
  { name: 'StackAdapt', category: 'ad_pixels', signals: [...scriptUrl('tags.srv.stackadapt.com/'), "inline:saq('ts'"] },
  { name: 'Sharethrough', category: 'ad_pixels', signals: [...scriptUrl('native.sharethrough.com/')] },
  { name: 'Adform', category: 'ad_pixels', signals: ['script:s2.adform.net/', 'html:track.adform.net/'] },
  { name: 'Equativ', category: 'ad_pixels', aliases: ['Smart AdServer'], signals: [...scriptUrl('ced.sascdn.com/')] },
  { name: 'GumGum', category: 'ad_pixels', signals: [...scriptUrl('js.gumgum.com/')] },
  {
    name: 'Lotame',
    category: 'ad_pixels',
    categories: ['advertising', 'customer-data-platform'],
    signals: [...scriptUrl('tags.crwdcntrl.net/')],
  },
  {
    name: 'LiveRamp',
    category: 'ad_pixels',
    categories: ['advertising', 'customer-data-platform'],
    aliases: ['LiveRamp ATS'],
    signals: [...scriptUrl('ats.rlcdn.com/'), 'inline:ats-wrapper.privacymanager.io/'],
  },
  {
    name: 'ID5',
    category: 'ad_pixels',
    categories: ['advertising', 'customer-data-platform'],
    signals: [...scriptUrl('cdn.id5-sync.com/')],
  },
  {
    name: 'OpenX',
    category: 'ad_pixels',
    signals: ['script:.servedbyopenx.com/', rx('script', /\.openx\.net\/w\/1\.0\/jstag/, 'https://ox-d.example.openx.net/w/1.0/jstag'), '~html:.openx.net/'],
  },

  // ------------------------------------------------------------------ analytics
  {
    name: 'Google Analytics',
    containerText: false,
    category: 'analytics',
    flag: 'has_analytics_tag_a',
    aliases: ['GA4', 'Universal Analytics', 'Google Analytics 4'],
    signals: [
      'script:google-analytics.com/analytics.js',
      'script:google-analytics.com/ga.js',
      'script:google-analytics.com/urchin.js',
      'script:stats.g.doubleclick.net/dc.js',
      rx('script', /googletagmanager\.com\/gtag\/js\?id=(?:g|ua)-/, 'https://www.googletagmanager.com/gtag/js?id=G-ABC123DEF4'),
      'inline:google-analytics.com/analytics.js',
      'inline:google-analytics.com/ga.js',
      rx('inline', /gtag\('config', ?'(?:g|ua)-/, "gtag('config', 'G-ABC123DEF4');"),
      "inline:ga('create'",
      "inline:__gatracker('create'",
      "inline:_gaq.push(['_setaccount'",
      'inline:_gat._gettracker(',
      'tag:__googtag',
      'tag:__gaawc',
      'tag:__gaawe',
      'tag:__ua',
      rx('~inline', /'ua-\d{4,10}-\d{1,4}'/, "{'ga_ua': 'UA-12345-1'}"),
      '~cookie:_ga',
      '~cookie:_ga_*',
      '~cookie:_gid',
    ],
    example: { html: '<script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123DEF4"></script>' },
  },
  {
    name: 'Adobe Analytics',
    category: 'analytics',
    aliases: ['Omniture', 'SiteCatalyst'],
    signals: [
      rx('script', /\/appmeasurement(?:\.min)?\.js/, 'https://example.com/js/AppMeasurement.min.js'),
      'html:.2o7.net/',
      'html:.omtrdc.net/b/ss/',
      '~inline:s_account',
      '~cookie:s_cc',
      '~cookie:s_sq',
      '~cookie:s_vi',
    ],
  },
  {
    name: 'Hotjar',
    category: 'analytics',
    categories: ['analytics', 'session-replay'],
    signals: [
      ...scriptUrl('static.hotjar.com/c/hotjar-'),
      'inline:_hjsettings',
      'tag:__hjtc',
      '~cookie:_hjsessionuser_*',
      '~cookie:_hjsession_*',
      '~cookie:_hjid',
    ],
  },
  {
    name: 'Microsoft Clarity',
    category: 'analytics',
    categories: ['analytics', 'session-replay'],
    signals: [...scriptUrl('clarity.ms/tag/'), '~cookie:_clck', '~cookie:_clsk'],
  },
  {
    name: 'Mixpanel',
    category: 'analytics',
    signals: [...scriptUrl('cdn.mxpnl.com/libs/'), 'inline:mixpanel.init(', 'txt:mixpanel-domain-verify='],
  },
  {
    name: 'Amplitude',
    category: 'analytics',
    signals: ['script:cdn.amplitude.com/libs/', 'script:cdn.amplitude.com/script/', 'inline:cdn.amplitude.com/libs/', 'inline:amplitude.getinstance().init('],
  },
  {
    name: 'Heap',
    category: 'analytics',
    aliases: ['Heap Analytics'],
    signals: [...scriptUrl('cdn.heapanalytics.com/js/'), 'inline:heap.load(', '~cookie:_hp2_id.*', '~cookie:_hp2_ses_props.*'],
  },
  {
    name: 'Segment',
    category: 'analytics',
    categories: ['customer-data-platform', 'analytics'],
    aliases: ['Twilio Segment'],
    signals: [
      ...scriptUrl('cdn.segment.com/analytics.js/'),
      '~cookie:ajs_anonymous_id',
      '~cookie:ajs_user_id',
      'txt:segment-site-verification',
      'txt:segment-domain-verification=',
    ],
  },
  {
    name: 'Matomo',
    category: 'analytics',
    aliases: ['Piwik'],
    signals: ['inline:_paq.push(', 'script:cdn.matomo.cloud/', '~script:/matomo.js', '~script:/piwik.js', '~cookie:_pk_id.*', '~cookie:_pk_ses.*'],
  },
  { name: 'Plausible', category: 'analytics', aliases: ['Plausible Analytics'], signals: ['script:plausible.io/js/'] },
  { name: 'Fathom', category: 'analytics', aliases: ['Fathom Analytics'], signals: ['script:cdn.usefathom.com/'] },
  { name: 'Simple Analytics', category: 'analytics', signals: ['script:scripts.simpleanalyticscdn.com/'] },
  { name: 'Cloudflare Web Analytics', category: 'analytics', signals: ['script:static.cloudflareinsights.com/beacon.min.js'] },
  {
    name: 'Yandex Metrica',
    category: 'analytics',
    aliases: ['Yandex.Metrica', 'Yandex Metrika'],
    signals: [
      ...scriptUrl('mc.yandex.ru/metrika/'),
      'script:cdn.jsdelivr.net/npm/yandex-metrica-watch/',
      'html:mc.yandex.ru/watch/',
      '~cookie:_ym_uid',
      '~cookie:_ym_d',
    ],
  },
  { name: 'Chartbeat', category: 'analytics', signals: [...scriptUrl('static.chartbeat.com/js/'), 'inline:_sf_async_config'] },
  {
    name: 'Parse.ly',
    category: 'analytics',
    aliases: ['Parsely'],
    signals: [
      'script:cdn.parsely.com/keys/',
      'script:d1z2jf7jlzjs58.cloudfront.net/keys/',
      'inline:cdn.parsely.com/keys/',
      '~meta:parsely-title',
      '~meta:parsely-metadata',
      '~html:data-parsely-site=',
    ],
  },
  {
    name: 'comScore',
    category: 'analytics',
    aliases: ['Comscore'],
    signals: [...scriptUrl('sb.scorecardresearch.com/'), 'html:sb.scorecardresearch.com/p?', 'inline:_comscore'],
  },
  {
    name: 'Nielsen',
    category: 'analytics',
    aliases: ['Nielsen DCR'],
    signals: ['script:secure-dcr.imrworldwide.com/', 'script:cdn-gl.imrworldwide.com/', 'inline:imrworldwide.com/'],
  },
  {
    name: 'New Relic',
    category: 'analytics',
    categories: ['monitoring'],
    aliases: ['New Relic Browser'],
    signals: [...scriptUrl('js-agent.newrelic.com/'), 'inline:window.nreum', 'html:bam.nr-data.net'],
  },
  {
    name: 'Datadog RUM',
    category: 'analytics',
    categories: ['monitoring'],
    aliases: ['Datadog'],
    signals: [...scriptUrl('datadoghq-browser-agent.com/'), 'inline:dd_rum.init('],
  },
  {
    name: 'Sentry',
    category: 'analytics',
    categories: ['monitoring'],
    versions: [ver('script', /sentry-cdn\.com\/(\d+\.\d+\.\d+)\//)],
    signals: ['script:browser.sentry-cdn.com/', 'script:js.sentry-cdn.com/', 'inline:browser.sentry-cdn.com/', '~inline:sentry.init('],
  },
  {
    name: 'FullStory',
    category: 'analytics',
    categories: ['analytics', 'session-replay'],
    signals: [...scriptUrl('edge.fullstory.com/s/fs.js'), "inline:window['_fs_org']", 'inline:_fs_org'],
  },
  {
    name: 'Crazy Egg',
    category: 'analytics',
    categories: ['analytics', 'session-replay'],
    aliases: ['CrazyEgg'],
    signals: [...scriptUrl('script.crazyegg.com/pages/scripts/')],
  },
  {
    name: 'Mouseflow',
    category: 'analytics',
    categories: ['analytics', 'session-replay'],
    signals: [...scriptUrl('cdn.mouseflow.com/projects/'), '~inline:_mfq'],
  },
  {
    name: 'Lucky Orange',
    category: 'analytics',
    categories: ['analytics', 'session-replay'],
    signals: [...scriptUrl('tools.luckyorange.com/core/lo.js')],
  },
  {
    name: 'Smartlook',
    category: 'analytics',
    categories: ['analytics', 'session-replay'],
    signals: [...scriptUrl('rec.smartlook.com/recorder.js'), "inline:smartlook('init'"],
  },
  {
    name: 'Contentsquare',
    category: 'analytics',
    categories: ['analytics', 'session-replay'],
    signals: [...scriptUrl('t.contentsquare.net/uxa/')],
  },
  {
    name: 'Quantum Metric',
    category: 'analytics',
    categories: ['analytics', 'session-replay'],
    signals: [...scriptUrl('cdn.quantummetric.com/')],
  },
  {
    name: 'Pendo',
    category: 'analytics',
    signals: [...scriptUrl('cdn.pendo.io/agent/static/'), 'inline:pendo.initialize(', 'txt:pendo-domain-verification='],
  },
  {
    name: 'PostHog',
    category: 'analytics',
    signals: ['script:app.posthog.com/static/array.js', 'script:i.posthog.com/static/array.js', 'inline:posthog.init('],
  },
  {
    name: 'Kissmetrics',
    category: 'analytics',
    signals: ['script:i.kissmetrics.io/i.js', 'script:scripts.kissmetrics.io/', 'inline:i.kissmetrics.io/i.js', '~inline:_kmq'],
  },
  { name: 'Woopra', category: 'analytics', signals: [...scriptUrl('static.woopra.com/js/')] },
  { name: 'Clicky', category: 'analytics', signals: [...scriptUrl('static.getclicky.com/'), 'html:in.getclicky.com/'] },
  { name: 'StatCounter', category: 'analytics', signals: ['script:statcounter.com/counter/counter.js', 'inline:sc_project=', '~html:c.statcounter.com/'] },
  { name: 'Piwik PRO', category: 'analytics', signals: [...scriptUrl('containers.piwik.pro/')] },
  {
    name: 'Snowplow',
    category: 'analytics',
    signals: ["inline:snowplow('newtracker'", "inline:window.snowplow('", rx('~script', /\/sp(?:\.min)?\.js/, 'https://cdn.example.com/sp.js')],
  },
  { name: 'Vercel Analytics', category: 'analytics', signals: ['script:/_vercel/insights/script.js', 'script:va.vercel-scripts.com/'] },
  { name: 'Baidu Analytics', category: 'analytics', aliases: ['Baidu Tongji'], signals: [...scriptUrl('hm.baidu.com/hm.js')] },
  {
    name: 'Mail.ru Top',
    category: 'analytics',
    aliases: ['Top.Mail.Ru'],
    signals: [...scriptUrl('top-fwz1.mail.ru/js/code.js'), 'inline:_tmr.push('],
  },
  { name: 'LiveInternet', category: 'analytics', signals: ['html:counter.yadro.ru/hit', 'inline:counter.yadro.ru/hit'] },
  { name: 'Gemius', category: 'analytics', signals: ['inline:gemius_identifier', 'script:.hit.gemius.pl/'] },
  {
    name: 'Tealium AudienceStream',
    category: 'analytics',
    categories: ['customer-data-platform', 'analytics'],
    implies: ['Tealium iQ'],
    signals: [...scriptUrl('tags.tiqcdn.com/utag/tiqapp/')],
  },

  // ------------------------------------------------------------------ marketing tools (incl. tag managers)
  {
    name: 'Google Tag Manager',
    containerText: false,
    category: 'marketing_tools',
    categories: ['tag-manager'],
    flag: 'has_tag_manager',
    aliases: ['GTM'],
    signals: [
      'script:googletagmanager.com/gtm.js',
      rx('script', /\/gtm\.js\?id=gtm-/, 'https://sst.example.com/gtm.js?id=GTM-ABCD123'),
      'inline:googletagmanager.com/gtm.js',
      "inline:'gtm.start'",
      'html:googletagmanager.com/ns.html?id=gtm-',
      '~comment:google tag manager',
    ],
    example: { html: '<script async src="https://www.googletagmanager.com/gtm.js?id=GTM-ABCD123"></script>' },
  },
  {
    name: 'Tealium iQ',
    category: 'marketing_tools',
    categories: ['tag-manager'],
    flag: 'has_tag_manager',
    aliases: ['Tealium'],
    signals: [...scriptUrl('tags.tiqcdn.com/utag/'), '~inline:utag_data'],
  },
  {
    name: 'Adobe Experience Platform Tags',
    category: 'marketing_tools',
    categories: ['tag-manager'],
    flag: 'has_tag_manager',
    aliases: ['Adobe Launch', 'Adobe DTM', 'Adobe Dynamic Tag Management'],
    signals: [...scriptUrl('assets.adobedtm.com/')],
  },
  {
    name: 'Ensighten',
    category: 'marketing_tools',
    categories: ['tag-manager'],
    flag: 'has_tag_manager',
    signals: [...scriptUrl('nexus.ensighten.com/')],
  },
  {
    name: 'Matomo Tag Manager',
    category: 'marketing_tools',
    categories: ['tag-manager'],
    flag: 'has_tag_manager',
    signals: [rx('script', /\/container_[a-z0-9]{8}\.js/, 'https://stats.example.org/js/container_AbCd1234.js'), 'inline:_mtm.push('],
  },
  {
    name: 'Commanders Act',
    category: 'marketing_tools',
    categories: ['tag-manager'],
    flag: 'has_tag_manager',
    aliases: ['TagCommander'],
    signals: [...scriptUrl('cdn.tagcommander.com/')],
  },
  {
    name: 'HubSpot',
    category: 'marketing_tools',
    categories: ['marketing-automation', 'crm'],
    aliases: ['HubSpot Marketing Hub', 'HubSpot CRM'],
    signals: [
      'script:js.hs-scripts.com/',
      'script:js.hsforms.net/',
      'script:js.hs-analytics.net/',
      'script:js.hs-banner.com/',
      'script:js.usemessages.com/',
      'inline:js.hs-scripts.com/',
      'inline:hbspt.forms.create(',
      'inline:_hsq.push(',
      'cookie:hubspotutk',
      '~cookie:__hstc',
      '~cookie:__hssc',
      'spf:hubspotemail.net',
      'txt:hubspot-developer-verification=',
      'txt:hubspot-site-verification=',
      'txt:hubspot-domain-verification',
    ],
  },
  {
    name: 'Adobe Marketo Engage',
    category: 'marketing_tools',
    aliases: ['Marketo'],
    signals: [...scriptUrl('munchkin.marketo.net/'), 'inline:munchkin.init(', 'script:/js/forms2/js/forms2', 'cookie:_mkto_trk', 'spf:mktomail.com'],
  },
  {
    name: 'Salesforce Pardot',
    category: 'marketing_tools',
    aliases: ['Pardot', 'Marketing Cloud Account Engagement'],
    signals: [...scriptUrl('pi.pardot.com/'), '~inline:piaid', '~inline:picid', 'spf:pardot.com', 'txt:pardot_', 'txt:pardot-domain-verification='],
  },
  {
    name: 'Salesforce',
    category: 'marketing_tools',
    categories: ['crm'],
    aliases: ['Salesforce CRM', 'Sales Cloud', 'Service Cloud'],
    signals: ['script:service.force.com/embeddedservice/', 'inline:embedded_svc.init(', 'spf:_spf.salesforce.com'],
  },
  {
    name: 'Salesforce Marketing Cloud',
    category: 'marketing_tools',
    categories: ['marketing-automation', 'email-marketing'],
    aliases: ['ExactTarget'],
    signals: ['spf:exacttarget.com', ...scriptUrl('cdn.evgnet.com/beacon/')],
  },
  {
    name: 'Mailchimp',
    category: 'marketing_tools',
    categories: ['email-marketing'],
    aliases: ['MailChimp'],
    signals: [
      ...scriptUrl('chimpstatic.com/mcjs-connected/'),
      'html:list-manage.com/subscribe/post',
      'script:s3.amazonaws.com/downloads.mailchimp.com/js/mc-validate.js',
      'spf:servers.mcsv.net',
      'spf:mcsv.net',
    ],
  },
  { name: 'Mailchimp Transactional', category: 'spf_senders', aliases: ['Mandrill'], signals: ['spf:spf.mandrillapp.com', 'spf:mandrillapp.com'] },
  {
    name: 'Klaviyo',
    category: 'marketing_tools',
    categories: ['marketing-automation', 'email-marketing'],
    signals: [
      'script:static.klaviyo.com/onsite/js/',
      'script:a.klaviyo.com/media/js/',
      'inline:static.klaviyo.com/onsite/js/',
      'inline:_learnq',
      'cookie:__kla_id',
    ],
  },
  {
    name: 'Intercom',
    category: 'marketing_tools',
    categories: ['live-chat'],
    signals: [
      'script:widget.intercom.io/widget/',
      'script:js.intercomcdn.com/',
      'inline:widget.intercom.io/widget/',
      'inline:intercomsettings',
      '~cookie:intercom-id-*',
      '~cookie:intercom-session-*',
    ],
  },
  {
    name: 'Drift',
    category: 'marketing_tools',
    categories: ['live-chat'],
    signals: [...scriptUrl('js.driftt.com/include/'), 'inline:drift.load(', 'txt:drift-domain-verification='],
  },
  {
    name: 'Zendesk',
    category: 'marketing_tools',
    categories: ['customer-support', 'live-chat'],
    aliases: ['Zendesk Chat', 'Zopim'],
    signals: ['script:static.zdassets.com/ekr/snippet.js', ...scriptUrl('v2.zopim.com/'), '~html:.zendesk.com/hc/', 'spf:mail.zendesk.com', 'spf:zendesk.com'],
  },
  {
    name: 'LiveChat',
    category: 'marketing_tools',
    categories: ['live-chat'],
    signals: [...scriptUrl('cdn.livechatinc.com/tracking.js'), 'inline:__lc.license'],
  },
  {
    name: 'tawk.to',
    category: 'marketing_tools',
    categories: ['live-chat'],
    aliases: ['Tawk'],
    signals: [...scriptUrl('embed.tawk.to/'), 'inline:tawk_api'],
  },
  {
    name: 'Crisp',
    category: 'marketing_tools',
    categories: ['live-chat'],
    aliases: ['Crisp Chat'],
    signals: [...scriptUrl('client.crisp.chat/l.js'), 'inline:crisp_website_id'],
  },
  {
    name: 'Olark',
    category: 'marketing_tools',
    categories: ['live-chat'],
    signals: [...scriptUrl('static.olark.com/jsclient/'), "inline:olark.identify('"],
  },
  {
    name: 'Freshworks',
    category: 'marketing_tools',
    categories: ['customer-support', 'live-chat'],
    aliases: ['Freshdesk', 'Freshchat'],
    signals: ['script:wchat.freshchat.com/js/widget.js', ...scriptUrl('widget.freshworks.com/widgets/'), 'spf:email.freshdesk.com'],
  },
  { name: 'Tidio', category: 'marketing_tools', categories: ['live-chat'], signals: [...scriptUrl('code.tidio.co/')] },
  {
    name: 'Help Scout',
    category: 'marketing_tools',
    categories: ['customer-support'],
    aliases: ['HelpScout'],
    signals: [...scriptUrl('beacon-v2.helpscout.net'), 'spf:helpscoutemail.com'],
  },
  {
    name: 'Qualified',
    category: 'marketing_tools',
    categories: ['live-chat'],
    signals: [...scriptUrl('js.qualified.com/qualified.js')],
  },
  {
    name: 'Optimizely',
    category: 'marketing_tools',
    categories: ['a-b-testing'],
    signals: [...scriptUrl('cdn.optimizely.com/js/'), '~cookie:optimizelyenduserid'],
  },
  {
    name: 'VWO',
    category: 'marketing_tools',
    categories: ['a-b-testing'],
    aliases: ['Visual Website Optimizer'],
    signals: [...scriptUrl('dev.visualwebsiteoptimizer.com/'), 'inline:_vwo_code', '~cookie:_vwo_uuid*'],
  },
  {
    name: 'Google Optimize',
    containerText: false,
    category: 'marketing_tools',
    categories: ['a-b-testing'],
    signals: [
      ...scriptUrl('googleoptimize.com/optimize.js'),
      "~inline:'async-hide'",
      rx('~inline', /require', ?'(?:gtm|opt)-[a-z0-9]{4,9}'/, "ga('require', 'GTM-ABC1234');"),
    ],
  },
  { name: 'Adobe Target', category: 'marketing_tools', categories: ['a-b-testing'], signals: ['html:tt.omtrdc.net/', 'inline:adobe.target.', '~cookie:mbox'] },
  {
    name: 'AB Tasty',
    category: 'marketing_tools',
    categories: ['a-b-testing'],
    aliases: ['ABTasty'],
    signals: [...scriptUrl('try.abtasty.com/')],
  },
  {
    name: 'Kameleoon',
    category: 'marketing_tools',
    categories: ['a-b-testing'],
    signals: ['script:.kameleoon.eu/', 'script:.kameleoon.io/', 'inline:kameleoonqueue'],
  },
  { name: 'Unbounce', category: 'marketing_tools', signals: [...scriptUrl('ubembed.com/')] },
  {
    name: 'OptinMonster',
    category: 'marketing_tools',
    signals: [...scriptUrl('a.omappapi.com/app/js/api.min.js'), '~html:.opmnstr.com'],
  },
  { name: 'Sumo', category: 'marketing_tools', aliases: ['SumoMe'], signals: [...scriptUrl('load.sumo.com/'), 'script:load.sumome.com/'] },
  { name: 'Privy', category: 'marketing_tools', signals: [...scriptUrl('widget.privy.com/assets/widget.js')] },
  { name: 'Attentive', category: 'marketing_tools', signals: [...scriptUrl('cdn.attn.tv/')] },
  { name: 'Postscript', category: 'marketing_tools', signals: [...scriptUrl('sdk.postscript.io/')] },
  {
    name: 'Yotpo',
    category: 'marketing_tools',
    categories: ['reviews'],
    signals: ['script:staticw2.yotpo.com/', 'script:cdn-widgetsrepository.yotpo.com/', 'inline:staticw2.yotpo.com/'],
  },
  {
    name: 'Trustpilot',
    category: 'marketing_tools',
    categories: ['reviews'],
    signals: [...scriptUrl('widget.trustpilot.com/bootstrap/'), "~html:class='trustpilot-widget'"],
  },
  { name: 'Bazaarvoice', category: 'marketing_tools', categories: ['reviews'], signals: [...scriptUrl('apps.bazaarvoice.com/')] },
  { name: 'Judge.me', category: 'marketing_tools', categories: ['reviews'], signals: [...scriptUrl('cdn.judge.me/')] },
  {
    name: 'Gorgias',
    category: 'marketing_tools',
    categories: ['customer-support', 'live-chat'],
    signals: [...scriptUrl('config.gorgias.chat/')],
  },
  {
    name: 'Zoho SalesIQ',
    category: 'marketing_tools',
    categories: ['live-chat'],
    signals: ['script:salesiq.zoho.com/widget', 'script:salesiq.zohopublic.com/', 'inline:salesiq.zoho', 'inline:$zoho.salesiq'],
  },
  {
    name: 'ActiveCampaign',
    category: 'marketing_tools',
    categories: ['marketing-automation', 'email-marketing'],
    signals: ['script:diffuser-cdn.app-us1.com/diffuser/', "inline:vgo('setaccount'", 'inline:diffuser-cdn.app-us1.com/diffuser/'],
  },
  {
    name: 'Constant Contact',
    category: 'marketing_tools',
    categories: ['email-marketing'],
    signals: [...scriptUrl('static.ctctcdn.com/js/signup-form-widget/'), 'spf:spf.constantcontact.com'],
  },
  {
    name: 'Campaign Monitor',
    category: 'marketing_tools',
    categories: ['email-marketing'],
    signals: [...scriptUrl('js.createsend1.com/'), 'spf:_spf.createsend.com'],
  },
  {
    name: 'Brevo',
    category: 'marketing_tools',
    categories: ['email-marketing'],
    aliases: ['Sendinblue'],
    signals: [
      ...scriptUrl('sibautomation.com/sa.js'),
      'script:sibforms.com/',
      'spf:spf.sendinblue.com',
      'spf:sendinblue.com',
      'spf:brevo.com',
      'txt:sendinblue-code:',
      'txt:brevo-code:',
    ],
  },
  {
    name: 'Kit',
    category: 'marketing_tools',
    categories: ['email-marketing'],
    aliases: ['ConvertKit'],
    signals: [...scriptUrl('f.convertkit.com/')],
  },
  { name: 'Drip', category: 'marketing_tools', categories: ['email-marketing'], signals: [...scriptUrl('tag.getdrip.com/')] },
  { name: 'Omnisend', category: 'marketing_tools', categories: ['email-marketing'], signals: [...scriptUrl('omnisnippet1.com/')] },
  {
    name: 'Customer.io',
    category: 'marketing_tools',
    categories: ['marketing-automation', 'email-marketing'],
    signals: [...scriptUrl('assets.customer.io/assets/track.js')],
  },
  {
    name: 'Braze',
    category: 'marketing_tools',
    categories: ['marketing-automation', 'email-marketing'],
    aliases: ['Appboy'],
    signals: [...scriptUrl('js.appboycdn.com/web-sdk/')],
  },
  {
    name: 'OneSignal',
    category: 'marketing_tools',
    categories: ['push-notifications'],
    signals: [...scriptUrl('cdn.onesignal.com/sdks/')],
  },
  {
    name: 'Calendly',
    category: 'marketing_tools',
    categories: ['scheduling'],
    signals: [...scriptUrl('assets.calendly.com/assets/external/widget.js')],
  },
  { name: 'Typeform', category: 'marketing_tools', categories: ['forms'], signals: [...scriptUrl('embed.typeform.com/')] },
  { name: 'Leadfeeder', category: 'marketing_tools', aliases: ['Dealfront'], signals: [...scriptUrl('sc.lfeeder.com/')] },
  {
    name: 'Clearbit',
    category: 'marketing_tools',
    aliases: ['Clearbit Reveal'],
    signals: [...scriptUrl('tag.clearbitscripts.com/')],
  },
  { name: '6sense', category: 'marketing_tools', signals: [...scriptUrl('j.6sc.co/')] },
  { name: 'Demandbase', category: 'marketing_tools', signals: [...scriptUrl('tag.demandbase.com/')] },
  {
    name: 'ZoomInfo',
    category: 'marketing_tools',
    aliases: ['ZoomInfo WebSights'],
    signals: [...scriptUrl('ws.zoominfo.com/pixel/')],
  },
  { name: 'Appcues', category: 'marketing_tools', signals: [...scriptUrl('fast.appcues.com/')] },
  { name: 'WalkMe', category: 'marketing_tools', signals: [...scriptUrl('cdn.walkme.com/users/')] },
  { name: 'Gainsight PX', category: 'marketing_tools', aliases: ['Aptrinsic'], signals: [...scriptUrl('web-sdk.aptrinsic.com/')] },
  {
    name: 'OneTrust',
    category: 'marketing_tools',
    categories: ['consent-management'],
    aliases: ['CookieLaw'],
    signals: [...scriptUrl('cdn.cookielaw.org/'), 'script:optanon.blob.core.windows.net/', 'cookie:optanonconsent', 'txt:onetrust-domain-verification='],
  },
  {
    name: 'Cookiebot',
    category: 'marketing_tools',
    categories: ['consent-management'],
    signals: [...scriptUrl('consent.cookiebot.com/'), '~cookie:cookieconsent'],
  },
  {
    name: 'TrustArc',
    category: 'marketing_tools',
    categories: ['consent-management'],
    aliases: ['TRUSTe'],
    signals: ['script:consent.trustarc.com/', 'script:consent.truste.com/', 'inline:consent.trustarc.com/', 'inline:consent.truste.com/'],
  },
  {
    name: 'Didomi',
    category: 'marketing_tools',
    categories: ['consent-management'],
    signals: [...scriptUrl('sdk.privacy-center.org/'), 'inline:didomiconfig'],
  },
  {
    name: 'Usercentrics',
    category: 'marketing_tools',
    categories: ['consent-management'],
    signals: ['script:app.usercentrics.eu/', 'script:web.cmp.usercentrics.eu/', 'inline:app.usercentrics.eu/'],
  },
  {
    name: 'Quantcast Choice',
    category: 'marketing_tools',
    categories: ['consent-management'],
    signals: ['script:quantcast.mgr.consensu.org/', 'script:cmp.quantcast.com/', 'inline:quantcast.mgr.consensu.org/', 'inline:cmp.quantcast.com/'],
  },
  { name: 'Osano', category: 'marketing_tools', categories: ['consent-management'], signals: [...scriptUrl('cmp.osano.com/')] },
  { name: 'iubenda', category: 'marketing_tools', categories: ['consent-management'], signals: [...scriptUrl('cdn.iubenda.com/')] },
  { name: 'CookieYes', category: 'marketing_tools', categories: ['consent-management'], signals: [...scriptUrl('cdn-cookieyes.com/')] },
  { name: 'Termly', category: 'marketing_tools', categories: ['consent-management'], signals: [...scriptUrl('app.termly.io/')] },
  {
    name: 'Sourcepoint',
    category: 'marketing_tools',
    categories: ['consent-management'],
    signals: [...scriptUrl('cdn.privacy-mgmt.com/'), 'inline:_sp_.config'],
  },
  { name: 'AddThis', category: 'marketing_tools', categories: ['social'], signals: [...scriptUrl('s7.addthis.com/js/')] },
  {
    name: 'ShareThis',
    category: 'marketing_tools',
    categories: ['social'],
    signals: [...scriptUrl('platform-api.sharethis.com/'), 'script:w.sharethis.com/'],
  },
  {
    name: 'Disqus',
    category: 'marketing_tools',
    categories: ['comments'],
    signals: [
      rx('script', /\.disqus\.com\/(?:embed|count)\.js/, 'https://example.disqus.com/embed.js'),
      rx('inline', /\.disqus\.com\/(?:embed|count)\.js/, "s.src = 'https://example.disqus.com/embed.js';"),
    ],
  },
  {
    name: 'Wistia',
    category: 'marketing_tools',
    categories: ['video'],
    signals: ['script:fast.wistia.com/', 'script:fast.wistia.net/', 'inline:fast.wistia.com/'],
  },
  { name: 'Vidyard', category: 'marketing_tools', categories: ['video'], signals: [...scriptUrl('play.vidyard.com/embed/')] },
  {
    name: 'Brightcove',
    category: 'marketing_tools',
    categories: ['video'],
    aliases: ['Brightcove Video Cloud'],
    signals: [...scriptUrl('players.brightcove.net/')],
  },
  {
    name: 'JW Player',
    category: 'marketing_tools',
    categories: ['video'],
    aliases: ['JWPlayer'],
    signals: ['script:cdn.jwplayer.com/libraries/', 'script:content.jwplatform.com/libraries/', 'inline:cdn.jwplayer.com/libraries/'],
  },
  { name: 'Skimlinks', category: 'marketing_tools', categories: ['affiliate'], signals: [...scriptUrl('s.skimresources.com/js/')] },
  {
    name: 'Sovrn Commerce',
    category: 'marketing_tools',
    categories: ['affiliate'],
    aliases: ['VigLink'],
    signals: [...scriptUrl('cdn.viglink.com/api/vglnk.js')],
  },
  { name: 'Awin', category: 'marketing_tools', categories: ['affiliate'], signals: [...scriptUrl('dwin1.com/')] },
  {
    name: 'impact.com',
    category: 'marketing_tools',
    categories: ['affiliate'],
    aliases: ['Impact Radius'],
    signals: [...scriptUrl('utt.impactcdn.com/')],
  },
  {
    name: 'Permutive',
    category: 'marketing_tools',
    categories: ['customer-data-platform', 'advertising'],
    signals: [...scriptUrl('cdn.permutive.com/'), 'inline:permutive.addon('],
  },
  {
    name: 'OpenWeb',
    category: 'marketing_tools',
    categories: ['comments'],
    aliases: ['Spot.IM'],
    signals: [...scriptUrl('launcher.spot.im/spot/')],
  },

  // ------------------------------------------------------------------ hosting and CDNs
  {
    name: 'Cloudflare',
    category: 'hosting_cdn',
    categories: ['cdn', 'security'],
    signals: [
      'header:server=cloudflare',
      'header:cf-ray',
      'header:cf-cache-status',
      'script:/cdn-cgi/scripts/',
      ...scriptUrl('/cdn-cgi/challenge-platform/'),
      'html:/cdn-cgi/l/email-protection',
      'html:data-cfemail=',
      "html:class='__cf_email__'",
      'html:/cdn-cgi/image/',
      'script:/cdn-cgi/zaraz/',
      'script:/cdn-cgi/rum',
      '~cookie:__cf_bm',
      '~cookie:__cfduid',
      '~cookie:cf_clearance',
      'cname:cdn.cloudflare.net',
    ],
  },
  { name: 'Cloudflare Email Routing', category: 'email_provider', signals: ['mx:mx.cloudflare.net'] },
  { name: 'cdnjs', category: 'hosting_cdn', categories: ['cdn'], signals: ['script:cdnjs.cloudflare.com/', 'style:cdnjs.cloudflare.com/'] },
  {
    name: 'jsDelivr',
    category: 'hosting_cdn',
    categories: ['cdn'],
    signals: [
      'script:cdn.jsdelivr.net/',
      'style:cdn.jsdelivr.net/',
      'script:fastly.jsdelivr.net/',
      'style:fastly.jsdelivr.net/',
      'script:gcore.jsdelivr.net/',
      'style:gcore.jsdelivr.net/',
    ],
  },
  { name: 'unpkg', category: 'hosting_cdn', categories: ['cdn'], signals: ['script:unpkg.com/'] },
  { name: 'Google Hosted Libraries', category: 'hosting_cdn', categories: ['cdn'], signals: ['script:ajax.googleapis.com/ajax/libs/'] },
  { name: 'jQuery CDN', category: 'hosting_cdn', categories: ['cdn'], signals: ['script:code.jquery.com/'] },
  { name: 'Microsoft Ajax CDN', category: 'hosting_cdn', categories: ['cdn'], signals: ['script:ajax.aspnetcdn.com/'] },
  {
    name: 'BootstrapCDN',
    category: 'hosting_cdn',
    categories: ['cdn'],
    signals: ['script:stackpath.bootstrapcdn.com/', 'script:maxcdn.bootstrapcdn.com/', 'html:stackpath.bootstrapcdn.com/', 'html:maxcdn.bootstrapcdn.com/'],
  },
  {
    name: 'Google Fonts',
    category: 'hosting_cdn',
    categories: ['font-service'],
    signals: ['html:fonts.googleapis.com/css', 'html:fonts.gstatic.com/s/', '~html:fonts.gstatic.com'],
  },
  {
    name: 'Adobe Fonts',
    category: 'hosting_cdn',
    categories: ['font-service'],
    aliases: ['Typekit'],
    signals: ['html:use.typekit.net/', 'html:p.typekit.net/', 'inline:typekit.load('],
  },
  {
    name: 'Amazon CloudFront',
    category: 'hosting_cdn',
    categories: ['cdn'],
    aliases: ['CloudFront'],
    signals: [
      'header:x-amz-cf-id',
      'header:x-amz-cf-pop',
      'header:via=cloudfront',
      'header:x-cache=cloudfront',
      'cname:cloudfront.net',
      '~script:.cloudfront.net/',
    ],
  },
  {
    name: 'Amazon S3',
    category: 'hosting_cdn',
    signals: ['header:server=amazons3', '~header:x-amz-request-id', '~header:x-amz-id-2', 'cname:s3.amazonaws.com'],
  },
  {
    name: 'Amazon Web Services',
    category: 'hosting_cdn',
    aliases: ['AWS', 'Amazon Elastic Load Balancing'],
    signals: [
      'cookie:awsalb',
      'cookie:awsalbcors',
      'cookie:awselb',
      'cname:elb.amazonaws.com',
      'cname:amazonaws.com',
      'header:x-amzn-requestid',
      'header:x-amzn-trace-id',
    ],
  },
  {
    name: 'Akamai',
    category: 'hosting_cdn',
    categories: ['cdn'],
    signals: [
      'header:x-akamai-transformed',
      'header:server=akamaighost',
      'header:server=akamainetstorage',
      'header:akamai-grn',
      'cname:akamaiedge.net',
      'cname:edgekey.net',
      'cname:edgesuite.net',
      'cname:akamai.net',
      'cname:akamaized.net',
      '~cookie:ak_bmsc',
      '~cookie:bm_sv',
      '~html:akamaihd.net',
    ],
  },
  {
    name: 'Fastly',
    category: 'hosting_cdn',
    categories: ['cdn'],
    signals: ['header:x-fastly-request-id', 'header:fastly-debug-digest', 'header:x-served-by=cache-', 'cname:fastly.net', 'cname:fastlylb.net'],
  },
  { name: 'Varnish', category: 'hosting_cdn', categories: ['reverse-proxy'], signals: ['header:x-varnish', 'header:via=varnish'] },
  {
    name: 'Google Cloud',
    category: 'hosting_cdn',
    aliases: ['Google Cloud Platform', 'GCP', 'Google App Engine'],
    signals: ['header:server=google frontend', '~header:via=1.1 google', 'cname:ghs.googlehosted.com', 'url:appspot.com'],
  },
  {
    name: 'Google Cloud Storage',
    category: 'hosting_cdn',
    signals: ['header:x-goog-storage-class', 'header:x-guploader-uploadid', 'cname:c.storage.googleapis.com'],
  },
  {
    name: 'Firebase Hosting',
    category: 'hosting_cdn',
    categories: ['paas', 'hosting'],
    signals: ['url:web.app', 'url:firebaseapp.com', 'script:/__/firebase/init.js'],
  },
  {
    name: 'Microsoft Azure',
    category: 'hosting_cdn',
    aliases: ['Azure'],
    signals: [
      'header:x-azure-ref',
      '~header:x-ms-request-id',
      'cookie:arraffinity',
      'cookie:arraffinitysamesite',
      'cname:azurewebsites.net',
      'cname:azureedge.net',
      'cname:azurefd.net',
      'cname:trafficmanager.net',
      'cname:cloudapp.net',
      'cname:blob.core.windows.net',
      'url:azurewebsites.net',
    ],
  },
  {
    name: 'Vercel',
    category: 'hosting_cdn',
    categories: ['paas', 'hosting'],
    signals: [
      'header:x-vercel-id',
      'header:x-vercel-cache',
      'header:server=vercel',
      'cname:vercel-dns.com',
      'url:vercel.app',
      'txt:vercel-domain-verification=',
    ],
  },
  {
    name: 'Netlify',
    category: 'hosting_cdn',
    categories: ['paas', 'hosting'],
    signals: ['header:x-nf-request-id', 'header:server=netlify', 'cname:netlify.app', 'cname:netlify.com', 'url:netlify.app', 'txt:netlify-verification='],
  },
  {
    name: 'GitHub Pages',
    category: 'hosting_cdn',
    categories: ['paas', 'hosting'],
    signals: ['header:server=github.com', 'header:x-github-request-id', 'cname:github.io', 'url:github.io'],
  },
  {
    name: 'Heroku',
    category: 'hosting_cdn',
    categories: ['paas', 'hosting'],
    signals: ['header:via=vegur', 'header:via=heroku-router', 'cname:herokuapp.com', 'cname:herokudns.com', 'url:herokuapp.com'],
  },
  {
    name: 'Render',
    category: 'hosting_cdn',
    categories: ['paas', 'hosting'],
    signals: ['header:x-render-origin-server', 'cname:onrender.com', 'url:onrender.com'],
  },
  {
    name: 'Fly.io',
    category: 'hosting_cdn',
    categories: ['paas', 'hosting'],
    signals: ['header:fly-request-id', 'header:server=fly/', 'cname:fly.dev', 'url:fly.dev'],
  },
  { name: 'DigitalOcean', category: 'hosting_cdn', signals: ['cname:ondigitalocean.app', 'url:ondigitalocean.app', 'cname:digitaloceanspaces.com'] },
  {
    name: 'WP Engine',
    category: 'hosting_cdn',
    aliases: ['WPEngine'],
    signals: [
      'header:x-powered-by=wp engine',
      'header:wpe-backend',
      'cname:wpengine.com',
      'cname:wpenginepowered.com',
      '~html:wpengine.netdna-ssl.com',
      '~html:.wpenginepowered.com/',
    ],
  },
  {
    name: 'Kinsta',
    category: 'hosting_cdn',
    signals: ['header:x-kinsta-cache', 'cname:kinsta.cloud', 'spf:relay.kinstamailservice.com', 'spf:kinstamailservice.com'],
  },
  { name: 'Pantheon', category: 'hosting_cdn', signals: ['header:x-pantheon-styx-hostname', 'cname:pantheonsite.io', 'url:pantheonsite.io'] },
  {
    name: 'Acquia',
    category: 'hosting_cdn',
    aliases: ['Acquia Cloud'],
    signals: ['header:x-ah-environment', 'cname:acquia-sites.com', 'url:acquia-sites.com'],
  },
  { name: 'Flywheel', category: 'hosting_cdn', signals: ['html:-flywheel.netdna-ssl.com/', 'cname:flywheelsites.com', 'cname:flywheelstaging.com'] },
  {
    name: 'WordPress VIP',
    category: 'hosting_cdn',
    aliases: ['WordPress.com VIP'],
    signals: ['header:x-powered-by=wordpress vip', 'header:x-powered-by=wordpress.com vip'],
  },
  { name: 'Hostinger', category: 'hosting_cdn', signals: ['header:platform=hostinger', 'mx:hostinger.com'] },
  { name: 'GoDaddy', category: 'hosting_cdn', aliases: ['GoDaddy Email', 'Workspace Email'], signals: ['mx:secureserver.net', 'spf:secureserver.net'] },
  { name: 'SiteGround', category: 'hosting_cdn', signals: ['mx:mailspamprotection.com'] },
  { name: 'IONOS', category: 'hosting_cdn', aliases: ['1&1 IONOS'], signals: ['mx:ionos.com', 'mx:1and1.com', 'mx:kundenserver.de', 'mx:ionos.de'] },
  { name: 'OVHcloud', category: 'hosting_cdn', aliases: ['OVH'], signals: ['mx:mail.ovh.net', 'mx:ovh.net', 'spf:mx.ovh.com'] },
  { name: 'Rackspace', category: 'hosting_cdn', aliases: ['Rackspace Email'], signals: ['mx:emailsrvr.com', 'spf:emailsrvr.com'] },
  { name: 'HostGator', category: 'hosting_cdn', signals: ['spf:websitewelcome.com', 'mx:websitewelcome.com'] },
  { name: 'Namecheap', category: 'hosting_cdn', aliases: ['Namecheap Private Email'], signals: ['mx:privateemail.com', 'spf:spf.privateemail.com'] },
  {
    name: 'Bunny CDN',
    category: 'hosting_cdn',
    categories: ['cdn'],
    aliases: ['bunny.net'],
    signals: ['header:server=bunnycdn', 'cname:b-cdn.net', '~script:.b-cdn.net/'],
  },
  { name: 'KeyCDN', category: 'hosting_cdn', categories: ['cdn'], signals: ['header:server=keycdn-engine', 'cname:kxcdn.com', '~script:.kxcdn.com/'] },
  {
    name: 'StackPath',
    category: 'hosting_cdn',
    categories: ['cdn'],
    aliases: ['NetDNA', 'MaxCDN'],
    signals: ['cname:stackpathdns.com', 'cname:netdna-cdn.com', '~html:.netdna-ssl.com/', '~html:.netdna-cdn.com/'],
  },
  {
    name: 'Imperva',
    category: 'hosting_cdn',
    categories: ['cdn', 'security'],
    aliases: ['Incapsula'],
    signals: ['header:x-iinfo', 'header:x-cdn=imperva', 'header:x-cdn=incapsula', 'cookie:incap_ses_*', 'cookie:visid_incap_*', 'cname:incapdns.net'],
  },
  {
    name: 'Sucuri',
    category: 'hosting_cdn',
    categories: ['cdn', 'security'],
    signals: ['header:x-sucuri-id', 'header:x-sucuri-cache', 'header:server=sucuri'],
  },
  { name: 'CDN77', category: 'hosting_cdn', categories: ['cdn'], signals: ['header:server=cdn77', 'cname:cdn77.org', 'cname:cdn77.net'] },
  {
    name: 'Edgio',
    category: 'hosting_cdn',
    categories: ['cdn'],
    aliases: ['Limelight', 'Edgecast'],
    signals: ['cname:llnwd.net', 'cname:edgecastcdn.net', 'header:server=ecacc', 'header:server=ecs ('],
  },
  { name: 'Alibaba Cloud', category: 'hosting_cdn', aliases: ['Aliyun'], signals: ['cname:aliyuncs.com', 'cname:alikunlun.com', '~header:server=tengine'] },
  {
    name: 'Cloudinary',
    category: 'hosting_cdn',
    categories: ['image-cdn'],
    signals: ['script:widget.cloudinary.com/', '~html:res.cloudinary.com/', 'cname:cloudinary.net'],
  },
  { name: 'imgix', category: 'hosting_cdn', categories: ['image-cdn'], signals: ['cname:imgix.net', '~html:.imgix.net/', 'script:imgix.js'] },
  {
    name: 'Nginx',
    category: 'hosting_cdn',
    categories: ['web-server'],
    versions: [ver('header:server', /nginx\/(\d[\d.]*)/)],
    aliases: ['NGINX'],
    signals: ['header:server=nginx'],
  },
  {
    name: 'Apache HTTP Server',
    category: 'hosting_cdn',
    categories: ['web-server'],
    versions: [ver('header:server', /apache\/(\d[\d.]*)/)],
    aliases: ['Apache', 'httpd'],
    signals: ['header:server=apache'],
  },
  {
    name: 'Microsoft IIS',
    category: 'hosting_cdn',
    categories: ['web-server'],
    versions: [ver('header:server', /microsoft-iis\/(\d[\d.]*)/)],
    aliases: ['IIS'],
    signals: ['header:server=microsoft-iis'],
  },
  {
    name: 'LiteSpeed',
    category: 'hosting_cdn',
    categories: ['web-server'],
    versions: [ver('header:server', /litespeed\/(\d[\d.]*)/)],
    signals: ['header:server=litespeed', 'header:x-litespeed-cache'],
  },
  {
    name: 'OpenResty',
    category: 'hosting_cdn',
    categories: ['web-server', 'reverse-proxy'],
    versions: [ver('header:server', /openresty\/(\d[\d.]*)/)],
    signals: ['header:server=openresty'],
  },
  { name: 'Caddy', category: 'hosting_cdn', categories: ['web-server'], signals: ['header:server=caddy'] },
  { name: 'Envoy', category: 'hosting_cdn', categories: ['reverse-proxy'], signals: ['header:server=envoy', 'header:x-envoy-upstream-service-time'] },

  // ------------------------------------------------------------------ frameworks and libraries
  {
    name: 'React',
    category: 'frameworks',
    categories: ['javascript-framework'],
    versions: [...libVersions('react'), ...libVersions('react-dom')],
    aliases: ['React.js', 'ReactJS'],
    signals: [
      'html:data-reactroot=',
      'html:data-reactid=',
      rx('script', /\/react(?:-dom)?(?:\.production)?(?:\.min)?(?:[.-][0-9a-f]{8,20})?\.js/, 'https://example.com/js/react-dom.production.min.js'),
      'inline:window.__reactroutercontext',
      'script:/react@',
      'script:/react-dom@',
    ],
  },
  {
    name: 'Next.js',
    category: 'frameworks',
    categories: ['javascript-framework'],
    aliases: ['NextJS'],
    implies: ['React'],
    signals: [
      'html:/_next/static/',
      'html:__next_data__',
      'inline:self.__next_f.push(',
      'header:x-powered-by=next.js',
      'header:x-nextjs-cache',
      'header:x-nextjs-prerender',
    ],
    example: { html: '<script src="/_next/static/chunks/main-abc.js"></script>' },
  },
  {
    name: 'Nuxt',
    category: 'frameworks',
    categories: ['javascript-framework'],
    aliases: ['Nuxt.js', 'NuxtJS'],
    implies: ['Vue.js'],
    signals: ['html:/_nuxt/', 'inline:window.__nuxt__', 'html:data-n-head', "html:id='__nuxt'"],
  },
  {
    name: 'Vue.js',
    category: 'frameworks',
    categories: ['javascript-framework'],
    versions: [...libVersions('vue'), ver('inline', /vue\.js v(\d+\.\d+\.\d+)/)],
    aliases: ['Vue', 'VueJS'],
    signals: [
      rx('script', /\/vue(?:\.runtime)?(?:\.global)?(?:\.prod)?(?:\.min)?\.js/, 'https://example.com/js/vue.min.js'),
      'script:/vue@',
      "html:data-server-rendered='true'",
      rx('~html', /data-v-[0-9a-f]{8}[\s=>]/, '<div data-v-7ba5bd90 class="x"></div>'),
      '~html:v-cloak',
    ],
  },
  {
    name: 'Angular',
    category: 'frameworks',
    categories: ['javascript-framework'],
    versions: [ver('html', /ng-version=['"](\d+\.\d+\.\d+)/)],
    signals: [
      'html:ng-version=',
      rx('~html', /_nghost-[a-z0-9-]+/, '<app-root _nghost-ng-c123></app-root>'),
      rx('~html', /_ngcontent-[a-z0-9-]+/, '<div _ngcontent-ng-c123></div>'),
    ],
  },
  {
    name: 'AngularJS',
    category: 'frameworks',
    categories: ['javascript-framework'],
    versions: [...libVersions('angular.js', 'angular'), ...libVersions('angularjs', 'angular'), ...libVersions('angular')],
    signals: [rx('script', /\/angular(?:\.min)?\.js/, 'https://example.com/lib/angular.min.js'), 'script:/angularjs/', '~html:ng-app', '~html:ng-controller='],
  },
  {
    name: 'Svelte',
    category: 'frameworks',
    categories: ['javascript-framework'],
    signals: [rx('~html', /svelte-[a-z0-9]{5,8}['\s]/, '<div class="card svelte-1x2y3z4"></div>'), '~html:__svelte'],
  },
  {
    name: 'SvelteKit',
    category: 'frameworks',
    categories: ['javascript-framework'],
    implies: ['Svelte'],
    signals: ['html:/_app/immutable/', 'html:data-sveltekit-'],
  },
  {
    name: 'Astro',
    category: 'frameworks',
    categories: ['javascript-framework', 'static-site-generator'],
    versions: [ver('meta:generator', /astro v?(\d+\.\d+(?:\.\d+)?)/)],
    signals: ['html:<astro-island', 'html:/_astro/', 'meta:generator=astro'],
  },
  {
    name: 'Gatsby',
    category: 'frameworks',
    categories: ['javascript-framework', 'static-site-generator'],
    versions: [ver('meta:generator', /gatsby (\d+\.\d+(?:\.\d+)?)/)],
    aliases: ['GatsbyJS'],
    implies: ['React'],
    signals: ["html:id='___gatsby'", 'meta:generator=gatsby', '~html:/page-data/'],
  },
  {
    name: 'Remix',
    category: 'frameworks',
    categories: ['javascript-framework'],
    implies: ['React'],
    signals: ['inline:window.__remixcontext', 'inline:__remixmanifest'],
  },
  {
    name: 'Ember.js',
    category: 'frameworks',
    categories: ['javascript-framework'],
    versions: libVersions('ember.js', 'ember'),
    aliases: ['Ember'],
    signals: [rx('script', /\/ember(?:\.min)?\.js/, 'https://example.com/assets/ember.min.js'), "~html:class='ember-view", '~html:ember-application'],
  },
  {
    name: 'Backbone.js',
    category: 'frameworks',
    categories: ['javascript-framework'],
    versions: libVersions('backbone.js', 'backbone'),
    aliases: ['Backbone'],
    signals: [rx('script', /\/backbone(?:[.-]min)?\.js/, 'https://example.com/js/backbone-min.js'), 'script:/backbone@'],
  },
  {
    name: 'Alpine.js',
    category: 'frameworks',
    categories: ['javascript-framework'],
    versions: libVersions('alpinejs'),
    aliases: ['Alpine'],
    signals: ['script:/alpinejs', rx('script', /\/alpine(?:\.min)?\.js/, 'https://example.com/js/alpine.min.js'), "~html:x-data='", '~html:x-init='],
  },
  {
    name: 'htmx',
    category: 'frameworks',
    categories: ['javascript-framework'],
    versions: libVersions('htmx.org', 'htmx'),
    signals: [
      'script:htmx.org',
      rx('script', /\/htmx(?:\.min)?\.js/, 'https://example.com/js/htmx.min.js'),
      "~html:hx-get='",
      "~html:hx-post='",
      "~html:hx-target='",
    ],
  },
  {
    name: 'jQuery',
    category: 'frameworks',
    versions: [
      ver('script', /\/wp-includes\/js\/jquery\/jquery(?:\.min)?\.js\?ver=(\d[\d.]*)/),
      ...libVersions('jquery'),
      ver('script', /code\.jquery\.com\/jquery-(\d[\d.]*)/),
      ver('inline', /jquery v(\d+\.\d+\.\d+) \|/),
    ],
    signals: [
      rx('script', /\/jquery(?:-\d[\d.]*)?(?:\.slim)?(?:\.min)?(?:\.[0-9a-f]{6,12})?\.js/, 'https://example.com/js/jquery-3.7.1.min.js'),
      'script:/jquery/jquery.js',
      'script:/jquery/dist/',
      'script:/jquery/3.',
      'script:/jquery/1.',
      'script:/jquery/2.',
      'inline:jquery(document).ready(',
      'inline:jquery(function($)',
      'inline:jquery(window).on(',
      'inline:$(document).ready(',
      rx('inline', /jQuery(?:\(|\.(?:fn|extend|each|ajax|noConflict)\b)/, "jQuery('.menu').show();", { exact: true }),
      '~inline:jquery(',
    ],
  },
  {
    name: 'jQuery UI',
    category: 'frameworks',
    versions: [...libVersions('jqueryui'), ...libVersions('jquery-ui'), ver('script', /\/wp-includes\/js\/jquery\/ui\/[\w-]+(?:\.min)?\.js\?ver=(\d[\d.]*)/)],
    signals: [rx('script', /\/jquery-ui(?:[.-][\w.-]*)?\.js/, 'https://example.com/js/jquery-ui.min.js'), 'script:/jqueryui/'],
  },
  {
    name: 'jQuery Migrate',
    category: 'frameworks',
    versions: [...libVersions('jquery-migrate'), ver('script', /\/jquery-migrate(?:\.min)?\.js\?ver=(\d[\d.]*)/)],
    signals: [rx('script', /\/jquery-migrate(?:[.-][\w.-]*)?\.js/, 'https://example.com/js/jquery-migrate.min.js')],
  },
  {
    name: 'Bootstrap',
    category: 'frameworks',
    categories: ['ui-framework'],
    versions: [...libVersions('bootstrap'), ...libVersions('twitter-bootstrap', 'bootstrap'), ver('inline', /bootstrap v(\d+\.\d+\.\d+) \(/)],
    aliases: ['Twitter Bootstrap'],
    signals: [
      rx('script', /\/bootstrap(?:\.bundle)?(?:\.min)?\.js/, 'https://example.com/js/bootstrap.bundle.min.js'),
      rx('html', /\/bootstrap(?:\.min)?\.css/, '<link rel="stylesheet" href="/css/bootstrap.min.css">'),
      'script:/bootstrap@',
      'style:/bootstrap@',
      "html:data-bs-toggle='",
      "~html:data-toggle='collapse'",
    ],
  },
  {
    name: 'Tailwind CSS',
    category: 'frameworks',
    categories: ['ui-framework'],
    versions: libVersions('tailwindcss', 'tailwind'),
    aliases: ['Tailwind', 'TailwindCSS'],
    signals: ['script:cdn.tailwindcss.com', rx('html', /\/tailwind(?:\.min)?\.css/, '<link rel="stylesheet" href="/css/tailwind.min.css">')],
  },
  {
    name: 'Font Awesome',
    category: 'frameworks',
    categories: ['icon-font'],
    versions: [...libVersions('font-awesome'), ...libVersions('@fortawesome/fontawesome-free'), ver('style', /use\.fontawesome\.com\/releases\/v(\d[\d.]*)\//)],
    aliases: ['FontAwesome'],
    signals: [
      'script:kit.fontawesome.com/',
      'html:use.fontawesome.com/',
      rx('html', /\/font-?awesome(?:\.min)?\.css/, '<link rel="stylesheet" href="/css/font-awesome.min.css">'),
      'html:/font-awesome/',
      'style:/fontawesome',
      'style:/@fortawesome/',
      // icon elements: an attribute value that starts with Font Awesome's base class and names an icon
      // (after '=': the same words as a JSON or script string, "key":"fa fa-link", are a setting, not an icon)
      rx('html', /'fa(?<=='fa)(?:[srlbd]|-solid|-regular|-brands|-light|-thin|-duotone)? fa-[a-z0-9]/, '<i class="fa fa-envelope"></i>'),
      rx('html', / fa(?:[srlbd]|-solid|-regular|-brands|-light)? fa-[a-z0-9]/, '<i class="icon fas fa-envelope"></i>'),
    ],
  },
  {
    name: 'Lodash',
    category: 'frameworks',
    versions: libVersions('lodash'),
    signals: [rx('script', /\/lodash(?:\.core)?(?:\.min)?\.js/, 'https://example.com/js/lodash.min.js'), 'script:/lodash@'],
  },
  {
    name: 'Underscore.js',
    category: 'frameworks',
    versions: libVersions('underscore'),
    aliases: ['Underscore'],
    signals: [rx('script', /\/underscore(?:[.-]min)?\.js/, 'https://example.com/js/underscore-min.js')],
  },
  {
    name: 'Moment.js',
    category: 'frameworks',
    versions: libVersions('moment'),
    aliases: ['Moment'],
    signals: [rx('script', /\/moment(?:-with-locales)?(?:\.min)?\.js/, 'https://example.com/js/moment.min.js')],
  },
  {
    name: 'Modernizr',
    category: 'frameworks',
    versions: [...libVersions('modernizr'), ver('inline', /modernizr (\d+\.\d+\.\d+)/)],
    signals: [rx('script', /\/modernizr[\w.-]*\.js/, 'https://example.com/js/modernizr-2.8.3.min.js')],
  },
  {
    name: 'RequireJS',
    category: 'frameworks',
    versions: libVersions('require.js', 'require'),
    signals: [rx('script', /\/require(?:\.min)?\.js/, 'https://example.com/js/require.min.js'), '~html:data-main='],
  },
  {
    name: 'GSAP',
    category: 'frameworks',
    versions: libVersions('gsap'),
    aliases: ['GreenSock'],
    signals: [
      rx('script', /\/gsap(?:\.min)?\.js/, 'https://example.com/js/gsap.min.js'),
      rx('script', /\/tweenmax(?:\.min)?\.js/, 'https://example.com/js/TweenMax.min.js'),
    ],
  },
  {
    name: 'Swiper',
    category: 'frameworks',
    versions: libVersions('swiper'),
    signals: [rx('script', /\/swiper(?:-bundle)?(?:\.min)?\.js/, 'https://example.com/js/swiper-bundle.min.js')],
  },
  {
    name: 'Slick',
    category: 'frameworks',
    versions: libVersions('slick-carousel', 'slick'),
    aliases: ['Slick Carousel'],
    signals: [
      rx('script', /\/slick(?:\.min)?\.js/, 'https://example.com/js/slick.min.js'),
      rx('style', /\/slick(?:-theme)?(?:\.min)?\.css/, 'https://example.com/css/slick-theme.css'),
      'script:/slick-carousel@',
      'style:/slick-carousel@',
      'style:/slick-carousel/',
    ],
  },
  {
    name: 'lazysizes',
    category: 'frameworks',
    categories: ['performance', 'javascript-library'],
    versions: libVersions('lazysizes'),
    signals: [rx('script', /\/lazysizes(?:\.min)?\.js/, 'https://example.com/js/lazysizes.min.js')],
  },
  { name: 'Polyfill.io', category: 'frameworks', categories: ['cdn', 'javascript-library'], signals: ['script:polyfill.io/v'] },
  {
    name: 'Three.js',
    category: 'frameworks',
    versions: libVersions('three'),
    signals: [rx('script', /\/three(?:\.module)?(?:\.min)?\.js/, 'https://example.com/js/three.min.js')],
  },
  {
    name: 'D3.js',
    category: 'frameworks',
    versions: libVersions('d3'),
    aliases: ['D3'],
    signals: [rx('script', /\/d3(?:\.v\d)?(?:\.min)?\.js/, 'https://example.com/js/d3.v7.min.js'), 'script:d3js.org/'],
  },
  {
    name: 'Chart.js',
    category: 'frameworks',
    versions: libVersions('chart.js', 'chart'),
    signals: [rx('script', /\/chart(?:\.umd)?(?:\.min)?\.js/, 'https://example.com/js/chart.umd.min.js')],
  },
  {
    name: 'Highcharts',
    category: 'frameworks',
    versions: [ver('script', /code\.highcharts\.com\/(\d+\.\d+\.\d+)\//), ...libVersions('highcharts')],
    signals: ['script:code.highcharts.com/', rx('script', /\/highcharts(?:\.min)?\.js/, 'https://example.com/js/highcharts.js')],
  },
  {
    name: 'Turbo',
    category: 'frameworks',
    aliases: ['Hotwire', 'Turbolinks'],
    signals: [
      rx('script', /\/turbolinks(?:\.min)?\.js/, 'https://example.com/js/turbolinks.js'),
      'script:@hotwired/turbo',
      "~html:data-turbo-track='",
      "~html:data-turbolinks-track='",
    ],
  },
  {
    name: 'Ruby on Rails',
    category: 'frameworks',
    categories: ['web-framework'],
    aliases: ['Rails'],
    signals: ['meta:csrf-param=authenticity_token', '~header:x-runtime'],
  },
  {
    name: 'Django',
    category: 'frameworks',
    categories: ['web-framework'],
    signals: ['html:csrfmiddlewaretoken', '~cookie:csrftoken', '~cookie:django_language'],
  },
  { name: 'Laravel', category: 'frameworks', categories: ['web-framework'], signals: ['cookie:laravel_session', '~cookie:xsrf-token'] },
  { name: 'Express', category: 'frameworks', categories: ['web-framework'], aliases: ['Express.js', 'ExpressJS'], signals: ['header:x-powered-by=express'] },
  {
    name: 'PHP',
    category: 'frameworks',
    categories: ['programming-language'],
    versions: [ver('header:x-powered-by', /php\/(\d[\d.]*)/)],
    signals: ['header:x-powered-by=php', 'cookie:phpsessid'],
  },
  {
    name: 'ASP.NET',
    category: 'frameworks',
    categories: ['web-framework'],
    versions: [ver('header:x-aspnet-version', /^(\d[\d.]*)/), ver('header:x-aspnetmvc-version', /^(\d[\d.]*)/)],
    aliases: ['.NET', 'ASP.NET Core'],
    signals: [
      'header:x-aspnet-version',
      'header:x-aspnetmvc-version',
      'header:x-powered-by=asp.net',
      'cookie:asp.net_sessionid',
      'cookie:.aspnetcore.session',
      'html:__viewstate',
      '~cookie:__requestverificationtoken',
    ],
  },
  {
    name: 'Java',
    category: 'frameworks',
    categories: ['programming-language'],
    aliases: ['Java EE', 'Jakarta EE'],
    signals: ['cookie:jsessionid', '~header:x-powered-by=servlet'],
  },
  { name: 'CodeIgniter', category: 'frameworks', categories: ['web-framework'], signals: ['cookie:ci_session'] },
  {
    name: 'Hugo',
    category: 'frameworks',
    categories: ['static-site-generator'],
    versions: [ver('meta:generator', /hugo (\d+\.\d+(?:\.\d+)?)/)],
    signals: ['meta:generator=hugo'],
  },
  {
    name: 'Jekyll',
    category: 'frameworks',
    categories: ['static-site-generator'],
    versions: [ver('meta:generator', /jekyll v?(\d+\.\d+(?:\.\d+)?)/)],
    signals: ['meta:generator=jekyll'],
  },
  {
    name: 'Eleventy',
    category: 'frameworks',
    categories: ['static-site-generator'],
    versions: [ver('meta:generator', /eleventy v?(\d+\.\d+(?:\.\d+)?)/)],
    aliases: ['11ty'],
    signals: ['meta:generator=eleventy'],
  },
  {
    name: 'Docusaurus',
    category: 'frameworks',
    categories: ['documentation', 'static-site-generator'],
    versions: [ver('meta:generator', /docusaurus v?(\d+\.\d+(?:\.\d+)?)/)],
    implies: ['React'],
    signals: ['meta:generator=docusaurus'],
  },
  {
    name: 'Hexo',
    category: 'frameworks',
    categories: ['static-site-generator'],
    versions: [ver('meta:generator', /hexo (\d+\.\d+(?:\.\d+)?)/)],
    signals: ['meta:generator=hexo'],
  },
  {
    name: 'VuePress',
    category: 'frameworks',
    categories: ['documentation', 'static-site-generator'],
    versions: [ver('meta:generator', /vuepress (\d+\.\d+(?:\.\d+)?(?:-[a-z]+\.\d+)?)/)],
    implies: ['Vue.js'],
    signals: ['meta:generator=vuepress'],
  },
  {
    name: 'MkDocs',
    category: 'frameworks',
    categories: ['documentation', 'static-site-generator'],
    versions: [ver('meta:generator', /mkdocs-(\d+\.\d+(?:\.\d+)?)/)],
    signals: ['meta:generator=mkdocs'],
  },
  {
    name: 'Vite',
    category: 'frameworks',
    categories: ['build-tool'],
    signals: ['html:/@vite/client', rx('~script', /\/assets\/index-[a-z0-9_-]{8}\.js/, 'https://example.com/assets/index-a1b2c3d4.js')],
  },
  {
    name: 'webpack',
    category: 'frameworks',
    categories: ['build-tool'],
    aliases: ['Webpack'],
    signals: ['inline:webpackjsonp', 'inline:__webpack_require__', 'inline:webpackchunk'],
  },
  { name: 'Qwik', category: 'frameworks', categories: ['javascript-framework'], signals: ['html:q:container=', 'html:q:base='] },
  { name: 'Meteor', category: 'frameworks', categories: ['javascript-framework'], signals: ['inline:__meteor_runtime_config__'] },
  { name: 'Blazor', category: 'frameworks', categories: ['javascript-framework'], signals: ['script:_framework/blazor.'] },
  {
    name: 'Knockout.js',
    category: 'frameworks',
    categories: ['javascript-framework'],
    versions: libVersions('knockout'),
    aliases: ['Knockout'],
    signals: [rx('script', /\/knockout-\d[\w.-]*\.js/, 'https://example.com/js/knockout-3.5.1.js')],
  },
  {
    name: 'MooTools',
    category: 'frameworks',
    versions: libVersions('mootools'),
    signals: [rx('script', /\/mootools[\w.-]*\.js/, 'https://example.com/js/mootools-core.js')],
  },
  {
    name: 'Prototype',
    category: 'frameworks',
    versions: libVersions('prototype'),
    aliases: ['Prototype.js'],
    signals: [rx('script', /\/prototype(?:\.min)?\.js/, 'https://example.com/js/prototype.js')],
  },
  {
    name: 'Socket.IO',
    category: 'frameworks',
    versions: libVersions('socket.io'),
    signals: ['script:/socket.io/socket.io.js', rx('script', /\/socket\.io(?:\.min)?\.js/, 'https://example.com/js/socket.io.min.js')],
  },
  {
    name: 'Firebase',
    category: 'frameworks',
    categories: ['paas'],
    signals: [...scriptUrl('gstatic.com/firebasejs/'), 'spf:_spf.firebasemail.com'],
  },
  {
    name: 'reCAPTCHA',
    category: 'frameworks',
    categories: ['captcha', 'security'],
    aliases: ['Google reCAPTCHA'],
    signals: ['script:google.com/recaptcha/', 'script:recaptcha.net/recaptcha/', 'script:gstatic.com/recaptcha/', "~html:class='g-recaptcha"],
  },
  {
    name: 'hCaptcha',
    category: 'frameworks',
    categories: ['captcha', 'security'],
    signals: ['script:js.hcaptcha.com/', 'script:hcaptcha.com/1/api.js', "~html:class='h-captcha"],
  },
  { name: 'Cloudflare Turnstile', category: 'frameworks', categories: ['captcha', 'security'], signals: ['script:challenges.cloudflare.com/turnstile/'] },
  { name: 'UserWay', category: 'frameworks', categories: ['accessibility'], signals: [...scriptUrl('cdn.userway.org/')] },
  { name: 'accessiBe', category: 'frameworks', categories: ['accessibility'], signals: [...scriptUrl('acsbapp.com/apps/app/')] },
  { name: 'AudioEye', category: 'frameworks', categories: ['accessibility'], signals: [...scriptUrl('wsmcdn.audioeye.com/')] },
  {
    name: 'Elementor',
    category: 'frameworks',
    categories: ['cms-plugin'],
    versions: [ver('meta:generator', /elementor (\d+\.\d+(?:\.\d+)?)/), ...wpPluginVersions('elementor')],
    implies: ['WordPress'],
    signals: ['html:/wp-content/plugins/elementor/', 'meta:generator=elementor', 'html:data-elementor-type=', "~html:class='elementor"],
  },
  {
    name: 'Divi',
    category: 'frameworks',
    categories: ['cms-plugin'],
    implies: ['WordPress'],
    signals: ['html:/wp-content/themes/divi/', 'inline:et_pb_custom'],
  },
  {
    name: 'WPBakery',
    category: 'frameworks',
    categories: ['cms-plugin'],
    versions: [ver('meta:generator', /wpbakery page builder for wordpress (?:v)?(\d+\.\d+(?:\.\d+)?)/), ...wpPluginVersions('js_composer')],
    aliases: ['Visual Composer', 'WPBakery Page Builder'],
    implies: ['WordPress'],
    signals: ['meta:generator=wpbakery', 'html:/wp-content/plugins/js_composer/'],
  },
  {
    name: 'Yoast SEO',
    category: 'frameworks',
    categories: ['cms-plugin', 'seo'],
    versions: [ver('comment', /yoast seo plugin v(\d+\.\d+(?:\.\d+)?)/)],
    implies: ['WordPress'],
    signals: ['comment:optimized with the yoast seo', 'html:yoast-schema-graph'],
  },
  {
    name: 'Jetpack',
    category: 'frameworks',
    categories: ['cms-plugin'],
    versions: wpPluginVersions('jetpack'),
    implies: ['WordPress'],
    signals: ['html:/wp-content/plugins/jetpack/', ...scriptUrl('stats.wp.com/e-')],
  },
  {
    name: 'Contact Form 7',
    category: 'frameworks',
    categories: ['cms-plugin'],
    versions: wpPluginVersions('contact-form-7'),
    implies: ['WordPress'],
    signals: ['html:/wp-content/plugins/contact-form-7/', 'inline:wpcf7'],
  },
  {
    name: 'Gravity Forms',
    category: 'frameworks',
    categories: ['cms-plugin', 'forms'],
    versions: wpPluginVersions('gravityforms'),
    implies: ['WordPress'],
    signals: ['html:/wp-content/plugins/gravityforms/', 'inline:gform.initializeonloaded'],
  },
  {
    name: 'WP Rocket',
    category: 'frameworks',
    categories: ['cms-plugin', 'performance'],
    implies: ['WordPress'],
    signals: ['comment:performance optimized by wp rocket', 'html:/wp-content/cache/min/', '~comment:this website is like a rocket'],
  },
  { name: 'W3 Total Cache', category: 'frameworks', categories: ['cms-plugin', 'performance'], implies: ['WordPress'], signals: ['comment:w3 total cache'] },
  {
    name: 'WP Super Cache',
    category: 'frameworks',
    categories: ['cms-plugin', 'performance'],
    implies: ['WordPress'],
    signals: ['comment:wp-super-cache', 'comment:wp super cache'],
  },
  {
    name: 'Autoptimize',
    category: 'frameworks',
    categories: ['cms-plugin', 'performance'],
    implies: ['WordPress'],
    signals: ['html:/wp-content/cache/autoptimize/'],
  },
  {
    name: 'LiteSpeed Cache',
    category: 'frameworks',
    categories: ['cms-plugin', 'performance'],
    implies: ['WordPress'],
    signals: ['html:/wp-content/litespeed/', 'comment:page generated by litespeed cache'],
  },
  {
    name: 'AMP',
    category: 'frameworks',
    categories: ['performance', 'javascript-library'],
    aliases: ['Accelerated Mobile Pages'],
    signals: ['script:cdn.ampproject.org/v0.js', rx('html', /<html[^>]*\s(?:amp|⚡)[\s>=]/, '<html amp lang="en">')],
  },

  // ------------------------------------------------------------------ payments
  {
    name: 'Stripe',
    category: 'payments',
    signals: [
      ...scriptUrl('js.stripe.com'),
      'cookie:__stripe_mid',
      'cookie:__stripe_sid',
      '~html:buy.stripe.com/',
      '~html:checkout.stripe.com',
      'txt:stripe-verification=',
    ],
  },
  {
    name: 'PayPal',
    category: 'payments',
    signals: [
      'script:paypal.com/sdk/js',
      'script:paypalobjects.com/api/checkout',
      'inline:paypal.com/sdk/js',
      'html:paypal.com/cgi-bin/webscr',
      '~html:paypalobjects.com/',
    ],
  },
  { name: 'Braintree', category: 'payments', signals: [...scriptUrl('js.braintreegateway.com/')] },
  {
    name: 'Adyen',
    category: 'payments',
    signals: [
      rx('script', /checkoutshopper-(?:live|test)[\w-]*\.adyen\.com/, 'https://checkoutshopper-live.adyen.com/checkoutshopper/sdk/5.0.0/adyen.js'),
      'inline:adyencheckout(',
    ],
  },
  {
    name: 'Square',
    category: 'payments',
    aliases: ['Square Payments'],
    signals: ['script:js.squareup.com/', 'script:web.squarecdn.com/', 'script:sandbox.web.squarecdn.com/'],
  },
  {
    name: 'Klarna',
    category: 'payments',
    categories: ['buy-now-pay-later', 'payment'],
    signals: ['script:x.klarnacdn.net/', 'script:js.klarna.com/', 'script:klarnaservices.com/', '~html:<klarna-placement'],
  },
  {
    name: 'Afterpay',
    category: 'payments',
    categories: ['buy-now-pay-later', 'payment'],
    aliases: ['Clearpay'],
    signals: ['script:js.afterpay.com/', 'script:portal.afterpay.com/afterpay.js', 'html:<afterpay-placement'],
  },
  {
    name: 'Affirm',
    category: 'payments',
    categories: ['buy-now-pay-later', 'payment'],
    signals: [...scriptUrl('cdn1.affirm.com/js/'), 'inline:_affirm_config'],
  },
  { name: 'Sezzle', category: 'payments', categories: ['buy-now-pay-later', 'payment'], signals: [...scriptUrl('widget.sezzle.com/')] },
  { name: 'Amazon Pay', category: 'payments', signals: [...scriptUrl('payments-amazon.com/')] },
  { name: 'Apple Pay', category: 'payments', signals: ['inline:applepaysession', 'script:applepay.cdn-apple.com/jsapi/', '~html:apple-pay-button'] },
  { name: 'Google Pay', category: 'payments', signals: ['script:pay.google.com/gp/p/js/pay.js'] },
  { name: 'Authorize.net', category: 'payments', signals: ['script:js.authorize.net/', 'script:jstest.authorize.net/'] },
  { name: 'Checkout.com', category: 'payments', signals: ['script:cdn.checkout.com/js/', 'script:checkout-web-components.checkout.com/'] },
  { name: 'Mollie', category: 'payments', signals: ['script:js.mollie.com/'] },
  { name: 'Razorpay', category: 'payments', signals: [...scriptUrl('checkout.razorpay.com/')] },
  { name: 'Paddle', category: 'payments', categories: ['subscription-billing', 'payment'], signals: ['script:cdn.paddle.com/paddle/'] },
  { name: 'Chargebee', category: 'payments', categories: ['subscription-billing', 'payment'], signals: ['script:js.chargebee.com/'] },
  { name: 'Recurly', category: 'payments', categories: ['subscription-billing', 'payment'], signals: ['script:js.recurly.com/'] },
  { name: '2Checkout', category: 'payments', aliases: ['Verifone'], signals: [...scriptUrl('2checkout.com/checkout/')] },
  { name: 'Mercado Pago', category: 'payments', signals: ['script:sdk.mercadopago.com/', 'script:secure.mlstatic.com/sdk/javascript/'] },
  { name: 'Paystack', category: 'payments', signals: ['script:js.paystack.co/'] },
  { name: 'Flutterwave', category: 'payments', signals: ['script:checkout.flutterwave.com/'] },
  { name: 'Coinbase Commerce', category: 'payments', signals: ['script:commerce.coinbase.com/v1/checkout.js', 'html:commerce.coinbase.com/checkout/'] },
  { name: 'Bolt', category: 'payments', aliases: ['Bolt Checkout'], signals: ['script:connect.bolt.com/', 'script:connect-sandbox.bolt.com/'] },

  // ------------------------------------------------------------------ CMS (priority: table order, after strength)
  {
    name: 'WordPress',
    category: 'cms',
    versions: [
      ver('meta:generator', /wordpress (\d[\d.]*)/),
      ver('style', /\/wp-includes\/css\/dist\/block-library\/style(?:\.min)?\.css\?ver=(\d[\d.]*)/),
      ver('script', /\/wp-emoji-release\.min\.js\?ver=(\d[\d.]*)/),
      ver('inline', /wp-emoji-release\.min\.js\?ver=(\d[\d.]*)/),
    ],
    aliases: ['WP'],
    signals: [
      'meta:generator=wordpress',
      "html:'https://api.w.org/'",
      'header:link=api.w.org',
      'script:/wp-includes/',
      'script:/wp-content/themes/',
      'script:/wp-content/plugins/',
      'html:/wp-content/themes/',
      'html:/wp-content/plugins/',
      'html:/wp-includes/css/',
      'html:wp-emoji-release.min.js',
      'inline:wpemojisettings',
      '~html:/wp-content/',
      '~html:/wp-includes/',
      '~html:/wp-json/',
      '~header:x-pingback=xmlrpc.php',
      '~cookie:wordpress_test_cookie',
      '~cookie:wp-settings-*',
      '~cookie:wordpress_logged_in_*',
    ],
    example: { html: '<meta name="generator" content="WordPress 6.5.2">' },
  },
  {
    name: 'Drupal',
    category: 'cms',
    versions: [
      ver('meta:generator', /drupal (\d+(?:\.\d+)*)/),
      ver('header:x-generator', /drupal (\d+(?:\.\d+)*)/),
      ver('script', /\/core\/misc\/[\w.-]+\.js\?v=(\d+\.\d+\.\d+)/),
    ],
    signals: [
      'meta:generator=drupal',
      'header:x-generator=drupal',
      'header:x-drupal-cache',
      'header:x-drupal-dynamic-cache',
      'inline:drupal.settings',
      'html:data-drupal-selector',
      'inline:drupalsettings',
      'script:/misc/drupal.js',
      'script:/core/misc/drupal.js',
      '~html:/sites/default/files/',
      '~html:/sites/all/',
    ],
  },
  {
    name: 'Joomla',
    category: 'cms',
    versions: [ver('meta:generator', /joomla!? (\d+\.\d+(?:\.\d+)?)/)],
    aliases: ['Joomla!'],
    signals: ['meta:generator=joomla', 'header:x-content-encoded-by=joomla', '~html:/media/jui/', '~html:/components/com_', '~html:/media/system/js/'],
  },
  {
    name: 'TYPO3',
    category: 'cms',
    versions: [ver('meta:generator', /typo3 (\d+\.\d+(?:\.\d+)?)/)],
    signals: ['meta:generator=typo3', 'html:/typo3conf/', 'html:/typo3temp/'],
  },
  {
    name: 'Adobe Experience Manager',
    category: 'cms',
    aliases: ['AEM', 'Adobe CQ'],
    signals: ['html:/etc.clientlibs/', '~html:/content/dam/', '~html:/etc/designs/'],
  },
  { name: 'Sitecore', category: 'cms', signals: ['cookie:sc_analytics_global_cookie', '~html:/-/media/', '~html:/sitecore/'] },
  { name: 'Sitefinity', category: 'cms', signals: ['meta:generator=sitefinity', '~html:/sitefinity/'] },
  {
    name: 'Kentico',
    category: 'cms',
    aliases: ['Xperience by Kentico'],
    signals: ['meta:generator=kentico', 'cookie:cmspreferredculture', '~html:/cmspages/'],
  },
  { name: 'Umbraco', category: 'cms', signals: ['cookie:umb_ucontext', '~html:/umbraco/'] },
  { name: 'DNN', category: 'cms', aliases: ['DotNetNuke'], signals: ['cookie:dotnetnuke', '~html:/desktopmodules/', '~html:/portals/0/'] },
  { name: 'Craft CMS', category: 'cms', signals: ['header:x-powered-by=craft cms', 'cookie:craftsessionid', '~html:/cpresources/'] },
  {
    name: 'Concrete CMS',
    category: 'cms',
    versions: [ver('meta:generator', /concrete(?:5| cms) - (\d+\.\d+(?:\.\d+)*)/)],
    aliases: ['concrete5'],
    signals: ['meta:generator=concrete5', 'meta:generator=concrete cms', '~html:/concrete/js/'],
  },
  {
    name: 'Movable Type',
    category: 'cms',
    versions: [ver('meta:generator', /movable type(?: pro| publishing platform)? (\d+\.\d+(?:\.\d+)?)/)],
    signals: ['meta:generator=movable type'],
  },
  { name: 'Plone', category: 'cms', signals: ['meta:generator=plone'] },
  {
    name: '1C-Bitrix',
    category: 'cms',
    aliases: ['Bitrix'],
    signals: ['html:/bitrix/js/', 'html:/bitrix/templates/', 'header:x-powered-cms=bitrix', '~cookie:bitrix_sm_*'],
  },
  {
    name: 'Ghost',
    category: 'cms',
    categories: ['blog', 'cms'],
    versions: [ver('meta:generator', /ghost (\d+\.\d+(?:\.\d+)?)/)],
    signals: ['meta:generator=ghost', '~html:/ghost/api/', '~html:/public/cards.min.js'],
  },
  {
    name: 'HubSpot CMS',
    category: 'cms',
    aliases: ['HubSpot Content Hub', 'HubSpot CMS Hub'],
    implies: ['HubSpot'],
    signals: ['meta:generator=hubspot', 'header:x-hs-hub-id', 'html:static.hsappstatic.net/', '~html:/hubfs/'],
  },
  {
    name: 'Wix',
    category: 'cms',
    categories: ['website-builder', 'cms'],
    signals: [
      'meta:generator=wix.com',
      'header:x-wix-request-id',
      'html:static.parastorage.com/',
      'script:.parastorage.com/',
      'style:.parastorage.com/',
      '~html:static.wixstatic.com/',
      '~html:video.wixstatic.com/',
      'url:wixsite.com',
    ],
  },
  {
    name: 'Squarespace',
    category: 'cms',
    categories: ['website-builder', 'cms'],
    signals: [
      '~html:static1.squarespace.com/',
      'html:assets.squarespace.com/',
      'script:static1.squarespace.com/static/',
      'style:static1.squarespace.com/static/',
      'script:.sqspcdn.com/',
      'style:.sqspcdn.com/',
      '~html:images.squarespace-cdn.com/',
      'inline:squarespace_context',
      'url:squarespace.com',
      '~cookie:ss_cvr',
      '~cookie:ss_cvt',
    ],
  },
  {
    name: 'Webflow',
    category: 'cms',
    categories: ['website-builder', 'cms'],
    signals: [
      'html:data-wf-page=',
      'html:data-wf-site=',
      'meta:generator=webflow',
      '~html:assets.website-files.com/',
      '~html:assets-global.website-files.com/',
      '~html:cdn.prod.website-files.com/',
      'script:.website-files.com/',
      'style:.website-files.com/',
      'script:uploads-ssl.webflow.com/',
      'style:uploads-ssl.webflow.com/',
      'url:webflow.io',
      'txt:webflow-verification=',
    ],
  },
  {
    name: 'Framer',
    category: 'cms',
    categories: ['website-builder', 'cms'],
    signals: ['meta:generator=framer', 'html:framerusercontent.com/', 'url:framer.website'],
  },
  { name: 'Duda', category: 'cms', categories: ['website-builder', 'cms'], signals: ['script:static.cdn-website.com/', '~html:irp.cdn-website.com/'] },
  { name: 'Weebly', category: 'cms', categories: ['website-builder', 'cms'], signals: ['html:editmysite.com/', 'url:weebly.com'] },
  { name: 'Jimdo', category: 'cms', categories: ['website-builder', 'cms'], signals: ['html:jimcdn.com/', 'url:jimdosite.com', 'url:jimdofree.com'] },
  { name: 'WordPress.com', category: 'cms', categories: ['blog', 'cms'], implies: ['WordPress'], signals: ['url:wordpress.com'] },
  {
    name: 'Blogger',
    category: 'cms',
    categories: ['blog', 'cms'],
    aliases: ['Blogspot'],
    signals: ['meta:generator=blogger', 'url:blogspot.com', '~html:blogger.com/static/', '~html:blogger.googleusercontent.com/'],
  },
  { name: 'Medium', category: 'cms', categories: ['blog', 'cms'], signals: ['url:medium.com', 'html:cdn-client.medium.com/', '~html:miro.medium.com/'] },
  { name: 'Tumblr', category: 'cms', categories: ['blog', 'cms'], signals: ['url:tumblr.com', 'html:assets.tumblr.com/'] },
  { name: 'Substack', category: 'cms', categories: ['blog', 'cms'], signals: ['url:substack.com', 'html:substackcdn.com/'] },
  {
    name: 'Contentful',
    category: 'cms',
    categories: ['headless-cms'],
    signals: ['html:images.ctfassets.net/', 'html:videos.ctfassets.net/', 'html:assets.ctfassets.net/'],
  },
  { name: 'Sanity', category: 'cms', categories: ['headless-cms'], signals: ['html:cdn.sanity.io/images/', 'html:cdn.sanity.io/files/'] },
  { name: 'Storyblok', category: 'cms', categories: ['headless-cms'], signals: ['html:a.storyblok.com/', 'script:app.storyblok.com/f/storyblok-v2-latest.js'] },
  {
    name: 'Prismic',
    category: 'cms',
    categories: ['headless-cms'],
    signals: ['html:images.prismic.io/', 'html:prismic-io.s3.amazonaws.com/', 'script:static.cdn.prismic.io/prismic.js'],
  },
  { name: 'DatoCMS', category: 'cms', categories: ['headless-cms'], signals: ['html:datocms-assets.com/'] },
  { name: 'Contentstack', category: 'cms', categories: ['headless-cms'], signals: ['html:images.contentstack.io/', 'html:assets.contentstack.io/'] },

  // ------------------------------------------------------------------ ecommerce (priority: table order, after strength)
  {
    name: 'Shopify',
    category: 'ecommerce',
    aliases: ['Shopify Plus'],
    signals: [
      "html:id='shopify-section-",
      'script:cdn.shopify.com/',
      'inline:cdn.shopify.com/s/',
      'inline:shopify.shop',
      'inline:window.shopifyanalytics',
      'header:x-shopid',
      'header:x-shopify-stage',
      'header:x-sorting-hat-shopid',
      'cookie:_shopify_y',
      '~cookie:_shopify_s',
      'url:myshopify.com',
      'cname:shops.myshopify.com',
      'cname:myshopify.com',
      'txt:shopify-verification-code=',
      '~html:cdn.shopify.com/',
      '~html:/cdn/shop/',
    ],
    example: { html: '<script src="//cdn.shopify.com/s/files/1/0001/t/1/assets/theme.js"></script>' },
  },
  {
    name: 'BigCommerce',
    category: 'ecommerce',
    signals: ['html:cdn11.bigcommerce.com/', 'html:.bigcommerce.com/s-', 'url:mybigcommerce.com', 'inline:bcdata'],
  },
  {
    name: 'Salesforce Commerce Cloud',
    category: 'ecommerce',
    aliases: ['Demandware', 'SFCC'],
    signals: ['html:/on/demandware.store/', 'html:/on/demandware.static/', 'html:demandware.edgesuite.net', 'cookie:dwsid', 'cookie:dwanonymous_*'],
  },
  {
    name: 'Magento',
    category: 'ecommerce',
    aliases: ['Adobe Commerce'],
    signals: [
      'html:data-mage-init=',
      'html:text/x-magento-init',
      'inline:mage/cookies',
      'cookie:mage-cache-sessid',
      'cookie:mage-cache-storage',
      'html:/skin/frontend/',
      '~html:/static/version',
      '~html:/mage/',
    ],
  },
  {
    name: 'WooCommerce',
    category: 'ecommerce',
    versions: [ver('meta:generator', /woocommerce (\d+\.\d+(?:\.\d+)?)/), ...wpPluginVersions('woocommerce')],
    implies: ['WordPress'],
    signals: [
      'html:/wp-content/plugins/woocommerce/',
      'meta:generator=woocommerce',
      'cookie:woocommerce_items_in_cart',
      'cookie:wp_woocommerce_session_*',
      'inline:wc_add_to_cart_params',
      "~html:class='woocommerce",
    ],
  },
  { name: 'PrestaShop', category: 'ecommerce', signals: ['meta:generator=prestashop', 'cookie:prestashop-*', 'inline:prestashop = ', '~html:/modules/ps_'] },
  { name: 'OpenCart', category: 'ecommerce', signals: ['html:catalog/view/theme/', '~html:index.php?route=', '~cookie:ocsessid'] },
  { name: 'VTEX', category: 'ecommerce', signals: ['html:vteximg.com.br/', 'html:vtexassets.com/'] },
  { name: 'Ecwid', category: 'ecommerce', signals: [...scriptUrl('app.ecwid.com/script.js')] },
  { name: 'Volusion', category: 'ecommerce', signals: ['html:/v/vspfiles/'] },
  { name: 'Big Cartel', category: 'ecommerce', signals: ['url:bigcartel.com', 'html:assets.bigcartel.com/'] },
  { name: 'osCommerce', category: 'ecommerce', signals: ['cookie:oscsid'] },
  { name: 'Snipcart', category: 'ecommerce', signals: ['script:cdn.snipcart.com/', 'html:cdn.snipcart.com/'] },
  { name: 'Gumroad', category: 'ecommerce', signals: ['script:gumroad.com/js/gumroad.js'] },
  { name: 'Lemon Squeezy', category: 'ecommerce', signals: ['script:app.lemonsqueezy.com/js/lemon.js', 'script:assets.lemonsqueezy.com/lemon.js'] },
  {
    name: 'Shopware',
    category: 'ecommerce',
    versions: [ver('meta:generator', /shopware (\d+(?:\.\d+)*)/)],
    signals: ['meta:generator=shopware', '~html:/bundles/storefront/'],
  },

  // ------------------------------------------------------------------ email providers (MX); gateways resolve through SPF
  {
    name: 'Google Workspace',
    category: 'email_provider',
    aliases: ['G Suite', 'Gmail for business'],
    signals: ['mx:aspmx.l.google.com', 'mx:googlemail.com', 'mx:smtp.google.com', 'spf:_spf.google.com'],
    example: { dns: { mx: ['aspmx.l.google.com'] } },
  },
  {
    name: 'Microsoft 365',
    category: 'email_provider',
    aliases: ['Office 365', 'Exchange Online', 'Outlook'],
    signals: ['mx:mail.protection.outlook.com', 'mx:mx.microsoft', 'spf:spf.protection.outlook.com', 'txt:ms=ms'],
    example: { dns: { mx: ['contoso-com.mail.protection.outlook.com'] } },
  },
  {
    name: 'Zoho Mail',
    category: 'email_provider',
    signals: ['mx:zoho.com', 'mx:zohomail.com', 'mx:zoho.eu', 'mx:zoho.in', 'mx:zoho.com.au', 'spf:zoho.com', 'spf:zohomail.com', 'spf:zoho.eu'],
  },
  { name: 'ZeptoMail', category: 'spf_senders', signals: ['spf:transmail.net', 'spf:zeptomail.com'] },
  {
    name: 'Proton Mail',
    category: 'email_provider',
    aliases: ['ProtonMail'],
    signals: ['mx:protonmail.ch', 'spf:_spf.protonmail.ch', 'txt:protonmail-verification='],
  },
  { name: 'Fastmail', category: 'email_provider', signals: ['mx:messagingengine.com', 'spf:spf.messagingengine.com'] },
  {
    name: 'Mimecast',
    category: 'email_provider',
    categories: ['email-security'],
    gateway: true,
    signals: ['mx:mimecast.com', 'mx:mimecast-offshore.com', 'mx:mimecast.co.za', 'spf:_netblocks.mimecast.com', 'spf:mimecast.com'],
  },
  {
    name: 'Proofpoint',
    category: 'email_provider',
    categories: ['email-security'],
    gateway: true,
    aliases: ['Proofpoint Essentials'],
    signals: ['mx:pphosted.com', 'mx:ppe-hosted.com', 'spf:pphosted.com', 'spf:ppe-hosted.com'],
  },
  {
    name: 'Barracuda Email Protection',
    category: 'email_provider',
    categories: ['email-security'],
    gateway: true,
    aliases: ['Barracuda'],
    signals: ['mx:barracudanetworks.com', 'spf:spf.ess.barracudanetworks.com'],
  },
  { name: 'Cisco Secure Email', category: 'email_provider', categories: ['email-security'], gateway: true, aliases: ['IronPort'], signals: ['mx:iphmx.com'] },
  {
    name: 'Symantec Email Security.cloud',
    category: 'email_provider',
    categories: ['email-security'],
    gateway: true,
    aliases: ['MessageLabs', 'Broadcom Email Security'],
    signals: ['mx:messagelabs.com', 'spf:spf.messagelabs.com'],
  },
  { name: 'Sophos Email', category: 'email_provider', categories: ['email-security'], gateway: true, signals: ['mx:hydra.sophos.com'] },
  { name: 'iCloud Mail', category: 'email_provider', aliases: ['iCloud+ Custom Email Domain'], signals: ['mx:mail.icloud.com', 'spf:icloud.com'] },
  { name: 'Yahoo Mail', category: 'email_provider', signals: ['mx:yahoodns.net'] },
  { name: 'Titan Email', category: 'email_provider', signals: ['mx:titan.email', 'spf:spf.titan.email'] },
  { name: 'Amazon WorkMail', category: 'email_provider', signals: ['mx:awsapps.com'] },
  {
    name: 'Amazon SES',
    category: 'spf_senders',
    aliases: ['Amazon Simple Email Service'],
    signals: ['spf:amazonses.com', 'mx:amazonaws.com', 'txt:amazonses:'],
  },
  { name: 'Alibaba Mail', category: 'email_provider', signals: ['mx:qiye.aliyun.com', 'mx:mxhichina.com'] },
  { name: 'Yandex 360', category: 'email_provider', aliases: ['Yandex Mail'], signals: ['mx:mx.yandex.net', 'mx:mx.yandex.ru', 'spf:_spf.yandex.net'] },

  // ------------------------------------------------------------------ SPF senders (transactional and bulk mail)
  { name: 'SendGrid', category: 'spf_senders', aliases: ['Twilio SendGrid'], signals: ['spf:sendgrid.net'] },
  { name: 'Mailgun', category: 'spf_senders', signals: ['spf:mailgun.org'] },
  { name: 'Postmark', category: 'spf_senders', signals: ['spf:spf.mtasv.net', 'spf:mtasv.net'] },
  { name: 'SparkPost', category: 'spf_senders', aliases: ['Bird'], signals: ['spf:sparkpostmail.com'] },
  { name: 'Mailjet', category: 'spf_senders', signals: ['spf:spf.mailjet.com', 'spf:mailjet.com'] },
  { name: 'Elastic Email', category: 'spf_senders', signals: ['spf:_spf.elasticemail.com'] },
  { name: 'DocuSign', category: 'verified_services', signals: ['txt:docusign=', 'spf:spf.docusign.net', 'spf:docusign.net'] },
  { name: 'ServiceNow', category: 'spf_senders', categories: ['email-delivery', 'customer-support'], signals: ['spf:service-now.com'] },
  { name: 'KnowBe4', category: 'verified_services', signals: ['txt:knowbe4-site-verification=', 'spf:spf.knowbe4.com'] },

  // ------------------------------------------------------------------ verified services (apex TXT prefixes)
  { name: 'Google Search Console', category: 'verified_services', signals: ['txt:google-site-verification='] },
  { name: 'Meta Business Manager', category: 'verified_services', aliases: ['Facebook Business Manager'], signals: ['txt:facebook-domain-verification='] },
  {
    name: 'Atlassian Cloud',
    category: 'verified_services',
    categories: ['domain-verification', 'collaboration'],
    aliases: ['Atlassian', 'Jira'],
    signals: ['txt:atlassian-domain-verification='],
  },
  { name: 'Atlassian Statuspage', category: 'verified_services', aliases: ['Statuspage'], signals: ['txt:status-page-domain-verification='] },
  { name: 'Apple', category: 'verified_services', aliases: ['Apple Business'], signals: ['txt:apple-domain-verification='] },
  { name: 'Adobe', category: 'verified_services', aliases: ['Adobe Admin Console'], signals: ['txt:adobe-idp-site-verification='] },
  { name: 'Adobe Acrobat Sign', category: 'verified_services', aliases: ['Adobe Sign', 'EchoSign'], signals: ['txt:adobe-sign-verification='] },
  {
    name: 'Zoom',
    category: 'verified_services',
    categories: ['domain-verification', 'collaboration'],
    signals: ['txt:zoom-domain-verification', 'txt:zoom_verify_'],
  },
  { name: 'Slack', category: 'verified_services', categories: ['domain-verification', 'collaboration'], signals: ['txt:slack-domain-verification='] },
  { name: 'Dropbox', category: 'verified_services', categories: ['domain-verification', 'collaboration'], signals: ['txt:dropbox-domain-verification='] },
  { name: 'Zoho', category: 'verified_services', aliases: ['Zoho One'], signals: ['txt:zoho-verification='] },
  { name: 'GlobalSign', category: 'verified_services', signals: ['txt:globalsign-domain-verification=', 'txt:_globalsign-domain-verification='] },
  {
    name: 'Cisco Webex',
    category: 'verified_services',
    categories: ['domain-verification', 'collaboration'],
    aliases: ['Webex'],
    signals: ['txt:cisco-ci-domain-verification', 'txt:webexdomainverification.'],
  },
  { name: 'Miro', category: 'verified_services', categories: ['domain-verification', 'collaboration'], signals: ['txt:miro-verification='] },
  { name: 'Notion', category: 'verified_services', categories: ['domain-verification', 'collaboration'], signals: ['txt:notion-domain-verification='] },
  { name: 'OpenAI', category: 'verified_services', aliases: ['ChatGPT Enterprise'], signals: ['txt:openai-domain-verification='] },
  { name: 'Anthropic', category: 'verified_services', aliases: ['Claude'], signals: ['txt:anthropic-domain-verification'] },
  { name: 'Canva', category: 'verified_services', categories: ['domain-verification', 'collaboration'], signals: ['txt:canva-site-verification='] },
  { name: 'Airtable', category: 'verified_services', categories: ['domain-verification', 'collaboration'], signals: ['txt:airtable-verification='] },
  { name: 'MongoDB Atlas', category: 'verified_services', aliases: ['MongoDB'], signals: ['txt:mongodb-site-verification='] },
  { name: 'TikTok For Business', category: 'verified_services', signals: ['txt:tiktok-domain-verification='] },
  { name: 'Twilio', category: 'verified_services', signals: ['txt:twilio-domain-verification='] },
  { name: 'Yandex Webmaster', category: 'verified_services', signals: ['txt:yandex-verification='] },
  {
    name: 'Workplace from Meta',
    category: 'verified_services',
    categories: ['domain-verification', 'collaboration'],
    signals: ['txt:workplace-domain-verification='],
  },
  { name: 'TeamViewer', category: 'verified_services', signals: ['txt:teamviewer-sso-verification='] },
  { name: 'Have I Been Pwned', category: 'verified_services', signals: ['txt:have-i-been-pwned-verification='] },
  { name: 'Docker', category: 'verified_services', aliases: ['Docker Hub'], signals: ['txt:docker-verification='] },
  { name: 'Smartsheet', category: 'verified_services', categories: ['domain-verification', 'collaboration'], signals: ['txt:smartsheet-site-validation='] },
  { name: 'LastPass', category: 'verified_services', signals: ['txt:lastpass-verification-code='] },
  { name: 'Citrix', category: 'verified_services', signals: ['txt:citrix-verification-code='] },
  { name: 'LogMeIn', category: 'verified_services', aliases: ['GoTo'], signals: ['txt:logmein-verification-code='] },
  { name: 'Postman', category: 'verified_services', signals: ['txt:postman-domain-verification='] },
  { name: 'Loom', category: 'verified_services', categories: ['domain-verification', 'collaboration'], signals: ['txt:loom-verification'] },
  { name: 'Cursor', category: 'verified_services', signals: ['txt:cursor-domain-verification='] },
  { name: 'Bugcrowd', category: 'verified_services', signals: ['txt:bugcrowd-verification='] },
  { name: 'Detectify', category: 'verified_services', signals: ['txt:detectify-verification='] },
  ...RULES,
];

// ---------------------------------------------------------------- the compiled table

export type Strength = 'strong' | 'weak';

export interface Signal {
  /** index in SIGNALS */
  id: number;
  tech: number;
  kind: SignalKind;
  strength: Strength;
  /** the lower-case literal (text kinds, cookie, url, tag, dns) or VALUE for meta/header */
  pattern: string;
  /** meta or header name */
  name?: string;
  /** cookie: pattern is a prefix */
  prefix?: boolean;
  re?: RegExp;
  /** a regex signal matched with its letters' case */
  exact?: boolean;
  /** the spec as written, for evidence */
  source: string;
  /** text that makes this signal fire on its own (Example form) */
  sample: Example;
}

export interface Technology {
  id: number;
  name: string;
  category: Category;
  categories: TechCategorySlug[];
  versions: VersionRule[];
  aliases: string[];
  implies: string[];
  flag?: Flag;
  gateway: boolean;
  containerText: boolean;
  signals: Signal[];
  example: Example;
}

const VERSION_SOURCES = new Set<VersionSource>(['script', 'style', 'meta', 'header', 'inline', 'comment', 'html']);
const KINDS = new Set<SignalKind>([
  'script',
  'style',
  'inline',
  'html',
  'link',
  'comment',
  'meta',
  'header',
  'cookie',
  'url',
  'tag',
  'container',
  'mx',
  'spf',
  'txt',
  'cname',
]);

function parseSignal(spec: SignalSpec, tech: number, id: number): Signal {
  const written = typeof spec === 'string' ? spec : spec.spec;
  const weak = written.startsWith('~');
  const body = weak ? written.slice(1) : written;
  const colon = body.indexOf(':');
  const kind = body.slice(0, colon) as SignalKind;
  if (!KINDS.has(kind)) throw new Error(`unknown signal kind in ${written}`);
  const rest = body.slice(colon + 1);
  const signal: Signal = { id, tech, kind, strength: weak ? 'weak' : 'strong', pattern: '', source: body, sample: {} };
  if (typeof spec !== 'string') {
    signal.re = spec.re;
    if (spec.exact) signal.exact = true;
    signal.pattern = spec.re.source;
    signal.sample = sampleFor(kind, spec.sample);
    return signal;
  }
  if (kind === 'meta' || kind === 'header') {
    const eq = rest.indexOf('=');
    signal.name = (eq < 0 ? rest : rest.slice(0, eq)).toLowerCase();
    signal.pattern = eq < 0 ? '' : rest.slice(eq + 1).toLowerCase();
  } else if (kind === 'cookie' && rest.endsWith('*')) {
    signal.prefix = true;
    signal.pattern = rest.slice(0, -1).toLowerCase();
  } else {
    signal.pattern = rest.toLowerCase();
  }
  signal.sample = sampleFor(kind, signal.pattern, signal);
  return signal;
}

/** An input fragment that contains the signal (and, as far as we write them, nothing else). */
function sampleFor(kind: SignalKind, text: string, signal?: Signal): Example {
  switch (kind) {
    case 'script': {
      if (/^https?:\/\//.test(text)) return { html: `<script src="${text}"></script>` };
      const url = text.startsWith('/') ? `https://site.example${text}` : text.startsWith('.') ? `https://x${text}` : `https://${text}`;
      return { html: `<script src="${url}${/[/.=?]$/.test(url) ? 'x.js' : ''}"></script>` };
    }
    case 'style': {
      const url = text.startsWith('/')
        ? `https://site.example${text}`
        : text.startsWith('.')
          ? `https://x${text}`
          : /^https?:\/\//.test(text)
            ? text
            : `https://${text}`;
      return { html: `<link rel="stylesheet" href="${url}${/[/.=?]$/.test(url) ? 'x.css' : ''}">` };
    }
    case 'inline':
      return { html: `<script>${text}</script>` };
    case 'html':
      return { html: text.startsWith('<') ? text : `<div>${text}</div>` };
    // the board of the site itself: board-site-<id>.com links to <pattern>board-site-<id>
    case 'link':
      return { url: `https://www.board-site-${signal!.id}.com/`, html: `<a href="https://${text}board-site-${signal!.id}">Careers</a>` };
    case 'comment':
      return { html: `<!-- ${text} -->` };
    case 'container':
      return { container: text };
    case 'tag':
      return { container: `var data = {"resource":{"tags":[{"function":"${text}","tag_id":1}]}};` };
    case 'meta':
      return { html: `<meta name="${signal!.name}" content="${text || 'x'}">` };
    case 'header':
      return { headers: { [signal!.name!]: text || 'x' } };
    case 'cookie':
      return { cookies: [signal?.prefix ? `${text}x1` : text] };
    case 'url':
      return { url: `https://${text.startsWith('.') ? 'shop' : 'shop.'}${text}/` };
    case 'mx':
      return { dns: { mx: [text] } };
    case 'cname':
      return { dns: { cname: [text.startsWith('.') ? `x${text}` : text] } };
    case 'txt':
      return { dns: { txt: [`${text}abc123`] } };
    case 'spf':
      return { dns: { txt: [`v=spf1 include:${text} ~all`] } };
  }
}

/** Merge example fragments (html concatenated, lists appended). */
export function mergeExamples(...parts: Example[]): Example {
  const out: Example = {};
  for (const part of parts) {
    if (part.html) out.html = (out.html ?? '') + part.html;
    if (part.container) out.container = (out.container ?? '') + part.container;
    if (part.url) out.url = part.url;
    if (part.headers) out.headers = { ...out.headers, ...part.headers };
    if (part.cookies) out.cookies = [...(out.cookies ?? []), ...part.cookies];
    if (part.dns) {
      out.dns ??= {};
      for (const key of ['mx', 'txt', 'cname'] as const) if (part.dns[key]) out.dns[key] = [...(out.dns[key] ?? []), ...part.dns[key]!];
    }
  }
  return out;
}

function compileTable(specs: TechnologySpec[]): { technologies: Technology[]; signals: Signal[] } {
  const technologies: Technology[] = [];
  const signals: Signal[] = [];
  const names = new Set<string>();
  for (const spec of specs) {
    if (names.has(spec.name)) throw new Error(`duplicate technology ${spec.name}`);
    names.add(spec.name);
    const id = technologies.length;
    const own = spec.signals.map((s, i) => parseSignal(s, id, signals.length + i));
    signals.push(...own);
    const strong = own.find((s) => s.strength === 'strong');
    const example =
      spec.example ??
      (strong
        ? strong.sample
        : mergeExamples(
            ...own
              .filter((s) => s.strength === 'weak')
              .slice(0, 2)
              .map((s) => s.sample),
          ));
    const categories = spec.categories ?? DEFAULT_SLUGS[spec.category];
    for (const slug of categories) if (!(slug in TECH_CATEGORIES)) throw new Error(`${spec.name}: unknown category ${slug}`);
    for (const rule of spec.versions ?? []) if (!VERSION_SOURCES.has(rule.source)) throw new Error(`${spec.name}: unknown version source ${rule.source}`);
    technologies.push({
      id,
      name: spec.name,
      category: spec.category,
      categories,
      versions: spec.versions ?? [],
      aliases: spec.aliases ?? [],
      implies: spec.implies ?? [],
      flag: spec.flag,
      gateway: spec.gateway ?? false,
      containerText: spec.containerText ?? true,
      signals: own,
      example,
    });
  }
  for (const tech of technologies) for (const implied of tech.implies) if (!names.has(implied)) throw new Error(`${tech.name} implies unknown ${implied}`);
  return { technologies, signals };
}

const compiled = compileTable(SPECS);
export const TECHNOLOGIES: readonly Technology[] = compiled.technologies;
export const SIGNALS: readonly Signal[] = compiled.signals;
export const TECHNOLOGY_BY_NAME: ReadonlyMap<string, Technology> = new Map(TECHNOLOGIES.map((t) => [t.name, t]));

// ---------------------------------------------------------------- named in job postings only

/** A technology that job postings name but a home page does not reveal (it has no signals). */
export interface PostingTechnology {
  name: string;
  aliases?: string[];
}

/**
 * The rest of the one vocabulary: technologies job postings ask for (engines/jobs) that leave no
 * trace on a home page, so they carry no signals and are not part of TECHNOLOGIES. Names and
 * aliases are unique across both lists (engines/tech/keywords.ts checks it when it indexes them).
 */
export const POSTING_TECHNOLOGIES: readonly PostingTechnology[] = [
  // cloud and infrastructure
  { name: 'Kubernetes', aliases: ['k8s'] },
  { name: 'Amazon EKS', aliases: ['EKS'] },
  { name: 'Google Kubernetes Engine', aliases: ['GKE'] },
  { name: 'Azure Kubernetes Service', aliases: ['AKS'] },
  { name: 'Amazon EC2', aliases: ['EC2'] },
  { name: 'AWS Lambda' },
  { name: 'Terraform' },
  { name: 'Helm' },
  { name: 'Pulumi' },
  { name: 'Ansible' },
  { name: 'OpenShift', aliases: ['Red Hat OpenShift'] },
  { name: 'Linux' },
  { name: 'Jenkins' },
  { name: 'GitHub Actions' },
  { name: 'GitLab', aliases: ['GitLab CI'] },
  { name: 'CircleCI' },
  { name: 'Argo CD', aliases: ['ArgoCD'] },
  // data and AI
  { name: 'Snowflake' },
  { name: 'Databricks' },
  { name: 'BigQuery', aliases: ['Google BigQuery'] },
  { name: 'Amazon Redshift', aliases: ['Redshift'] },
  { name: 'dbt', aliases: ['dbt Labs'] },
  { name: 'Apache Airflow', aliases: ['Airflow'] },
  { name: 'Apache Spark', aliases: ['PySpark', 'Spark SQL'] },
  { name: 'Apache Kafka', aliases: ['Kafka'] },
  { name: 'Apache Flink', aliases: ['Flink'] },
  { name: 'Fivetran' },
  { name: 'Looker' },
  { name: 'Tableau' },
  { name: 'Power BI', aliases: ['PowerBI'] },
  { name: 'PyTorch' },
  { name: 'TensorFlow' },
  { name: 'scikit-learn', aliases: ['sklearn'] },
  { name: 'LangChain' },
  { name: 'Hugging Face', aliases: ['HuggingFace'] },
  { name: 'Amazon SageMaker', aliases: ['SageMaker'] },
  { name: 'Vertex AI' },
  { name: 'MLflow' },
  { name: 'Pinecone' },
  { name: 'Large language models', aliases: ['LLM', 'LLMs'] },
  // databases
  { name: 'PostgreSQL', aliases: ['Postgres'] },
  { name: 'MySQL' },
  { name: 'Redis' },
  { name: 'Elasticsearch', aliases: ['Elastic Search', 'OpenSearch'] },
  { name: 'Amazon DynamoDB', aliases: ['DynamoDB'] },
  { name: 'Apache Cassandra', aliases: ['Cassandra'] },
  { name: 'ClickHouse' },
  { name: 'Oracle Database', aliases: ['Oracle DB'] },
  { name: 'Microsoft SQL Server', aliases: ['SQL Server', 'MSSQL'] },
  { name: 'CockroachDB' },
  { name: 'Supabase' },
  { name: 'Neo4j' },
  // observability
  { name: 'Grafana' },
  { name: 'Prometheus' },
  { name: 'Splunk' },
  { name: 'PagerDuty' },
  { name: 'OpenTelemetry' },
  { name: 'Honeycomb' },
  { name: 'Dynatrace' },
  { name: 'Kibana', aliases: ['ELK stack', 'ELK'] },
  // sales tools
  { name: 'Salesloft' },
  { name: 'Outreach.io' },
  { name: 'Gong', aliases: ['Gong.io'] },
  { name: 'Apollo.io' },
  { name: 'Clari' },
  { name: 'LinkedIn Sales Navigator', aliases: ['Sales Navigator'] },
  { name: 'Pipedrive' },
  { name: 'Clay.com' },
  { name: 'Gainsight' },
  // languages and runtimes
  { name: 'Python' },
  { name: 'TypeScript' },
  { name: 'JavaScript' },
  { name: 'Golang' },
  { name: 'Rust' },
  { name: 'Scala' },
  { name: 'Kotlin' },
  { name: 'Swift' },
  { name: 'Ruby' },
  { name: 'C++' },
  { name: 'C#' },
  { name: 'Node.js', aliases: ['NodeJS'] },
  { name: 'GraphQL' },
  { name: 'gRPC' },
  { name: 'SQL' },
];
