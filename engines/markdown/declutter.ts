/**
 * Removing what is never content, before any extraction: code and invisible markup, hidden
 * elements, cookie and consent banners, ads (after revealing content a browser would show once
 * scripts run). And the page chrome (navigation, site header, footer, sidebars), removed only on
 * the whole-page path: Readability judges chrome itself.
 */
import type { Doc } from './page.ts';

const NEVER_CONTENT =
  'figcaption, script, style, noscript, template, svg, canvas, iframe, object, embed, link, meta:not(head meta), dialog:not([open]), button, input, select, textarea, [hidden], [aria-hidden="true"]';

/** Ids and classes of consent managers and cookie banners (OneTrust, Cookiebot, Didomi, Usercentrics, TrustArc, Quantcast, cookieconsent, generic). */
const CONSENT =
  /(^|[\s_-])(cookies?|consent|gdpr|onetrust|optanon|cookiebot|cybotcookiebot|didomi|usercentrics|truste|trustarc|qc-cmp2?|cmpbox|cmp-?banner|cc-(banner|window|revoke)|iubenda|osano|termly|cookieyes|cky-consent|borlabs|complianz|cmplz)([\s_-]|$)/i;

/** Ids and classes of ad slots (AdSense, Google Publisher Tag, generic ad containers), as whole words. */
const ADS =
  /(^|[\s_-])(ads?|adv|advert|advertisement|advertising|adsbygoogle|adslot|ad-?slot|ad-?container|ad-?wrapper|ad-?unit|dfp|gpt-ad|google-ad|sponsored-?(content|links?)|taboola|outbrain|ezoic)([\s_-]|$)/i;

/** Ids and classes of what frames a story without being it: bylines, datelines, photo captions and credits, share bars, related-story boxes. */
const STORY_FRAME =
  /(^|[\s_-])(byline|dateline|timestamp|caption|credits?|photo-?credit|image-?credit|share-?(bar|buttons|tools|links)|social-?(share|links)|related-?(posts|articles|stories|content|links))([\s_-]|$)/i;
const MAX_STORY_FRAME_TEXT = 200;

/** A banner or ad is small: a container with this much text is a page that merely mentions cookies or ads. */
const MAX_CLUTTER_TEXT = 2500;

const HIDDEN_STYLE = /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)\b/i;

const label = (element: Element) => `${element.getAttribute('id') ?? ''} ${element.getAttribute('class') ?? ''}`;

function isStructural(element: Element): boolean {
  const name = element.localName;
  return name === 'html' || name === 'body' || name === 'main' || name === 'head';
}

/** True for the elements that contain the page's main landmark: never removed as clutter. */
function holdsMain(element: Element): boolean {
  return Boolean(element.querySelector('main, [role="main"], article'));
}

/**
 * A page's worth of text: a <noscript> with this much is the page served to clients without
 * JavaScript (not a "please enable JavaScript" note or a tracking pixel), and a hidden or
 * chrome-named block with this much that holds most of the page is the page itself.
 */
const PAGE_TEXT = 500;
/** A block holding more than this share of the page's text is the page, whatever its name or style says. */
const MOST_OF_PAGE = 0.5;
const isMostOf = (element: Element, total: number) => {
  const length = collapsedLength(element);
  return length >= PAGE_TEXT && length > MOST_OF_PAGE * total;
};

/**
 * Content the page ships for later display, put where a browser would show it (before the
 * never-content pass removes <noscript> and hidden elements):
 * - a long <noscript> is the server-rendered page for clients without JavaScript (forum engines
 *   such as Discourse and Flarum render the whole thread only there): its content replaces it;
 * - React's streamed server rendering sends each finished Suspense boundary as a hidden
 *   <div id="S:n">, moved by a script into the placeholder <template id="B:n">: moved here the same way;
 * - a hidden tab panel (role="tabpanel", or a tab framework's panel class: Bootstrap's tab-pane)
 *   is content one click away (the same example in another language, the next tab of a
 *   product's details, its specifications): shown.
 */
/** Tab panels: by role, and by the classes tab frameworks give them (Bootstrap, Foundation, BEM themes). */
const TAB_PANELS = '[role="tabpanel"], .tab-pane, .tab-panel, .tabs-panel, .tabs__panel, .tab__content';

export function revealDeferredContent(document: Doc): void {
  for (const element of [...document.querySelectorAll('noscript')]) {
    if (element.isConnected && collapsedLength(element) >= PAGE_TEXT) element.replaceWith(...element.childNodes);
  }
  const dialogs = detailDialogs(document);
  for (const dialog of dialogs) {
    dialog.setAttribute(SHOWN_MARK, '');
    if (dialog.localName === 'dialog') dialog.setAttribute('open', '');
  }
  for (const panel of [...document.querySelectorAll(TAB_PANELS), ...collapsedPanels(document), ...dialogs]) {
    panel.removeAttribute('hidden');
    if (panel.getAttribute('aria-hidden') === 'true') panel.removeAttribute('aria-hidden');
    const style = panel.getAttribute('style');
    if (style && HIDDEN_STYLE.test(style)) panel.setAttribute('style', style.replace(/(display\s*:\s*none|visibility\s*:\s*hidden)\s*;?/gi, ''));
  }
  revealStreamedContent(document);
}

