/**
 * An eleventh fresh goal set for the advisor, written on 2026-12-03 by a hand that never read the
 * advisor's rules, its tests, its bench output or the goals of the other sets (only what an agent
 * sees of the operations: spec/openapi.yaml, generated/llms.txt, README.md), and committed before
 * any run. Never tuned on: it measures whether the routing carries to goals nobody tuned for.
 *
 * 130 goals as agents and their users write them, in twenty languages (English, Spanish, German,
 * French, Japanese, Russian, Portuguese, simplified Chinese, Italian, Turkish: 7 each; Korean,
 * Arabic, Dutch, Polish, Vietnamese, Persian, Indonesian, Hindi, Swedish, Ukrainian: 6 each), over
 * every data operation of the catalog: each of the nine commerce skills (three goals each), batch
 * with each of its five tools, private-query with each of its eight tools, hot-buyers alone and
 * followed by a second call about the companies it returns ('a>b'), verify-merchant, clean-markdown
 * on pages and PDFs, extract-contacts, tech-stack, ats-jobs, company-intent, search-ads,
 * company-profile and company-footprint. Mixed: single-intent goals, multi-intent goals one
 * operation does in one call, vendors and tools named as what the goal asks about (Didomi, Bitrix,
 * iyzico, Mixpanel, WooCommerce) or as the speaker's own context (HubSpot, Salesforce, Pipedrive,
 * Confluence), company names that are also technology names (vtex.com, klarna.com, mollie.com),
 * paraphrases that avoid the operations' words, and one goal a language (20 of 130) that no
 * operation serves: data the service does not have (traffic, ownership, revenue, headcount, credit
 * rating, mailbox verification, competitors, reviews, funding, personal social profiles, phone
 * numbers, customer lists, staff lists), with what not_available must name, and actions it does not
 * take (scheduling a meeting, translating, registering a domain, penetration testing, writing ad
 * copy, placing an order, alerting on Slack). Each label is the operation a careful engineer reading
 * the catalog would pick; expect and reason as in advisor-goals.ts and advisor-goals-blind.ts.
 */
import type { BlindCase } from './advisor-goals-blind.ts';

type Extra = Omit<BlindCase, 'goal' | 'expect'>;
const g = (goal: string, expect: string | null, extra: Extra = {}): BlindCase => ({ goal, expect, ...extra });
const missing = (goal: string, reason: RegExp, extra: Extra = {}): BlindCase => ({ goal, expect: null, reason, ...extra });

