/**
 * Round 12 of issue 37: rules that carry to goals nobody wrote yet, each asserted on goals worded
 * apart from the goal sets: the verbs of finding out a privacy goal negates, in the languages of the
 * goal; the company buying tools its hiring foretells as its buying intent.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { words } from '../../../../engines/advisor/text.ts';
import { batchRoute, missing, route, tools } from '../../../support/advisor-route.ts';

describe('advisor round 12 (issue 37)', () => {
  it('reads a negated verb of finding out near a party to the payment as privacy, with the tool asked', () => {
    assert.equal(route('Quiero las vacantes de glovo-x.com, y el procesador de pagos no debe enterarse de a quién consulto.'), 'private-query:open_jobs');
    assert.equal(route('Tech-Stack von shop-x.de, aber der Zahlungsanbieter darf keinesfalls erfahren, welche Domain es ist.'), 'private-query:tech_stack');
    assert.equal(
      route('Quero os anúncios de busca de loja-x.com.br sem que o intermediário do pagamento fique sabendo qual domínio é.'),
      'private-query:search_ads',
    );
    assert.equal(route('Покажи вакансии shop-x.ru, но платёжный посредник не должен узнать, какой домен я смотрю.'), 'private-query:open_jobs');
    assert.equal(route('shop-x.jp の技術スタックを調べたい。決済の記録にドメインが残るのは避けて'), 'private-query:tech_stack');
    // Finding out, not negated, near no payment: the plain call.
    assert.equal(route('Quiero enterarme de qué tecnologías usa glovo-x.com'), 'tech-stack');
    assert.equal(route('Ich möchte erfahren, welche Technologien shop-x.de nutzt'), 'tech-stack');
  });

  it('reads the company buying software or tools, with hiring or jobs named, as its buying intent', () => {
    assert.equal(route('From the roles it is recruiting for, will fintech-x.io purchase new SaaS tools soon?'), 'company-intent');
    assert.equal(route('Czy fintech-x.pl kupi nowe oprogramowanie? Sprawdź po ich ofertach pracy i rekrutacji.'), 'company-intent');
    assert.equal(route('trendyol-x.com işe alımlarına göre yakında yazılım alımı yapar mı?'), 'company-intent');
    // The agent buying software from a shop is still a purchase; tools named with no hiring are no intent.
    assert.equal(route('I want to buy software from toolshop-x.com, is the shop trustworthy?'), 'pre_purchase_merchant_trust_check');
    assert.equal(route('list the open jobs at fintech-x.io'), 'ats-jobs');
  });

  it('names the datum or action a goal asks for that the service does not have, in more word forms', () => {
    assert.match(missing('trendyol-x.com yatırım turunu kim yönetti, yatırımcıları hangi fonlar?').join(' '), /funding/);
    assert.match(missing('shop-x.kr 대표이사 인스타그램 주소 알려줘').join(' '), /personal/);
    assert.match(missing('ما هو رقم الجوال للرئيس التنفيذي في shop-x.ae؟').join(' '), /personal/);
    assert.match(missing('Đăng ký giúp mình tên miền cuahang-x.vn nhé').join(' '), /registration/);
    assert.match(missing('Get the blue sofa on sofa-x.com for me and charge my card').join(' '), /purchases/);
    assert.match(missing('Buatkan 3 judul iklan untuk kedai kopi saya').join(' '), /writing/);
    assert.match(missing('Skicka ett mejl till mig varje gång butik-x.se byter kassa').join(' '), /alerts/);
    assert.match(missing('Schedule a 15-minute demo with the founder of lumen-x.io and add it to my calendar').join(' '), /meetings/);
  });

  it("reads a technology's name inside the goal's domain as the company, an adoption word before it or not", () => {
    // 'runs' before the domain of a company whose name is also a technology's.
    assert.match(missing('Book a call with whoever runs sales at gong.io and put it on my calendar').join(' '), /meetings/);
    assert.equal(route('Does shop-x.com run Gong?'), 'tech-stack');
  });

  it('reads spending at a shop, and the trust asked before paying, as a purchase (Arabic too)', () => {
    assert.equal(route('Our buying agent is about to spend $90 on a kettle from kettle-x.shop. Worth the risk?'), 'pre_purchase_merchant_trust_check');
    assert.equal(route('أريد شراء حذاء من shoes-x.ae، هل المتجر موثوق قبل أن أدفع؟'), 'pre_purchase_merchant_trust_check');
    // Spending on ads or a technology is the company's, no purchase.
    assert.equal(route('how much does kettle-x.shop spend on Google Ads?'), 'search-ads');
  });

  it('gives the reason, not the offer a missing datum points to, when one word alone asks that offer', () => {
    assert.match(missing("What's the credit score of our supplier steel-x.de? Can we extend them net-60 terms?").join(' '), /credit/);
    // The offer asked by words of its own still routes.
    assert.equal(route('Is our vendor steel-x.de financially healthy, judging by its hiring trend, before we renew?'), 'b2b_vendor_stability_evaluator');
  });

  it('reads buying intent chosen among a list as hot-buyers, in the languages of the goal, with its follow-up step', () => {
    assert.equal(batchRoute('of these 14 leads, which ones are in buying mode judging by their recruiting?', 14), 'hot-buyers');
    assert.deepEqual(
      tools('which of these 14 leads are in buying mode from their hiring? then get the published emails for just those', { domain_count: 14 }).slice(-1),
      ['extract-contacts'],
    );
    assert.equal(batchRoute('Welke zijn koopklaar van deze 14 bedrijven, gezien hun vacatures?', 14), 'hot-buyers');
    assert.equal(batchRoute('Urutkan 14 prospek ini, mana yang paling panas dilihat dari lowongan kerja mereka', 14), 'hot-buyers');
    assert.equal(batchRoute('Выбери из этих 14 компаний самые горячие по найму', 14), 'hot-buyers');
  });

  it('reads a ranking set aside ("for each, not just the hottest") as the batch of every company', () => {
    assert.equal(batchRoute('hiring-based intent score for every one of our 30 accounts, not only the hottest', 30), 'batch:company-intent');
    assert.equal(batchRoute('Kaufabsicht-Score basierend auf dem Hiring für jedes unserer 30 Konten, nicht nur die heißesten', 30), 'batch:company-intent');
    assert.equal(batchRoute('the 5 hottest of our 30 accounts by hiring', 30), 'hot-buyers');
  });

  it('leaves a word of one language that is a plain word of another alone (Dutch het is no Swedish heta)', () => {
    assert.equal(route('Neemt het aantal vacatures bij bank-x.nl toe?'), 'company-intent');
    // English words a foreign term's prefix would begin stay English ('entered' is no Spanish 'se entere').
    assert.ok(!words('I entered the domain of the vendor I heard of').includes('learn'));
  });
});
