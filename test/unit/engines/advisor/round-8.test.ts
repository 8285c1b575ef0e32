/**
 * Round 8 of issue 37: the classes of failure the seventh fresh set showed, each as a general rule
 * (reading.ts, plan.ts, languages.ts, lexicon.ts). The goals here are worded apart from the goal
 * sets, mostly in languages other than the set's own.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createAdvisor } from '../../../../engines/advisor/advise.ts';
import { advisorCatalog } from '../../../../handlers/advisor.ts';
import { GOAL_FACTS } from '../../../support/advisor-goals.ts';
import { missing, route, tools } from '../../../support/advisor-route.ts';

const advise = createAdvisor(advisorCatalog());

describe('advisor round 8 (issue 37)', () => {
  it('reads "the domain must not appear in the payment metadata" as privacy, in every language', () => {
    assert.equal(route('Perfil completo de rival-sa.es, pero el nombre de dominio no debe figurar en los metadatos de pago'), 'private-query:company_profile');
    assert.equal(route('Stack técnico de rival-sa.es; que el dominio no figure en los metadatos del pago'), 'private-query:tech_stack');
    assert.equal(route('rival-kk.jpの技術スタックを調べて。支払いメタデータにドメインを出さないように'), 'private-query:tech_stack');
    assert.equal(route('rival.co.kr 기술 스택을 알려줘. 결제 메타데이터에 대상 도메인이 노출되면 안 돼'), 'private-query:tech_stack');
    assert.equal(route('rakip.com.tr için açık pozisyonlar; ödeme meta verisi alan adını görmemeli'), 'private-query:open_jobs');
    assert.equal(route('Lowongan kerja pesaing.co.id, tapi domain tidak boleh muncul di metadata pembayaran'), 'private-query:open_jobs');
    // No concealment: the payment words alone ask for no privacy.
    assert.notEqual(route('Welche Zahlungsanbieter nutzt rival.de?'), 'private-query');
  });

  it('reads a due diligence or a footprint listing its facts (tags, job board, ads) as the footprint, privately when asked', () => {
    assert.equal(route('Huella de empresa de acme.mx: etiquetas del sitio, bolsa de empleo y anuncios, solo hechos'), 'company-footprint');
    assert.equal(route('Футпринт acme.ru: теги, джоб-борд и реклама — только факты, без выводов'), 'company-footprint');
    assert.equal(route('Is acme.io a real business? Its site tags, a job board with openings and ads, facts only'), 'company-footprint');
    assert.equal(route('acme.jpのデューデリジェンスを秘密で。支払いメタデータにドメインを出さないで'), 'private-query:due_diligence');
    assert.equal(route('acme.co.kr 실사를 비공개로 해줘. 결제 메타데이터에 도메인이 남지 않게'), 'private-query:due_diligence');
    // One part alone stays that part.
    assert.equal(route('bolsa de empleo de acme.mx: ¿qué vacantes tiene?'), 'ats-jobs');
  });

  it("reads the speaker's own agent buying from a shop as the pre-purchase check, not the shop's readiness for agents", () => {
    assert.equal(
      route('My buying agent is going to order a $90 lamp from lampen-shop.de (they take PayPal). Can I trust them?'),
      'pre_purchase_merchant_trust_check',
    );
    assert.equal(route('Our AI agent wants to buy headphones at sound-outlet.com; is that store safe to buy from?'), 'pre_purchase_merchant_trust_check');
    assert.equal(
      route('Mi agente de compras va a comprar unas zapatillas en zapas-baratas.es (aceptan Stripe). ¿Es seguro?'),
      'pre_purchase_merchant_trust_check',
    );
    // A store asking how ready it is for shopping agents stays the readiness audit.
    assert.equal(route('how ready is my store acme-shop.com for AI shopping agents?'), 'store_readiness_auditor');
    assert.equal(route('is shop.example ready for shopping agents'), 'store_readiness_auditor');
  });

  it('reads a ranking the speaker does themself as no ranking asked: intent for each domain is batch company-intent', () => {
    const first = advise(
      { agent_goal: 'Kaufabsicht-Score für jede meiner 45 Domains anhand der Stellen, sortieren mache ich selbst', domain_count: 45 },
      GOAL_FACTS,
    );
    assert.equal(first.recommended_tool, 'batch');
    assert.equal((first.recommended_execution_sequence[0].body as { tool?: string }).tool, 'company-intent');
    assert.deepEqual(
      tools('purchase-intent score for each of my 30 domains, I will rank them myself', { domain_count: 30 }),
      tools('purchase-intent score for each of my 30 domains', { domain_count: 30 }),
    );
    assert.equal(route('为这 36 个域名分别给出购买意向分数,排序我自己来', { domain_count: 36 }), 'batch');
    // Ranking asked of the service stays hot-buyers.
    assert.equal(route('rank my 30 domains by buying intent', { domain_count: 30 }), 'hot-buyers');
  });

  it('reads Turkish, Indonesian and Korean goals through the glossary', () => {
    assert.equal(route('trendyol.com mağazası yapay zeka ajanlarına hazır mı?'), 'store_readiness_auditor');
    assert.equal(route('Gizli sorgu ile rakip.com.tr teknoloji yığını; ödeme kolaylaştırıcısı alan adını bilmemeli'), 'private-query:tech_stack');
    assert.equal(route('Toko tokopedia.com seberapa siap untuk agen belanja AI?'), 'store_readiness_auditor');
    assert.equal(route('Bandingkan data produk toko saya batik-a.id dengan batik-b.id'), 'agentic_shelf_schema_comparator');
    assert.equal(route('Berapa skor niat beli bukalapak.com berdasarkan perekrutan?'), 'company-intent');
    assert.equal(route('Iklan apa yang dijalankan traveloka.com?'), 'search-ads');
    assert.equal(route('coupang.com 구매 의향 점수를 채용 공고 기반으로 알려줘'), 'company-intent');
    // Buying from a shop, as 'is it safe to buy from' reads in English.
    assert.equal(route('kitapci-ucuz.com.tr sitesinden satın almak güvenli mi?'), 'pre_purchase_merchant_trust_check');
    assert.equal(route('Apakah aman untuk membeli sepatu dari sepatu-murah.id?'), 'pre_purchase_merchant_trust_check');
    assert.equal(route('shoes-kr.co.kr 에서 신발 사도 안전해?'), 'pre_purchase_merchant_trust_check');
  });

  it('names the missing datum asked for in the rules\u2019 words (shareholders, traffic), in every language', () => {
    const reasons = (goal: string) => (advise({ agent_goal: goal }, GOAL_FACTS).not_available ?? []).map((item) => `${item.data} ${item.note}`).join(' ');
    assert.deepEqual(missing('Wer sind die Aktionäre von acme.de?'), ['ownership']);
    assert.match(reasons('¿Quiénes son los accionistas de acme.es?'), /shareholder/);
    assert.match(reasons('acme.co.kr 의 주주는 누구야?'), /shareholder/);
    assert.match(reasons('acme.co.id punya berapa pengunjung bulanan?'), /traffic|visitor/);
    assert.match(reasons('acme.com.tr aylık trafik ne kadar?'), /traffic/);
    // A datum the kind's wording does not name is named in its note ('vc' for the funding).
    assert.match(reasons('which vc is behind acme.com?'), /^.*\bvc: no funding/);
  });
});