/**
 * The panels of an accordion or a disclosure, collapsed (a product's details, specifications,
 * shipping and care sections; a FAQ's answers): a region (WAI-ARIA's accordion panel), or the
 * element a collapsed toggle controls (aria-expanded="false" aria-controls=its id). Content one
 * click away, as a tab panel is; a menu or drawer revealed so is chrome, removed as chrome.
 */
/** The classes accordion frameworks and themes give a panel (accordion__content, accordion-panel, collapsible-body...). */
const ACCORDION_PANEL = /(?:^|[\s_-])(?:accordion|collapsible)(?:__|-|_)(?:content|panel|body|text|inner)(?:[\s_-]|$)/i;

/** A carousel's slides (Slick, Swiper, Bootstrap, Splide, Glide) hidden while another is shown; a loop's clones are copies and stay hidden. */
const CAROUSEL_SLIDES =
  '.slick-slide[aria-hidden="true"], .swiper-slide[aria-hidden="true"], .carousel-item[aria-hidden="true"], .splide__slide[aria-hidden="true"], .glide__slide[aria-hidden="true"]';

function collapsedPanels(document: Doc): Element[] {
  const panels = [...document.querySelectorAll('[role="region"][aria-hidden="true"], [role="region"][hidden]')];
  for (const slide of document.querySelectorAll(CAROUSEL_SLIDES))
    if (!/(^|\s)(slick-cloned|swiper-slide-duplicate)(\s|$)/.test(slide.getAttribute('class') ?? '')) panels.push(slide);
  for (const element of document.querySelectorAll('[class*="accordion" i], [class*="collaps" i]'))
    if (ACCORDION_PANEL.test(element.getAttribute('class') ?? '')) panels.push(element);
  for (const toggle of document.querySelectorAll('[aria-expanded="false"][aria-controls]')) {
    for (const id of (toggle.getAttribute('aria-controls') ?? '').split(/\s+/)) {
      const panel = id ? document.getElementById(id) : null;
      if (panel && panel !== toggle && !panel.contains(toggle)) panels.push(panel);
    }
  }
  return panels;
}

/** Dialogs and sheets: the element, its role, or a modal's attribute. */
const DIALOGS = 'dialog, [role="dialog"], [aria-modal="true"]';
/** A form's fields: a dialog that asks something (sign-up, stock alert, login, search, filters) is a control, not the page's text. */
const FORM_FIELDS = 'form, input:not([type="hidden" i]), select, textarea';
/** A detail sheet is a description, a size guide, a note on a price: no page's worth of text. */
const MAX_DIALOG_TEXT = 5000;
/** What revealDeferredContent showed as the page's own dialogs: chrome and overlay names inside them do not remove them. */
const SHOWN_MARK = 'data-md-shown';
const isShown = (element: Element) => Boolean(element.closest(`[${SHOWN_MARK}]`));

/**
 * Dialogs and side sheets inside the main landmark that hold text of the page (a product's
 * description, its size guide, what a price includes: a paragraph, a table or a list) and ask
 * nothing (no form field): content one click away, as a tab panel is. A site's overlays (cart,
 * menu, newsletter, login) sit outside main or ask something, and stay hidden.
 */
function detailDialogs(document: Doc): Element[] {
  // A page's own attribute of that name would keep its chrome.
  for (const element of document.querySelectorAll(`[${SHOWN_MARK}]`)) element.removeAttribute(SHOWN_MARK);
  const found: Element[] = [];
  for (const dialog of document.querySelectorAll(DIALOGS)) {
    if (!dialog.parentElement?.closest('main, [role="main"]') || dialog.parentElement.closest(DIALOGS)) continue;
    if (dialog.querySelector(FORM_FIELDS) || !dialog.querySelector('p, table, ul, ol, dl')) continue;
    const text = label(dialog);
    if (CONSENT.test(text) || ADS.test(text) || collapsedLength(dialog) > MAX_DIALOG_TEXT) continue;
    found.push(dialog);
  }
  return found;
}

/** React's streamed Suspense boundaries (hidden <div id="S:n">) moved into their placeholders (<template id="B:n">), as React's script does. */
export function revealStreamedContent(document: Doc): void {
  for (const element of [...document.querySelectorAll('div[hidden][id^="S:"]')]) {
    const placeholder = document.getElementById(`B:${element.id.slice(2)}`);
    if (placeholder?.localName === 'template') placeholder.replaceWith(...element.childNodes);
    else element.removeAttribute('hidden');
    if (element.isConnected && !element.childNodes.length) element.remove();
  }
}

