/**
 * A seventh fresh goal set for the advisor, written on 2026-12-02 by a hand that never read the
 * advisor's rules (only the catalog: spec/openapi.yaml, generated/llms.txt, README.md), and
 * committed before any run. Never tuned on: it measures whether the routing carries to goals
 * nobody tuned for.
 *
 * Goals as agents and their users write them, in fourteen languages (English, German, French,
 * Spanish, Portuguese, Italian, Japanese, simplified Chinese, Russian, Dutch, and a few in Korean,
 * Polish, Turkish and Indonesian), over every operation of the catalog (batch with each of its
 * tools, private-query with each of its tools, both bundles included): multi-intent goals one
 * operation does in one call, tools named as context (Slack, HubSpot, Stripe), negations,
 * quantities of domains, typos, terse agent-style calls, long user-style requests, and goals about
 * data the service does not have. Each label is the operation a careful engineer reading the
 * catalog would pick; expect and reason as in advisor-goals.ts and advisor-goals-blind.ts.
 */
import type { BlindCase } from './advisor-goals-blind.ts';

type Extra = Omit<BlindCase, 'goal' | 'expect'>;
const g = (goal: string, expect: string | null, extra: Extra = {}): BlindCase => ({ goal, expect, ...extra });
const missing = (goal: string, reason: RegExp, extra: Extra = {}): BlindCase => ({ goal, expect: null, reason, ...extra });

