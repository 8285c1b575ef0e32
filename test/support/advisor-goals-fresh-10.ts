/**
 * A tenth fresh goal set for the advisor, written on 2026-12-03 by a hand that never read the
 * advisor's rules, its tests or its bench output (only what an agent sees of the operations:
 * spec/openapi.yaml, generated/llms.txt, README.md), and committed before any run. Never tuned on:
 * it measures whether the routing carries to goals nobody tuned for.
 *
 * Goals as agents and their users write them, in twenty languages (English, Spanish, German,
 * French, Japanese, Russian, Portuguese, simplified Chinese, Italian, Turkish, and Korean, Arabic,
 * Dutch, Polish, Vietnamese, Persian, Indonesian, Hindi, Swedish, Ukrainian), over every data
 * operation of the catalog: each of the nine commerce skills, batch with each of its five tools,
 * private-query with each of its eight tools, hot-buyers alone and followed by a second call
 * ('a>b'), web utilities (verify-merchant, clean-markdown on pages and PDFs, extract-contacts).
 * Mixed: single-intent goals, multi-intent goals one operation does in one call, vendors and tools
 * named as what the goal asks about (Klarna, Adyen, VTEX, the Google Ads tag against Google search
 * ads) or as the speaker's own context (Zendesk, HubSpot, Slack), paraphrases that avoid the
 * operations' words, and about 15% of goals (20 of 130) that no operation serves (data the service does
 * not have, with the reason not_available must give; actions it does not take: alerting,
 * purchasing, translating, vulnerability scanning, domain registration, copywriting, travel).
 * Each label is the operation a careful engineer reading the catalog would pick; expect and reason
 * as in advisor-goals.ts and advisor-goals-blind.ts.
 */
import type { BlindCase } from './advisor-goals-blind.ts';

type Extra = Omit<BlindCase, 'goal' | 'expect'>;
const g = (goal: string, expect: string | null, extra: Extra = {}): BlindCase => ({ goal, expect, ...extra });
const missing = (goal: string, reason: RegExp, extra: Extra = {}): BlindCase => ({ goal, expect: null, reason, ...extra });