export function removeClutter(document: Doc): void {
  revealDeferredContent(document);
  markSignupForms(document.body);
  for (const element of [...document.querySelectorAll(NEVER_CONTENT)]) {
    if (!isStructural(element)) element.remove();
  }
  // An inline-hidden block with a page's worth of text that holds the page's heading, its main
  // landmark or most of its text is shown by a script once the page loads (deferred rendering,
  // anti-flicker and age-gate wrappers): it is the page, not a hidden extra such as a menu or modal.
  const bodyText = collapsedLength(document.body);
  const shownLater = (element: Element) =>
    collapsedLength(element) >= PAGE_TEXT && (holdsMain(element) || Boolean(element.querySelector('h1')) || isMostOf(element, bodyText));
  for (const element of [...document.querySelectorAll('[style]')]) {
    if (!isStructural(element) && HIDDEN_STYLE.test(element.getAttribute('style') ?? '') && !shownLater(element)) element.remove();
  }
  for (const element of [...document.querySelectorAll('[id], [class], [role="dialog"], [aria-modal="true"], ins')]) {
    if (isStructural(element) || !element.isConnected) continue;
    const text = label(element);
    const consent = CONSENT.test(text) || (element.getAttribute('aria-modal') === 'true' && /cookie|consent|privacy/i.test(element.textContent ?? ''));
    const ad = ADS.test(text) || (element.localName === 'ins' && /adsbygoogle/.test(text));
    // A banner or an ad slot holds no code block: a section about cookies in a framework's docs is content.
    if ((consent || ad) && (element.textContent ?? '').length <= MAX_CLUTTER_TEXT && !holdsMain(element) && !element.querySelector('pre')) element.remove();
  }
  for (const element of [...document.querySelectorAll('[id], [class]')]) {
    if (!element.isConnected || isStructural(element) || !STORY_FRAME.test(label(element))) continue;
    if (collapsedLength(element) < MAX_STORY_FRAME_TEXT && !holdsMain(element)) element.remove();
  }
  removePlaceholders(document.body);
  removeFieldDumps(document.body);
}

