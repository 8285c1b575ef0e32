/**
 * Round 6 of issue 37: the classes of failure the fifth fresh set showed, each as a mechanism of
 * its own (concepts in ten languages, reading.ts, plan.ts). The goals here are worded apart from the
 * goal sets.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createReader } from '../../../../engines/advisor/reading.ts';
import { words } from '../../../../engines/advisor/text.ts';
import { missing, route } from '../../../support/advisor-route.ts';

const read = createReader();

describe('advisor round 6 (issue 37)', () => {
  it('reads concealment from a party to the payment in every language as private-query, its tool from the rest', () => {
    assert.equal(route('Obtén el stack tecnológico de acme.com sin que el facilitador de pago vea el dominio'), 'private-query:tech_stack');
    assert.equal(route('Der Domainname darf nicht in den Zahlungsdaten auftauchen: Tech-Stack von acme.de'), 'private-query:tech_stack');
    assert.equal(route('Pobierz stack technologiczny acme.pl tak, aby dostawca płatności nie dowiedział się, o jaką firmę chodzi'), 'private-query:tech_stack');
    assert.equal(route('決済事業者に対象企業を知られないように acme.jp の求人を調べて'), 'private-query:open_jobs');
    assert.equal(route('查询 acme.cn 的技术栈，但不要让支付服务商知道目标域名'), 'private-query:tech_stack');
    assert.equal(route('Haal de vacatures van acme.nl op zonder dat de betaalprovider weet om welk bedrijf het gaat'), 'private-query:open_jobs');
    assert.deepEqual(words('metadati di pagamento'), words('payment data'));
    // A payment with no concealment near it is no privacy request.
    assert.equal(read('Welche Zahlungsanbieter nutzt acme.de?', []).privacy, null);
  });

  it('reads a complete company profile, and a real-company check listing its facts as the footprint', () => {
    assert.equal(route('Stelle ein vollständiges Unternehmensprofil von acme.de zusammen'), 'company-profile');
    assert.equal(route('请给出 acme.cn 的完整企业画像'), 'company-profile');
    assert.equal(route('acme.jpの完全な企業プロフィールを作成して'), 'company-profile');
    assert.equal(route('Überprüfe, ob acme.de eine echte Firma ist: Tracking-Tags, offene Stellen und Anzeigen'), 'company-footprint');
    assert.equal(route('Mostra la presenza digitale di acme.it (tag del sito, offerte di lavoro, annunci), solo fatti'), 'company-footprint');
    assert.equal(route('open jobs at acme.com'), 'ats-jobs', 'the listing alone stays the listing');
  });

  it('reads legitimacy in other languages, and trust before paying or ordering from a shop as the pre-purchase check', () => {
    assert.equal(route('Verifica se il dominio acme-offerte.it è legittimo'), 'verify_domain_legitimacy_and_security');
    assert.equal(route('Ist die Domain acme-angebote.de legitim?'), 'verify_domain_legitimacy_and_security');
    assert.equal(route('Prüfe, ob der Shop acme.de seriös ist, bevor ich bezahle'), 'pre_purchase_merchant_trust_check');
    assert.equal(route('Check that the store acme.com is trustworthy before I pay'), 'pre_purchase_merchant_trust_check');
    assert.equal(route('Controleer of de webshop acme.nl betrouwbaar is voordat ik bestel'), 'pre_purchase_merchant_trust_check');
    // Paying an endpoint is still the endpoint's check.
    assert.equal(route('Before paying https://api.acme.xyz/v1/run check it is safe'), 'verify-merchant');
  });

  it('reads a hot buyer: one domain is its intent, several are hot-buyers', () => {
    assert.equal(route('¿Es acme.es un comprador caliente?'), 'company-intent');
    assert.equal(route('この30社のうち購買意欲が高い会社はどこ？', { domain_count: 30 }), 'hot-buyers');
  });

  it('reads stacks compared as technologies, product data compared as the shelf comparator', () => {
    assert.equal(route('Vergleiche die Tech-Stacks von a.de, b.de und c.de'), 'tech-stack');
    assert.equal(route('Compare les stacks techniques de a.fr, b.fr et c.fr'), 'tech-stack');
    assert.equal(route('a.jp、b.jp、c.jpの技術スタックを比較して'), 'tech-stack');
    assert.notEqual(read('compare the tech stacks of a.com and b.com', []).stacksCompared, null);
    assert.equal(read('compare the product schema of a.com and b.com', []).stacksCompared, null);
    assert.equal(read('get the tech stack of a.com and compare its product schema with b.com', []).stacksCompared, null);
    assert.equal(route('compare the product schema of my store against competitors a.com and b.com'), 'agentic_shelf_schema_comparator');
  });

  it('refuses data the service does not have, in other languages, with its reason', () => {
    assert.deepEqual(missing('Quels sont les concurrents de acme.fr ?'), ['competitor lists']);
    assert.deepEqual(missing('Wer sind die wichtigsten Konkurrenten von acme.de?'), ['competitor lists']);
    assert.deepEqual(missing('Wie ist die Bonität von acme.de?'), ['credit ratings']);
    assert.deepEqual(missing('acme.cn 的信用评级是多少'), ['credit ratings']);
    assert.deepEqual(missing('¿Cuántos visitantes mensuales tiene acme.es?'), ['website traffic and search rankings']);
    assert.deepEqual(missing('Qui est le propriétaire de acme.fr ?'), ['ownership']);
    assert.deepEqual(missing('Wem gehört acme.de?'), ['ownership']);
    assert.deepEqual(missing('Lista de clientes de acme.es'), ['customer lists']);
    assert.deepEqual(missing('Vérifie si l’adresse e-mail jean@acme.fr existe vraiment'), ['mailbox verification']);
    assert.deepEqual(missing('check whether the email address bob@acme.com is real'), ['mailbox verification']);
    assert.deepEqual(missing('give me the direct phone numbers of the sales reps at acme.com'), ["people's personal profiles and contacts"]);
    assert.equal(route('is acme.com a real company?'), 'company-footprint', 'a company said to be real is its footprint');
    assert.equal(route('get the contact emails of acme.com if it is a real business'), 'extract-contacts', 'a real business is no mailbox check');
    assert.deepEqual(read("what's the direct line to acme.com's support desk", []).notAvailable, [], "a company's line is no person's");
  });

  it('reads no job listing inside a watch request', () => {
    assert.deepEqual(missing('post in our Slack channel whenever acme.com adds a new engineering role'), ['monitoring and alerts']);
    assert.equal(read('post to Slack whenever acme.com opens a new sales role', []).jobFilter, null);
    assert.equal(route('list the open sales roles at acme.com'), 'ats-jobs');
  });
});