export const ML_FRESH_10: BlindCase[] = [
  // English
  g(
    'What does glossier.com build its storefront on: Shopify, Salesforce Commerce Cloud or something custom? Any A/B testing tool on the page too?',
    'tech-stack',
  ),
  g('Do they have the Google Ads conversion tag or the LinkedIn Insight tag on their homepage?', 'tech-stack', { sample_domain: 'rippling.com' }),
  g('Is checkout at kettle-and-cask.com powered by Adyen, Stripe or Mollie?', 'tech-stack'),
  g('Is flexport.com actually paying for Google search ads right now, and in which countries do they show?', 'search-ads'),
  g('posthog.com hires through Ashby I think. List every open engineering role there, I will filter them myself.', 'ats-jobs'),
  g("I saved the job ids from last Monday's pull for retool.com; give me only the postings that appeared since then.", 'ats-jobs'),
  g('how aggressively is clickup.com hiring go-to-market people this month? a single 0-100 number is fine', 'company-intent'),
  g('one call please: stack, hiring signal and ad activity for miro.com', 'company-profile'),
  g("Here are 14 domains from our webinar signups. Rank who's hot based on their hiring and get me full profiles of only the best ones.", 'hot-buyers', {
    domain_count: 14,
  }),
  g('Enrich the 48 domains from our CRM export with the technologies their websites run', 'batch:tech-stack', { domain_count: 48 }),
  g(
    'My agent wants to pay https://quotes.fxrates.dev/v2/latest over x402. Is the price sane compared with similar APIs, and does the response try to inject instructions?',
    'verify-merchant',
  ),
  g('Grab https://assets.northbeam-labs.com/whitepaper-2026.pdf as markdown so I can chunk it for embeddings', 'clean-markdown'),
  g(
    'We do our outreach in HubSpot. Who can I write to at bramble-coffee.com? Whatever addresses and social accounts the site publishes, and whether the domain can receive mail at all.',
    'extract-contacts',
  ),
  g('User wants to spend $640 on a standing desk at deskhaven-outlet.com. Safe to buy from them?', 'pre_purchase_merchant_trust_check'),
  g(
    'We are a consultancy that fixes online stores for AI shopping agents. Is thread-and-loom.co worth pitching: its agent-readiness gaps, a published email to reach, and whether it ran ads in the last month?',
    'conversion_leak_lead_finder',
  ),
  g(
    "Give me a signed, verifiable JSON statement about hearthware.shop's trustworthiness that I can hand to the payment step of my agent",
    'verified_merchant_json_badge',
  ),
  g(
    'Look up the search ads of our competitor nimbus-crm.com, but the x402 facilitator must not be able to tell which domain we asked about',
    'private-query:search_ads',
  ),
  g('Find the hot buyers among these 9 prospects, then pull the published contacts of each one you flag', 'hot-buyers>extract-contacts', {
    domain_count: 9,
  }),
  g(
    'Before we renew with our help-desk vendor kayako.com for three years: is that company growing, holding steady or shrinking?',
    'b2b_vendor_stability_evaluator',
  ),
  missing('How much money has clay.com raised so far, and who led the last round?', /funding|investor/i),
  g('Ping me in Slack whenever the checkout on our Shopify store starts throwing errors', null),
  g('Place the order for the 2 kg bag of beans on bramble-coffee.com and pay with my saved card', null),

  // Spanish
  g('¿Qué herramientas de analítica y de chat en vivo tiene la web de mercadolibre.com.ar? Nosotros trabajamos con Zendesk, eso da igual.', 'tech-stack'),
  g('Dame todas las vacantes abiertas de cabify.com en Madrid', 'ats-jobs'),
  g('¿Qué anuncios de búsqueda está publicando rappi.com en Colombia?', 'search-ads'),
  g('Tengo 30 dominios de ferreterías y quiero saber, de cada uno, qué anuncios de búsqueda tiene activos', 'batch:search-ads', {
    domain_count: 30,
  }),
  g('Convierte https://blog.holded.com/guia-facturacion-electronica en markdown limpio, sin menús ni avisos de cookies', 'clean-markdown'),
  g(
    'Antes de pagar 120 € en zapatillas-sur.es, ¿es fiable la tienda? Mira la antigüedad del dominio, los empleados, los anuncios y el medio de pago',
    'pre_purchase_merchant_trust_check',
  ),
  g('¿Hay algún código de descuento vigente en perfumeria-luz.es para perfumes?', 'checkout_active_promo_code_finder'),
  g(
    'Compara los datos estructurados de producto de mi tienda ceramica-azul.es con los de dos rivales, barro-y-fuego.es y alfareria-norte.es',
    'agentic_shelf_schema_comparator',
  ),
  missing('Consígueme el Instagram personal de la fundadora de ceramica-azul.es', /profile|social|personal/i),
  g(
    'Necesito saber con qué tecnologías está hecha la web de objetivo-adquisicion.mx sin que el facilitador del pago vea el dominio',
    'private-query:tech_stack',
  ),
  g(
    'Somos una agencia que prepara tiendas para agentes de IA: ¿vale la pena contactar a velas-del-sur.cl? Quiero sus carencias de preparación, un correo publicado y si ha hecho anuncios en los últimos 30 días',
    'conversion_leak_lead_finder',
  ),

  // German
  g('Welche Shopsoftware und welchen Zahlungsanbieter nutzt tchibo.de im Shop? Klarna oder PayPal?', 'tech-stack'),
  g('Zeig mir bei celonis.com nur die Stellen, die seit unserem letzten Abruf neu sind; die bekannten Job-IDs hänge ich an', 'ats-jobs'),
  g('Wie stark stellt personio.com gerade ein? Unser Vertrieb braucht dafür eine Kaufabsichts-Kennzahl', 'company-intent'),
  g('Tech-Stack, offene Stellen und Suchanzeigen von gorillas.io, am liebsten alles in einem Aufruf', 'company-profile'),
  g('Ist unser ERP-Anbieter weclapp.com gesund oder schrumpft er? Wir wollen nicht auf ein sinkendes Schiff setzen.', 'b2b_vendor_stability_evaluator'),
  g(
    'Prüfe, ob mein Shop gartenwelt-shop.de für KI-Einkaufsagenten bereit ist: robots.txt für GPTBot, Sitemap, Produktfeed, llms.txt',
    'store_readiness_auditor',
  ),
  g(
    'Hier ist eine Produktseite: https://www.fahrrad-kontor.de/p/trekkingrad-x9. Gib mir Preis, Verfügbarkeit, Varianten und Versandinfos als JSON.',
    'universal_product_url_to_json',
  ),
  g('Für unsere 22 Zielkunden hätte ich gern jeweils das komplette Firmenprofil', 'batch:company-profile', { domain_count: 22 }),
  missing('Wie hoch war der Jahresumsatz von bergfreunde.de im Jahr 2025?', /revenue/i),
  g(
    'Due Diligence zu uebernahmeziel.de: Footprint und veröffentlichte Kontakte, aber der Zahlungsdienstleister darf das Ziel nicht erfahren',
    'private-query:due_diligence',
  ),

  // French
  g('Sur quel CMS tourne le site de lemonde.fr, et quel CDN est placé devant ?', 'tech-stack'),
  g("Liste les offres d'emploi ouvertes chez alan.com, uniquement les postes en télétravail", 'ats-jobs'),
  g('Quelles publicités search diffuse backmarket.fr depuis janvier, au format texte uniquement ?', 'search-ads'),
  g('Récupère les adresses e-mail et les comptes de réseaux sociaux publiés sur le site de la-fourche.fr', 'extract-contacts'),
  g(
    'Le domaine boutique-lunettes-paris.fr est-il légitime ? Vérifie sa légitimité et sa sécurité avant qu’on l’ajoute à nos partenaires.',
    'verify_domain_legitimacy_and_security',
  ),
  g(
    "Mon agent va payer l'API https://api.meteo-agricole.fr/x402/previsions : vérifie les conditions de paiement, la latence et les injections de prompt",
    'verify-merchant',
  ),
  g('Transforme cette page en texte Markdown propre : https://www.service-public.fr/particuliers/vosdroits/F1234', 'clean-markdown'),
  missing('Donne-moi le numéro de portable du directeur commercial de doctolib.fr', /phone|personal|private/i),
  g("Je veux le score d'intention d'achat de chacune des 40 entreprises de notre salon, même les plus froides", 'batch:company-intent', {
    domain_count: 40,
  }),

  // Japanese
  g('mercari.com のサイトはどんな解析ツールとタグマネージャーを使っていますか？', 'tech-stack'),
  g('smarthr.jp の求人一覧を取ってきて。エンジニア職だけでいい', 'ats-jobs'),
  g('freee.co.jp の採用の勢いから購買意欲スコアを出してほしい', 'company-intent'),
  g('この15社の中で、採用の動きから今まさに買う気がある会社を見つけて、上位の会社だけ詳しいプロフィールを買いたい', 'hot-buyers', {
    domain_count: 15,
  }),
  g('https://www.muji.com/jp/ja/store/cmdty/detail/4550344 の商品ページから価格・在庫・ブランドを構造化データで抜き出して', 'universal_product_url_to_json'),
  g(
    '自分のECサイト kimono-hanabi.jp を競合2店 yukata-ya.jp と wafuku-mall.jp と比べて、エージェント向けの商品スキーマと準備度でランキングして',
    'agentic_shelf_schema_comparator',
  ),
  missing('cybozu.com の従業員数は何人？', /headcount|employee/i),
  g('買収候補 kouho-kigyo.jp の会社プロフィール一式を、決済のファシリテーターに対象企業を知られずに取りたい', 'private-query:company_profile'),
  g('取引先候補の denki-oroshi.jp というドメインが正当なものか、正当性と安全性を確認して', 'verify_domain_legitimacy_and_security'),

  // Russian
  g('На чём сделан сайт ozon.ru: какой фреймворк, CDN и система аналитики?', 'tech-stack'),
  g('Какие поисковые объявления крутит skyeng.ru и в каких регионах?', 'search-ads'),
  g('Найди на сайте vkusvill.ru опубликованные email-адреса и ссылки на соцсети и заодно проверь MX и SPF', 'extract-contacts'),
  g('Есть 35 доменов интернет-магазинов, нужны открытые вакансии каждого из них', 'batch:ats-jobs', { domain_count: 35 }),
  g('Сделай из https://habr.com/ru/articles/812345/ чистый Markdown без навигации и рекламы', 'clean-markdown'),
  missing('Какой кредитный рейтинг у компании lamoda.ru?', /credit/i),
  g('Открытые вакансии компании tselevaya-firma.ru, но так, чтобы в платёжных данных этот домен нигде не светился', 'private-query:open_jobs'),

  // Portuguese
  g('O site da natura.com.br roda em VTEX ou em outra plataforma de e-commerce? E qual ferramenta de chat ele usa?', 'tech-stack'),
  g('Quais vagas abertas o nubank.com.br tem para dados e produto?', 'ats-jobs'),
  g('Quero o perfil combinado da creditas.com: tecnologia, intenção de contratação e anúncios', 'company-profile'),
  g('Tem cupom de desconto ativo na loja sapatos-do-porto.pt para botas?', 'checkout_active_promo_code_finder'),
  g('Minha loja moda-praia-rio.com.br está preparada para agentes de compra com IA? Quero a nota e as correções prioritárias.', 'store_readiness_auditor'),
  g(
    'Só os fatos sobre loja-eletro-barata.com.br: o site tem tags de anúncio ou de analytics, existe página de vagas com vagas abertas e há anúncios de busca?',
    'company-footprint',
  ),
  missing('Quantos visitantes por mês recebe o site da kabum.com.br?', /traffic|visit/i),
  g('Analise estas 12 empresas e me diga quais estão comprando agora, pelo ritmo de contratações', 'hot-buyers', { domain_count: 12 }),

  // Chinese (simplified)
  g('shein.com 网站上装了哪些广告像素和分析工具？', 'tech-stack'),
  g('帮我列出 pingcap.com 目前所有开放的职位', 'ats-jobs'),
  g('anker.com 在美国投放了哪些搜索广告？', 'search-ads'),
  g('把这个网页转换成干净的 Markdown：https://www.ruanyifeng.com/blog/2026/01/weekly.html', 'clean-markdown'),
  g('我们准备和供应商 fanruan.com 签长期合同，想知道这家公司是在扩张还是在收缩', 'b2b_vendor_stability_evaluator'),
  g('给我一个由服务签名的 JSON 徽章，证明 haitao-mall.cn 这个商家通过了信任评估', 'verified_merchant_json_badge'),
  missing('列出 meituan.com 的全部客户名单', /customer/i),
  g('我手上有 50 个域名，想逐个检测它们网站用的技术栈', 'batch:tech-stack', { domain_count: 50 }),

  // Italian
  g('Quali tecnologie usa il sito di eataly.com? Mi interessano il CMS e la piattaforma di email marketing', 'tech-stack'),
  g("Quanto sta assumendo satispay.com? Dammi il punteggio di intenzione d'acquisto", 'company-intent'),
  g('Estrai i contatti pubblicati (email, profili social) da cantina-valpolicella.it', 'extract-contacts'),
  g('Sto per comprare un divano da 900 euro su divani-outlet-milano.it: è un venditore affidabile?', 'pre_purchase_merchant_trust_check'),
  g(
    'Il negozio ottica-roma.it è un buon cliente potenziale per la nostra agenzia di commercio agentico? Servono le lacune di readiness, una email pubblicata e gli annunci recenti',
    'conversion_leak_lead_finder',
  ),
  missing('Chi sono i proprietari effettivi di gruppo-alimentare.it?', /owner/i),
  g('Dalla pagina https://www.scarpe-firenze.it/prodotto/mocassino-blu prendi prezzo, taglie disponibili e politica di reso', 'universal_product_url_to_json'),

  // Turkish
  g(
    'ornek-ithalat.com.tr gerçekten faal bir şirket mi? Sitesinde reklam veya analitik etiketi, açık pozisyonlu bir iş ilanı sayfası ve arama reklamı var mı, sadece olgular',
    'company-footprint',
  ),
  g("getir.com'un açık iş ilanlarını listele", 'ats-jobs'),
  g("hepsiburada.com'un teknoloji yığını, işe alım niyeti ve arama reklamları tek seferde", 'company-profile'),
  g('Bu x402 uç noktasına ödeme yapmadan önce güvenilir mi kontrol et: https://api.kur-verisi.com.tr/paid/usd', 'verify-merchant'),
  g('Listemizdeki 26 alan adının her biri için arama reklamlarını çek', 'batch:search-ads', { domain_count: 26 }),
  missing('ahmet.yilmaz@firma-ornek.com.tr posta kutusu gerçekten var mı, doğrula', /mailbox|verif/i),
  g('kahve-dunyasi-shop.com.tr için şu an geçerli bir promosyon kodu var mı?', 'checkout_active_promo_code_finder'),

  // Korean
  g('gimchi-mall.kr 에 대해 서비스 서명이 붙은 검증 배지(JSON)를 발급해줘. 우리 결제 단계에서 그 서명을 확인할 거야', 'verified_merchant_json_badge'),
  g('toss.im 웹사이트는 어떤 프론트엔드 프레임워크와 CDN을 쓰나요?', 'tech-stack'),
  g('daangn.com 채용 공고 중에서 백엔드 포지션만 보여줘', 'ats-jobs'),
  missing('coupang.com 의 주요 경쟁사 목록을 알려줘', /competitor/i),
  g('우리 쇼핑몰 hanbok-store.kr 이 AI 쇼핑 에이전트를 맞을 준비가 됐는지 robots.txt, 사이트맵, 상품 피드를 점검해줘', 'store_readiness_auditor'),

  // Arabic
  g('ما هي إعلانات البحث التي تعرضها noon.com في الإمارات؟', 'search-ads'),
  g('استخرج عناوين البريد الإلكتروني وروابط التواصل الاجتماعي المنشورة على موقع talabat.com', 'extract-contacts'),
  g('ترجم هذا العقد من الإنجليزية إلى العربية', null),
  g('هل المتجر souq-ala-tool.ae شرعي وآمن؟ تحقّق من شرعية النطاق', 'verify_domain_legitimacy_and_security'),

  // Dutch
  g('Welke betaalproviders en analytics draait bol.com op de site?', 'tech-stack'),
  g('Hoe hard werft mollie.com op dit moment? Ik wil een koopintentiescore', 'company-intent'),
  missing('Wat zijn de klantbeoordelingen van coolblue.nl op Trustpilot?', /review|rating/i),
  g(
    'Haal de intentiescores van deze 20 prospects op, geef me alleen de heetste, en daarna de gepubliceerde contactgegevens van die bedrijven',
    'hot-buyers>extract-contacts',
    { domain_count: 20 },
  ),

  // Polish
  g(
    'Czy firma meble-tanio.pl ma realny ślad w sieci: tagi reklamowe lub analityczne na stronie, stronę z otwartymi ofertami pracy, reklamy w wyszukiwarce? Tylko fakty.',
    'company-footprint',
  ),
  missing('Daj mi pełną listę pracowników firmy cdprojekt.com', /staff|employee/i),
  g('Zamień stronę https://www.gov.pl/web/cyfryzacja/aktualnosci na czysty Markdown', 'clean-markdown'),

  // Vietnamese
  g('Trang web shopee.vn đang dùng công cụ phân tích và nền tảng nào?', 'tech-stack'),
  g('Điểm ý định mua hàng dựa trên tuyển dụng của doithu.vn, nhưng đừng để bên xử lý thanh toán biết tên miền đó', 'private-query:hiring_intent'),
  g('Quét lỗ hổng bảo mật và thử xâm nhập (pentest) máy chủ của cuahang-abc.vn', null),

  // Persian
  g('فرصت‌های شغلی باز شرکت snapp.ir را فهرست کن', 'ats-jobs'),
  g('این صفحه را به مارک‌داون تمیز تبدیل کن، ولی آدرس آن نباید در اطلاعات پرداخت دیده شود: https://rival-site.ir/pricing', 'private-query:clean_markdown'),
  g('یک دامنه جدید با پسوند .ir برای من ثبت کن', null),

  // Indonesian
  g(
    'Apakah toko sepatu-bandung.id aman untuk belanja Rp 2 juta? Cek umur domain, karyawan, iklan, dan metode pembayarannya',
    'pre_purchase_merchant_trust_check',
  ),
  g('Bandingkan kesiapan toko batik-solo.id dengan pesaingnya tenun-ikat.id untuk agen belanja AI', 'agentic_shelf_schema_comparator'),
  g('Tuliskan email pemasaran yang menarik untuk produk kopi kami', null),

  // Hindi
  g('razorpay.com में अभी कौन-कौन सी नौकरियां खुली हैं?', 'ats-jobs'),
  g('इन 28 कंपनियों में से हर एक की खुली नौकरियां निकालो', 'batch:ats-jobs', { domain_count: 28 }),
  g('कल दिल्ली से मुंबई की सबसे सस्ती फ्लाइट बुक करो', null),

  // Swedish
  g('Är vår leverantör fortnox.se växande eller krympande? Vi ska skriva på ett treårsavtal.', 'b2b_vendor_stability_evaluator'),
  g('Hämta sökannonserna som klarna.com visar i Sverige, bara bildformat', 'search-ads'),

  // Ukrainian
  g('Зібрати опубліковані email-адреси сайту konkurent-ua.com.ua так, щоб платіжний фасилітатор не побачив домен', 'private-query:extract_contacts'),
  g('Зроби чистий Markdown з PDF https://www.nbu.gov.ua/files/report-2026.pdf', 'clean-markdown'),
];