export const ML_FRESH_11: BlindCase[] = [
  // English
  g(
    "My shopping agent wants to spend $340 on a standing desk from deskhaus-outlet.com and I've never heard of them. Worth the risk, or should it walk away?",
    'pre_purchase_merchant_trust_check',
  ),
  g(
    "We're a two-person agency that fixes online stores for AI shopping agents. Is bloomandwild.com worth pitching? We only go after shops that are weak on agent readiness, publish an email we can write to, and are spending on ads lately.",
    'conversion_leak_lead_finder',
  ),
  g(
    "got 19 trial-signup domains sitting in Pipedrive. figure out which of them are actually in buying mode from how they're hiring, then pull the published contact emails for just those",
    'hot-buyers>extract-contacts',
    { domain_count: 19 },
  ),
  g('fetch https://linear.app/changelog and strip it to readable markdown for my summarizer, no nav or cookie junk', 'clean-markdown'),
  g('quick q: is ramp.com sending events through Segment or RudderStack, and what do they use for support chat?', 'tech-stack'),
  g(
    "I'm a BDR with a call at datadoghq.com tomorrow. Give me the whole picture in one shot: what runs on their site, whether their hiring suggests budget, and what they advertise on Google.",
    'company-profile',
  ),
  missing('Book a 30-minute intro with whoever runs partnerships at gong.io next Tuesday afternoon and put it in my calendar', /meeting|calendar|schedul/i),

  // Spanish
  g('¿Tiene pisamonas.es algún código de descuento activo para calzado infantil?', 'checkout_active_promo_code_finder'),
  g(
    'Tengo una tienda online de café (cafesloscharros.com). Quiero saber si mis fichas de producto están mejor marcadas con schema.org que las de cafetearte.com y la-mexicana.es, de cara a los agentes de compra con IA.',
    'agentic_shelf_schema_comparator',
  ),
  g(
    'Necesito saber qué tecnologías usa wallapop.com, pero quien procesa el pago no debe enterarse de qué dominio estoy consultando.',
    'private-query:tech_stack',
  ),
  g(
    'Tengo 11 cuentas objetivo. ¿Cuáles están contratando de una forma que sugiera que van a comprar pronto? Ordénalas de más caliente a más fría.',
    'hot-buyers',
    {
      domain_count: 11,
    },
  ),
  g('busca los correos públicos y las redes sociales oficiales de cabify.com, me valen los de prensa o soporte', 'extract-contacts'),
  g('¿Qué vacantes de ingeniería tiene abiertas glovoapp.com ahora mismo en Barcelona? Si pueden ser en remoto, mejor', 'ats-jobs'),
  missing('¿Cuántas visitas al mes recibe idealista.com y de qué países viene ese tráfico?', /traffic/i),

  // German
  g(
    'Was kostet der hier gerade und ist er lieferbar? https://www.galaxus.de/de/s1/product/sony-wh-1000xm5-kopfhoerer-21593417',
    'universal_product_url_to_json',
  ),
  g(
    'Wir betreiben den Shop manufactum.de und möchten Einkaufsagenten eine vom Dienst kryptografisch signierte Vertrauensbewertung vorlegen, die sie selbst nachprüfen können.',
    'verified_merchant_json_badge',
  ),
  g('Für unsere 35 Zielkunden in der DACH-Region brauche ich sämtliche ausgeschriebenen Stellen, pro Firma eine Liste.', 'batch:ats-jobs', {
    domain_count: 35,
  }),
  g(
    'Komplettes Firmenprofil von celonis.com bitte, aber der Zahlungsabwickler darf auf keinen Fall sehen, welche Firma wir uns anschauen (laufende M&A-Prüfung).',
    'private-query:company_profile',
  ),
  g(
    'kannst du mir https://www.bundesbank.de/resource/blob/monatsbericht-oktober-2026.pdf als Markdown geben? Tabellen sind nicht so wichtig, Überschriften schon',
    'clean-markdown',
  ),
  g('Wie stark ist das Kaufsignal bei personio.de, gemessen an Tempo und Art ihrer ausgeschriebenen Stellen? Eine Zahl reicht mir.', 'company-intent'),
  missing('Wem gehört flaschenpost.de eigentlich, wer sind laut Handelsregister die Gesellschafter?', /owner/i),

  // French
  g(
    "On dépend de pennylane.com pour toute notre compta. Avant de rempiler pour trois ans : la boîte a l'air solide ou elle est en train de réduire la voilure ?",
    'b2b_vendor_stability_evaluator',
  ),
  g('Un client a reçu un e-mail avec un lien vers ovh-facturation-client.com. Site légitime ou arnaque ?', 'verify_domain_legitimacy_and_security'),
  g(
    "Liste-moi les postes ouverts chez alan.com, sans que le nom de l'entreprise apparaisse dans ce que reçoit le facilitateur de paiement",
    'private-query:open_jobs',
  ),
  g(
    "Mon agent LangChain veut payer https://api.meteo-pro.fr/v2/forecast en x402. Tu peux vérifier que le prix annoncé est cohérent et qu'il n'y a pas d'injection de prompt planquée dans la réponse ?",
    'verify-merchant',
  ),
  g("doctolib.fr, ils ont quoi comme outil d'analytics et comme bandeau cookies ? Didomi, OneTrust ?", 'tech-stack'),
  g('Quelles annonces texte backmarket.fr a-t-il diffusées sur la recherche Google en Belgique depuis septembre ?', 'search-ads'),
  missing("Donne-moi le chiffre d'affaires 2025 de blablacar.fr et sa marge nette", /revenue/i),

  // Japanese
  g('kagu-outlet-tokyo.jp で8万円のソファを注文する前に、この店が信用できるかどうか確認してほしい', 'pre_purchase_merchant_trust_check'),
  g('展示会で集めた名刺の会社ドメインが42件あります。それぞれの採用状況から購買意欲スコアを出して、全件の一覧にしたいです', 'batch:company-intent', {
    domain_count: 42,
  }),
  g('競合の mercari.com がどんな検索広告を出しているか知りたい。ただ、支払いの記録にこのドメインが残るのは避けたい', 'private-query:search_ads'),
  g('https://zenn.dev/example/articles/rag-intro の本文だけをMarkdownで欲しい。広告とかサイドバーは要らない', 'clean-markdown'),
  g('smarthr.jp のエンジニア職の求人を全部見たい。給与レンジが載っているものはそれも', 'ats-jobs'),
  g(
    '取引先候補の takumi-seiki.co.jp が実態のある会社か、事実だけ知りたい。サイトに計測タグがあるか、求人が出ているか、検索広告を出しているか',
    'company-footprint',
  ),
  missing('freee.co.jp の従業員数って今何人くらい？', /headcount|employee/i),

  // Russian
  g(
    'Стоит ли вообще писать в lamoda.ru с нашим предложением? Нам нужны магазины, которые плохо видны ИИ-агентам для покупок, но при этом крутят рекламу и дают публичный email.',
    'conversion_leak_lead_finder',
  ),
  g('Вот 28 доменов наших ключевых клиентов. Нужен полный профиль по каждому: стек, найм, поисковая реклама.', 'batch:company-profile', {
    domain_count: 28,
  }),
  g('Из этих 15 компаний выбери тех, кто сейчас горячий по найму, а потом покажи открытые вакансии этих горячих', 'hot-buyers>ats-jobs', { domain_count: 15 }),
  g('На чём сделан сайт skyeng.ru: Bitrix, Tilda или что-то своё? И стоит ли у них Яндекс.Метрика?', 'tech-stack'),
  g('Насколько вероятно, что tinkoff.ru сейчас покупает новый софт, если судить по их найму за последний месяц?', 'company-intent'),
  g('Мне нужны вакансии avito.ru, но так, чтобы в платёжных данных нигде не светился этот домен', 'private-query:open_jobs'),
  missing('Какой кредитный рейтинг у поставщика metall-snab.ru, можно ли давать им отсрочку платежа?', /credit/i),

  // Portuguese
  g(
    'Minha loja é a cafeinaemcasa.com.br. O ChatGPT e o Perplexity conseguem ler meus produtos? O robots.txt está bloqueando algum robô de IA?',
    'store_readiness_auditor',
  ),
  g('Tenho uma planilha com 40 e-commerces brasileiros e quero saber em qual plataforma cada um roda (VTEX, Nuvemshop, Shopify...)', 'batch:tech-stack', {
    domain_count: 40,
  }),
  g(
    'Preciso dos e-mails de contato da nubank.com.br, mas o intermediário do pagamento não pode ficar sabendo qual empresa eu pesquisei',
    'private-query:extract_contacts',
  ),
  g('quem são as pessoas da liderança que aparecem no site da rdstation.com? e tem algum e-mail de parcerias publicado?', 'extract-contacts'),
  g('Quero saber se a vtex.com abriu vaga nova desde a semana passada; já tenho os ids das vagas da última consulta', 'ats-jobs'),
  g('Faz um raio-x da ifood.com.br numa chamada só: tecnologias do site, intenção de compra pelas contratações e anúncios de busca', 'company-profile'),
  missing('Esse e-mail joao.silva@stone.com.br existe mesmo? Quero validar a caixa antes de mandar a proposta', /mailbox|verif/i),

  // Simplified Chinese
  g('帮我把这个商品页的价格、库存和规格整理成JSON：https://shop.huawei.com/cn/product/matebook-x-pro-2026', 'universal_product_url_to_json'),
  g('有人用 aliexpress-refund-center.com 给我发退款链接，这个网站是正规的还是钓鱼的？', 'verify_domain_legitimacy_and_security'),
  g('我们在做收购前的尽职调查：需要 pingcap.com 的公司足迹和公开联系方式，但付款信息里绝不能出现这家目标公司', 'private-query:due_diligence'),
  g('shein.com 官网上公开的客服邮箱和官方社交账号有哪些？', 'extract-contacts'),
  g('tiktok.com 现在在新加坡招哪些产品经理岗位？', 'ats-jobs'),
  g('我是做SaaS销售的，想一次性了解 anker.com：网站技术栈、招聘意向和搜索广告，别让我调三次接口', 'company-profile'),
  missing('列出 notion.so 在中国市场的主要竞争对手', /competitor/i),

  // Italian
  g(
    "C'è qualche codice sconto attivo su yoox.com per le borse? Non inventarti niente, solo quelli pubblicati dal negozio",
    'checkout_active_promo_code_finder',
  ),
  g(
    'Gestisco lo shop di eataly.com e vorrei mostrare agli agenti di acquisto un attestato firmato dal vostro servizio con il nostro punteggio di affidabilità, verificabile da loro.',
    'verified_merchant_json_badge',
  ),
  g('Per 24 concorrenti nel settore moda voglio sapere chi fa pubblicità sulla ricerca Google e con quali formati', 'batch:search-ads', { domain_count: 24 }),
  g(
    "Convertimi in markdown https://www.competitor-segreto.it/listino-prezzi-2026, ma l'URL non deve finire nei dati del pagamento",
    'private-query:clean_markdown',
  ),
  g('Il sito di satispay.com gira su WordPress? E quel widget di chat in basso è Intercom o Zendesk?', 'tech-stack'),
  g('Quanti annunci sta facendo girare subito.it e in quali regioni escono? Mi interessa anche la stima totale del registro', 'search-ads'),
  missing('Recensioni e valutazione media su Trustpilot di unieuro.it', /review|rating/i),

  // Turkish
  g(
    'Mağazam mavi.com. Ürün sayfalarımızdaki yapılandırılmış veriyi koton.com ve lcwaikiki.com ile karşılaştırıp yapay zeka alışveriş ajanlarına hazırlığa göre sıralar mısın?',
    'agentic_shelf_schema_comparator',
  ),
  g(
    "getir.com'un işe alımlara dayalı satın alma niyeti skorunu istiyorum ama ödeme sağlayıcısı hangi şirkete baktığımızı görmemeli",
    'private-query:hiring_intent',
  ),
  g(
    'Ajanımız https://api.kurlar-pro.com.tr/v1/rates adresindeki x402 uç noktasına ödeme yapacak. Fiyatı makul mü, içinde bir tuzak var mı, önce kontrol et',
    'verify-merchant',
  ),
  g('trendyol.com hangi A/B test aracını kullanıyor? Ödeme altyapısı iyzico mu?', 'tech-stack'),
  g("hepsiburada.com'un açık pozisyonlarına bakınca şu an yeni yazılım alma ihtimalleri yüksek mi?", 'company-intent'),
  g('Biz Salesforce kullanıyoruz, lead kaydı açacağız: peak.com sitesinde yayınlanan e-posta adresleri ve sosyal medya hesapları neler?', 'extract-contacts'),
  missing('papara.com son yatırım turunda ne kadar para topladı, yatırımcıları kim?', /funding|investor/i),

  // Korean
  g('우리 쇼핑몰 musinsa.com이 AI 쇼핑 에이전트한테 잘 보이는지 점검해줘. sitemap이나 llms.txt 같은 파일도 제대로 있는지', 'store_readiness_auditor'),
  g('관리하는 고객사 도메인이 30개 있는데, 회사별로 올라와 있는 채용 공고를 전부 모아줘', 'batch:ats-jobs', { domain_count: 30 }),
  g('리드 도메인 9개 중에서 지금 채용 상황으로 봤을 때 살 가능성이 높은 곳만 골라줘', 'hot-buyers', { domain_count: 9 }),
  g('홈페이지에 공개된 제휴 문의 이메일이랑 SNS 링크 좀 알려줘', 'extract-contacts', { sample_domain: 'toss.im' }),
  g('coupang.com이 미국에서 이미지 광고를 돌리고 있어? 올해 1분기 기준으로', 'search-ads'),
  missing('baemin.com 대표의 개인 인스타그램 계정 찾아줘', /profile|social/i),

  // Arabic
  g('أريد شراء ساعة بقيمة 1200 دولار من luxwatch-gulf.ae، هل هذا المتجر موثوق قبل أن أدفع؟', 'pre_purchase_merchant_trust_check'),
  g('لدي قائمة من 18 منافسًا في قطاع السفر، أريد معرفة الإعلانات التي يعرضها كل واحد منهم في بحث جوجل', 'batch:search-ads', { domain_count: 18 }),
  g('حوّل هذه الصفحة إلى Markdown نظيف: https://www.noon.com/uae-en/help/returns-policy', 'clean-markdown'),
  g('ما الوظائف التقنية المفتوحة حاليًا في careem.com في دبي؟', 'ats-jobs'),
  g('أحتاج ملفًا شاملاً عن tabby.ai في طلب واحد: التقنيات المستخدمة في الموقع، ونية الشراء من التوظيف، وإعلانات البحث', 'company-profile'),
  missing('أعطني رقم الجوال المباشر لمدير المبيعات في talabat.com', /phone/i),

  // Dutch
  g(
    'Al ons klantcontact loopt via messagebird.com. Krimpt dat bedrijf? Ik wil weten of de leverancier gezond is voordat we het contract verlengen.',
    'b2b_vendor_stability_evaluator',
  ),
  g('Maak voor mijn 25 accounts uit HubSpot elk een volledig bedrijfsprofiel: stack, werving en advertenties.', 'batch:company-profile', { domain_count: 25 }),
  g(
    'Ik heb 12 domeinen van beursbezoekers. Welke zijn nu koopklaar op basis van hun vacatures? Zoek daarna voor alleen die bedrijven de gepubliceerde contactadressen op.',
    'hot-buyers>extract-contacts',
    { domain_count: 12 },
  ),
  g('Welke e-mailmarketingtool en welke chatwidget draaien er op coolblue.nl? Klaviyo? Zendesk?', 'tech-stack'),
  g(
    'We overwegen groenbouw-bv.nl als onderaannemer. Bestaat dat bedrijf echt online? Alleen feiten: tags op de site, openstaande vacatures, zoekadvertenties.',
    'company-footprint',
  ),
  missing('Welke klanten heeft mollie.com? Ik wil een lijst van hun grootste klanten', /customer/i),

  // Polish
  g('Sprawdź cenę, dostępność i rozmiary: https://www.zalando.pl/nike-sportswear-air-max-90-sneakersy-ni112o0ab-a11.html', 'universal_product_url_to_json'),
  g('Jaki stack technologiczny ma allegro.pl? Ważne, żeby ślad płatności on-chain nie wskazywał, o którą domenę pytałem.', 'private-query:tech_stack'),
  g('zrób mi czysty markdown z https://docs.inpost.pl/api/shipx, sama treść dokumentacji bez menu, wrzucę to do Confluence', 'clean-markdown'),
  g('Jakie oferty pracy dla programistów Java ma teraz docplanner.com w Warszawie?', 'ats-jobs'),
  g('booksy.com: czy ich rekrutacja wskazuje, że właśnie kupują nowe narzędzia? Interesuje mnie wynik i najważniejsze sygnały', 'company-intent'),
  missing('Przetłumacz całą stronę główną brainly.com na polski', /translat/i),

  // Vietnamese
  g(
    'Website bán hàng của tôi là coolmate.me. Các bot AI như GPTBot hay ClaudeBot có được phép đọc trang sản phẩm không? Cho tôi điểm sẵn sàng và danh sách việc cần sửa.',
    'store_readiness_auditor',
  ),
  g('Xem quảng cáo tìm kiếm của tiki.vn giúp mình, nhưng đừng để bên xử lý thanh toán biết mình đang tra domain nào', 'private-query:search_ads'),
  g('Chuyển file này sang markdown giúp mình: https://www.vinamilk.com.vn/static/uploads/bao-cao-thuong-nien-2025.pdf', 'clean-markdown'),
  g('momo.vn có đang tuyển mạnh mảng kinh doanh không, kiểu sắp mở rộng và mua công cụ mới? Chấm điểm giúp mình', 'company-intent'),
  g('Đối tác mới vn-logistics-hub.com có hiện diện thật không? Chỉ cần dữ kiện: tag trên website, tin tuyển dụng, quảng cáo tìm kiếm', 'company-footprint'),
  missing('Đăng ký giúp tôi tên miền shopcuatoi.vn', /regist/i),

  // Persian
  g('برای فروشگاه خودمان digikala.com یک نشان اعتماد امضاشده می‌خواهیم که ایجنت‌های خرید بتوانند امضایش را خودشان بررسی کنند', 'verified_merchant_json_badge'),
  g(
    'بررسی دقیق (due diligence) شرکت snapp.ir را می‌خواهم، یعنی ردپای آنلاین و ایمیل‌های عمومی، ولی نام این شرکت نباید در اطلاعات پرداخت دیده شود',
    'private-query:due_diligence',
  ),
  g('ایمیل‌های عمومی و لینک شبکه‌های اجتماعی cafebazaar.ir را پیدا کن؛ رکوردهای MX و SPF شان هم درست است؟', 'extract-contacts'),
  g('آیا divar.ir بر اساس آگهی‌های استخدامش الان قصد خرید دارد؟ یک امتیاز بده', 'company-intent'),
  g('هفته پیش لیست شغل‌های باز canva.com را گرفتم و شناسه‌ها را دارم. فقط آگهی‌های جدید را بده', 'ats-jobs'),
  missing('یک تست نفوذ روی سایت aparat.com انجام بده و آسیب‌پذیری‌ها را گزارش کن', /vulnerab|security scan|penetration/i),

  // Indonesian
  g('Lagi cari kode voucher yang masih berlaku di sociolla.com buat skincare, ada nggak?', 'checkout_active_promo_code_finder'),
  g('Ada situs tokopedia-hadiah-resmi.com yang bilang aku menang undian. Itu situs resmi atau penipuan?', 'verify_domain_legitimacy_and_security'),
  g("Tim sales kami punya 16 calon klien. Tolong urutkan mana yang lagi 'panas' dan layak dihubungi duluan, dilihat dari rekrutmen mereka.", 'hot-buyers', {
    domain_count: 16,
  }),
  g('gojek.com pakai Google Analytics 4 atau Mixpanel? Terus ada Facebook Pixel-nya nggak?', 'tech-stack'),
  g('Kami jual plugin untuk WooCommerce. Dari 45 domain toko ini, mana saja yang situsnya jalan di WooCommerce?', 'batch:tech-stack', { domain_count: 45 }),
  missing('Tolong buatkan 5 judul iklan Google Ads yang menarik untuk toko kue saya', /copy|writ/i),

  // Hindi
  g(
    'क्या boat-lifestyle.com को हमारी सर्विस बेचना ठीक रहेगा? हम ऐसी दुकानें ढूंढते हैं जो AI शॉपिंग एजेंट्स के लिए कमजोर हैं, पर ads पर खर्च कर रही हैं और जिनका ईमेल पब्लिक है',
    'conversion_leak_lead_finder',
  ),
  g(
    'मेरे पास ये डोमेन हैं: zoho.com, freshworks.com, razorpay.com, cred.club, meesho.com, postman.com, browserstack.com. हायरिंग के हिसाब से इनमें से कौन अभी खरीदने के मूड में है?',
    'hot-buyers',
  ),
  g('इस PDF को Markdown में बदल दो ताकि मैं इसे अपने RAG में डाल सकूँ: https://www.rbi.org.in/Scripts/PublicationReport/annual-report-2025.pdf', 'clean-markdown'),
  g('flipkart.com भारत में कौन से सर्च विज्ञापन चला रहा है? पिछले 90 दिन के', 'search-ads'),
  g('swiggy.com की वेबसाइट पर कौन-सा CDN और कौन-सा analytics tool लगा है?', 'tech-stack'),
  missing('मेरे लिए myntra.com से दो कुर्ते ऑर्डर कर दो, पेमेंट मेरे कार्ड से करना, कोई जाँच की ज़रूरत नहीं', /purchas|order|buy/i),

  // Swedish
  g('Hur mår egentligen leverantören bakom vårt ekonomisystem, fortnox.se? Växer de, står de still eller krymper de?', 'b2b_vendor_stability_evaluator'),
  g('Ge mig ett köpintentionsbetyg baserat på rekrytering för vart och ett av våra 38 målbolag, inte bara de hetaste.', 'batch:company-intent', {
    domain_count: 38,
  }),
  g(
    'Innan min agent betalar för https://data.nordicprices.se/api/quote: stämmer priset med vad liknande tjänster tar, och svarar den snabbt?',
    'verify-merchant',
  ),
  g('Vilka e-postadresser och sociala profiler publicerar klarna.com på sina kontakt- och om oss-sidor?', 'extract-contacts'),
  g('Kör spotify.com några sökannonser i Sverige just nu? Vilka landningssidor använder de?', 'search-ads'),
  missing('Skicka en notis till vår Slack-kanal varje gång izettle.com byter betalleverantör', /alert|monitor|notif/i),

  // Ukrainian
  g(
    'Порівняй розмітку товарів нашого магазину rozetka.com.ua з allo.ua та foxtrot.com.ua: хто краще готовий до ШІ-агентів для покупок?',
    'agentic_shelf_schema_comparator',
  ),
  g('Знайди публічні контакти monobank.ua, але так, щоб платіжний посередник не дізнався, кого ми шукаємо', 'private-query:extract_contacts'),
  g('Наш агент має заплатити за виклик https://api.grivna-rates.com/paid/latest через x402. Перевір цей ендпоінт перед оплатою', 'verify-merchant'),
  g('Який фреймворк і хостинг у grammarly.com? Next.js на Vercel?', 'tech-stack'),
  g('Дай повний профіль компанії preply.com: технології, наймання та пошукова реклама', 'company-profile'),
  missing('Скинь повний список усіх працівників genesis.team з посадами, включно з тими, кого немає на сайті', /staff|employee/i),
];