/** A field's name as a program stores it: words joined by underscores (retail_price_tier1, cat_thumb_Bone). */
const FIELD_KEY = /^[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+(:?)$/u;
const BARE_URL = /^(?:https?:)?\/\/\S+$/i;

/**
 * A template's dump of a record's stored fields (a shop theme printing every custom field of a
 * product): a term that is a program's field name and a colon ("retail_price_tier1:"), or one
 * whose value is a bare address (an image's URL). A term named so without a colon and described
 * in words is a parameter's documentation, and stays.
 */
export function removeFieldDumps(root: Element): void {
  for (const term of [...root.querySelectorAll('dt')]) {
    const key = FIELD_KEY.exec((term.textContent ?? '').trim());
    if (!key) continue;
    const values: Element[] = [];
    for (let next = term.nextElementSibling; next?.localName === 'dd'; next = next.nextElementSibling) values.push(next);
    if (!key[1] && !values.some((value) => BARE_URL.test((value.textContent ?? '').trim()))) continue;
    for (const value of values) value.remove();
    term.remove();
  }
}

/**
 * Classes of text drawn off screen for screen readers only ("Variant sold out", "Opens in a new
 * window", a price's spoken form): the page as a reader sees it never shows it.
 */
const SCREEN_READER_CLASS =
  /^(?:sr-only|sr-text|visually-?hidden|u-visually-hidden|screen-?reader-(?:text|only)|screenreader(?:-only)?|a11y-hidden|element-invisible|hidden-visually)$/i;
/** Screen-reader text is a word or a line: a longer block under such a class is the page's own. */
const MAX_SCREEN_READER_TEXT = 200;

export function removeScreenReaderText(root: Element): void {
  for (const element of [...root.querySelectorAll('[class]')]) {
    // root may be a detached clone, where nothing isConnected: ask whether it is still inside.
    if (!root.contains(element) || isStructural(element) || element.closest('pre, code')) continue;
    if (!(element.getAttribute('class') ?? '').split(/\s+/).some((name) => SCREEN_READER_CLASS.test(name))) continue;
    if (collapsedLength(element) <= MAX_SCREEN_READER_TEXT) element.remove();
  }
}

/** What a script shows until content arrives: the placeholder, never the content. */
const PLACEHOLDER_TEXT = /^(?:loading|loading (?:more|recommendations|reviews|results|content)|please wait)(?:\.{3}|…|\.)?$/i;

/** A theme's filler text, left where the shop wrote nothing: a paragraph of it is never content. */
const PLACEHOLDER_PROSE = /^lorem ipsum dolor sit amet\b/i;
const PLACEHOLDER_PROSE_BLOCKS = new Set(['p', 'li', 'blockquote', 'dd', 'td']);

/** Blocks whose whole text is a loading placeholder (the outermost such block), and paragraphs of filler text. */
export function removePlaceholders(root: Element): void {
  for (const element of [...root.querySelectorAll('*')]) {
    if (!element.isConnected || isStructural(element)) continue;
    const text = (element.textContent ?? '').trim();
    if (text.length <= 40 && PLACEHOLDER_TEXT.test(text.replace(/\s+/g, ' '))) element.remove();
    else if (PLACEHOLDER_PROSE_BLOCKS.has(element.localName) && PLACEHOLDER_PROSE.test(text)) element.remove();
  }
}

/** A sign-up box is short: its heading, a line of why, the field and its fine print. */
const MAX_SIGNUP_TEXT = 600;
/** What a box adds around its form: a heading and a line of why. */
const MAX_SIGNUP_INTRO = 120;
const EMAIL_FIELD = 'input[type="email" i], input[name*="email" i], input[placeholder*="email" i], input[autocomplete="email" i]';

const SIGNUP_MARK = 'data-md-signup';

/** Forms asking for an email address, marked before their fields are removed with the other controls. */
function markSignupForms(root: Element): void {
  for (const form of root.querySelectorAll('form')) if (form.querySelector(EMAIL_FIELD)) form.setAttribute(SIGNUP_MARK, '');
}

/**
 * Newsletter and account sign-up boxes in the chosen content: a short form that asked for an
 * email address (markSignupForms), with the block around it that only introduces it (a heading
 * below h2 and a line of why; up to three levels). Removed after the content is chosen, so that
 * they weigh in neither candidate's choice.
 */
export function removeSignupForms(root: Element): void {
  for (const form of [...root.querySelectorAll(`form[${SIGNUP_MARK}]`)]) {
    if (!root.contains(form) || collapsedLength(form) > MAX_SIGNUP_TEXT) continue;
    let box: Element = form;
    for (let parent = form.parentElement, level = 0; parent && parent !== root && level < 3 && !isStructural(parent); parent = parent.parentElement, level++) {
      const length = collapsedLength(parent);
      if (
        length > MAX_SIGNUP_TEXT ||
        length > collapsedLength(box) + MAX_SIGNUP_INTRO ||
        parent.querySelector('h1, h2, form ~ form, form form') ||
        holdsMain(parent)
      )
        break;
      box = parent;
    }
    box.remove();
  }
}

/**
 * What a script shows when a request fails ("Sorry, there was a problem.", "Something went
 * wrong. Please try again later."), and any short message that ends by asking to retry ("Error
 * rating book. Refresh and try again.", "There was a problem filtering reviews. Please reload
 * the page."): one or two sentences, then the instruction as a sentence of its own.
 */
const FAILURE_MESSAGE =
  /^(?:(?:sorry, |oops!? |opps!? )?(?:there was (?:a problem|an error)|something went wrong|an error (?:has )?occurred)[.!]?|(?:[^.!?]{1,100}[.!?] ){0,2}(?:please )?(?:(?:refresh|reload)(?: the page| this page)?(?: and try again)?|try again)(?: later)?[.!]?)$/i;
/** Controls of a carousel or a collapsed block, left as text once their buttons' markup is gone. */
const CONTROL_TEXT =
  /^(?:prev|previous|next|previous next|prev next|previous page|next page|show (?:more|less)|show more \+ show less –?|load more|view more|see more)$/i;
const MAX_MESSAGE_TEXT = 160;

/**
 * Failure messages and the words of controls in the chosen content (the outermost block whose
 * whole text is one). After the content is chosen: they weigh in neither candidate's choice.
 */
export function removeScriptMessages(root: Element): void {
  const lengths = textLengths(root);
  for (const element of [...root.querySelectorAll('*')]) {
    // The raw length bounds the trimmed text's: only short blocks are read.
    if ((lengths.get(element) ?? 0) > MAX_MESSAGE_TEXT * 2 || !root.contains(element) || isStructural(element) || element.closest('pre, code')) continue;
    const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text && text.length <= MAX_MESSAGE_TEXT && (FAILURE_MESSAGE.test(text) || CONTROL_TEXT.test(text))) element.remove();
  }
}

const collapsedLength = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').length;

/** Site navigation, the site header and footer, sidebars, breadcrumbs, skip links, share bars. */
const CHROME = [
  'nav',
  '[role="navigation"]',
  'footer',
  '[role="contentinfo"]',
  'aside',
  '[role="complementary"]',
  '[role="search"]',
  'form[role="search"]',
].join(', ');

