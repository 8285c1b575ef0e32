/**
 * Forum, community, wiki and help-desk software (issue #33). Written from each product's own
 * markup conventions as its pages show them: generator metas, script and style paths, ids, body
 * classes, inline globals and cookie names (the provenance statement of technologies.ts applies).
 * Documentation generators live beside the other static-site generators (technologies.ts,
 * platforms.ts); a "Powered by" link to the vendor is never a signal.
 */
import { rx, ver, type TechnologySpec } from '../spec.ts';

export const COMMUNITY: TechnologySpec[] = [
  // ------------------------------------------------------------------ forums and communities
  {
    name: 'XenForo',
    category: 'cms',
    categories: ['forum'],
    signals: [
      'script:/js/xf/',
      'script:/js/xenforo/',
      'html:data-xf-init=',
      rx('html', /<html[^>]* id='xf'/, '<html id="XF" lang="en">'),
      'inline:xf.config',
      'cookie:xf_csrf',
      'cookie:xf_session',
      '~cookie:xf_user',
    ],
  },
  {
    name: 'vBulletin',
    category: 'cms',
    categories: ['forum'],
    versions: [ver('meta:generator', /vbulletin (\d+\.\d+(?:\.\d+)?)/)],
    signals: [
      'meta:generator=vbulletin',
      rx('script', /\/clientscript\/vbulletin[\w.-]*\.js/, 'https://forum.example.com/clientscript/vbulletin_global.js'),
      'inline:vbulletin.register',
      '~inline:var securitytoken',
      '~cookie:bbsessionhash',
      '~cookie:bblastvisit',
    ],
  },
  {
    name: 'phpBB',
    category: 'cms',
    categories: ['forum'],
    signals: [
      rx('style', /\/styles\/[\w-]+\/theme\/[\w-]+\.css\?assets_version=/, 'https://forum.example.com/styles/prosilver/theme/stylesheet.css?assets_version=12'),
      rx('script', /\/assets\/javascript\/core\.js\?assets_version=/, 'https://forum.example.com/assets/javascript/core.js?assets_version=12'),
      rx('html', /<body id='phpbb'/, '<body id="phpbb" class="nojs">'),
      'cookie:phpbb3_*',
      '~html:/styles/prosilver/',
    ],
  },
  {
    name: 'Invision Community',
    category: 'cms',
    categories: ['forum'],
    aliases: ['Invision Power Board', 'IPS Community Suite'],
    signals: ['inline:ips.setsetting(', 'inline:ipssettings', 'html:media.invisioncic.com/', "html:class='ipsapp ", 'html:data-ips-hook=', 'cookie:ips4_*'],
  },
  {
    name: 'Discourse',
    category: 'cms',
    categories: ['forum'],
    versions: [ver('meta:generator', /discourse (\d+\.\d+(?:\.\d+)?)/)],
    signals: ['meta:generator=discourse', 'meta:discourse_theme_id', 'script:.discourse-cdn.com/', 'html:data-discourse-setup', '~cookie:_forum_session'],
  },
  { name: 'Flarum', category: 'cms', categories: ['forum'], signals: ["html:id='flarum-loading'", 'inline:flarum.core', 'cookie:flarum_session'] },
  {
    name: 'NodeBB',
    category: 'cms',
    categories: ['forum'],
    signals: [
      rx('script', /\/assets\/nodebb(?:\.min)?\.js/, 'https://community.example.com/assets/nodebb.min.js'),
      'html:/plugins/nodebb-plugin-',
      'html:nodebb-theme-',
    ],
  },
  {
    name: 'Vanilla Forums',
    category: 'cms',
    categories: ['forum'],
    signals: ['inline:gdn.meta', 'html:/applications/vanilla/', rx('html', /<body id='vanilla_/, '<body id="vanilla_discussion_index">'), '~cookie:vanilla'],
  },
  {
    name: 'MyBB',
    category: 'cms',
    categories: ['forum'],
    signals: [
      'inline:var my_post_key',
      rx('script', /\/jscripts\/general\.js\?ver=/, 'https://forum.example.com/jscripts/general.js?ver=1827'),
      'cookie:mybbuser',
      '~cookie:mybb[lastvisit]',
    ],
  },
  { name: 'Simple Machines Forum', category: 'cms', categories: ['forum'], signals: ['inline:smf_scripturl', 'inline:var smf_theme_url', 'cookie:smfcookie*'] },
  {
    name: 'FluxBB',
    category: 'cms',
    categories: ['forum'],
    signals: [rx('html', /<div id='pun(?:index|viewtopic|viewforum)'/, '<div id="punviewtopic" class="pun">')],
  },
  {
    name: 'Khoros Community',
    category: 'cms',
    categories: ['forum'],
    signals: [rx('html', /<body[^>]* class='lia-/, '<body class="lia-body lia-woodbridge">'), 'cookie:lithiumvisitor'],
  },
  { name: 'Lemmy', category: 'cms', categories: ['forum'], signals: ['~html:/pictrs/image/', '~inline:window.isodata'] },
  { name: 'Tapatalk', category: 'cms', categories: ['forum'], signals: ['script:tapatalk-cdn.com/', 'html:/groups/static/styles/tapatalk/'] },
  // ------------------------------------------------------------------ wikis
  {
    name: 'MediaWiki',
    category: 'cms',
    categories: ['wiki'],
    versions: [ver('meta:generator', /mediawiki (\d+\.\d+(?:\.\d+)?)/)],
    signals: [
      'meta:generator=mediawiki',
      rx('script', /\/load\.php\?[^']*modules=/, 'https://wiki.example.org/load.php?lang=en&modules=startup&only=scripts'),
      rx('style', /\/load\.php\?[^']*modules=/, 'https://wiki.example.org/load.php?lang=en&modules=site.styles&only=styles'),
      'inline:rlconf',
      'inline:wgpagename',
      rx('~html', /<body[^>]* class='[^']*\bmediawiki\b/, '<body class="skin-vector mediawiki ltr">'),
    ],
  },
  {
    name: 'DokuWiki',
    category: 'cms',
    categories: ['wiki'],
    signals: [
      'meta:generator=dokuwiki',
      rx('script', /\/lib\/exe\/(?:js|jquery)\.php/, 'https://wiki.example.org/lib/exe/js.php?t=dokuwiki'),
      rx('style', /\/lib\/exe\/css\.php/, 'https://wiki.example.org/lib/exe/css.php?t=dokuwiki'),
      'cookie:dokuwiki',
      "~html:class='dokuwiki",
    ],
  },
  {
    name: 'Confluence',
    category: 'cms',
    categories: ['wiki', 'documentation', 'collaboration'],
    versions: [ver('meta:ajs-version-number', /^(\d+\.\d+(?:\.\d+)?)/)],
    signals: ['meta:confluence-base-url', 'meta:ajs-version-number', 'meta:confluence-request-time', '~html:/wiki/s/', '~inline:ajs.'],
  },
  { name: 'Wiki.js', category: 'cms', categories: ['wiki'], signals: ['meta:generator=wiki.js', 'html:/_assets/js/app.js'] },
  { name: 'BookStack', category: 'cms', categories: ['wiki', 'documentation'], signals: ['cookie:bookstack_session'] },
  { name: 'TWiki', category: 'cms', categories: ['wiki'], signals: ['html:/twiki/pub/', 'html:/pub/twiki/'] },
  { name: 'Fandom', category: 'cms', categories: ['wiki'], aliases: ['Wikia'], signals: ['html:static.wikia.nocookie.net/', 'url:fandom.com'] },
  // ------------------------------------------------------------------ documentation
  {
    name: 'VitePress',
    category: 'frameworks',
    categories: ['documentation', 'static-site-generator'],
    signals: ['meta:generator=vitepress', "html:class='vp-doc", "html:id='vp-"],
  },
  { name: 'rustdoc', category: 'frameworks', categories: ['documentation'], signals: ['meta:generator=rustdoc', "html:id='rustdoc-vars'"] },
  {
    name: 'mdBook',
    category: 'frameworks',
    categories: ['documentation', 'static-site-generator'],
    signals: ['comment:book generated using mdbook', 'inline:var path_to_root', '~html:/toc.js'],
  },
  { name: 'Antora', category: 'frameworks', categories: ['documentation', 'static-site-generator'], signals: ['meta:generator=antora'] },
  {
    name: 'Redocly',
    category: 'frameworks',
    categories: ['documentation'],
    aliases: ['ReDoc'],
    signals: ['script:cdn.redoc.ly/', 'script:/redoc.standalone.js', 'html:<redoc '],
  },
  // ------------------------------------------------------------------ help centres
  {
    name: 'Zendesk Help Center',
    category: 'marketing_tools',
    categories: ['customer-support', 'documentation'],
    aliases: ['Zendesk Guide'],
    implies: ['Zendesk'],
    signals: ['html:theme.zdassets.com/', 'script:static.zdassets.com/hc/', 'html:/hc/theming_assets/', '~html:/hc/en-us/'],
  },
  {
    name: 'Freshdesk Knowledge Base',
    category: 'marketing_tools',
    categories: ['customer-support', 'documentation'],
    signals: ['script:assets.freshdesk.com/', 'html:assets1.freshdesk.com/', 'html:/support/solutions/articles/', 'url:freshdesk.com'],
  },
  {
    name: 'Intercom Articles',
    category: 'marketing_tools',
    categories: ['customer-support', 'documentation'],
    aliases: ['Intercom Help Center'],
    signals: ['html:static.intercomassets.com/', 'url:intercom.help'],
  },
  {
    name: 'Help Scout Docs',
    category: 'marketing_tools',
    categories: ['customer-support', 'documentation'],
    signals: ['html:d33v4339jhl8k0.cloudfront.net/docs/', 'url:helpscoutdocs.com'],
  },
  {
    name: 'HelpJuice',
    category: 'marketing_tools',
    categories: ['customer-support', 'documentation'],
    signals: ['script:static.helpjuice.com/', 'url:helpjuice.com'],
  },
  {
    name: 'Salesforce Knowledge',
    category: 'marketing_tools',
    categories: ['customer-support', 'documentation'],
    aliases: ['Salesforce Experience Cloud'],
    signals: ['html:/s/sfsites/', 'inline:sfdcbase'],
  },
];
