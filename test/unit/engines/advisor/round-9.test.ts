/**
 * Round 9 of issue 37: the classes of failure the eighth fresh set showed, each as a general rule
 * (languages.ts, lexicon.ts). The goals here are worded apart from the goal sets.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAdvisor } from '../../../../engines/advisor/advise.ts';
import { advisorCatalog } from '../../../../handlers/advisor.ts';
import { GOAL_FACTS } from '../../../support/advisor-goals.ts';
import { missing, route } from '../../../support/advisor-route.ts';

const advise = createAdvisor(advisorCatalog());
const batchTool = (goal: string, domain_count: number) => {
  const result = advise({ agent_goal: goal, domain_count }, GOAL_FACTS);
  return `${result.recommended_tool}:${(result.recommended_execution_sequence[0]?.body as { tool?: string } | undefined)?.tool}`;
};

describe('advisor round 9 (issue 37)', () => {
  it('reads Arabic goals through the glossary (tech stack, contacts, jobs, ads, headcount)', () => {
    assert.equal(route('ما هي التقنيات المستخدمة في موقع noon.com؟'), 'tech-stack');
    assert.equal(route('اعرض الوظائف الشاغرة في talabat.com'), 'ats-jobs');
    assert.equal(route('استخرج جهات الاتصال من موقع anghami.com'), 'extract-contacts');
    assert.equal(route('هل يعرض fetchr.com إعلانات البحث؟'), 'search-ads');
    assert.match(missing('كم عدد الموظفين في tabby.ai؟').join(' '), /headcount/);
    // ملف alone is any file: a CSV of domains is a batch of the operation named, not profiles.
    assert.equal(batchTool('في ملف Excel عندي 18 نطاقا؛ أريد الوظائف الشاغرة لكل منها', 18), 'batch:ats-jobs');
    assert.equal(route('أعطني ملف الشركة لـ careem.com'), 'company-profile');
  });

  it('reads Hindi goals through the glossary, its vowel signs kept inside the word', () => {
    assert.equal(route('paytm.com किस तकनीक पर चलती है?'), 'tech-stack');
    assert.equal(route('flipkart.com पर खुली नौकरियां दिखाओ'), 'ats-jobs');
    assert.equal(route('nykaa.com का कंपनी प्रोफाइल चाहिए'), 'company-profile');
    assert.match(missing('meesho.com में कितने कर्मचारी हैं?').join(' '), /headcount/);
  });

  it('reads "stack" alone as the tech stack, not a comparison ("stack up") nor a job title ("full stack")', () => {
    assert.equal(route("tell me acme.io's stack"), 'tech-stack');
    assert.equal(route('which stack does acme.io have?'), 'tech-stack');
    assert.notEqual(route('full stack engineer openings at acme.io'), 'tech-stack');
    assert.notEqual(route('how does acme.io stack up against rival.io?'), 'tech-stack');
  });

  it('reads "all in one go" over many domains as one batch of the operation named, not the whole profile', () => {
    assert.equal(batchTool('open jobs for these 25 domains, all in one go please', 25), 'batch:ats-jobs');
    assert.equal(batchTool('the tech stack of each of my 12 domains, all in one go', 12), 'batch:tech-stack');
    // Everything about one company in one call stays the profile.
    assert.equal(route('all in one: tech, hiring and ads for acme.io'), 'company-profile');
  });

  it('reads Russian and Korean words met since: техстек, пакетом, 핫 바이어', () => {
    assert.equal(batchTool('Сделай пакетом проверку вакансий для 20 доменов', 20), 'batch:ats-jobs');
    assert.equal(route('Покажи техстек acme.ru'), 'tech-stack');
    assert.equal(route('도메인 15개 중 핫 바이어만 골라줘', { domain_count: 15 }), 'hot-buyers');
  });

  it('reads a footprint in French and Italian by its name and its facts', () => {
    assert.equal(route("Quelle est l'empreinte de acme.fr ? Que des faits"), 'company-footprint');
    assert.equal(route("Dammi l'impronta di acme.it, solo fatti"), 'company-footprint');
    // One part alone stays that part.
    assert.equal(route("offres d'emploi de acme.fr"), 'ats-jobs');
  });

  it('reads intent measured by the job postings as the intent, the list excluded ("а не", "gemessen an", "로 본")', () => {
    assert.equal(route('Kaufabsicht von acme.de gemessen an den offenen Stellen, bitte nur die Zahl'), 'company-intent');
    assert.equal(route('Нужен скор намерения acme.ru по их вакансиям, а не сами вакансии'), 'company-intent');
    assert.equal(route('acme.co.kr 채용 공고로 본 구매 의향을 알려줘'), 'company-intent');
    // The job postings asked for themselves stay the list.
    assert.equal(route('Zeig mir die offenen Stellen von acme.de'), 'ats-jobs');
  });

  it("reads a technology named as that name, not a typo of a rule's word ('slack' is no 'stack'), and the speaker's CRM as the source", () => {
    assert.equal(batchTool('take the 20 domains from my CRM, check their open jobs in bulk and send the list to Slack', 20), 'batch:ats-jobs');
    assert.equal(batchTool('search ads of 15 domains from our CRM as a batch', 15), 'batch:search-ads');
    // A CRM asked about at a company is the technology.
    assert.equal(route('which CRM does acme.io run?'), 'tech-stack');
    assert.equal(route('does acme.io use Slack?'), 'tech-stack');
  });

  it("reads Korean 알려줘 as 'tell me', a watch request only after a conditional (-면)", () => {
    const notAvailable = (goal: string) => (advise({ agent_goal: goal }, GOAL_FACTS).not_available ?? []).map((item) => item.data);
    assert.deepEqual(notAvailable('acme.co.kr 의 채용 공고를 알려줘'), []);
    assert.equal(route('acme.co.kr 의 채용 공고를 알려주세요'), 'ats-jobs');
    assert.deepEqual(notAvailable('acme.co.kr 가격 페이지가 바뀌면 알려줘'), ['monitoring and alerts']);
  });
});
