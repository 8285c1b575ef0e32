/**
 * A ninth fresh goal set for the advisor, written on 2026-12-02 by a hand that never read the
 * advisor's rules (only the catalog: spec/openapi.yaml, generated/llms.txt, README.md), and
 * committed before any run. Never tuned on: it measures whether the routing carries to goals
 * nobody tuned for.
 *
 * Goals as agents and their users write them, in seventeen languages (English, German, French,
 * Spanish, Portuguese, Italian, Japanese, simplified Chinese, Russian, Dutch, and a few in Korean,
 * Polish, Turkish, Indonesian, Arabic, Hindi and Vietnamese), over every operation of the catalog
 * (each skill, batch with each of its tools, private-query with each of its tools, both bundles
 * included), each at least three times: multi-intent goals one operation does in one call, tools
 * named as context (Datadog, HubSpot), negations, quantities of domains (domain_count),
 * typos, terse agent-style calls, long user-style requests, two calls in order ('a>b'), and goals
 * about data the service does not have. Each label is the operation a careful engineer reading the
 * catalog would pick; expect and reason as in advisor-goals.ts and advisor-goals-blind.ts.
 */
import type { BlindCase } from './advisor-goals-blind.ts';

type Extra = Omit<BlindCase, 'goal' | 'expect'>;
const g = (goal: string, expect: string | null, extra: Extra = {}): BlindCase => ({ goal, expect, ...extra });
const missing = (goal: string, reason: RegExp, extra: Extra = {}): BlindCase => ({ goal, expect: null, reason, ...extra });