const CHROME_LABEL =
  /(^|[\s_-])(breadcrumbs?|skip-?(link|to-content)|share|sharing|social-share|sharebar|share-buttons|newsletter|subscribe|sidebar|site-?header|site-?footer|global-?header|global-?footer|masthead|menu|navbar|mega-?menu|back-?to-top|pagination)([\s_-]|$)/i;

/**
 * Blocks around the content rather than in it: recommendations (related, also bought, recently
 * viewed), overlays (modals, drawers, mini carts), account and search widgets, announcement bars,
 * a listing's filters and sort controls (facets, refinements).
 * They can be longer than chrome, so the limit is higher.
 */
const AROUND_LABEL =
  /(^|[\s_-])(related|recommend(ed|ations)?|upsells?|cross-?sells?|recently-?viewed|also-?(like|bought|viewed)|you-?may-?also-?like|modal|popup|drawer|minicart|mini-?cart|cart-?drawer|login|signin|account|search|toast|announcement-?bar|promo-?bar|topbar|top-?bar|utility|offcanvas|off-?canvas|filters?|facets?|faceted-?(search|nav|navigation)|refinements?|sort|sorting|sort-?by)([\s_-]|$)/i;
const MAX_AROUND_TEXT = 5000;

/** A skip link's words ("Skip to content", "Skip to product list", "Zum Inhalt springen", "Aller au contenu"...): a link within the page that only moves the keyboard's focus. */
const SKIP_LINK =
  /^(?:skip (?:to|navigation)\b|jump to (?:main )?content\b|zum (?:haupt)?inhalt(?: springen| wechseln)?$|direkt zum inhalt|aller au contenu|passer (?:au|à la) (?:contenu|navigation)|(?:ir|saltar) al contenido|passa al contenuto|vai al contenuto|(?:ir|pular) para o conteúdo|naar (?:de )?(?:hoofd)?inhoud)/iu;

/** The page chrome, for the whole-page path. A header inside main or article is the page's own heading and stays. */
export function removeChrome(root: Element): void {
  for (const link of [...root.querySelectorAll('a[href^="#"]')]) {
    if (link.isConnected && SKIP_LINK.test(collapsedLength(link) <= 60 ? (link.textContent ?? '').trim() : '')) link.remove();
  }
  for (const element of [...root.querySelectorAll(CHROME)]) {
    if (element.isConnected && !isStructural(element) && !holdsMain(element) && !isShown(element)) element.remove();
  }
  for (const element of [...root.querySelectorAll('header, [role="banner"]')]) {
    if (element.isConnected && !element.closest('main, [role="main"], article') && !holdsMain(element)) element.remove();
  }
  // Measured after the landmarks are gone: chrome by name is never most of what remains.
  const total = collapsedLength(root);
  for (const element of [...root.querySelectorAll('[id], [class]')]) {
    if (!element.isConnected || isStructural(element)) continue;
    if (
      CHROME_LABEL.test(label(element)) &&
      !holdsMain(element) &&
      (element.textContent ?? '').length <= MAX_CLUTTER_TEXT &&
      !isMostOf(element, total) &&
      !isShown(element)
    )
      element.remove();
  }
  removeRecommendations(root);
}

/**
 * Headings of what a shop or site recommends beside the page's own item: other products, pages
 * and stories ("You may also like", "Customers also bought", "Similar items", "Related products",
 * "Recently viewed", "Frequently bought together", "Best sellers").
 */
const RECOMMENDATION_HEADING =
  /^(?:(?:people|customers|guests|shoppers|others(?: like you)?)(?: who (?:viewed|bought|purchased) (?:this|these)(?: items?| products?)?)? also (?:viewed|bought|liked|purchased|like)|(?:you|we think you)(?: may| might| will| would)?(?: also)? (?:like|love|be interested in)|(?:products |items )?you(?: may| might) (?:also )?(?:like|need)|(?:similar|related|recommended|suggested|more|other|sponsored) (?:items|products|brands|categories|pages|news|posts|articles|stories|videos|styles|picks)|(?:related|similar) items|explore related|recommended (?:for you|products|items)|(?:recently|previously) (?:viewed|added)|frequently bought together|complete the look|more to explore|best sell(?:ers|ing(?: [\p{L} ]{1,30})?)|trending now|top picks(?: for you)?)\b/iu;
