/**
 * Company profile links on professional (LinkedIn), social (Facebook, Instagram, TikTok,
 * Pinterest), video (YouTube), microblog (X, Bluesky, Threads, Mastodon via rel=me) and
 * code-hosting (GitHub, GitLab) sites, normalised to one canonical URL each. Share, intent, post
 * and feature links are not profiles and are dropped.
 */

import { decodeUriPart } from '../parse/uri.ts';

const X_RESERVED = new Set([
  'intent',
  'share',
  'home',
  'search',
  'hashtag',
  'i',
  'login',
  'signup',
  'explore',
  'settings',
  'messages',
  'notifications',
  'privacy',
  'tos',
  'about',
  'download',
  'compose',
  'widgets',
  'web',
]);
const GITHUB_RESERVED = new Set([
  'sponsors',
  'features',
  'about',
  'pricing',
  'login',
  'join',
  'signup',
  'topics',
  'marketplace',
  'explore',
  'settings',
  'contact',
  'site',
  'security',
  'enterprise',
  'collections',
  'trending',
  'customer-stories',
  'readme',
  'apps',
  'search',
  'notifications',
  'new',
  'team',
  'premium-support',
  'blog',
  'events',
  'home',
]);
const GITLAB_RESERVED = new Set([
  'users',
  'explore',
  'help',
  'dashboard',
  'search',
  'projects',
  'groups',
  'admin',
  'pricing',
  'features',
  'install',
  'sign_in',
]);
const FACEBOOK_RESERVED = new Set([
  'sharer',
  'sharer.php',
  'share',
  'share.php',
  'dialog',
  'plugins',
  'tr',
  'login',
  'login.php',
  'help',
  'policies',
  'privacy',
  'legal',
  'watch',
  'events',
  'groups',
  'hashtag',
  'photo',
  'photo.php',
  'photos',
  'story.php',
  'permalink.php',
  'home.php',
  'profile.php',
  'people',
  'business',
  'ads',
  'gaming',
  'marketplace',
  'search',
  'l.php',
  'media',
  'video.php',
  'reel',
  'reels',
  'stories',
]);
const INSTAGRAM_RESERVED = new Set(['p', 'reel', 'reels', 'explore', 'accounts', 'stories', 'tv', 'direct', 'about', 'legal', 'developer', 'web', 'share']);
const PINTEREST_RESERVED = new Set(['pin', 'search', 'ideas', 'today', 'login', 'business', 'settings', 'explore', 'about', 'pinit', 'pin-builder']);
const LINKEDIN_KINDS = new Set(['company', 'school', 'showcase']);

export interface SocialOptions {
  /** Personal LinkedIn profiles (/in/) count only on a team page, where they are the people of the company. */
  allowPeople?: boolean;
}

