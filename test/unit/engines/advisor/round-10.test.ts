/**
 * Round 10 of issue 37: how a goal is read, not which words one goal used. Each rule is asserted on
 * goals worded apart from the goal sets, in several languages: the target withheld from a witness
 * of the payment, a clause of time ("before I order") as no step, an operation asked by its parts,
 * a borrowed English noun in "noun de noun", six more languages by concept (concepts.ts MORE_CONCEPTS).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGES, MORE_CONCEPTS, MORE_LANGUAGES } from '../../../../engines/advisor/concepts.ts';
import { words } from '../../../../engines/advisor/text.ts';
import { missing, route, tools } from '../../../support/advisor-route.ts';

describe('advisor round 10 (issue 37)', () => {
  it('reads the target withheld from a witness of the payment as privacy, whatever verb the negation takes', () => {
    assert.equal(route('Найди открытые вакансии на cel-kompania.ru, но домен не должен оказаться в квитанции x402'), 'private-query:open_jobs');
    assert.equal(route('hedef-firma.com.tr için arama reklamlarını göster, facilitator hedef alan adını görmesin'), 'private-query:search_ads');
    assert.equal(route('pull the tech stack of quiet-target.io; the target domain may not end up in the settlement record'), 'private-query:tech_stack');
    // A payment provider is also a technology a site runs: "not Stripe" is no privacy.
    assert.equal(route('which payment provider does shop-x.com use for its domain checkout, not Stripe I guess?'), 'tech-stack');
  });

  it('reads Korean, Arabic and Vietnamese privacy wording: the negation after the verb, shadda written or not', () => {
    assert.equal(route('mokpyo.kr의 공개 연락처를 추출하되 퍼실리테이터가 대상 도메인을 보지 않도록 해줘'), 'private-query:extract_contacts');
    assert.equal(route('استخرج الوظائف الشاغرة من hadaf.sa بدون أن يرى الميسر النطاق'), 'private-query:open_jobs');
    assert.equal(route('استخرج الوظائف الشاغرة من hadaf.sa بدون أن يرى الميسّر النطاق'), 'private-query:open_jobs');
    assert.equal(route('Xem quảng cáo tìm kiếm của doithu.vn, bên hỗ trợ thanh toán không được biết tên miền'), 'private-query:search_ads');
  });

  it('reads a clause of time ("before I order") as when, not a further step, unless it turns a check asked into the pre-purchase one', () => {
    assert.deepEqual(tools('grab me a voucher code for lampshop.de, before we order the lamps'), ['checkout_active_promo_code_finder']);
    assert.deepEqual(tools('Vor der Bestellung: gibt es einen gültigen Gutscheincode für moebel-x.de? bevor ich bestelle'), [
      'checkout_active_promo_code_finder',
    ]);
    assert.deepEqual(tools('make sure gadget-hub.com is legit before buying, then get me a coupon'), [
      'pre_purchase_merchant_trust_check',
      'checkout_active_promo_code_finder',
    ]);
  });

  it('gives the operation whose result is the parts a goal lists: the footprint for tags, job board and ads', () => {
    assert.equal(
      route('Fact check for kyb: does acme-parts.com have analytics tags, an open careers page and paid search ads? footprint only'),
      'company-footprint',
    );
    assert.equal(route('对 shop-zh.cn 做足迹检查：网站标签、招聘页面、搜索广告，只要事实'), 'company-footprint');
    assert.equal(
      route('Is mode-boutique.fr a good prospect for our services: low readiness score, a published e-mail and recent ads?'),
      'conversion_leak_lead_finder',
    );
  });

  it('reads intent from the openings as the intent asked, the openings its basis (Portuguese, Spanish, Turkish)', () => {
    assert.equal(route('Dê a intenção de compra de loja-y.com.br a partir dos anúncios de vagas'), 'company-intent');
    assert.equal(route('puntuación de intención de compra de tienda-z.es a partir de sus vacantes'), 'company-intent');
    assert.equal(route('hepsiburada.com için iş ilanlarına dayanan satın alma niyeti'), 'company-intent');
  });

  it('names the datum a goal asks for that the service does not have, in the languages of the goal', () => {
    assert.match(missing('Qual é o rating de crédito da empresa-w.com.br?').join(' '), /credit/);
    assert.match(missing('Quel est le rating de crédit de societe-v.fr ?').join(' '), /credit/);
    assert.match(missing('tiki.vn có doanh thu bao nhiêu?').join(' '), /revenue/);
    assert.match(missing('flipkart.com के राजस्व के आंकड़े बताओ').join(' '), /revenue/);
    assert.match(missing('Daftar pelanggan bukalapak.com').join(' '), /customer/);
    assert.match(missing('shopee.vn 의 고객 목록을 줘').join(' '), /customer/);
    assert.match(missing('Sprawdź, czy skrzynka pocztowa jan@firma.pl istnieje').join(' '), /mailbox/);
    assert.match(missing('Dammi i profili LinkedIn personali di tutti i dipendenti di azienda-q.it').join(' '), /personal|staff/);
  });

  it('writes the six more languages by concept, each term read as its concept, in words the rules read', () => {
    for (const language of MORE_LANGUAGES) assert.ok(!(LANGUAGES as readonly string[]).includes(language), language);
    for (const [english, terms] of MORE_CONCEPTS)
      for (const [language, list] of Object.entries(terms))
        for (const term of list ?? []) {
          const read = words(term.replace(/\*$/, '')).join(' ');
          assert.ok(read.includes(words(english).join(' ')), `${language} '${term}' reads '${read}', not '${english}'`);
        }
  });
});
