/**
 * The glossary's general mechanisms (engines/advisor/languages.ts, concepts.ts) and the reading's
 * (reading.ts): stems, compounds, word order, the concept table in every language, English words
 * left alone, a watch request's event, a technology named as the object, what a goal excludes.
 * The goals here are worded apart from the goal sets.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAdvisor } from '../../../../engines/advisor/advise.ts';
import { CONCEPTS, LANGUAGES } from '../../../../engines/advisor/concepts.ts';
import { stemKeys, stemsMeet } from '../../../../engines/advisor/languages.ts';
import * as lexicon from '../../../../engines/advisor/lexicon.ts';
import { createMatcher } from '../../../../engines/advisor/match.ts';
import { fold, stem, words } from '../../../../engines/advisor/text.ts';
import { advisorCatalog } from '../../../../handlers/advisor.ts';
import { GOAL_FACTS } from '../../../support/advisor-goals.ts';

const advise = createAdvisor(advisorCatalog());
const tool = (goal: string, extra: Record<string, unknown> = {}) => advise({ agent_goal: goal, ...extra }, GOAL_FACTS).recommended_tool;

describe('advisor glossary: inflections, compounds and word order', () => {
  it('cuts the same endings from a term and from a goal word, so inflected forms meet', () => {
    for (const [a, b] of [
      ['herramienta', 'herramientas'],
      ['positionen', 'position'],
      ['zatrudnienie', 'zatrudnienia'],
      ['narzedzi', 'narzedzia'],
      ['marketingowych', 'marketingowe'],
      ['компаний', 'компания'],
      ['contratacao', 'contratacoes'],
    ])
      assert.ok(stemsMeet(a, b), `${a} / ${b}`);
    assert.ok(!stemsMeet('positionen', 'postes'));
    // Four letters at least are kept.
    assert.deepEqual(stemKeys('cena'), ['cena']);
    assert.deepEqual(words('Qué herramienta'), words('Qué herramientas'));
    assert.deepEqual(words('liderança'), words('leadership'));
    assert.deepEqual(words('Lideranças'), words('leadership'));
  });

  it('splits German and Dutch compounds against the glossary and English words, the longest head first', () => {
    assert.deepEqual(words('Führungsteam'), words('leadership team'));
    assert.deepEqual(words('Marketingtools'), words('marketing tools'));
    assert.deepEqual(words('Zahlungsarten'), words('payment method'));
    // An English word is never split ('checkout' is not 'check out').
    assert.deepEqual(words('checkout workable'), ['checkout', 'workable']);
  });

  it('puts "noun de noun" in the English order, but not after a partitive article', () => {
    assert.deepEqual(words('equipe de liderança'), words('leadership team'));
    assert.deepEqual(words('herramienta de chat en vivo'), words('live chat tool'));
    assert.deepEqual(words("solution d'emailing"), words('email marketing tool'));
    // 'des' is also "some": the verb and its object keep their order.
    assert.deepEqual(words('embauche des développeurs'), words('hiring des developers'));
  });

  it('leaves the English words of the rules as they are: no rule phrase meets a foreign term by stems alone', () => {
    const foreign = new Set([
      'stellenangebot',
      'empleo',
      'offre d emploi',
      'werbung',
      'anuncio',
      'publicite',
      'kontakt',
      'contacto',
      'correo',
      'gutschein',
      'rabatt',
      'cupon',
      'descuento',
      'remise',
      'code promo',
    ]);
    const plain = (phrase: string) =>
      fold(phrase)
        .split(/[^a-z0-9]+/)
        .filter(Boolean)
        .map(stem);
    for (const [offer, rules] of Object.entries(lexicon.RULES))
      for (const [phrase] of rules) {
        if (foreign.has(phrase) || phrase === 'technology stack') continue;
        assert.deepEqual(words(phrase), plain(phrase), `${offer}: ${phrase}`);
      }
    assert.deepEqual(words('shopping agent blog posts'), ['shopp', 'agent', 'blog', 'post']);
  });
});

describe('advisor glossary: Turkish, Indonesian and Korean basics', () => {
  it('reads their core words as the English of the rules, inflected Turkish by its prefix', () => {
    assert.deepEqual(words('mağazaları yapay zeka'), words('store ai'));
    assert.deepEqual(words('ödeme kolaylaştırıcısı'), words('payment facilitator'));
    assert.deepEqual(words('niat beli berdasarkan lowongan kerja'), words('buying intent based on job openings'));
    assert.deepEqual(words('결제 메타데이터'), words('payment metadata'));
    // Korean writes the basis after the evidence, as Japanese does.
    assert.deepEqual(words('채용 공고 기반으로'), words('open jobs as the basis'));
  });
});

describe('advisor concepts in the ten languages', () => {
  // The English words of the rules and of the lexicon's lists.
  const known = new Set<string>();
  const collect = (value: unknown): void => {
    if (typeof value === 'string') words(value).forEach((word) => known.add(word));
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(Object.values(lexicon));

  it('writes every concept in every one of the ten languages, in English words the rules read', () => {
    assert.equal(LANGUAGES.length, 10);
    assert.ok(CONCEPTS.length >= 60, `${CONCEPTS.length} concepts`);
    for (const [english, terms] of CONCEPTS) {
      for (const language of LANGUAGES) assert.ok(terms[language]?.length, `${english}: ${language}`);
      for (const word of words(english)) assert.ok(known.has(word), `${english}: '${word}' is no word of the rules`);
    }
  });

  it('reads each language term of a concept as the concept', () => {
    for (const [english, terms] of CONCEPTS)
      for (const language of LANGUAGES)
        for (const term of terms[language]) {
          // A term's words as the glossary gives them contain the concept's (a term alone; CJK terms anywhere).
          const read = words(term.replace(/\*$/, '')).join(' ');
          assert.ok(read.includes(words(english).join(' ')), `${language} '${term}' reads '${read}', not '${english}'`);
        }
  });
});

describe('advisor reading: watch requests, technologies named, exclusions, known words', () => {
  it('reads the event a watch request waits for as no offer asked for', () => {
    const result = advise({ agent_goal: 'let me know when stripe.com posts new openings' }, GOAL_FACTS);
    assert.equal(result.recommended_tool, null);
    assert.match(JSON.stringify(result.not_available), /monitoring/);
    assert.equal(tool('Benachrichtige mich, sobald bergfreunde.de neue Stellen ausschreibt'), null);
    // No watch without a trigger and an event: a question is answered.
    assert.equal(tool('tell me which pixel acme.com has installed'), 'tech-stack');
  });

  it('routes a technology named in a goal that asks nothing else to tech-stack, but not a name inside a domain', () => {
    assert.equal(tool('Klarna on the checkout of example-shop.com?'), 'tech-stack');
    assert.equal(tool('Matomo or Plausible on example.org?'), 'tech-stack');
    assert.notEqual(tool('is gong.io doing well'), 'tech-stack');
  });

  it('counts what a goal excludes for no offer, up to the clause end or a word taking the request back up', () => {
    assert.equal(tool('the open jobs of deel.com, not the tech stack'), 'ats-jobs');
    assert.equal(tool('I do not need the contacts of deel.com, only their ads'), 'search-ads');
    assert.equal(tool('Pas besoin des offres d’emploi de qonto.com, juste les technologies'), 'tech-stack');
  });

  it('reads a word the rules know as itself, not as a typo of another', () => {
    const score = createMatcher(advisorCatalog());
    const offers = (goal: string) => score(goal).map((entry) => entry.offer);
    assert.ok(!offers('is example.com a shell').includes('agentic_shelf_schema_comparator'));
    assert.ok(offers('is example.com a shell').includes('company-footprint'));
    // A typo of no known word still matches ('shelff').
    assert.ok(offers('compare my shelff with a rival').includes('agentic_shelf_schema_comparator'));
  });
});

describe('advisor glossary, round 7 (issue 37)', () => {
  it('puts an adjective French, Spanish, Portuguese and Italian write after the noun before it, as English does', () => {
    assert.deepEqual(words('presencia real'), words('real presence'));
    assert.deepEqual(words('entreprise réelle'), words('real company'));
    assert.deepEqual(words('azienda attiva'), words('active company'));
    assert.deepEqual(words('empresa legítima'), words('legitimate company'));
    // English order stays, and Japanese or Chinese text is not reordered (本物の会社: real company).
    assert.deepEqual(words('a real company'), ['a', 'real', 'company']);
    assert.deepEqual(words('このドメインは本物の会社'), ['domain', 'real', 'company']);
  });

  it('reads no function word as the noun of "noun de noun"', () => {
    assert.deepEqual(words('maar de contactgegevens'), ['just', 'de', 'contact']);
    assert.deepEqual(words('herramienta de chat en vivo'), words('live chat tool'));
  });

  it('reads advertising as a verb, a basis word and the domain in each language', () => {
    for (const goal of ['está anunciando no Google', 'adverteert op Google', 'wirbt bei Google', 'рекламируется в поиске'])
      assert.ok(words(goal).includes('advertis'), goal);
    for (const goal of ['según sus vacantes', 'op basis van hun vacatures', 'anhand der Stellen', 'sulla base di'])
      assert.deepEqual(words(goal).slice(0, 2), ['bas', 'on'], goal);
    for (const goal of ['el dominio', 'le domaine', 'het domein', 'ドメイン']) assert.ok(words(goal).includes('domain'), goal);
  });
});
