/**
 * An eighth fresh goal set for the advisor, written on 2026-12-02 by a hand that never read the
 * advisor's rules (only the catalog: spec/openapi.yaml, generated/llms.txt, README.md), and
 * committed before any run. Never tuned on: it measures whether the routing carries to goals
 * nobody tuned for.
 *
 * Goals as agents and their users write them, in sixteen languages (English, German, French,
 * Spanish, Portuguese, Italian, Japanese, simplified Chinese, Russian, Dutch, and a few in Korean,
 * Polish, Turkish, Indonesian, Arabic and Hindi), over every data operation of the catalog (batch
 * with each of its tools, private-query with each of its tools, both bundles included):
 * multi-intent goals one operation does in one call, tools named as context (Stripe, Datadog,
 * HubSpot, Slack), negations, quantities of domains, typos, terse agent-style calls, long
 * user-style requests, and goals about data the service does not have. Each label is the operation
 * a careful engineer reading the catalog would pick; expect and reason as in advisor-goals.ts and
 * advisor-goals-blind.ts.
 */
import type { BlindCase } from './advisor-goals-blind.ts';

type Extra = Omit<BlindCase, 'goal' | 'expect'>;
const g = (goal: string, expect: string | null, extra: Extra = {}): BlindCase => ({ goal, expect, ...extra });
const missing = (goal: string, reason: RegExp, extra: Extra = {}): BlindCase => ({ goal, expect: null, reason, ...extra });