/** The same headings as shops write them in French, German, Spanish, Italian, Portuguese and Dutch. */
const RECOMMENDATION_HEADING_OTHER =
  /^(?:vous (?:aimerez|pourriez aimer) (?:aussi|également)|(?:ils|elles) vont bien ensemble|pour compléter (?:votre achat|le look)|produits? (?:similaires|associés|recommandés)|(?:récemment|derniers produits) consultés|das könnte (?:dir|ihnen) auch gefallen|kunden (?:kauften|kaufen|interessierten sich) auch|(?:ähnliche|passende|empfohlene) (?:produkte|artikel)|zuletzt (?:angesehen|angesehene (?:produkte|artikel))|(?:también|tambien) te (?:puede|podría) (?:gustar|interesar)|productos (?:relacionados|similares|recomendados)|vistos recientemente|(?:potrebbe|ti potrebbe|potrebbero) (?:interessarti|piacerti)(?: anche)?|prodotti (?:correlati|simili|consigliati)|visti di recente|(?:você|voce) (?:também )?(?:pode|vai) gostar|produtos (?:relacionados|semelhantes|recomendados)|vistos recentemente|(?:dit|deze) (?:vind|vindt) je (?:misschien )?ook (?:leuk|mooi)|(?:vergelijkbare|gerelateerde|aanbevolen) (?:producten|artikelen)|(?:recent|laatst) bekeken)\b/iu;
const RECOMMENDATION_HEADING_TEXT = 80;
/** Recommendation sections removed at most: each costs a walk of the blocks around it, and a page has a few. */
const MAX_RECOMMENDATIONS = 20;
const HEADINGS = 'h1, h2, h3, h4, h5, h6';
const headingRank = (element: Element) => Number(element.localName.slice(1));
const holdsHeadingAtOrAbove = (element: Element, rank: number, except: Element) =>
  [...element.querySelectorAll(HEADINGS)].some((heading) => heading !== except && headingRank(heading) <= rank);
/**
 * A paragraph of this much text outside links is the page's own prose (a description, a
 * specification), never a recommended item's label; a table or code block is the page's own too.
 */
const ITEM_PROSE = 120;
function holdsProse(element: Element): boolean {
  if (['table', 'pre'].includes(element.localName) || element.querySelector('table, pre')) return true;
  const blocks = ['p', 'dd', 'blockquote'].includes(element.localName) ? [element] : [];
  for (const block of [...blocks, ...element.querySelectorAll('p, dd, blockquote')]) {
    const length = collapsedLength(block);
    if (length < ITEM_PROSE || block.closest('a')) continue;
    let links = 0;
    for (const link of block.querySelectorAll('a')) links += collapsedLength(link);
    if (length - links >= ITEM_PROSE) return true;
  }
  return false;
}

/**
 * A recommendation's heading and what it heads: the largest block around the heading that starts
 * with it (no heading before it), holds no other heading of its rank or above nor prose, is short
 * (MAX_AROUND_TEXT) and is not most of the page; when the heading stands alone in such a block,
 * the siblings after it up to the next heading of its rank, as short.
 */