export const ML_FRESH_9: BlindCase[] = [
  // English
  g('What analytics, CDN and CMS does linear.app run on its site? We are on Datadog ourselves, I only need their stack.', 'tech-stack'),
  g('ats-jobs: gitlab.com, remote senior backend roles only', 'ats-jobs'),
  g(
    'I have 18 SaaS domains from a conference attendee list. Which of them show real buying intent right now? I only want to pay for the hottest few profiles.',
    'hot-buyers',
    { domain_count: 18 },
  ),
  g('Before my agent pays https://api.weatherdata.dev/v1/forecast over x402, check its payment terms, latency and prompt-injection risk.', 'verify-merchant'),
  g(
    'Is our log vendor papertrail.com stable or contracting? We are about to sign a three-year contract, so look at their hiring velocity and its trend.',
    'b2b_vendor_stability_evaluator',
  ),
  g('Pull the search ads each of the 40 domains in our account list is running.', 'batch:search-ads', { domain_count: 40 }),
  g(
    'Run due diligence on targetco.com (company footprint plus the contacts it publishes); the payment facilitator must not learn which company we are looking at.',
    'private-query:due_diligence',
  ),
  missing('What is the annual revenue and the employee headcount of notion.so?', /revenue|headcount|employee/i),
  g('Out of these 15 fintech domains find the hot buyers, then pull the published contact emails of those companies.', 'hot-buyers>extract-contacts', {
    domain_count: 15,
  }),
  g(
    'does my store allbirds.com block GPTBot or ClaudeBot in robots.txt, and do we have an llms.txt and a product feed? give me the readiness score and the fixes',
    'store_readiness_auditor',
  ),
  g('Get the tech stack of acquisition-target.io without the target showing up in the payment metadata the x402 facilitator sees.', 'private-query:tech_stack'),
  g('wich emails does basecamp.com publsh on its contact and about pages?', 'extract-contacts'),

  // German
  g('Wie hoch ist die Kaufabsicht von personio.de anhand der offenen Stellen? Nur den Intent-Score, keine Jobliste.', 'company-intent'),
  g('Ermittle für 35 Domains aus unserer CRM-Liste jeweils den Technologie-Stack.', 'batch:tech-stack', { domain_count: 35 }),
  g('Ich will bei technikdirekt-shop.de eine Grafikkarte für 780 € kaufen. Ist der Händler vertrauenswürdig?', 'pre_purchase_merchant_trust_check'),
  g('Technologie-Stack von zielfirma.de abfragen, aber der Zahlungs-Facilitator darf die Zieldomain nicht sehen.', 'private-query:tech_stack'),
  g('Welche E-Mail-Adressen und Social-Media-Links veröffentlicht zalando.de auf seinen Kontakt- und Teamseiten?', 'extract-contacts'),
  missing('Wer sind die Eigentümer von flixbus.de und wie viel Finanzierung haben sie eingesammelt?', /owner|funding|financ/i),
  g('Hol mir Preis, Verfügbarkeit und Varianten als JSON von https://www.otto.de/p/kaffeevollautomat-ea8160-123456/', 'universal_product_url_to_json'),
  g('Welche Suchanzeigen schaltet check24.de in DE? Nur Videoformate bitte.', 'search-ads'),
  g(
    'Vergleiche die strukturierten Produktdaten unseres Shops mein-laden.de mit zwei anderen Shops: shop-a.de und shop-b.de',
    'agentic_shelf_schema_comparator',
  ),
  g('Vollständiges Firmenprofil (Tech-Stack, Hiring, Ads) für 30 Domains aus der Leadliste', 'batch:company-profile', { domain_count: 30 }),
  g(
    'Prüfe zuerst den x402-Endpunkt https://api.kursdaten.de/v1/paid vor der Zahlung und wandle danach seine Doku-Seite https://kursdaten.de/docs in Markdown um.',
    'verify-merchant>clean-markdown',
  ),

  // French
  g("Donne-moi en un seul appel la stack technique, l'intention d'achat liée au recrutement et les annonces search de doctolib.fr", 'company-profile'),
  g("Récupère les offres d'emploi ouvertes pour chacune des 28 entreprises de ma liste", 'batch:ats-jobs', { domain_count: 28 }),
  g(
    'Je veux la liste des postes ouverts chez cible-secrete.fr sans que le domaine cible apparaisse dans les métadonnées de paiement.',
    'private-query:open_jobs',
  ),
  g('Y a-t-il un code promo actif sur sephora.fr pour le maquillage avant que je passe commande ?', 'checkout_active_promo_code_finder'),
  g(
    'Génère un badge JSON signé attestant que boutique-bio.fr est un marchand vérifié, que mon agent pourra contrôler avec verifyMessage.',
    'verified_merchant_json_badge',
  ),
  missing('Quelle est la note moyenne des avis clients de cdiscount.com sur Trustpilot ?', /review|rating/i),
  g(
    'Est-ce que la boutique maisonlapin.fr est un bon prospect pour nos services agent-commerce : score de readiness faible, e-mail publié et pubs récentes ?',
    'conversion_leak_lead_finder',
  ),
  g('Transforme ce PDF en markdown propre : https://www.insee.fr/fr/statistiques/fichier/rapport-2025.pdf', 'clean-markdown'),
  g('quel CMS et quel outil d’analytics utilise leboncoin.fr ?', 'tech-stack'),
  g('Vérifie la légitimité et la sécurité du domaine paiement-rapide.fr', 'verify_domain_legitimacy_and_security'),
  g('Détecte la stack technique de 40 domaines, puis récupère les e-mails publiés de ceux qui utilisent Shopify.', 'batch:tech-stack>extract-contacts', {
    domain_count: 40,
  }),

  // Spanish
  g('Tengo 20 dominios de ecommerce: ¿cuáles tienen mayor intención de compra ahora mismo? Quiero solo los más calientes.', 'hot-buyers', { domain_count: 20 }),
  g('¿Qué vacantes nuevas tiene glovoapp.com desde la última vez? Ya tengo estos ids: greenhouse:5512345, greenhouse:5512399. Solo las nuevas.', 'ats-jobs'),
  g(
    'Necesito la puntuación de intención de compra por contratación de 45 dominios; solo las puntuaciones, yo mismo los ordeno después.',
    'batch:company-intent',
    { domain_count: 45 },
  ),
  g('Score de intención de compra de rival-oculto.es, pero sin que el facilitador de pagos vea el dominio objetivo', 'private-query:hiring_intent'),
  g('¿Está mi tienda zapatosluna.es lista para agentes de compra con IA? Revisa robots.txt, sitemap y llms.txt', 'store_readiness_auditor'),
  g(
    'Comprobación de huella de empresa para cabify.com: ¿tiene etiquetas de analítica en la web, bolsa de empleo con vacantes y anuncios de búsqueda? Solo hechos.',
    'company-footprint',
  ),
  missing('Consígueme los números de teléfono móvil personales del equipo directivo de mercadona.es', /phone|personal|private/i),
  g('Extrae título, marca, precio y stock de https://www.elcorteingles.es/electronica/A12345678-televisor-oled/ en JSON', 'universal_product_url_to_json'),
  g(
    'Antes de pagar este endpoint x402 https://pay.datosmeteo.es/api/v2/lluvia revisa sus condiciones de pago, la latencia y el riesgo de inyección de prompts',
    'verify-merchant',
  ),
  g(
    'Perfil completo de empresa de objetivo-secreto.com (stack, contratación y anuncios), con el objetivo fuera de los metadatos de pago.',
    'private-query:company_profile',
  ),
  g('Calcula la intención de compra de factorial.es por sus vacantes y luego saca los emails de contacto que publica.', 'company-intent>extract-contacts'),

  // Portuguese
  g('Quais tecnologias o site nubank.com.br usa? Nós usamos HubSpot aqui, só quero o stack deles.', 'tech-stack'),
  g('Busque os anúncios de pesquisa de cada um dos 38 domínios da nossa planilha', 'batch:search-ads', { domain_count: 38 }),
  g('O fornecedor pipefy.com está crescendo ou encolhendo? Avalie a estabilidade do fornecedor antes de renovar o contrato.', 'b2b_vendor_stability_evaluator'),
  g(
    'Quero ver os anúncios de pesquisa de alvo-discreto.com.br sem que o alvo apareça nos dados enviados ao facilitador de pagamento.',
    'private-query:search_ads',
  ),
  g('Encontre os e-mails publicados e os links de redes sociais da empresa rdstation.com, e verifique MX, SPF e DMARC.', 'extract-contacts'),
  g('tem cupom de desconto válido na netshoes.com.br pra tênis?', 'checkout_active_promo_code_finder'),
  missing('Quantas visitas mensais o site magazineluiza.com.br recebe?', /traffic|visit/i),
  g('Emita um selo JSON assinado de comerciante verificado para lojadoze.com.br', 'verified_merchant_json_badge'),
  g('Qual é a intenção de compra da vtex.com a partir das vagas abertas? Quero o score de 0 a 100.', 'company-intent'),
  g(
    'Compare os dados estruturados de produto da minha loja casaverde.com.br com lojaamarela.com.br e lojaazul.com.br, ranqueado por readiness',
    'agentic_shelf_schema_comparator',
  ),

  // Italian
  g('Quali annunci di ricerca sta facendo girare subito.it in Italia negli ultimi 90 giorni?', 'search-ads'),
  g(
    'Sto per comprare un drone da 1200 euro su offertedroni.it: è un venditore affidabile? Controlla età del dominio, dipendenti e pagamenti prima che io paghi.',
    'pre_purchase_merchant_trust_check',
  ),
  g('Per 50 domini della fiera, rileva lo stack tecnologico di ognuno', 'batch:tech-stack', { domain_count: 50 }),
  g('Estrai i contatti pubblicati da obiettivo-riservato.it, ma il facilitatore del pagamento non deve vedere il dominio.', 'private-query:extract_contacts'),
  g('Profilo aziendale completo di satispay.com: tecnologie, intenzione di assunzione e annunci, tutto in una chiamata', 'company-profile'),
  g('Converti in Markdown pulito la pagina https://www.ilpost.it/2026/11/30/articolo-esempio/ senza menu e banner dei cookie', 'clean-markdown'),
  missing('Qual è il rating di credito di fastweb.it?', /credit/i),
  g('Qualifica come lead il negozio scarpeveloci.it: lacune di readiness, email pubblicata, annunci degli ultimi 30 giorni', 'conversion_leak_lead_finder'),
  g('verifica legittimità e sicurezza del dominio bancaposte-verifica.it', 'verify_domain_legitimacy_and_security'),
  g('Scarica le posizioni aperte di 40 aziende del nostro elenco, una riga per azienda', 'batch:ats-jobs', { domain_count: 40 }),

  // Japanese
  g('mercari.com が使っている技術スタック（CDN、分析ツール、CMS）を調べて', 'tech-stack'),
  g('この12社のドメインの中で、今いちばん購買意欲が高いホットな会社はどこ？上位の会社のプロフィールだけ欲しい', 'hot-buyers', { domain_count: 12 }),
  g('うちのECサイト zozo.jp はAIショッピングエージェントに対応できてる？robots.txt と llms.txt をチェックして改善点を出して', 'store_readiness_auditor'),
  g('https://himitsu-shop.jp/pricing のページをMarkdownにしたいが、決済ファシリテーターに対象URLを知られたくない', 'private-query:clean_markdown'),
  g('freee.co.jp のサイトに公開されているメールアドレスとSNSリンクを集めて', 'extract-contacts'),
  g('https://www.uniqlo.com/jp/ja/products/E465185-000 の商品の価格・在庫・バリエーションをJSONで', 'universal_product_url_to_json'),
  missing('sansan.com の従業員数と資金調達額を教えて', /headcount|employee|funding/i),
  g('リストの25社それぞれについて会社プロフィール（技術スタック・採用・広告）をまとめて取得したい', 'batch:company-profile', { domain_count: 25 }),
  g('x402 の有料エンドポイント https://api.jp-data.dev/paid/quote に支払う前に、価格とプロンプトインジェクションのリスクを確認して', 'verify-merchant'),
  g('採用状況から hyouteki.jp の購買意向スコアを出して。ただし決済ファシリテーターに対象ドメインが見えないようにして', 'private-query:hiring_intent'),

  // Simplified Chinese
  g('根据招聘情况给 bytedance.com 打一个购买意向分数', 'company-intent'),
  g('列出 shein.com 目前所有远程职位', 'ats-jobs'),
  g('给我名单上的 40 个域名各算一个招聘购买意向分，不用帮我挑，我自己排序', 'batch:company-intent', { domain_count: 40 }),
  g('对 mubiao.cn 做尽职调查（公司足迹+公开联系方式），但支付元数据里不能出现目标域名', 'private-query:due_diligence'),
  g('下单前帮我找 anker.com 现在有效的优惠码', 'checkout_active_promo_code_finder'),
  g('把我们店铺 myshop.cn 的商品结构化数据和 shopa.cn、shopb.cn 两家店对比一下，按就绪分排名', 'agentic_shelf_schema_comparator'),
  missing('列出 pinduoduo.com 的所有竞争对手', /competitor/i),
  g('检查 nio.com 的公司足迹：网站有没有广告或分析标签、有没有招聘页面和开放职位、有没有搜索广告。只要事实。', 'company-footprint'),
  g('为 tmall-seller.cn 生成一个带签名的已验证商家 JSON 徽章', 'verified_merchant_json_badge'),
  g('不要完整的公司档案，只要 temu.com 在美国投放的图片类搜索广告', 'search-ads'),

  // Russian
  g('Собери профиль компании ozon.ru: технологии, намерение покупки по вакансиям и поисковая реклама — одним запросом', 'company-profile'),
  g('Нужна поисковая реклама по каждому из 42 доменов из нашего списка', 'batch:search-ads', { domain_count: 42 }),
  g('Определи стек технологий сайта tselevoy-sait.ru так, чтобы домен не попал в платёжные метаданные фасилитатора', 'private-query:tech_stack'),
  g('Хочу купить телефон за 650 долларов в магазине super-tehnika.ru — можно ли доверять продавцу?', 'pre_purchase_merchant_trust_check'),
  g('Преврати страницу https://habr.com/ru/articles/800000/ в чистый markdown', 'clean-markdown'),
  missing('Проверь, существует ли почтовый ящик ivan.petrov@yandex.ru', /mailbox|verif/i),
  g(
    'Проверь готовность магазина lamoda.ru к ИИ-агентам: что robots.txt разрешает GPTBot, sitemap, фид товаров, итоговая оценка и исправления',
    'store_readiness_auditor',
  ),
  g('Проверь легитимность и безопасность домена sber-bonus-online.ru', 'verify_domain_legitimacy_and_security'),
  g('Собери открытые вакансии 30 компаний из таблицы', 'batch:ats-jobs', { domain_count: 30 }),
  g('Открытые вакансии tselevaya.ru, но целевой домен не должен появляться в данных, которые видит платёжный фасилитатор', 'private-query:open_jobs'),

  // Dutch
  g('Welke technologieën gebruikt coolblue.nl op hun website?', 'tech-stack'),
  g('Geef voor alle 48 domeinen uit onze lijst de koopintentiescore op basis van vacatures; alleen de scores, sorteren doe ik zelf.', 'batch:company-intent', {
    domain_count: 48,
  }),
  g(
    'Lijst de openstaande vacatures van geheimdoel.nl, maar het doeldomein mag niet in de betaalmetadata voor de facilitator staan.',
    'private-query:open_jobs',
  ),
  g('Koopintentiescore van doelwit.nl uit hun vacatures, zonder dat de betaal-facilitator het doeldomein te zien krijgt', 'private-query:hiring_intent'),
  g(
    'Is onze leverancier mollie.com stabiel, groeiend of krimpend? Beoordeel de stabiliteit van de leverancier aan de hand van het wervingstempo.',
    'b2b_vendor_stability_evaluator',
  ),
  missing('Geef me de lijst van alle medewerkers van adyen.com met hun persoonlijke LinkedIn-profielen', /staff|employee|personal|social|linkedin/i),
  g(
    'Is webwinkel fietsenplaza.nl een goede lead voor agent-commerce: lage readiness-score, gepubliceerd e-mailadres en recente advertenties?',
    'conversion_leak_lead_finder',
  ),
  g('Volledig bedrijfsprofiel voor 33 domeinen uit onze leadlijst', 'batch:company-profile', { domain_count: 33 }),
  g('Zoekadvertenties van doelbedrijf.nl, zonder dat het doeldomein in de betaalgegevens voor de facilitator verschijnt', 'private-query:search_ads'),
  g('Haal de gepubliceerde contactgegevens van doelwit-bv.nl op; de betaal-facilitator mag het doeldomein niet zien.', 'private-query:extract_contacts'),

  // Korean
  g('coupang.com이 집행 중인 검색 광고를 보여줘', 'search-ads'),
  g('target-kr.com의 회사 프로필 전체를 조회하되, 결제 퍼실리테이터에는 대상 도메인이 보이지 않게 해줘', 'private-query:company_profile'),

  // Polish
  g('Pokaż otwarte oferty pracy w allegro.pl dla programistów Java', 'ats-jobs'),
  g('Wyciągnij opublikowane kontakty z cel-firma.pl tak, żeby domena nie trafiła do metadanych płatności facilitatora', 'private-query:extract_contacts'),

  // Turkish
  g('trendyol.com için açık pozisyonlara dayalı satın alma niyeti skorunu ver', 'company-intent'),
  g('https://hedef-site.com.tr/fiyatlar sayfasını markdown’a çevir ama ödeme aracısı (facilitator) hedef URL’yi görmesin', 'private-query:clean_markdown'),

  // Indonesian
  g(
    'Ubah halaman https://toko-target.co.id/harga ke markdown secara privat: fasilitator pembayaran tidak boleh melihat URL target',
    'private-query:clean_markdown',
  ),
  missing('Berapa pendapatan tahunan tokopedia.com tahun lalu?', /revenue/i),

  // Arabic
  g(
    'أجرِ فحص العناية الواجبة (بصمة الشركة وجهات الاتصال المنشورة) على target-co.ae دون أن يظهر النطاق في بيانات الدفع التي يراها الميسّر',
    'private-query:due_diligence',
  ),
  g('اعرض إعلانات البحث التي يشغّلها hadaf-sirri.com دون أن يرى ميسّر الدفع النطاق المستهدف', 'private-query:search_ads'),

  // Hindi
  g('हमारी लिस्ट के 45 डोमेन में से हर एक का टेक स्टैक निकालो', 'batch:tech-stack', { domain_count: 45 }),
  missing('zomato.com के ग्राहकों की सूची दो', /customer/i),

  // Vietnamese
  g('Lấy hồ sơ công ty đầy đủ của muctieu.vn nhưng bên hỗ trợ thanh toán (facilitator) không được thấy tên miền mục tiêu', 'private-query:company_profile'),
  g('Kiểm tra dấu chân công ty của tiki.vn: có thẻ quảng cáo hoặc phân tích, trang tuyển dụng và quảng cáo tìm kiếm không? Chỉ dữ kiện.', 'company-footprint'),
];
