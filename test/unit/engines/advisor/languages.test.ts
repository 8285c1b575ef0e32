/**
 * Goals in other languages read through English glosses (engines/advisor/languages.ts): the words
 * the matcher sees, and the tool a goal gets. The goals here are worded apart from the goal sets.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAdvisor } from '../../../../engines/advisor/advise.ts';
import { advisorCatalog } from '../../../../handlers/advisor.ts';
import { words } from '../../../../engines/advisor/text.ts';
import { GOAL_FACTS } from '../../../support/advisor-goals.ts';

const advise = createAdvisor(advisorCatalog());
const tool = (goal: string, extra: Record<string, unknown> = {}) => advise({ agent_goal: goal, ...extra }, GOAL_FACTS).recommended_tool;

describe('advisor goals in other languages', () => {
  it('glosses inflected words of spaced scripts by their prefix, and keeps English words as they are', () => {
    assert.deepEqual(words('Technologien'), words('technologies'));
    assert.deepEqual(words('Какие технологиями'), words('which technologies'));
    assert.deepEqual(words('the tech stack of a site'), ['the', 'tech', 'stack', 'of', 'a', 'site']);
    // ł, ı and ß fold to ASCII like accents do.
    assert.deepEqual(words('kullanıyor'), words('use'));
  });

  it('finds CJK terms without spaces, the longest first, and splits Latin from other scripts', () => {
    assert.deepEqual(words('採用情報'), words('open jobs'));
    assert.deepEqual(words('採用を強化'), words('hiring growing'));
    assert.deepEqual(words('Markdownで取得'), ['markdown']);
    assert.deepEqual(words('우리 회사의 기술스택'), words('company tech stack'));
  });

  it('routes goals in ten languages to the tool an English goal gets', () => {
    const cases: [string, string][] = [
      ['Welche Tools für E-Mail-Marketing setzt hellofresh.de ein?', 'tech-stack'],
      ['Sucht flixbus.de gerade Mitarbeiter? Gibt es offene Stellen?', 'ats-jobs'],
      ["Je cherche l'e-mail de contact du service presse de leboncoin.fr", 'extract-contacts'],
      ['¿Hay algún cupón de descuento para zara.com?', 'checkout_active_promo_code_finder'],
      ['A loja lojabarata-ofertas.com.br é golpe?', 'verify_domain_legitimacy_and_security'],
      ['Trova le offerte di lavoro di bending-spoons.com', 'ats-jobs'],
      ['Zet deze pagina om naar markdown: https://voorbeeld.nl/nieuws/12', 'clean-markdown'],
      ['Покажи рекламу в Google компании avito.ru', 'search-ads'],
      ['notion.soで使われている技術を知りたい', 'tech-stack'],
      ['nio.com 的联系方式和邮箱是什么？', 'extract-contacts'],
      ['baemin.com의 할인 코드 찾아줘', 'checkout_active_promo_code_finder'],
      ['Welche Analyse-Tools setzt mytheresa.com ein?', 'tech-stack'],
      ['gmo.jpはどのアクセス解析を使っていますか', 'tech-stack'],
      ['Zoekt picnic.app ontwikkelaars?', 'ats-jobs'],
      ['Le recrutement chez mirakl.com ralentit-il ?', 'company-intent'],
      ['Accetta PayPal il negozio yoox.com come metodo di pagamento?', 'tech-stack'],
      ['Ist bio-laden.de bereit für KI-Agenten?', 'store_readiness_auditor'],
      ['Welche offenen Positionen hat flink.com im Marketing?', 'ats-jobs'],
      ['Herramientas de marketing que funcionan en desigual.com', 'tech-stack'],
      ['Porównaj dane produktów mojego sklepu moj-sklep.pl z konkurentem inny-sklep.pl', 'agentic_shelf_schema_comparator'],
    ];
    for (const [goal, expected] of cases) assert.equal(tool(goal), expected, goal);
  });
});

describe('advisor goals worded around keywords', () => {
  it('reads hiring as it changes as intent, and hiring compared across several domains as hot-buyers', () => {
    assert.equal(tool('did stripe.com hiring slow down after the summer?'), 'company-intent');
    assert.equal(tool('want to know when to reach out to figma.com: is their recruiting picking up?'), 'company-intent');
    assert.equal(tool('of my 12 prospects, who is recruiting the most right now?', { domain_count: 12 }), 'hot-buyers');
  });

  it('reads a company seeking a job noun as its openings, and the noun a number counts as the list, not an offer', () => {
    assert.equal(tool('is canva.com searching for developers'), 'ats-jobs');
    assert.equal(tool('among my 18 leads, which are staffing up most quickly'), 'hot-buyers');
    assert.equal(tool('rank these 9 prospects by who is bulking up their sales team'), 'hot-buyers');
    assert.equal(tool('I have 12 leads, are they good leads for my CRO agency?'), 'conversion_leak_lead_finder');
    assert.equal(tool('among these 11 accounts, who is on a recruiting binge?'), 'hot-buyers');
  });

  it('runs every step a goal lists on either side of a sequence word, in its order', () => {
    const steps = (goal: string) => advise({ agent_goal: goal }, GOAL_FACTS).recommended_execution_sequence.map((step) => step.tool);
    assert.deepEqual(steps('list the open roles at deel.com, after that the contact addresses'), ['ats-jobs', 'extract-contacts']);
    assert.deepEqual(steps('Récupère le texte de https://exemple.fr/a/1 et ensuite dis-moi quelle technologie utilise le site'), [
      'clean-markdown',
      'tech-stack',
    ]);
    assert.equal(tool('is mistral.ai recruiting engineers?'), 'ats-jobs');
    assert.equal(tool('has hiring at linear.app dropped since last month? when to contact them'), 'company-intent');
  });

  it('answers a request to watch or alert with no tool, the alert channel being no technology asked about', () => {
    assert.equal(tool('Préviens-moi quand mon site est hors ligne'), null);
    const result = advise({ agent_goal: 'ping me on Discord if acme.com goes offline' }, GOAL_FACTS);
    assert.equal(result.recommended_tool, null);
    assert.match(JSON.stringify(result.not_available), /monitoring/);
    assert.equal(tool('alert me when the Slack widget shows up on acme.com'), null);
    assert.equal(tool('does acme.com use Slack?'), 'tech-stack');
  });

  it('gives the profile for the three sections in one call, and the sections apart otherwise', () => {
    assert.equal(tool('stack + job openings + search ads of pitch.com, all at once'), 'company-profile');
    assert.notEqual(tool('tech stack of pitch.com'), 'company-profile');
  });

  it('reads a payment provider a site takes payments with as its technology', () => {
    assert.equal(tool('can I pay with Adyen on bol.com, i.e. do they accept it?'), 'tech-stack');
    assert.equal(tool('what payment gateway is wired into the checkout of gymshark.com'), 'tech-stack');
    assert.equal(tool('Stripe or Braintree for the payments on bolt.com?'), 'tech-stack');
  });

  it('joins a German or Dutch separable verb to the particle closing its clause, and only into a known verb', () => {
    assert.deepEqual(
      words('Nimmt die Zahl der Stellen zu?'),
      words('nimmt die Zahl der Stellen').map((word, at) => (at === 0 ? words('zunimmt')[0] : word)),
    );
    assert.deepEqual(words('Stellt die Firma ein'), words('einstellt die Firma'));
    assert.deepEqual(words('baut Personal ab oder stellt weiter ein'), words('abbaut Personal oder einstellt weiter'));
    // A particle with no verb of the glossary to join stays a word of its own.
    assert.deepEqual(words('Schau dir die Seite an'), words('schau dir die Seite an'));
    assert.equal(tool('Neemt het aantal vacatures bij picnic.app af?'), 'company-intent');
  });

  it('reads leading as a verb and roles beside the people holding them as people, open roles as jobs', () => {
    assert.equal(tool('who leads design at canva.com'), 'extract-contacts');
    assert.equal(tool('Wer leitet das Marketing bei zalando.de?'), 'extract-contacts');
    assert.equal(tool('Qui est le responsable commercial de qonto.com ?'), 'extract-contacts');
    assert.equal(tool('Namen und Rollen des Führungsteams von n26.com'), 'extract-contacts');
    assert.equal(tool('Welche Rollen sind bei n26.com offen?'), 'ats-jobs');
  });

  it('reads hiring compared with an earlier time as a trend, "more … than" as no ranking', () => {
    assert.equal(tool('Contrata cabify.com más gente que el año pasado?'), 'company-intent');
    assert.equal(tool('Stellt celonis.com mehr Leute ein als vor einem Jahr?'), 'company-intent');
    assert.equal(tool('is deel.com hiring more than two quarters ago?'), 'company-intent');
  });
});