export function removeRecommendations(root: Element): void {
  const total = collapsedLength(root);
  let found = 0;
  for (const heading of [...root.querySelectorAll(HEADINGS)]) {
    if (found >= MAX_RECOMMENDATIONS) break;
    if (!root.contains(heading)) continue;
    const text = (heading.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (text.length > RECOMMENDATION_HEADING_TEXT || !(RECOMMENDATION_HEADING.test(text) || RECOMMENDATION_HEADING_OTHER.test(text))) continue;
    found++;
    const rank = headingRank(heading);
    let section: Element = heading;
    for (let parent = section.parentElement; parent && parent !== root && !isStructural(parent) && !holdsMain(parent); parent = parent.parentElement) {
      const headsParent = parent.querySelector(HEADINGS) === heading;
      if (
        !headsParent ||
        collapsedLength(parent) > MAX_AROUND_TEXT ||
        isMostOf(parent, total) ||
        holdsHeadingAtOrAbove(parent, rank, heading) ||
        holdsProse(parent)
      )
        break;
      section = parent;
    }
    const following: Element[] = [];
    if (collapsedLength(section) <= collapsedLength(heading) + 1) {
      let length = 0;
      for (let next = section.nextElementSibling; next; next = next.nextElementSibling) {
        if (/^h[1-6]$/.test(next.localName) ? headingRank(next) <= rank : holdsHeadingAtOrAbove(next, rank, heading) || holdsProse(next)) break;
        length += collapsedLength(next);
        following.push(next);
        if (length > MAX_AROUND_TEXT) break;
      }
      if (length > MAX_AROUND_TEXT || length > MOST_OF_PAGE * total) continue;
    }
    for (const element of following) element.remove();
    section.remove();
  }
}

/**
 * Ids and classes of a shop's customer reviews and their widgets (Yotpo, Judge.me, Okendo,
 * Stamped, Bazaarvoice, PowerReviews, Trustpilot, Reevoo, Feefo, Loox), as whole words.
 */
const REVIEWS_LABEL =
  /(^|[\s_-])((customer|product|user|app|item)-?reviews?|reviews?(-?(list|section|container|widget|block|area|wrapper|summary|header))?|userreviews|ratings-?(and|&)-?reviews|feedback|seller-?ratings?|yotpo|jdgm|judgeme|okendo|oke-reviews|stamped(-reviews)?|bv-?(reviews|rating)|bazaarvoice|pr-review(-display)?|trustpilot-?widget|reevoo|feefo|loox-?reviews)([\s_-]|$)/i;

/**
 * On a page that declares a product: what its buyers say of it (reviews, ratings, seller
 * feedback), not what the page says; never a block holding most of the page (a page of reviews).
 */
export function removeReviews(root: Element): void {
  const total = collapsedLength(root);
  for (const element of [...root.querySelectorAll('[id], [class], [itemprop="review" i], [itemtype*="schema.org/Review" i]')]) {
    if (!element.isConnected || isStructural(element)) continue;
    const microdata = /^review$/i.test(element.getAttribute('itemprop') ?? '') || /schema\.org\/Review$/i.test(element.getAttribute('itemtype') ?? '');
    if ((microdata || REVIEWS_LABEL.test(label(element))) && !holdsMain(element) && !isMostOf(element, total)) element.remove();
  }
}

/**
 * What frames each post of a thread rather than being it: the author's card (avatar, reputation,
 * badges, join date), vote counters, signatures, the post's action menu. Short by nature.
 */
const POST_FRAME_LABEL =
  /(^|[\s_-])(user-?(info|details|card|avatar|gravatar|action-?time|badges?)|post-?signature|signature|avatar|vote|votes|vote-?count|js-vote-count|voting|badges?|reputation|rep-?score|post-?menu|post-?actions?|message-?(signature|user-?info|author)|postprofile|author-?(info|card|details)|poster-?info|join-?date)([\s_-]|$)/i;
const MAX_POST_FRAME_TEXT = 300;

/** What surrounds the content on the whole-page path (after removeChrome, inside the chosen root). */
export function removeSurroundings(root: Element): void {
  const total = collapsedLength(root);
  for (const element of [...root.querySelectorAll('[id], [class]')]) {
    if (
      POST_FRAME_LABEL.test(label(element)) &&
      root.contains(element) &&
      collapsedLength(element) <= MAX_POST_FRAME_TEXT &&
      !element.querySelector('pre, p, h1, h2, h3')
    )
      element.remove();
  }
  for (const element of [...root.querySelectorAll('[id], [class]')]) {
    // root may be a detached clone, where nothing isConnected: ask whether it is still inside.
    if (!root.contains(element) || isStructural(element)) continue;
    if (!AROUND_LABEL.test(label(element)) || holdsMain(element) || isShown(element)) continue;
    // What surrounds the content is never most of it, however short the page: a block with most
    // of its text under such a name is the page itself (a search-results wrapper, an account page's body).
    const length = collapsedLength(element);
    if (length < MAX_AROUND_TEXT && length <= MOST_OF_PAGE * total) element.remove();
  }
  for (const element of [...root.querySelectorAll('[id], [class]')]) {
    if (!root.contains(element) || isStructural(element) || !COMMENTS_LABEL.test(label(element)) || holdsMain(element) || isShown(element)) continue;
    if (collapsedLength(element) <= MOST_OF_PAGE * total) element.remove();
  }
}

/**
 * Ids and classes of a page's comment thread as a whole (the list, its section; Disqus): what
 * readers say under a list, an item or a story, however long, and never a single post's name.
 * A thread that is most of the page is the page (a forum's), and stays. The name begins a class
 * or id: a part of another's name (testimonials-comments) is that block's.
 */
const COMMENTS_LABEL =
  /(^|\s)(comments|comment[_-]?(list|section|area|thread|container|wrapper)|commentlist|comments[_-]?(list|section|area|container|wrapper|block)|disqus_thread)([\s_-]|$)/i;

/** Elements inside a line of text. */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'img',
  'kbd',
  'label',
  'mark',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
  'font',
]);
/**
 * Never a repeated section: what sits inside a line, one paragraph, item or heading, and lists
 * and tables (plans and specifications repeat the same features and rows on purpose).
 */
