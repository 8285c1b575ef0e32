/**
 * Round 7 of issue 37: the classes of failure the sixth fresh set showed, each as a general rule
 * (reading.ts, languages.ts, lexicon.ts, concepts in ten languages). The goals here are worded
 * apart from the goal sets, mostly in languages other than the set's own; what each rule reads is
 * tested beside its module (reading.test.ts, glossary.test.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { missing, route, tools } from '../../../support/advisor-route.ts';

describe('advisor round 7 (issue 37)', () => {
  it('reads a negated request as excluding what it names, in every language', () => {
    assert.equal(route("Do not send me acme.com's full profile, just its search ads"), 'search-ads');
    assert.equal(route('Schick mir nicht das ganze Firmenprofil von acme.de, nur die Google-Anzeigen'), 'search-ads');
    assert.equal(route("Ne m'envoie pas le profil complet de acme.fr, seulement ses annonces Google"), 'search-ads');
    assert.equal(route('No me mandes el perfil entero de acme.es; solo quiero sus anuncios en Google'), 'search-ads');
    assert.equal(route('Não me mande o perfil inteiro da acme.com.br, só os anúncios de busca'), 'search-ads');
    assert.equal(route('Non mandarmi il profilo completo di acme.it, solo gli annunci di ricerca'), 'search-ads');
    assert.equal(route('Не присылай мне полный профиль acme.ru, только поисковую рекламу'), 'search-ads');
    assert.equal(route('acme.jpの会社プロフィール全体はいらない、検索広告だけ'), 'search-ads');
    assert.equal(route('不要给我 acme.cn 的完整企业档案,只要搜索广告'), 'search-ads');
    assert.equal(route('Geef me niet de vacatures maar de contactgegevens van acme.nl'), 'extract-contacts');
    assert.equal(route('不要招聘信息,给我 acme.cn 的联系方式'), 'extract-contacts', 'an ASCII comma in CJK text ends the clause');
  });

  it('reads the evidence after "based on" as where the answer comes from, not as what is asked', () => {
    assert.equal(route('What buying intent does acme.com show based on its job postings?'), 'company-intent');
    assert.equal(route('Welche Kaufabsicht zeigt acme.de anhand seiner offenen Stellen?'), 'company-intent');
    assert.equal(route("Quelle intention d'achat a acme.fr d'après ses offres d'emploi ?"), 'company-intent');
    assert.equal(route('Qual a intenção de compra da acme.com.br com base nas vagas abertas?'), 'company-intent');
    assert.equal(route('Wat is de koopintentie van acme.nl volgens hun vacatures?'), 'company-intent');
    assert.equal(route("Quanto è forte l'intento d'acquisto di acme.it secondo le offerte di lavoro?"), 'company-intent');
    // Hiring as the evidence stays the signal hiring intent is read from.
    assert.equal(route('is acme.com in market for a new CRM judging by their hiring?'), 'company-intent');
    // Japanese writes the basis after the evidence, Chinese before it.
    assert.equal(route('acme.jpの求人に基づいた購買意欲スコアを出して'), 'company-intent');
    assert.equal(route('依据 acme.cn 的招聘职位评估其购买意向'), 'company-intent');
    assert.equal(route('open jobs at acme.com'), 'ats-jobs', 'the listing alone stays the listing');
  });

  it('reads buying intent ranked or chosen among several domains as hot-buyers, one domain as its intent', () => {
    assert.equal(route('rank the warmest of my 14 accounts', { domain_count: 14 }), 'hot-buyers');
    assert.equal(route('Welche meiner 20 Accounts sind die heißesten Leads?', { domain_count: 20 }), 'hot-buyers');
    assert.equal(route('Cuáles de mis 30 cuentas son los prospectos más calientes?', { domain_count: 30 }), 'hot-buyers');
    assert.equal(route('Trouve les comptes les plus chauds parmi mes 12 prospects', { domain_count: 12 }), 'hot-buyers');
    assert.equal(route("Quali delle mie 25 aziende hanno l'intenzione di acquisto più alta?", { domain_count: 25 }), 'hot-buyers');
    assert.deepEqual(tools('这 20 个域名里哪些购买意向最强？然后给我它们的联系邮箱', { domain_count: 20 }).slice(0, 1), ['hot-buyers']);
    assert.equal(route("Laquelle de ces 16 sociétés a l'intention d'achat la plus forte ?", { domain_count: 16 }), 'hot-buyers');
    assert.equal(route('Quais destas 22 empresas estão mais propensas a comprar?', { domain_count: 22 }), 'hot-buyers');
    // Intent asked for every domain of a list, with no ranking, is the intent of each.
    assert.equal(route("Dammi l'intento d'acquisto di 40 aziende", { domain_count: 40 }), 'batch');
  });

  it('reads a purchase word qualifying an intent as the intent, not the agent buying', () => {
    assert.equal(route("Intento d'acquisto di acme.it"), 'company-intent');
  });

  it('reads advertising as a verb as the search ads', () => {
    assert.equal(route('A acme.com.br anuncia no Google?'), 'search-ads');
    assert.equal(route('¿acme.es se anuncia en Google?'), 'search-ads');
    assert.equal(route('Adverteert acme.nl op Google?'), 'search-ads');
    assert.equal(route('Wirbt acme.de bei Google?'), 'search-ads');
    assert.equal(route('Рекламируется ли acme.ru в поиске?'), 'search-ads');
  });

  it("reads an adjective written after its noun in English order, and a company's real presence as its footprint", () => {
    assert.equal(route("L'entreprise acme.fr a-t-elle une présence réelle ?"), 'company-footprint');
    assert.equal(route('A acme.com.br tem uma presença real? Tags de analytics, vagas e anúncios'), 'company-footprint');
    assert.equal(route('Is acme.com a legitimate domain? I want to know if a real company is behind it'), 'verify_domain_legitimacy_and_security');
    assert.equal(route('¿Es legítimo el dominio acme-ofertas.es? Quiero saber si detrás hay una empresa real'), 'verify_domain_legitimacy_and_security');
  });

  it('reads a customer list restated by its members as the same missing data', () => {
    assert.deepEqual(missing('Dame la lista de clientes de acme.es: ¿qué comercios son clientes suyos?'), ['customer lists']);
    assert.deepEqual(missing('Zeig mir die Kundenliste von acme.de: welche Händler sind Kunden bei ihnen?'), ['customer lists']);
    assert.deepEqual(missing('customer list of acme.com: which merchants are clients of theirs?'), ['customer lists']);
    assert.deepEqual(missing('Quem são os clientes da acme.com.br?'), ['customer lists']);
    assert.deepEqual(missing('Wie zijn de klanten van acme.nl?'), ['customer lists']);
    assert.equal(route('Ist acme.de Kunde bei Stripe?'), 'tech-stack', 'a customer of a technology is its user');
  });

  it('reads exposure as concealment only when negated', () => {
    assert.equal(route('Il checkout di acme-shop.it sembra sicuro: quale fornitore di pagamento usa?'), 'tech-stack');
    assert.equal(route('The checkout on acme-shop.com appears secure; which payment provider does it use?'), 'tech-stack');
    assert.equal(route("Check acme.com's tech stack; the payment must not exceed $1"), 'tech-stack');
    assert.notEqual(route('Consulta el stack tecnológico de acme.es; el pago no debe superar 1 dólar'), 'private-query:tech_stack');
    // Negated, the same words conceal.
    assert.equal(route('tech stack of acme.com; the domain must not appear in the payment data'), 'private-query:tech_stack');
    assert.equal(route('acme.jpの技術スタックを調べて。支払い情報にドメインが残らないように'), 'private-query:tech_stack');
  });

  it("reads the speaker's own technology as the goal's context, a company's as what it asks", () => {
    assert.equal(route('We sell a Slack integration; which of my 25 accounts are hiring the most?', { domain_count: 25 }), 'hot-buyers');
    assert.equal(route('I pay with Stripe; is acme-shop.com safe to buy from?'), 'pre_purchase_merchant_trust_check');
    assert.equal(route('Wir bezahlen mit PayPal: ist der Shop acme-shop.de seriös, bevor ich bestelle?'), 'pre_purchase_merchant_trust_check');
    assert.equal(route('can I pay with Klarna on acme-shop.com?'), 'tech-stack', 'what the speaker can do at a site asks about the site');
    assert.equal(route('Wir nutzen HubSpot. Welches CRM nutzt acme.de?'), 'tech-stack');
    assert.equal(route('does acme.com use Stripe?'), 'tech-stack');
  });

  it('reads a channel to post in and the event watched as a watch request, not a job listing', () => {
    assert.deepEqual(missing('Poste no Slack quando a acme.com.br abrir uma vaga nova'), ['monitoring and alerts']);
    assert.deepEqual(missing('Publica en Slack cada vez que acme.es abra una vacante'), ['monitoring and alerts']);
    assert.deepEqual(missing('acme.jpが新しい求人を出したらSlackで知らせて'), ['monitoring and alerts']);
    assert.equal(route('Quais vagas a acme.com.br tem abertas?'), 'ats-jobs');
    assert.equal(route('acme.jpの求人一覧を出して'), 'ats-jobs');
  });
});