export const ML_FRESH_8: BlindCase[] = [
  // English
  g('whats the tech stak behind notion.so? cms, analytics, cdn, whatever you can see', 'tech-stack'),
  g('We pay with Stripe and log everything in Datadog. Does figma.com run Segment or any other CDP on their site?', 'tech-stack'),
  g('list remote senior backend roles open at gitlab.com right now', 'ats-jobs'),
  g('Not the whole profile, just the search ads canva.com is showing in the UK', 'search-ads'),
  g('I have 40 SaaS domains in a spreadsheet; for each one I need the technology stack, all in one go', 'batch:tech-stack', { domain_count: 40 }),
  g(
    "Before our agent pays https://api.weatherpaid.io/v1/forecast, check that x402 endpoint's payment terms against comparable prices and whether its docs try prompt injection",
    'verify-merchant',
  ),
  missing('How much annual revenue does rippling.com make and how much funding have they raised?', /revenue|fund|financ/i),
  g('Turn this PDF into markdown so I can feed it to the model: https://example.org/reports/annual-2025.pdf', 'clean-markdown'),
  g('I want to buy a $450 espresso machine from brewgear-outlet.com. Is it safe to buy from them?', 'pre_purchase_merchant_trust_check'),
  g(
    'I have 12 accounts sitting in HubSpot. Score them on hiring-based buying intent, give me the full profiles of only the hottest ones, and I will post those to our #sales Slack channel',
    'hot-buyers',
    { domain_count: 12 },
  ),
  g('issue a signed verified-merchant JSON badge for kettle-and-co.com that our checkout page can display', 'verified_merchant_json_badge'),
  g(
    "Footprint check on brex.com, facts only: website ad or analytics tags, a job board with open roles, search ads. I don't want a score or a revenue guess",
    'company-footprint',
  ),
  g(
    'Full company profile of ramp.com (tech stack, hiring intent, search ads), but the target must stay out of the payment metadata: the facilitator must not see which company we are researching',
    'private-query:company_profile',
  ),
  missing('verify that ceo@linear.app is a real, deliverable mailbox', /mailbox|deliver|verif|e-?mail/i),

  // German
  g('Welche offenen Stellen hat personio.de gerade? Bitte nur die neuen seit unserer letzten Abfrage, die bekannten Job-IDs schicke ich mit', 'ats-jobs'),
  g('Wie hoch ist die Kaufabsicht von celonis.com, gemessen an ihren Stellenausschreibungen? Ich brauche nur den Score, nicht die Jobliste', 'company-intent'),
  g('Erstelle ein vollständiges Firmenprofil zu n26.com: Tech-Stack, Hiring-Intent und Suchanzeigen in einem Aufruf', 'company-profile'),
  g(
    'Ist unser Shop tischlerei-kraus.de bereit für KI-Shopping-Agenten? Prüfe robots.txt, Sitemap, llms.txt und den Produktfeed und gib mir priorisierte Fixes',
    'store_readiness_auditor',
  ),
  g('Welche Gutscheincodes veröffentlicht zalando.de gerade für Schuhe?', 'checkout_active_promo_code_finder'),
  g('Ist unser ERP-Anbieter abas.de als Lieferant stabil, oder schrumpft die Firma? Bitte die Vendor-Stabilität bewerten', 'b2b_vendor_stability_evaluator'),
  missing('Wie viele Mitarbeiter hat flixbus.de und wer sind die Gesellschafter?', /employ|headcount|staff|owner|mitarbeiter|gesellschaft/i),
  g('Öffentliche E-Mail-Adressen und Social-Links von der Website hellofresh.de auslesen, inkl. MX- und DMARC-Check', 'extract-contacts'),
  g('Führe für 30 Domains aus unserem CRM die Suchanzeigen-Abfrage als Batch aus und poste das Ergebnis danach in Slack', 'batch:search-ads', {
    domain_count: 30,
  }),
  g('Mach aus https://www.bundesbank.de/de/presse/reden eine saubere Markdown-Datei ohne Navigation und Cookie-Banner', 'clean-markdown'),

  // French
  g('Quelle stack technique utilise doctolib.fr ? CMS, analytics, tag manager', 'tech-stack'),
  g('Lis le JSON-LD de cette fiche produit et renvoie prix, stock et variantes : https://www.fnac.com/a1234567/casque-audio', 'universal_product_url_to_json'),
  g(
    "Je veux l'empreinte de qonto.com : a-t-elle des balises analytics sur son site, un job board avec des postes ouverts et des annonces search ? Des faits seulement",
    'company-footprint',
  ),
  g(
    'Compare les données structurées produit de notre boutique lamaisondubois.fr avec celles de maisonsdumonde.com et ikea.fr',
    'agentic_shelf_schema_comparator',
  ),
  g(
    "Est-ce que la boutique bijoux-lune.fr est un bon lead pour nos services d'agent commerce ? Il me faut ses lacunes de readiness, un email publié et des pubs récentes",
    'conversion_leak_lead_finder',
  ),
  missing('Donne-moi les avis clients et la note moyenne de backmarket.fr', /review|rating|avis/i),
  g("Lance la récupération des postes ouverts pour 15 entreprises d'un coup", 'batch:ats-jobs', { domain_count: 15 }),
  g("Vérifie la légitimité du domaine alan.com avant qu'on signe le partenariat", 'verify_domain_legitimacy_and_security'),
  g('Je veux les technologies de lemonde.fr, mais sans que le facilitateur de paiement sache quelle cible je regarde', 'private-query:tech_stack'),
  g('quelles annonces search mistral.ai diffuse en France, format vidéo seulement', 'search-ads'),

  // Spanish
  g('¿Cuántas vacantes abiertas tiene cabify.com y cuáles son remotas?', 'ats-jobs'),
  g('Dame el puntaje de intención de compra de glovoapp.com según sus contrataciones', 'company-intent'),
  g('Tengo 20 dominios de prospectos; dime cuáles son compradores calientes por sus contrataciones', 'hot-buyers', { domain_count: 20 }),
  g('Quiero comprar unas zapatillas de 120 dólares en zapatillas-baratas-ya.com. ¿Es confiable la tienda antes de pagar?', 'pre_purchase_merchant_trust_check'),
  g('¿Hay algún código de descuento activo en pccomponentes.com para portátiles?', 'checkout_active_promo_code_finder'),
  g(
    'Audita si mitienda-online.es está lista para agentes de compra con IA: qué permite robots.txt a GPTBot y ClaudeBot, el feed de productos y la puntuación',
    'store_readiness_auditor',
  ),
  missing('Necesito el tráfico web mensual de idealista.com', /traffic|visit|tráfico/i),
  g('Perfil completo de empresa (stack, intención de contratación y anuncios) para 25 cuentas, en lote', 'batch:company-profile', { domain_count: 25 }),
  g('Convierte esta página a markdown limpio: https://elpais.com/tecnologia/', 'clean-markdown'),
  g('Haz la consulta de anuncios de búsqueda de seat.es de forma privada: el dominio no debe aparecer en los metadatos del pago', 'private-query:search_ads'),

  // Portuguese
  g('Quais tecnologias o site do nubank.com.br usa? Quero saber se usam HubSpot', 'tech-stack'),
  g('Lista as vagas abertas da vtex.com com faixa salarial, só as de engenharia', 'ats-jobs'),
  g(
    'O fornecedor de SaaS contaazul.com está crescendo ou encolhendo? Avalie a estabilidade do fornecedor antes de renovarmos o contrato',
    'b2b_vendor_stability_evaluator',
  ),
  g('Extraia os e-mails públicos e os links de redes sociais da empresa que o site da hotmart.com publica', 'extract-contacts'),
  missing('Qual é o rating de crédito da magazineluiza.com.br?', /credit|crédito|rating/i),
  g('Gere um selo JSON assinado de comerciante verificado para lojadocafe.com.br', 'verified_merchant_json_badge'),
  g('Transforma esta URL de produto em JSON com preço, moeda e estoque: https://www.amazon.com.br/dp/B0CX12345', 'universal_product_url_to_json'),
  g('Rode a pontuação de intenção de compra pelas contratações em lote para 40 domínios da nossa lista', 'batch:company-intent', { domain_count: 40 }),
  g(
    'Quero uma due diligence da stone.com.br (footprint e contatos publicados) sem que o nome da empresa apareça para o facilitador de pagamento',
    'private-query:due_diligence',
  ),
  g('Verifique a legitimidade e a segurança do domínio pagamentos-rapidos.com.br', 'verify_domain_legitimacy_and_security'),

  // Italian
  g('Che tecnologie usa satispay.com sul suo sito? Mi interessano soprattutto analytics e tag manager', 'tech-stack'),
  g('Profilo aziendale completo di bendingspoons.com: stack tecnologico, intenzione di assunzione e annunci di ricerca', 'company-profile'),
  g("Controlla l'impronta di scalapay.com: tag del sito, offerte di lavoro aperte e annunci. Solo fatti, niente stime", 'company-footprint'),
  g(
    'Confronta i dati strutturati dei prodotti del nostro negozio vinoitaliano.it con due concorrenti: tannico.it e vino.com',
    'agentic_shelf_schema_comparator',
  ),
  g('ci sono codici promo attivi su yoox.com per le borse?', 'checkout_active_promo_code_finder'),
  missing('Dammi i numeri di telefono personali dei dirigenti di ferrari.com', /phone|telefon|contact|private|person/i),
  g(
    'Questo endpoint x402 https://data.pagamenti-api.it/v2/quote è affidabile? Verifica i termini di pagamento e la latenza prima che il mio agente paghi',
    'verify-merchant',
  ),
  g('Vorrei sapere quali annunci di ricerca mostra subito.it in Italia negli ultimi 90 giorni', 'search-ads'),
  g('Cerca le offerte di lavoro aperte di depop.com in modo privato: il target deve restare fuori dai metadati di pagamento', 'private-query:open_jobs'),
  g(
    'Il negozio ceramiche-toscane.it è un lead qualificato per i nostri servizi di agentic commerce? Servono i gap di readiness, una email pubblicata e annunci recenti',
    'conversion_leak_lead_finder',
  ),

  // Japanese
  g('mercari.com のサイトで使われている技術スタックを調べて', 'tech-stack'),
  g('smarthr.jp の求人一覧を取得して。リモート可のエンジニア職だけ', 'ats-jobs'),
  g('freee.co.jp の採用状況から購買意欲スコアを出してください', 'company-intent'),
  g('この商品ページの価格と在庫をJSONで: https://www.uniqlo.com/jp/ja/products/E465185-000', 'universal_product_url_to_json'),
  g('うちのECサイト kimono-shop.jp がAIショッピングエージェントに対応できているか監査して。robots.txt と llms.txt も確認して', 'store_readiness_auditor'),
  missing('sansan.com の従業員数と売上高を教えて', /employ|headcount|staff|revenue|売上|従業員/i),
  g('この記事をきれいなMarkdownに変換して https://note.com/example/n/n123abc', 'clean-markdown'),
  g('取引先ベンダーの cybozu.com は安定していますか？契約更新の前にベンダーの安定性を評価して', 'b2b_vendor_stability_evaluator'),
  g('決済ファシリテーターに対象を知られずに rakuten.co.jp の会社プロフィールを取得したい', 'private-query:company_profile'),
  g('kyoto-tea-store.jp で3万円の茶器を買う前に、この店から買っても安全か確認して', 'pre_purchase_merchant_trust_check'),

  // Simplified Chinese
  g('查一下 shein.com 网站用了哪些技术栈', 'tech-stack'),
  g('pingcap.com 现在有哪些在招职位？只要高级职位', 'ats-jobs'),
  g('给我 anker.com 的完整公司画像：技术栈、招聘意向和搜索广告', 'company-profile'),
  g('我有 15 个潜在客户域名，帮我根据招聘情况找出购买意向最高的热门买家', 'hot-buyers', { domain_count: 15 }),
  g('提取 dji.com 官网公开的邮箱和社交媒体链接，并检查 MX 和 DMARC', 'extract-contacts'),
  g('在付款元数据中不暴露目标的情况下，查询 temu.com 基于招聘的购买意向评分', 'private-query:hiring_intent'),
  missing('列出 bytedance.com 的主要竞争对手', /compet|竞争/i),
  g('为我们的店铺 cha-shop.cn 生成一个签名的已验证商家 JSON 徽章', 'verified_merchant_json_badge'),
  g('把这个网页转换成干净的 Markdown：https://www.36kr.com/p/123456', 'clean-markdown'),
  g('对比我们店铺 xiaomi-fans-store.com 和 gearbest.com、banggood.com 这两家店的商品结构化数据', 'agentic_shelf_schema_comparator'),

  // Russian
  g('Какой стек технологий у сайта ozon.ru? Есть ли там Google Tag Manager?', 'tech-stack'),
  g('Покажи поисковую рекламу, которую крутит skyeng.ru, только текстовые объявления', 'search-ads'),
  g('Оцени намерение покупки у kaspersky.com по их вакансиям — нужен только скор, а не список вакансий', 'company-intent'),
  g('Найди действующие промокоды на сайте lamoda.ru для обуви', 'checkout_active_promo_code_finder'),
  g('Хочу купить ноутбук за 900 долларов в магазине tech-deals-shop.ru — безопасно ли у них покупать?', 'pre_purchase_merchant_trust_check'),
  missing('Кто владеет компанией wildberries.ru и какая у неё выручка?', /owner|revenue|financ|выручк|владе/i),
  g('Проверь легитимность домена crypto-obmen24.ru', 'verify_domain_legitimacy_and_security'),
  g('Прогони определение техстека для 50 доменов пакетом', 'batch:tech-stack', { domain_count: 50 }),
  g('Получи публичные контакты с сайта tinkoff.ru приватно, чтобы домен не попал в данные платежа', 'private-query:extract_contacts'),
  g(
    'Переведи страницу https://habr.com/ru/articles/800000/ в чистый markdown приватно, чтобы фасилитатор платежа не видел этот URL',
    'private-query:clean_markdown',
  ),

  // Dutch
  g('Welke vacatueres heeft adyen.com open? Alleen de nieuwe sinds gisteren, ik stuur de bekende job ids mee', 'ats-jobs'),
  g('Footprint-check voor mollie.com: tags op de website, een vacaturebord met open rollen en zoekadvertenties. Alleen feiten', 'company-footprint'),
  g('Is onze webshop fietsenwinkel-jansen.nl klaar voor AI-shoppingagents? Audit robots.txt, sitemap en productfeed', 'store_readiness_auditor'),
  g('Vergelijk de gestructureerde productdata van onze winkel koffiebonen.nl met die van coffeecompany.nl en bol.com', 'agentic_shelf_schema_comparator'),
  g(
    'Hoe stabiel is onze SaaS-leverancier teamleader.eu? Groeit of krimpt hun hiring? Beoordeel de stabiliteit van de leverancier',
    'b2b_vendor_stability_evaluator',
  ),
  missing('Welke klanten heeft exact.com? Geef me hun klantenlijst', /customer|client|klant/i),
  g('Check dit x402-endpoint voordat mijn agent betaalt: https://pay.dataleverancier.nl/api/v1/prices', 'verify-merchant'),
  g('Haal in batch de open vacatures op voor 35 domeinen uit onze lijst', 'batch:ats-jobs', { domain_count: 35 }),
  g(
    'Is de webwinkel tuinmeubel-outlet.nl een goede lead voor onze agentic-commerce diensten? Readiness-gaten, een gepubliceerd e-mailadres en recente advertenties',
    'conversion_leak_lead_finder',
  ),
  g('Maak een gesigneerde JSON-badge "verified merchant" voor onze winkel kaasmeester.nl', 'verified_merchant_json_badge'),

  // Korean
  g('toss.im 웹사이트의 기술 스택을 알려줘', 'tech-stack'),
  g('coupang.com 채용 공고로 본 구매 의향 점수를 알려줘', 'company-intent'),
  g('잠재 고객 도메인 10개 중에서 채용 기반 구매 의향이 높은 핫 바이어를 찾아줘', 'hot-buyers', { domain_count: 10 }),

  // Polish
  g('Jakie oferty pracy ma teraz allegro.pl? Tylko zdalne', 'ats-jobs'),
  g('Wyciągnij cenę, dostępność i warianty z tej strony produktu: https://www.x-kom.pl/p/123456-laptop.html', 'universal_product_url_to_json'),
  missing('Ile przychodu miał cdprojekt.com w zeszłym roku?', /revenue|przych|financ/i),

  // Turkish
  g('trendyol.com hangi arama reklamlarını yayınlıyor?', 'search-ads'),
  g('getir.com için tam şirket profili: teknoloji yığını, işe alım niyeti ve arama reklamları', 'company-profile'),

  // Indonesian
  g('Apakah aman membeli dari toko batik-solo-asli.com sebelum saya bayar 2 juta rupiah?', 'pre_purchase_merchant_trust_check'),
  g('Cari kode promo aktif di tokopedia.com untuk elektronik', 'checkout_active_promo_code_finder'),

  // Arabic
  g('استخرج عناوين البريد الإلكتروني المنشورة على موقع careem.com وتحقق من سجلات MX و DMARC', 'extract-contacts'),
  g('حوّل هذه الصفحة إلى Markdown نظيف: https://www.aljazeera.net/news/', 'clean-markdown'),

  // Hindi
  g('zomato.com की वेबसाइट किस टेक्नोलॉजी स्टैक पर चलती है?', 'tech-stack'),
  missing('swiggy.com के कर्मचारियों की संख्या कितनी है?', /employ|headcount|staff/i),
];
