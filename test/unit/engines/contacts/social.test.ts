import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fediverseProfile, socialProfile, twitterHandleProfile } from '../../../../engines/contacts/social.ts';

describe('social profile links', () => {
  const kept: [string, string][] = [
    ['https://www.linkedin.com/company/Acme-Inc/', 'https://www.linkedin.com/company/acme-inc'],
    ['https://uk.linkedin.com/showcase/acme-labs', 'https://www.linkedin.com/showcase/acme-labs'],
    ['https://twitter.com/AcmeHQ?ref_src=twsrc%5Etfw', 'https://x.com/acmehq'],
    ['https://x.com/AcmeHQ/status/1234567890', 'https://x.com/acmehq'],
    ['https://github.com/acme-inc/sdk/issues/4', 'https://github.com/acme-inc'],
    ['https://github.com/orgs/acme-inc/people', 'https://github.com/acme-inc'],
    ['https://gitlab.com/acme/platform', 'https://gitlab.com/acme'],
    ['https://bsky.app/profile/acme.io', 'https://bsky.app/profile/acme.io'],
    ['https://www.threads.net/@acmehq', 'https://www.threads.net/@acmehq'],
    ['https://www.facebook.com/AcmeHQ/', 'https://www.facebook.com/acmehq'],
    ['https://m.facebook.com/acme.widgets?ref=footer', 'https://www.facebook.com/acme.widgets'],
    ['https://www.facebook.com/pages/Acme-Widgets/123456789', 'https://www.facebook.com/pages/acme-widgets/123456789'],
    ['https://instagram.com/acme.hq/', 'https://www.instagram.com/acme.hq'],
    ['https://www.youtube.com/@AcmeHQ/videos', 'https://www.youtube.com/@acmehq'],
    ['https://www.youtube.com/channel/UC1234567890abcdefghijk', 'https://www.youtube.com/channel/UC1234567890abcdefghijk'],
    ['https://youtube.com/c/AcmeWidgets', 'https://www.youtube.com/c/acmewidgets'],
    ['https://www.tiktok.com/@acme.hq', 'https://www.tiktok.com/@acme.hq'],
    ['https://uk.pinterest.com/acmehq/', 'https://www.pinterest.com/acmehq'],
  ];
  for (const [link, canonical] of kept) it(`keeps ${link}`, () => assert.equal(socialProfile(link), canonical));

  const dropped = [
    'https://twitter.com/intent/tweet?text=hi',
    'https://x.com/share?url=x',
    'https://twitter.com/search?q=acme',
    'https://x.com/hashtag/acme',
    'https://www.linkedin.com/sharing/share-offsite/?url=x',
    'https://www.linkedin.com/shareArticle?mini=true',
    'https://www.linkedin.com/jobs/view/123',
    'https://github.com/sponsors/someone',
    'https://github.com/features/actions',
    'https://github.com/login',
    'https://github.com/topics/ai',
    'https://www.facebook.com/sharer/sharer.php?u=x',
    'https://www.facebook.com/dialog/share?app_id=1',
    'https://www.facebook.com/groups/acmefans',
    'https://www.facebook.com/photo.php?fbid=1',
    'https://www.instagram.com/p/Cx1abc/',
    'https://www.instagram.com/explore/tags/acme/',
    'https://www.youtube.com/watch?v=abc',
    'https://www.youtube.com/embed/abc',
    'https://www.tiktok.com/@acme/video/123',
    'https://www.pinterest.com/pin/123/',
    'https://pinterest.com/pin/create/button/?url=x',
    'mailto:a@acme.io',
    'not a url',
  ];
  for (const link of dropped) it(`drops ${link}`, () => assert.equal(socialProfile(link), null));

  it('keeps personal LinkedIn profiles only where people are listed', () => {
    assert.equal(socialProfile('https://www.linkedin.com/in/ada-lovelace/'), null);
    assert.equal(socialProfile('https://www.linkedin.com/in/ada-lovelace/', { allowPeople: true }), 'https://www.linkedin.com/in/ada-lovelace');
  });
  it('reads twitter:site handles and rel=me fediverse profiles', () => {
    assert.equal(twitterHandleProfile('@AcmeHQ'), 'https://x.com/acmehq');
    assert.equal(twitterHandleProfile('@this-is-not-a-handle'), null);
    assert.equal(fediverseProfile('https://fosstodon.org/@acme'), 'https://fosstodon.org/@acme');
    assert.equal(fediverseProfile('https://fosstodon.org/about'), null);
  });
});
