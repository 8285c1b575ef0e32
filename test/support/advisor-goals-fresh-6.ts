/**
 * A sixth fresh goal set for the advisor, written on 2026-12-02 by a hand that never read the
 * advisor's rules (only the catalog: spec/openapi.yaml, generated/llms.txt, README.md), and
 * committed before any run. Never tuned on: it measures whether the routing carries to goals
 * nobody tuned for.
 *
 * Goals as agents and their users write them, in ten languages (English, German, French, Spanish,
 * Portuguese, Italian, Japanese, simplified Chinese, Russian, Dutch), over every operation of the
 * catalog. Each label is the operation a careful engineer reading the catalog would pick; expect
 * and reason as in advisor-goals.ts and advisor-goals-blind.ts.
 */
import type { BlindCase } from './advisor-goals-blind.ts';

type Extra = Omit<BlindCase, 'goal' | 'expect'>;
const g = (goal: string, expect: string | null, extra: Extra = {}): BlindCase => ({ goal, expect, ...extra });
const missing = (goal: string, reason: RegExp, extra: Extra = {}): BlindCase => ({ goal, expect: null, reason, ...extra });

export const ML_FRESH_6: BlindCase[] = [
  // English
  g('call detect_website_tech_stack for vercel.com', 'tech-stack'),
  g('Which of these 30 SaaS accounts run Salesforce? List attached.', 'batch:tech-stack', { domain_count: 30 }),
  g('I am about to pay an x402 API at https://api.weatherbot.xyz/v1/forecast. Is it safe to pay, or is the price a rip-off?', 'verify-merchant'),
  g(
    "Hey, could you grab the main text of https://blog.brightwave.io/2026/pricing-changes as markdown? I don't need the nav or the cookie stuff.",
    'clean-markdown',
  ),
  g('find the hottest prospects among my 18 target accounts and get their full profiles', 'hot-buyers', { domain_count: 18 }),
  g('did plaid.com post any new jobs since my last pull? I still have the job ids from last week', 'ats-jobs'),
  g('Is our store ready for AI shopping agents? robots.txt, llms.txt, product feed, all that.', 'store_readiness_auditor', { sample_domain: 'mystore.co' }),
  g(
    'keep the target out of the x402 payment metadata: run the due diligence bundle (footprint plus contacts) on northwind-traders.com',
    'private-query:due_diligence',
  ),
  g("Don't give me the full company profile, only the search ads rippling.com is running in the UK", 'search-ads'),
  g('Check whether outdoorgear.co.uk runs on Shopify and, if it does, pull the contact emails they publish', 'tech-stack>extract-contacts'),
  missing('estimated annual revenue and employee count for gusto.com', /revenue|financ|headcount|employee/i),
  missing('verify that the mailbox jane.doe@brightwave.io actually exists before we send the sequence', /mailbox/i),
  g('what can you do', null),

  // German
  g('Welche Technologien nutzt zalando.de? CMS, Analytics, Tag Manager', 'tech-stack'),
  g('Zeig mir alle offenen Stellen bei celonis.com, nur Remote-Jobs bitte', 'ats-jobs'),
  g('Wie hoch ist die Kaufbereitschaft von personio.de, gemessen an den Neueinstellungen?', 'company-intent'),
  g(
    'Könnten Sie bitte prüfen, ob der Onlineshop kaffee-roesterei-berg.de vertrauenswürdig ist, bevor ich dort für 120 € bestelle?',
    'pre_purchase_merchant_trust_check',
  ),
  g('Wir haben 45 Domains von Messekontakten. Für jede die geschalteten Google-Anzeigen abrufen.', 'batch:search-ads', { domain_count: 45 }),
  g('Erstelle ein vollständiges Firmenprofil von n26.com: Tech-Stack, Hiring und Anzeigen in einem Aufruf', 'company-profile'),
  g(
    'Vertraulich: Welche Stellen schreibt sicherheitsfirma-nord.de aus? Der Zahlungsdienstleister darf den Firmennamen nicht sehen.',
    'private-query:open_jobs',
  ),
  missing('Wer sind die Gesellschafter von flixbus.de, wem gehört die Firma?', /owner/i),
  g('Schreib mir eine Kaltakquise-E-Mail an den Geschäftsführer', null),

  // French
  g('Quelles publicités Google diffuse backmarket.fr en France ces trois derniers mois ?', 'search-ads'),
  g("Récupère les adresses e-mail publiques et les liens vers les réseaux sociaux de l'agence lepetitstudio.fr", 'extract-contacts'),
  g(
    'Avant de signer un contrat de trois ans avec payfit.com, je voudrais savoir si ce fournisseur est stable : recrute-t-il encore ou est-il en train de réduire la voilure ?',
    'b2b_vendor_stability_evaluator',
  ),
  g('convertir cette page en markdown : https://www.service-public.fr/particuliers/vosdroits/F1234', 'clean-markdown'),
  g('Y a-t-il un code promo actif sur sezane.com pour les robes ?', 'checkout_active_promo_code_finder'),
  g(
    'Pourriez-vous comparer les données structurées produit de ma boutique maboutique-bio.fr avec celles de naturalia.fr et lafourche.fr ?',
    'agentic_shelf_schema_comparator',
  ),
  g('Scanne ces 25 domaines et dis-moi lesquels recrutent assez pour être des acheteurs chauds', 'hot-buyers', { domain_count: 25 }),
  g(
    "Sans que l'URL apparaisse dans ce que reçoit le prestataire de paiement, convertis https://concurrent-direct.fr/tarifs en markdown",
    'private-query:clean_markdown',
  ),
  missing('Combien de visiteurs par mois reçoit le site leboncoin.fr ?', /traffic|visit/i),

  // Spanish
  g('¿Qué stack tecnológico usa glovoapp.com?', 'tech-stack'),
  g('Necesito el puntaje de intención de compra de cabify.com según sus vacantes', 'company-intent'),
  g('Extrae título, precio, stock y variantes de este producto: https://www.elcorteingles.es/moda/A12345-zapatillas/', 'universal_product_url_to_json'),
  g(
    '¿Tiene esta empresa una presencia real? Quiero saber si holaluz.com tiene etiquetas de analítica, una bolsa de empleo con vacantes y anuncios.',
    'company-footprint',
  ),
  g(
    '¿Podrías decirme si la tienda zapatosdelsur.es es un buen lead para venderles servicios de comercio agéntico? Huecos de preparación, email publicado y anuncios recientes.',
    'conversion_leak_lead_finder',
  ),
  g('Obtén el perfil completo de las 20 empresas de nuestra lista de cuentas objetivo', 'batch:company-profile', { domain_count: 20 }),
  g(
    'Antes de comprar en tiendaelectro-barata.com, comprueba que sea fiable y luego busca si tiene cupones de descuento',
    'pre_purchase_merchant_trust_check>checkout_active_promo_code_finder',
  ),
  missing('dame el teléfono móvil del director general de mercadona.es', /phone|private contact/i),

  // Portuguese
  g('Quais vagas abertas a nubank.com.br tem para engenheiros de dados?', 'ats-jobs'),
  g('Verifique se o domínio lojadoze.com.br é legítimo', 'verify_domain_legitimacy_and_security'),
  g('Preciso de um selo JSON assinado atestando a confiabilidade do lojista magazinevirtual.com.br para mostrar no meu agente', 'verified_merchant_json_badge'),
  g('A ifood.com.br está anunciando no Google? Em quais formatos?', 'search-ads'),
  g('Rode o tech stack nos 12 domínios da planilha', 'batch:tech-stack', { domain_count: 12 }),
  g('Sem que o facilitador de pagamento saiba o alvo, quero o perfil completo da empresa concorrente-sa.com.br', 'private-query:company_profile'),
  g(
    'Quero saber se o site da minha loja está bem preparado para agentes de compra com IA: sitemap, robots.txt e dados estruturados dos produtos',
    'store_readiness_auditor',
    { sample_domain: 'minhaloja.com.br' },
  ),
  missing('Quanto a loft.com.br captou na última rodada de investimento?', /funding|invest/i),

  // Italian
  g('Che tecnologie usa il sito di satispay.com? Usano Stripe o Adyen?', 'tech-stack'),
  g("Trova i contatti pubblici (email, profili social) dello studio legale studiorossi-avvocati.it e controlla se l'MX è configurato", 'extract-contacts'),
  g('Dammi il markdown pulito di questo PDF: https://www.comune.milano.it/documents/regolamento-edilizio.pdf', 'clean-markdown'),
  g('Questo fornitore, fattureincloud.it, è in crescita o in contrazione? Vorrei valutarne la stabilità prima del rinnovo.', 'b2b_vendor_stability_evaluator'),
  g('Confronta i dati strutturati di prodotto di mionegozio.it con due concorrenti: yoox.com e zalando.it', 'agentic_shelf_schema_comparator'),
  g("Voglio l'intento d'acquisto basato sulle assunzioni per 40 aziende della mia pipeline", 'batch:company-intent', { domain_count: 40 }),
  g('Prima di pagare, verifica se questo endpoint x402 è affidabile: https://pay.datafeed.it/api/quotes', 'verify-merchant'),
  g(
    'Leggi prezzo e disponibilità da https://www.negoziotech.it/prodotto/cuffie-x2 e poi dimmi se il negozio è affidabile per comprare',
    'universal_product_url_to_json>pre_purchase_merchant_trust_check',
  ),
  missing('Quali recensioni hanno lasciato i clienti su eataly.com e qual è il voto medio?', /review|rating/i),

  // Japanese
  g('mercari.com のウェブサイトで使われている技術スタックを調べて', 'tech-stack'),
  g('freee.co.jp の求人を一覧にして。エンジニア職だけでいい', 'ats-jobs'),
  g('smarthr.jp の採用状況から購買意欲スコアを出してください', 'company-intent'),
  g('この商品ページの価格と在庫をJSONで取得したい: https://store.teashop.jp/products/tea-set-42', 'universal_product_url_to_json'),
  g('uniqlo.com で今使えるクーポンコードはありますか?セール中のものがあれば知りたいです', 'checkout_active_promo_code_finder'),
  g('支払い情報にターゲットのドメインが残らないようにして、rival-kk.jp の検索広告を調べて', 'private-query:search_ads'),
  missing('rakuten.co.jp の従業員数と売上高を教えて', /revenue|financ|headcount|employee/i),

  // Chinese (simplified)
  g('查一下 shein.com 用了哪些技术,比如是用 Shopify 还是自建的', 'tech-stack'),
  g('帮我把这个网页转成干净的 Markdown:https://www.sohu.com/a/2026/11/article-8842.html', 'clean-markdown'),
  g('temu.com 在哪些地区投放搜索广告?只要图片格式的', 'search-ads'),
  g('这家商家 gadgetshop.cn 可信吗?我准备付款 300 美元购买一台相机', 'pre_purchase_merchant_trust_check'),
  g('我有 15 个潜在客户域名,先找出哪些有强烈的购买意向,然后获取这些公司公开的联系邮箱', 'hot-buyers>extract-contacts', { domain_count: 15 }),
  g('给 myshop.cn 生成一个带签名、可验证的商家信任徽章', 'verified_merchant_json_badge'),
  g('帮我看看 xiaohongshu.com 的整体公司画像:技术栈、招聘意向和广告一起给我', 'company-profile'),
  missing('列出 anker.com 的主要竞争对手', /competitor/i),

  // Russian
  g('Какие вакансии сейчас открыты у jetbrains.com?', 'ats-jobs'),
  g('Найди публичные email-адреса и ссылки на соцсети компании kaspersky.com', 'extract-contacts'),
  g('Проверь, реальная ли это компания: есть ли у neobank-invest.ru на сайте аналитика, открытые вакансии и реклама', 'company-footprint'),
  g('Прогони batch_lookup по 30 доменам из CRM и собери открытые вакансии по каждому', 'batch:ats-jobs', { domain_count: 30 }),
  g('Анонимно, чтобы платёжный провайдер не узнал цель: какой стек технологий у competitor-tech.ru?', 'private-query:tech_stack'),
  g(
    'Оцени, является ли магазин mebel-shop.ru хорошим лидом: слабая готовность к ИИ-агентам, опубликованный email и свежая реклама',
    'conversion_leak_lead_finder',
  ),
  missing('Какой кредитный рейтинг у компании ozon.ru?', /credit/i),
  g('Забронируй мне столик в ресторане на пятницу', null),

  // Dutch
  g('Hoeveel koopintentie laat mollie.com zien op basis van hun vacatures?', 'company-intent'),
  g('Is de webshop fietsenwinkel-amsterdam.nl betrouwbaar genoeg om er een fiets van €900 te kopen?', 'pre_purchase_merchant_trust_check'),
  g('Zet https://www.rijksoverheid.nl/onderwerpen/belastingen/nieuws om naar schone markdown', 'clean-markdown'),
  g('Kun je nagaan of het domein snelle-lening-nu.nl legitiem is?', 'verify_domain_legitimacy_and_security'),
  g('Vergelijk de productdata en agent-readiness van mijn winkel kaaswinkel.nl met concurrent kaasland.nl', 'agentic_shelf_schema_comparator'),
  g('Welke advertenties draaide coolblue.nl het afgelopen kwartaal in België?', 'search-ads'),
  g('Geef me een totaalprofiel van picnic.app: techstack, wervingsintentie en advertenties', 'company-profile'),
  missing('Geef me de klantenlijst van adyen.com: welke merchants zijn klant bij hen?', /customer/i),
];