/** The canonical profile URL for a link, or null when it is not a profile this operation reports. */
export function socialProfile(href: string, { allowPeople = false }: SocialOptions = {}): string | null {
  let url: URL;
  try {
    url = new URL(href.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '');
  const segments = url.pathname.split('/').filter(Boolean).map(decodeUriPart);

  if (host === 'linkedin.com' || host.endsWith('.linkedin.com')) {
    const [kind, slug] = segments;
    if (!slug || !/^[\w%.-]{2,100}$/.test(slug)) return null;
    if (LINKEDIN_KINDS.has(kind) || (kind === 'in' && allowPeople)) return `https://www.linkedin.com/${kind}/${slug.toLowerCase()}`;
    return null;
  }
  if (host === 'twitter.com' || host === 'x.com') {
    const [handle] = segments;
    if (!handle || X_RESERVED.has(handle.toLowerCase()) || !/^[A-Za-z0-9_]{1,15}$/.test(handle)) return null;
    return `https://x.com/${handle.toLowerCase()}`;
  }
  if (host === 'github.com') {
    const [owner] = segments;
    if (owner === 'orgs' && segments[1]) return githubOwner(segments[1]);
    return owner ? githubOwner(owner) : null;
  }
  if (host === 'gitlab.com') {
    const [group] = segments;
    if (!group || GITLAB_RESERVED.has(group.toLowerCase()) || !/^[A-Za-z0-9][A-Za-z0-9_.-]{0,254}$/.test(group) || group.startsWith('-')) return null;
    return `https://gitlab.com/${group.toLowerCase()}`;
  }
  if (host === 'facebook.com' || host === 'fb.com' || host.endsWith('.facebook.com')) {
    const [page, id] = segments;
    if (page === 'pages' && id) return `https://www.facebook.com/pages/${segments.slice(1, 3).join('/').toLowerCase()}`;
    if (!page || FACEBOOK_RESERVED.has(page.toLowerCase()) || !/^[A-Za-z0-9.\-]{3,80}$/.test(page)) return null;
    return `https://www.facebook.com/${page.toLowerCase()}`;
  }
  if (host === 'instagram.com') {
    const [handle] = segments;
    if (!handle || INSTAGRAM_RESERVED.has(handle.toLowerCase()) || !/^[A-Za-z0-9._]{1,30}$/.test(handle)) return null;
    return `https://www.instagram.com/${handle.toLowerCase()}`;
  }
  if (host === 'youtube.com') {
    const [first, second] = segments;
    if (first && /^@[\w.-]{3,100}$/.test(first)) return `https://www.youtube.com/${first.toLowerCase()}`;
    if (first === 'channel' && second && /^UC[\w-]{10,40}$/.test(second)) return `https://www.youtube.com/channel/${second}`;
    if ((first === 'c' || first === 'user') && second && /^[\w.-]{1,100}$/.test(second)) return `https://www.youtube.com/${first}/${second.toLowerCase()}`;
    return null;
  }
  if (host === 'tiktok.com') {
    const [handle] = segments;
    return handle && /^@[A-Za-z0-9_.]{2,24}$/.test(handle) && segments.length === 1 ? `https://www.tiktok.com/${handle.toLowerCase()}` : null;
  }
  if (/^([a-z]{2}\.)?pinterest\.(com|co\.uk|ca|de|fr|es|it|com\.au|jp|at|ch|nz|ie|pt|com\.mx|cl|se|dk|ru|ph|nl|in)$/.test(host)) {
    const [user] = segments;
    if (!user || PINTEREST_RESERVED.has(user.toLowerCase()) || !/^[A-Za-z0-9_]{3,30}$/.test(user) || segments.length > 2) return null;
    return `https://www.pinterest.com/${user.toLowerCase()}`;
  }
  if (host === 'bsky.app') {
    const [kind, handle] = segments;
    return kind === 'profile' && handle && /^[a-z0-9.:-]{3,253}$/i.test(handle) ? `https://bsky.app/profile/${handle.toLowerCase()}` : null;
  }
  if (host === 'threads.net' || host === 'threads.com') {
    const [handle] = segments;
    return handle && /^@[A-Za-z0-9_.]{1,30}$/.test(handle) ? `https://www.threads.net/${handle.toLowerCase()}` : null;
  }
  return null;

  function githubOwner(owner: string): string | null {
    if (GITHUB_RESERVED.has(owner.toLowerCase()) || !/^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/.test(owner)) return null;
    return `https://github.com/${owner.toLowerCase()}`;
  }
}

/** A rel="me" link to a Mastodon-style profile (https://host/@user): the site vouches for it. */
export function fediverseProfile(href: string): string | null {
  try {
    const url = new URL(href);
    const match = url.pathname.match(/^\/@([A-Za-z0-9_]{1,30})\/?$/);
    return url.protocol === 'https:' && match ? `https://${url.hostname.toLowerCase()}/@${match[1].toLowerCase()}` : null;
  } catch {
    return null;
  }
}

/** The profile of a twitter:site / twitter:creator value ("@acme"). */
export function twitterHandleProfile(value: string): string | null {
  const handle = value.trim().replace(/^@/, '');
  return /^[A-Za-z0-9_]{1,15}$/.test(handle) && !X_RESERVED.has(handle.toLowerCase()) ? `https://x.com/${handle.toLowerCase()}` : null;
}