const NOT_SECTION = new Set([...INLINE, 'p', 'li', 'dt', 'dd', 'td', 'th', 'tr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'dl', 'table', 'pre']);

/** A container of two blocks or more that hold text (a heading and its paragraph, two cards). */
function isSection(element: Element): boolean {
  if (NOT_SECTION.has(element.localName.toLowerCase())) return false;
  let blocks = 0;
  for (const child of element.children) if (!INLINE.has(child.localName.toLowerCase()) && /\S/.test(child.textContent ?? '') && ++blocks >= 2) return true;
  return false;
}

/** A repeated section this long is the same content twice, not a short part of an item that recurs (a price and a feature line). */
const MIN_REPEATED_TEXT = 80;
/** Longer blocks are compared through their parts: a copy per layout is a section, not most of a page. */
const MAX_REPEATED_TEXT = 20_000;

/** Blocks whose repeats are the page's own: what recurs inside a list item or a table (two parameters described alike), quotes, code. */
const REPEATS_KEPT_IN = new Set(['li', 'dd', 'table', 'pre', 'blockquote']);

/**
 * Sections that say again, word for word, what an earlier block of the content said: a page
 * ships one copy of a section per layout (mobile, tablet and desktop; a slide cloned for a
 * carousel's loop) and a reader sees one. Only sections of two blocks or more count (isSection):
 * a paragraph or list that recurs is the page's own repetition (the same step in two procedures,
 * the same features in two plans), and so is what recurs inside list items (two parameters of
 * an API described alike); quotes repeat what they quote, and code blocks stay.
 */
export function removeRepeatedBlocks(root: Element, { minText = MIN_REPEATED_TEXT, maxText = MAX_REPEATED_TEXT } = {}): void {
  const lengths = textLengths(root);
  const seen = new Map<string, Element>();
  const visit = (element: Element) => {
    for (const child of [...element.children]) {
      const name = child.localName.toLowerCase();
      if (REPEATS_KEPT_IN.has(name)) continue;
      // The raw length bounds the collapsed text's: a short block holds no long one.
      const length = lengths.get(child) ?? 0;
      if (length < minText) continue;
      if (length <= maxText) {
        const text = (child.textContent ?? '').replace(/\s+/g, ' ').trim();
        if (text.length < minText) continue;
        const first = seen.get(text);
        if (first && !first.contains(child) && root.contains(first) && isSection(child) && !child.querySelector('pre, blockquote')) {
          child.remove();
          continue;
        }
        if (!first) seen.set(text, child);
      }
      visit(child);
    }
  };
  visit(root);
  removeCopiedSections(root, minText);
}

/** The blocks a copy is compared through when its wrapper differs from the first copy's. */
const COPY_BLOCKS = new Set(['p', 'li', 'dd']);
/** What a copy may add around the blocks it repeats (an accordion's button, a heading the other layout puts elsewhere): a share of its text. */
const MAX_COPY_EXTRA = 0.25;

interface CopyCounts {
  /** Blocks of minText or more (the innermost of COPY_BLOCKS), outside quotes and code. */
  blocks: number;
  /** Of those, the ones whose text an earlier block said word for word. */
  repeats: number;
  /** The blocks' text, and all of the element's text (each text node collapsed). */
  blockText: number;
  text: number;
}

/**
 * Sections whose every long block (a paragraph, an item, a definition of minText or more; two
 * at least) repeats an earlier block word for word, with little else: the same copy of a
 * section for another layout, its heading moved into a button or left out (a desktop guide and
 * its mobile accordion). One walk counts the blocks; only the innermost blocks' text is read.
 */
function removeCopiedSections(root: Element, minText: number): void {
  const seen = new Set<string>();
  const counts = new Map<Element, CopyCounts>();
  const walk = (element: Element): CopyCounts => {
    const own: CopyCounts = { blocks: 0, repeats: 0, blockText: 0, text: 0 };
    const opaque = element.localName === 'pre' || element.localName === 'blockquote';
    for (let node = element.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 3) own.text += (node.nodeValue ?? '').replace(/\s+/g, ' ').trim().length;
      else if (node.nodeType === 1) {
        const child = walk(node as Element);
        own.text += child.text;
        if (opaque) continue;
        own.blocks += child.blocks;
        own.repeats += child.repeats;
        own.blockText += child.blockText;
      }
    }
    if (!opaque && own.blocks === 0 && COPY_BLOCKS.has(element.localName) && own.text >= minText) {
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim();
      own.blocks = 1;
      own.repeats = seen.has(text) ? 1 : 0;
      own.blockText = own.text;
      seen.add(text);
    }
    counts.set(element, own);
    return own;
  };
  walk(root);
  const visit = (element: Element) => {
    for (const child of [...element.children]) {
      const count = counts.get(child);
      if (!count?.blocks || REPEATS_KEPT_IN.has(child.localName)) continue;
      if (count.blocks >= 2 && count.repeats === count.blocks && count.text - count.blockText <= MAX_COPY_EXTRA * count.text && isSection(child)) {
        child.remove();
        continue;
      }
      visit(child);
    }
  };
  visit(root);
}

/** Each element's text length, uncollapsed, in one walk (reading textContent at every level costs the text times the depth). */
export function textLengths(root: Element): Map<Element, number> {
  const lengths = new Map<Element, number>();
  const measure = (element: Element): number => {
    let length = 0;
    for (let node = element.firstChild; node; node = node.nextSibling) {
      if (node.nodeType === 3) length += (node.nodeValue ?? '').length;
      else if (node.nodeType === 1) length += measure(node as Element);
    }
    lengths.set(element, length);
    return length;
  };
  measure(root);
  return lengths;
}