export const ML_FRESH_7: BlindCase[] = [
  // English
  g('detect_website_tech_stack datadoghq.com', 'tech-stack'),
  g('which technologies does this site run on? not the whole company profile, only the stack', 'tech-stack', { sample_domain: 'allbirds.com' }),
  g('not the full profile, just the open roles at linear.app, remote ones first', 'ats-jobs'),
  g(
    'I have 18 accounts sitting in HubSpot. Work out which of them are hot buyers judging by their hiring, get me the full profiles of the hottest, and I will post them to our #sales Slack channel',
    'hot-buyers',
    { domain_count: 18 },
  ),
  g(
    'before my agent pays https://api.weatherpay.dev/v1/forecast over x402, check that its discovery document and price look sane and that the response carries no prompt injection',
    'verify-merchant',
  ),
  g('pull the search ads canva.com ran in the UK between 2026-06-01 and 2026-08-31, image format only', 'search-ads'),
  g(
    'Our shopping agent is about to buy a $640 espresso machine from brewhaus-direct.com (they take payment with Stripe). Is it safe to buy from them?',
    'pre_purchase_merchant_trust_check',
  ),
  g('give me a signed JSON badge for lumenstore.co that my users can verify, proving the service assessed the merchant', 'verified_merchant_json_badge'),
  g('private lookup: open jobs at quantbridge.ai; the target must stay out of the x402 payment metadata', 'private-query:open_jobs'),
  g('convert the PDF at https://investors.northwind-tools.com/reports/annual-2025.pdf into markdown for my RAG index', 'clean-markdown'),
  g('score the hirng-based buying intnet of gong.io, 0-100, with the signals behind it', 'company-intent'),
  missing('monthly website traffic of notion.so', /traffic/i),
  missing('check that the mailbox jane.doe@acme-analytics.com really exists before I send the sequence', /mailbox|verif/i),

  // German
  g('Welche Technologien nutzt zalando.de? Shop-System, Analytics, CDN', 'tech-stack'),
  g('Offene Stelen bei personio.de, aber nur die neuen: die job_ids greenhouse:881 und greenhouse:882 kennen wir schon', 'ats-jobs'),
  g(
    'Ist unser Software-Lieferant celonis.com stabil, wächst er oder schrumpft er? Bitte das Lieferantenrisiko anhand öffentlicher Signale bewerten.',
    'b2b_vendor_stability_evaluator',
  ),
  g('Gutscheincode für Sneaker bei snipes.com?', 'checkout_active_promo_code_finder'),
  g('Wie gut ist der Shop hessnatur.com für KI-Shopping-Agenten vorbereitet? robots.txt für GPTBot, llms.txt, Produktfeed', 'store_readiness_auditor'),
  g('Wir haben 40 Zieldomains in einer Liste: für jede die offenen Jobs, bitte in einem Rutsch', 'batch:ats-jobs', { domain_count: 40 }),
  g('Firmenprofil von n8n.io: Tech-Stack, Einstellungsabsicht und Suchanzeigen zusammen', 'company-profile'),
  g('Due Diligence, vertraulich: Footprint und Kontakte von zielfirma-gmbh.de; der Facilitator darf die Domain nicht sehen', 'private-query:due_diligence'),
  g('Produktseite https://www.otto.de/p/kaffeevollautomat-123456 als JSON: Preis, Verfügbarkeit, Varianten', 'universal_product_url_to_json'),
  missing('Wie hoch war der Umsatz von flixbus.de im Jahr 2025?', /revenue/i),
  missing('Private Instagram- und LinkedIn-Profile der Gründer von gorillas.io', /profile|social|linkedin/i),

  // French
  g('Quelles annonces de recherche diffuse backmarket.fr en France ?', 'search-ads'),
  g("Récupère les adresses e-mail publiques et les réseaux sociaux de l'entreprise alan.com, avec la vérif MX/SPF/DMARC", 'extract-contacts'),
  g('Transforme https://www.service-public.fr/particuliers/vosdroits/F1234 en markdown propre, sans le menu ni les bannières cookies', 'clean-markdown'),
  g("Est-ce que le domaine credit-agricole-securite.fr est légitime, ou c'est du phishing ?", 'verify_domain_legitimacy_and_security'),
  g(
    'Compare les données structurées produit de ma boutique lesraffineurs.fr avec deux concurrents : cuir-et-co.fr et maroquinerie-paris.fr',
    'agentic_shelf_schema_comparator',
  ),
  g("score d'intention d'achat de qonto.com d'après ses recrutements", 'company-intent'),
  g('parmi ces 9 prospects, lesquels sont chauds en ce moment ?', 'hot-buyers', { domain_count: 9 }),
  g(
    "J'ai besoin du profil complet (stack, recrutement, annonces) de chacun de nos 25 comptes, pas seulement des plus chauds, et pas un par un",
    'batch:company-profile',
    { domain_count: 25 },
  ),
  g("Vérifie l'endpoint payant x402 https://api.meteo-agent.fr/v2/paid avant que mon agent ne paie : prix cohérent ? injection de prompt ?", 'verify-merchant'),
  missing('Qui sont les actionnaires de doctolib.fr ?', /owner|sharehold/i),

  // Spanish
  g('¿Qué stack tecnológico usa mercadolibre.com? No quiero el perfil completo, solo las tecnologías', 'tech-stack'),
  g('vacantes abiertas en cabify.com para ingenieros senior en Madrid', 'ats-jobs'),
  g('¿Es seguro comprar en zapatos-baratos-outlet.es? Voy a pagar 89 euros', 'pre_purchase_merchant_trust_check'),
  g('Cupón de descuento activo para colchones en emma-colchon.es', 'checkout_active_promo_code_finder'),
  g(
    'Somos una agencia de comercio agéntico: ¿es tiendanatural.es un buen lead? Mira sus carencias de preparación para agentes, si publica un email y si ha tenido anuncios en los últimos 30 días',
    'conversion_leak_lead_finder',
  ),
  g('Huella de la empresa holaluz.com: ¿tiene etiquetas de analítica, bolsa de empleo con vacantes y anuncios? Solo hechos', 'company-footprint'),
  g('Haz un batch de tech stack para los 30 dominios de mi CRM', 'batch:tech-stack', { domain_count: 30 }),
  g('Consulta privada del perfil de empresa de objetivo-adquisicion.es; que el dominio no aparezca en los metadatos del pago', 'private-query:company_profile'),
  g('Convierte esta página a markdown: https://es.wikipedia.org/wiki/Agente_inteligente', 'clean-markdown'),
  missing('número de teléfono del director comercial de glovo.com', /phone/i),

  // Portuguese
  g('Quais anúncios de pesquisa o nubank.com.br está veiculando no Brasil?', 'search-ads'),
  g('Quero o JSON do produto https://www.magazineluiza.com.br/geladeira-frost-free/p/237373700/ com preço, estoque e frete', 'universal_product_url_to_json'),
  g('Nosso fornecedor de software totvs.com está crescendo ou encolhendo? Avaliar a estabilidade do fornecedor', 'b2b_vendor_stability_evaluator'),
  g('e-mails de contato publicados no site da vtex.com', 'extract-contacts'),
  g('A loja havaianas.com está pronta para agentes de compra de IA? robots.txt, sitemap, dados estruturados', 'store_readiness_auditor'),
  g('intenção de compra da rdstation.com com base nas vagas abertas, só o score', 'company-intent'),
  g('Anúncios de busca de 45 domínios de uma vez, com cotação grátis primeiro', 'batch:search-ads', { domain_count: 45 }),
  g('Selo JSON assinado de comerciante verificado para a loja lojadoze.com.br', 'verified_merchant_json_badge'),
  g('compnay profile da hotmart.com', 'company-profile'),
  missing('Qual o faturamento anual da ifood.com.br?', /revenue/i),

  // Italian
  g(
    'Profilo aziendale completo di preda-acquisizione.it, in modo riservato: il dominio non deve comparire nei metadati di pagamento x402',
    'private-query:company_profile',
  ),
  g('posizioni aperte da satispay.com, solo quelle da remoto', 'ats-jobs'),
  g('codice sconto per occhiali da sole su otticasm.it', 'checkout_active_promo_code_finder'),
  g('Confronta i dati strutturati di prodotto del mio negozio bottegaverde.it con quelli di erbolario.com', 'agentic_shelf_schema_comparator'),
  g('Il dominio poste-italiane-rimborsi.com è legittimo e sicuro?', 'verify_domain_legitimacy_and_security'),
  g("Ho 14 domini di potenziali clienti: trova quelli con alta intenzione d'acquisto e dammi il profilo dei più caldi", 'hot-buyers', { domain_count: 14 }),
  g(
    'Voglio capire se fornitore-cloud.it, un nostro vendor, è a rischio: assunzioni in calo? supporto? stabilità del fornitore',
    'b2b_vendor_stability_evaluator',
  ),
  g('Controllo privato: quali annunci di ricerca fa rivale-spa.it, senza che il dominio compaia nei dati inviati al facilitator', 'private-query:search_ads'),
  missing('recensioni Trustpilot di eprice.it', /review|rating/i),

  // Japanese
  g('mercari.com のウェブサイトで使われている技術スタックを調べて', 'tech-stack'),
  g('smarthr.jp の求人一覧を取得して。エンジニア職だけ', 'ats-jobs'),
  g('この商品ページ https://www.uniqlo.com/jp/ja/products/E465185-000 の価格と在庫をJSONで', 'universal_product_url_to_json'),
  g('freee.co.jp の採用状況から購買意欲スコアを出して', 'company-intent'),
  g('rakuten.co.jp が出している検索広告を見せて。地域は日本', 'search-ads'),
  g(
    'shop-kyoto-gifts.jp でこれから2万円の買い物をします。購入前に、ドメインの年数・従業員と求人・技術スタック・広告をまとめて、安全に買えるか信頼性チェックして',
    'pre_purchase_merchant_trust_check',
  ),
  g('x402 の有料エンドポイント https://api.jp-data.dev/v1/lookup に支払う前に、価格が妥当かとプロンプトインジェクションを確認して', 'verify-merchant'),
  g('買収候補 target-kk.co.jp のデューデリジェンス(フットプリントと連絡先)を秘密で。決済メタデータに対象ドメインを出さないで', 'private-query:due_diligence'),
  g('cybozu.com の企業プロファイル:技術スタック・採用意欲・検索広告をまとめて', 'company-profile'),
  missing('sansan.com の従業員数と資金調達額は?', /headcount|employee|funding/i),

  // simplified Chinese
  g('给 48 个域名逐个算出基于招聘的购买意向分数,我自己来排序', 'batch:company-intent', { domain_count: 48 }),
  g('pingcap.com 现在有哪些开放职位?', 'ats-jobs'),
  g('anker.com 在美国投放了哪些搜索广告', 'search-ads'),
  g('提取 lenovo.com 官网公开的联系邮箱和社交媒体链接', 'extract-contacts'),
  g('把这个网页转成干净的 Markdown:https://www.gov.cn/zhengce/content/2026-01/01/content_123456.htm', 'clean-markdown'),
  g('这个域名 aliexpress-deals-outlet.com 是否正规合法、安全?会不会是钓鱼网站', 'verify_domain_legitimacy_and_security'),
  g('我们有 20 个目标客户域名,帮我找出哪些是高意向买家', 'hot-buyers', { domain_count: 20 }),
  g('给商家 tmall-global-store.com 生成一个带签名、可验证的 JSON 徽章', 'verified_merchant_json_badge'),
  g('评估供应商 kingdee.com 的稳定性:招聘趋势、技术栈、是否在收缩', 'b2b_vendor_stability_evaluator'),
  missing('bytedance.com 的竞争对手有哪些', /competitor/i),

  // Russian
  g('Какой стек технологий у сайта ozon.ru?', 'tech-stack'),
  g('Открытые вакансии kaspersky.com, только новые с прошлого раза (known_job_ids у меня есть)', 'ats-jobs'),
  g('Оцени намерение покупки у skyeng.ru по найму', 'company-intent'),
  g('Проверка футпринта компании avito.ru: теги на сайте, вакансии на джоб-борде, поисковая реклама — только факты', 'company-footprint'),
  g('Насколько магазин lamoda.ru готов к ИИ-агентам для покупок: robots.txt, llms.txt, структурированные данные', 'store_readiness_auditor'),
  g('Конфиденциально: какие технологии использует target-corp.ru? Домен не должен попасть в данные платежа', 'private-query:tech_stack'),
  g('Поисковая реклама для 50 доменов сразу, сначала бесплатная смета', 'batch:search-ads', { domain_count: 50 }),
  g('Сравни разметку товаров моего магазина tehnopark-shop.ru с магазинами citilink.ru и dns-shop.ru', 'agentic_shelf_schema_comparator'),
  missing('кредитный рейтинг компании tinkoff.ru', /credit/i),

  // Dutch
  g(
    'Zet https://concurrent-x.nl/prijzen om naar markdown, maar de URL mag niet zichtbaar zijn voor de facilitator van de betaling',
    'private-query:clean_markdown',
  ),
  g(
    'We willen voor 250 euro een fiets kopen bij fietsen-outlet-goedkoop.nl. Is het veilig om daar te kopen, en welk risiconiveau?',
    'pre_purchase_merchant_trust_check',
  ),
  g('Zet https://www.rijksoverheid.nl/onderwerpen/belastingen om naar markdown voor mijn agent', 'clean-markdown'),
  g(
    'Is webwinkel-lead.nl een goede lead voor ons bureau: gaten in agent-readiness, een gepubliceerd e-mailadres en recente advertenties?',
    'conversion_leak_lead_finder',
  ),
  g('Bedrijfsprofiel van bol.com, alles in één call', 'company-profile'),
  g('Footprint check van picnic.app: heeft het bedrijf tags, een vacaturebord en zoekadvertenties?', 'company-footprint'),
  g('Openstaande vacatures in bulk voor 35 domeinen', 'batch:ats-jobs', { domain_count: 35 }),
  g('Privé opvragen: contactgegevens van overname-doel.nl, de facilitator mag het doel niet zien', 'private-query:extract_contacts'),
  missing('Wie zijn de klanten van adyen.com? Geef me een klantenlijst', /customer/i),

  // Korean
  g('50개 도메인의 기술 스택을 한 번에 조회해줘', 'batch:tech-stack', { domain_count: 50 }),
  g('인수 대상 target-co.kr 실사(풋프린트와 연락처)를 비공개로 해줘. 결제 메타데이터에 도메인이 남으면 안 돼', 'private-query:due_diligence'),
  g('musinsa.com 에서 쓸 수 있는 할인 코드 찾아줘', 'checkout_active_promo_code_finder'),
  missing('naver.com 의 월간 방문자 트래픽은?', /traffic/i),

  // Polish
  g('Jakie reklamy w wyszukiwarce prowadzi allegro.pl w Polsce?', 'search-ads'),
  g('Sprawdź przed zakupem za 300 zł, czy sklep tanie-buty-sklep.pl jest godny zaufania', 'pre_purchase_merchant_trust_check'),
  g('Profil firmy dla 30 domen naraz: stack, rekrutacja i reklamy', 'batch:company-profile', { domain_count: 30 }),
  missing('Kto jest właścicielem firmy cdprojekt.com?', /owner/i),

  // Turkish
  g('https://www.trendyol.com/marka/urun-p-123456 ürün sayfasının fiyat ve stok bilgisini JSON olarak ver', 'universal_product_url_to_json'),
  g('getir.com sitesindeki genel iletişim e-postaları ve sosyal medya hesapları', 'extract-contacts'),
  g('hepsiburada.com mağazası yapay zeka alışveriş ajanlarına ne kadar hazır?', 'store_readiness_auditor'),
  g('Gizli sorgu: hedef-sirket.com.tr için işe alım niyeti skoru; ödeme kolaylaştırıcısı alan adını görmemeli', 'private-query:hiring_intent'),

  // Indonesian
  g(
    'Cek apakah toko batik-murah-asli.co.id layak jadi lead: celah kesiapan agen, email yang dipublikasikan, dan iklan 30 hari terakhir',
    'conversion_leak_lead_finder',
  ),
  g('Bandingkan data terstruktur produk toko saya kopikenangan.id dengan fore.coffee', 'agentic_shelf_schema_comparator'),
  g('Skor niat beli gojek.com berdasarkan lowongan kerja', 'company-intent'),
  g('Buat lencana JSON bertanda tangan (badge merchant terverifikasi) untuk tokoku.id', 'verified_merchant_json_badge'),
];
