/**
 * Round 11 of issue 37: rules that carry to goals nobody wrote yet, each asserted on goals worded
 * apart from the goal sets: an operation asked by its parts (three offers one result holds), a
 * vendor's tag or pixel as a technology the site runs, the checkout whose provider is asked, a list
 * enriched with a datum, data asked without the linking words genitive languages leave out.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { words } from '../../../../engines/advisor/text.ts';
import { batchRoute, missing, route, tools } from '../../../support/advisor-route.ts';

describe('advisor round 11 (issue 37)', () => {
  it('gives the one operation whose result holds the three parts a goal lists, the one it cues of its own', () => {
    // Tags, a jobs page and search ads, "facts only": the footprint; the same parts for a profile: the profile.
    assert.equal(route('Facts only for brightmill.io: analytics tags on the site, a jobs page with open roles, paid search ads?'), 'company-footprint');
    assert.equal(route('Company overview of brightmill.io with its technologies, open roles and search ads'), 'company-profile');
    // Readiness gaps, a published address, recent ads for our agency: the lead finder.
    assert.equal(
      route('For our agency: how agent-ready is lamp-corner.shop, which email does it publish, and has it advertised lately?'),
      'conversion_leak_lead_finder',
    );
    // Two parts stay two calls.
    assert.deepEqual(tools('open roles and search ads of brightmill.io'), ['ats-jobs', 'search-ads']);
  });

  it("reads a vendor's tag or pixel, and ads qualifying a tag, as a technology the site runs, not ads it buys", () => {
    assert.equal(route('is the Google Ads remarketing tag installed on pottery-lane.com?'), 'tech-stack');
    assert.equal(route('does pottery-lane.com have the LinkedIn Insight tag?'), 'tech-stack');
    assert.equal(route('which ad pixels fire on pottery-lane.com?'), 'tech-stack');
    assert.equal(route('Quais pixels de publicidade estão instalados em loja-x.com.br?'), 'tech-stack');
    // Ads bought are still search ads, tags named beside them or not.
    // The tag before its vendor, as Romance languages write it.
    assert.equal(route('Il sito negozio-x.it ha il pixel di TikTok installato?'), 'tech-stack');
    assert.equal(route('does pottery-lane.com show Google Ads in Canada?'), 'search-ads');
    assert.equal(route('search ads and analytics tags of pottery-lane.com'), 'search-ads');
  });

  it('reads the checkout whose provider is asked as a technology, not a purchase', () => {
    assert.equal(route('which wallet runs the checkout of tea-house.eu, Klarna or PayPal?'), 'tech-stack');
    assert.equal(route('Is the checkout on tea-house.eu handled by Mollie?'), 'tech-stack');
    assert.equal(route("I'm buying a teapot from tea-house.eu, is the shop safe?"), 'pre_purchase_merchant_trust_check');
  });

  it('reads a list enriched with a datum as that datum, not the whole profile', () => {
    assert.equal(batchRoute('enrich our 60 accounts with their current job openings', 60), 'batch:ats-jobs');
    assert.equal(batchRoute('append the search ads to each of these 45 domains', 45), 'batch:search-ads');
    assert.equal(route('enrich lumen-labs.ai for me'), 'company-profile');
  });

  it('reads missing data asked without the linking word genitive languages leave out', () => {
    assert.match(missing('Pokaż listę klientów firmy hurtownia-x.pl').join(' '), /customer/);
    assert.match(missing('Dej mi list employees of acme-z.io').join(' '), /staff/);
    assert.match(missing('Нужен список сотрудников фирмы x-ru.ru').join(' '), /staff/);
  });

  it('reads Swedish, Persian and Ukrainian by concept (concepts.ts), and a mobile number in the languages of the goal', () => {
    assert.equal(route('Vilka lediga jobb har klader-x.se just nu?'), 'ats-jobs');
    assert.equal(route('Vilken teknik använder butiken klader-x.se?'), 'tech-stack');
    assert.equal(route('Hämta kontaktuppgifter och e-postadresser från mobler-x.se'), 'extract-contacts');
    assert.equal(route('Är mobler-x.se en pålitlig butik att handla från?'), 'pre_purchase_merchant_trust_check');
    assert.deepEqual(tools('تبلیغات جستجوی digikala-x.com را نشان بده'), ['search-ads']);
    assert.equal(route('Які технології використовує сайт rozetka-x.com.ua?'), 'tech-stack');
    assert.equal(route('Покажи відкриті вакансії компанії prom-x.ua'), 'ats-jobs');
    assert.match(missing('Quiero el número de móvil del director de ventas de tienda-q.es').join(' '), /personal/);
    assert.match(missing('Ich brauche die Handynummer der Geschäftsführerin von laden-q.de').join(' '), /personal/);
  });

  it('cuts the article, the conjunction and the endings of Arabic-script words, and the gerunds of Romance verbs', () => {
    assert.deepEqual(words('والمتجر'), words('متجر'));
    assert.deepEqual(words('شرعية'), words('شرعي'));
    assert.equal(route('هل موقع dukkan-x.sa شرعي؟'), 'verify_domain_legitimacy_and_security');
    assert.deepEqual(words('contratando'), words('contratar'));
    assert.deepEqual(words('comprando'), words('comprar'));
    // A compound whose head is a compound itself (Swedish, German).
    assert.deepEqual(words('köpintentionspoäng'), words('buying intent score'));
  });

  it('answers actions the service does not take with no tool, and says so, whatever words of an offer they hold', () => {
    assert.match(missing('Run a vulnerability scan against the login form of bank-x.com').join(' '), /security testing/);
    assert.match(missing('Register the domain fresh-brand-x.io for two years').join(' '), /domain registration/);
    assert.match(missing('Buy me two tickets for the cheapest flight to Oslo').join(' '), /purchases/);
    assert.match(missing('Schreibe einen Slogan für unsere Anzeigen').join(' '), /writing/);
    assert.match(missing('Translate our product descriptions into Italian').join(' '), /translating/);
    assert.match(missing('この製品説明を韓国語に翻訳して').join(' '), /translating/);
    assert.match(missing('I need the private email address of the founder of startup-x.io').join(' '), /personal/);
    // Prompt injection in a paid endpoint's answer is what verify-merchant reads.
    assert.equal(route('does https://api.quote-x.dev/x402/price try prompt injection on my agent?'), 'verify-merchant');
  });

  it('reads Turkish privacy wording: the intermediary of the payment, the target seen', () => {
    assert.equal(route('rakip-x.com.tr açık pozisyonlarını getir, ödeme aracısı hangi alan adını sorduğumuzu görmeden'), 'private-query:open_jobs');
  });

  it('reads Czech, Danish, Romanian, Hungarian, Greek, Thai and Hebrew by concept; Thai terms found without spaces', () => {
    assert.equal(route('Jaké technologie používá web alza-x.cz?'), 'tech-stack');
    assert.equal(route('Er det sikkert at købe i butikken x-butik.dk?'), 'pre_purchase_merchant_trust_check');
    assert.equal(route('Arată locurile de muncă deschise la x-ro.ro'), 'ats-jobs');
    assert.equal(route('Milyen keresési hirdetéseket futtat az x-hu.hu?'), 'search-ads');
    assert.equal(route('Βρες κωδικό έκπτωσης για το κατάστημα x-gr.gr'), 'checkout_active_promo_code_finder');
    assert.equal(route('หาโค้ดส่วนลดสำหรับร้าน x-th.co.th'), 'checkout_active_promo_code_finder');
    assert.match(missing('Kolik zaměstnanců má firma x-cz.cz?').join(' '), /headcount/);
    // Hebrew, its article and conjunction glued before the word ('המשרות הפתוחות', 'וחנות').
    assert.equal(route('הצג את המשרות הפתוחות של החברה x-il.co.il'), 'ats-jobs');
    assert.equal(route('האם בטוח לקנות בחנות x-il.co.il?'), 'pre_purchase_merchant_trust_check');
  });

  it('reads ads a company buys as its search ads, whom to write to as contacts, and idioms of the offers', () => {
    assert.equal(route('Is lumen-x.io buying ads on Google these days?'), 'search-ads');
    assert.equal(route('Kauft laden-x.de gerade Werbung bei Google ein?'), 'search-ads');
    // The agent buying from a shop stays a purchase, ads asked in another clause or not.
    assert.equal(route('I want to buy a lamp from lumen-x.io, is it safe?'), 'pre_purchase_merchant_trust_check');
    assert.equal(route('whom should I write to at lumen-x.io? who to write to for partnerships'), 'extract-contacts');
    assert.equal(route("what's under the hood of lumen-x.io?"), 'tech-stack');
    assert.equal(route('Was steckt technisch hinter lumen-x.de?'), 'tech-stack');
    assert.equal(route('is lumen-x.io in a buying window for analytics software?'), 'company-intent');
    assert.equal(route('send me something signed that proves lumen-shop.com is trustworthy, my agent checks it'), 'verified_merchant_json_badge');
  });

  it("reads hiring as the goal's only question as its open roles, never a headcount", () => {
    assert.equal(route('is brightmill.io recruiting at the moment?'), 'ats-jobs');
    assert.equal(route('is brightmill.io on the lookout for new people?'), 'ats-jobs');
    assert.equal(route('brightmill.cn 最近在招人吗'), 'ats-jobs');
    // Hiring as it changes stays hiring intent; a number of staff stays no tool.
    assert.equal(route('is brightmill.io hiring a lot lately?'), 'company-intent');
    assert.equal(route('staff count at brightmill.io?'), null);
  });
});
