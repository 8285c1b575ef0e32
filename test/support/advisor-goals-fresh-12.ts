/**
 * A twelfth fresh goal set for the advisor, written on 2026-12-03 by a hand that never read the
 * advisor's rules, its tests, its bench output or any other goal set's goals (only what an agent
 * sees of the operations: spec/openapi.yaml, generated/llms.txt, README.md), and committed before
 * any run. Never tuned on: it measures whether the routing carries to goals nobody tuned for.
 *
 * 130 goals in twenty languages (English, Spanish, German, French, Japanese, Russian, Portuguese,
 * simplified Chinese, Italian, Turkish, Korean, Arabic, Dutch, Polish, Vietnamese, Persian,
 * Indonesian, Hindi, Swedish, Ukrainian), 6 or 7 each, over every data operation of the catalog:
 * the nine commerce skills, batch with each of its five tools, private-query with each of its
 * eight tools, hot-buyers alone and followed by a second call ('a>b'), verify-merchant,
 * clean-markdown (pages and PDFs), extract-contacts, tech-stack, ats-jobs (also only the jobs new
 * since saved ids), company-intent, search-ads, company-profile and company-footprint. Mixed:
 * single-intent goals, multi-intent goals one operation does in one call, vendors named as what is
 * asked about or as the speaker's own context, paraphrases, and 20 goals no operation serves (data
 * the service does not have, with the reason not_available must give; actions it does not take).
 * Each label is the operation a careful engineer reading the catalog would pick; expect and reason
 * as in advisor-goals.ts and advisor-goals-blind.ts.
 */
import type { BlindCase } from './advisor-goals-blind.ts';

type Extra = Omit<BlindCase, 'goal' | 'expect'>;
const g = (goal: string, expect: string | null, extra: Extra = {}): BlindCase => ({ goal, expect, ...extra });
const missing = (goal: string, reason: RegExp, extra: Extra = {}): BlindCase => ({ goal, expect: null, reason, ...extra });

export const ML_FRESH_12: BlindCase[] = [
  // English
  g('which analytics and consent-management scripts load on allbirds.com?', 'tech-stack'),
  g("we're a Gong customer, fwiw. I want to know how many sales roles notion.so has open right now, the full list", 'ats-jobs'),
  g('Before my agent pays https://api.weatherbit-x.io/v1/forecast over x402, is that endpoint trustworthy and priced sanely?', 'verify-merchant'),
  g('grab the text of https://arxiv.org/pdf/2401.00001.pdf as markdown so I can feed it to my summarizer', 'clean-markdown'),
  g('Here are 30 SaaS domains from our CRM. Run a tech detection on every one of them.', 'batch:tech-stack', { domain_count: 30 }),
  g('20 accounts: which are heating up on hiring? then pull the published emails of the hottest ones', 'hot-buyers>extract-contacts', { domain_count: 20 }),
  missing('what is the gross margin of warbyparker.com for 2025?', /margin|financ|revenue/i),
  // Spanish
  g('¿Qué anuncios de búsqueda está pagando mercadolibre.com en México? Solo formato texto.', 'search-ads'),
  g('Quiero saber si la tienda zara.com está preparada para que agentes de IA compren: robots.txt, llms.txt, feed de productos', 'store_readiness_auditor'),
  g('antes de comprar unas zapatillas de 120 dólares en tiendasneakers-oferta.com, ¿es seguro pagarles?', 'pre_purchase_merchant_trust_check'),
  g('Tengo 12 dominios de clientes potenciales, necesito la puntuación de intención de contratación de cada uno', 'batch:company-intent', { domain_count: 12 }),
  g('sacame los correos y redes sociales que publica cabify.com en su web', 'extract-contacts'),
  g('necesito el perfil completo (stack, contratación, anuncios) de glovoapp.com pero sin que el pago revele el dominio', 'private-query:company_profile'),
  missing('¿Cuántos empleados tiene rappi.com en Colombia?', /employee|headcount|empleado/i),
  // German
  g('Welches Shopsystem und welcher Zahlungsanbieter steckt hinter zalando.de?', 'tech-stack'),
  g(
    'Wir wollen personio.de als Lieferanten für HR-Software nehmen. Wie stabil ist der Anbieter: stellt er noch ein oder schrumpft er?',
    'b2b_vendor_stability_evaluator',
  ),
  g('Gib mir die Stellen bei n26.com, aber nur die, die seit meiner letzten Abfrage neu sind, die IDs hab ich gespeichert', 'ats-jobs'),
  g(
    'Vergleich mal die Produktdaten von otto.de mit denen von zalando.de und aboutyou.de, wer ist für KI-Shopping-Agenten besser aufgestellt?',
    'agentic_shelf_schema_comparator',
  ),
  g('Mach aus https://www.bafin.de/SharedDocs/Downloads/DE/Merkblatt/mb_zahlungsdienste.pdf sauberes Markdown', 'clean-markdown'),
  g('Ich brauch die Suchanzeigen von 40 Wettbewerbern auf einmal, Liste kommt gleich', 'batch:search-ads', { domain_count: 40 }),
  missing('Schick mir eine Slack-Benachrichtigung, sobald celonis.com eine neue Stelle ausschreibt', /alert|notif|monitor|webhook/i),
  // French
  g('Est-ce que backmarket.fr a un vrai tableau de recrutement, des balises analytics et des pubs Google ? Juste les faits.', 'company-footprint'),
  g("Quel est le score d'intention d'achat de doctolib.fr d'après ses recrutements ?", 'company-intent'),
  g('convertis cette page produit https://www.fnac.com/a1234567/casque-sony en JSON: prix, stock, variantes', 'universal_product_url_to_json'),
  g('Je dois auditer la techno de alan.com sans que le facilitateur de paiement sache quelle entreprise je regarde', 'private-query:tech_stack'),
  g("J'ai 15 prospects e-commerce. Lesquels recrutent fort ? Je veux ensuite leur profil société complet", 'hot-buyers', { domain_count: 15 }),
  g('un badge signé prouvant que sezane.com a passé votre contrôle de confiance marchand, à coller sur notre page partenaires', 'verified_merchant_json_badge'),
  missing('Traduis le site de decathlon.fr en anglais pour moi', /translat|tradu/i),
  // Japanese
  g('楽天 rakuten.co.jp が今出している検索広告を、日本の地域だけで見たい', 'search-ads'),
  g('smarthr.jp の採用ページにある求人を全部ください。エンジニア職を自分で絞ります', 'ats-jobs'),
  g('このPDF https://www.meti.go.jp/policy/it_policy/pdf/guideline.pdf をMarkdownに変換して', 'clean-markdown'),
  g('uniqlo.com でクーポンコードが公開されていないか、アウター向けのものを探して', 'checkout_active_promo_code_finder'),
  g('買収候補の freee.co.jp の採用状況を調べたいが、決済記録にドメインが残らないようにしてほしい', 'private-query:open_jobs'),
  missing('sony.com の株価と時価総額は？', /stock|market cap|valuation|株/i),
  // Russian
  g('Какие вакансии открыты у ozon.ru? Нужен полный список с агрегатами', 'ats-jobs'),
  g('Проверь, насколько активно нанимает skyeng.ru — дай оценку намерения покупки от 0 до 100', 'company-intent'),
  g('Сделай один запрос: техстек, найм и реклама по avito.ru', 'company-profile'),
  g('есть список из 25 доменов, надо найти самых горячих покупателей по найму', 'hot-buyers', { domain_count: 25 }),
  g('Контакты tinkoff.ru нужны конфиденциально: чтобы домен не попал в платёжные метаданные', 'private-query:extract_contacts'),
  missing('Найди мне номер мобильного телефона генерального директора yandex.ru', /phone|mobile|телефон|person|executive/i),
  // Portuguese
  g('A nubank.com.br usa Salesforce ou HubSpot no site? E qual ferramenta de chat?', 'tech-stack'),
  g('quero os anúncios do Google que a magazineluiza.com.br mostrou entre janeiro e março de 2026', 'search-ads'),
  g(
    'Nossa agência vende melhorias de checkout para lojas. A lojadochico.com.br seria um bom lead? Tem e-mail publicado, anúncios recentes e nota baixa de prontidão?',
    'conversion_leak_lead_finder',
  ),
  g('Rodar o perfil de empresa completo para 33 domínios da nossa lista de ABM', 'batch:company-profile', { domain_count: 33 }),
  g('due diligence discreta da ifood.com.br: presença digital e contatos, sem o nome aparecer no pagamento', 'private-query:due_diligence'),
  g('vou comprar um notebook de R$ 4.000 na eletroshop-promo.com.br, a loja é confiável?', 'pre_purchase_merchant_trust_check'),
  missing('Qual a nota de crédito Serasa da empresa fornecedora-abc.com.br?', /credit|crédito|rating/i),
  // simplified Chinese
  g('shein.com 的网站用了哪些技术？支付和分析工具都要', 'tech-stack'),
  g('我们准备采购 pingcap.com 的数据库服务，想评估这家供应商是否稳定、有没有在裁员', 'b2b_vendor_stability_evaluator'),
  g('这是 18 个潜在客户的域名，请批量查一下它们各自在招聘的职位', 'batch:ats-jobs', { domain_count: 18 }),
  g('我的代理要付费调用 https://data.some-x402-shop.cn/api/quote ，先检查这个收款端点靠不靠谱', 'verify-merchant'),
  g('把 https://www.gov.cn/zhengce/pdf/2025-report.pdf 这个PDF转成干净的 Markdown', 'clean-markdown'),
  missing('帮我在 GoDaddy 上注册 mybrand-ai.com 这个域名', /regist|domain|注册/i),
  // Italian
  g('Quali sono le offerte di lavoro aperte da satispay.com? Uso Lever per il mio team ma loro non so', 'ats-jobs'),
  g('dammi il punteggio di intenzione di acquisto di bending spoons (bendingspoons.com) basato sulle assunzioni', 'company-intent'),
  g('Controlla se yoox.com è pronto per gli agenti di shopping: sitemap, file di scoperta, cosa permette robots.txt a GPTBot', 'store_readiness_auditor'),
  g('Ho 10 e-commerce italiani: chi sta assumendo di più? Per i più caldi poi voglio sapere che stack usano', 'hot-buyers>tech-stack', { domain_count: 10 }),
  g('Voglio vedere gli annunci di ricerca di fastweb.it senza che il dominio compaia nei dati del pagamento', 'private-query:search_ads'),
  g('Estrai email e profili social pubblicati da eataly.com', 'extract-contacts'),
  missing('Quanto fattura ogni anno ferrari.com e quanti dipendenti ha?', /revenue|employee|fattur|headcount/i),
  // Turkish
  g('trendyol.com sitesinde hangi e-ticaret altyapısı ve ödeme sağlayıcısı kullanılıyor?', 'tech-stack'),
  g('getir.com şu an hangi pozisyonlar için ilan açmış? Hepsini listele', 'ats-jobs'),
  g('hepsiburada.com ürün sayfasını JSON olarak ver: https://www.hepsiburada.com/telefon-p-HBC0000ABC fiyat ve stok', 'universal_product_url_to_json'),
  g('Peak Games (peak.com) için teknoloji, işe alım niyeti ve arama reklamları: tek çağrıda hepsi', 'company-profile'),
  g('Bu şirket gerçek mi, iz bırakıyor mu: web sitesinde etiketler, iş ilanları, reklamlar? insider.com', 'company-footprint'),
  g('papara.com işe alım niyet skorunu gizli istiyorum, ödeme sağlayıcısı hedefi görmesin', 'private-query:hiring_intent'),
  missing('migros.com.tr için bir reklam metni yaz, Instagram için', /copy|write|ad text|metin/i),
  // Korean
  g('coupang.com 홈페이지에 어떤 마케팅 태그랑 분석 도구가 깔려 있어?', 'tech-stack'),
  g('토스(toss.im)가 최근 30일 동안 채용을 얼마나 늘렸는지 의도 점수로 알려줘', 'company-intent'),
  g('musinsa.com 에서 지금 쓸 수 있는 프로모션 코드 있나요? 신발 카테고리 위주로', 'checkout_active_promo_code_finder'),
  g('지난번 저장한 job id 목록이랑 비교해서 karrotmarket.com 신규 공고만 보여줘', 'ats-jobs'),
  g('우리 파트너사 11번가(11st.co.kr)의 검증 배지를 서명된 JSON으로 받고 싶어요', 'verified_merchant_json_badge'),
  g('https://www.kisa.or.kr/docs/guide.pdf 내용을 마크다운으로 뽑아줘, 익명으로: 결제 정보에 URL이 안 남게', 'private-query:clean_markdown'),
  missing('naver.com 사이트 취약점 스캔 해줘', /vulnerab|scan|security|취약/i),
  // Arabic
  g('ما هي التقنيات المستخدمة في موقع noon.com؟ خصوصاً بوابة الدفع', 'tech-stack'),
  g('هل تعرض talabat.com إعلانات بحث مدفوعة في الإمارات؟', 'search-ads'),
  g('لدي 22 نطاقاً لشركات ناشئة في الخليج، أريد معرفة الشركات الساخنة من حيث التوظيف', 'hot-buyers', { domain_count: 22 }),
  g('استخرج عناوين البريد الإلكتروني وروابط التواصل الاجتماعي المنشورة على موقع tabby.ai', 'extract-contacts'),
  g('قبل أن أدفع 300 دولار لمتجر electro-deals-uae.com، هل هو متجر موثوق؟', 'pre_purchase_merchant_trust_check'),
  missing('احجز لي تذكرة طيران إلى دبي الأسبوع القادم', /travel|flight|book|طيران/i),
  // Dutch
  g('Welke tools draaien er op bol.com: tag manager, A/B testen, chat?', 'tech-stack'),
  g('mollie.com: hoeveel vacatures staan er open en in welke afdelingen?', 'ats-jobs'),
  g('Vergelijk de gestructureerde productdata van coolblue.nl met bol.com, wie scoort beter voor AI-agents?', 'agentic_shelf_schema_comparator'),
  g('We hebben 45 leads in HubSpot staan; check voor elk welke Google-advertenties ze draaien', 'batch:search-ads', { domain_count: 45 }),
  g(
    'Is picnic.app een bedrijf met echte sporen online, dus tags op de site, een vacaturebord en advertenties? Als commerce skill graag',
    'verify_domain_legitimacy_and_security',
  ),
  g('zet https://www.rijksoverheid.nl/documenten/rapporten/2025/jaarverslag.pdf om naar markdown', 'clean-markdown'),
  missing('Wat is de NPS-score van klanten van adyen.com?', /nps|satisfaction|review/i),
  // Polish
  g('Pokaż mi reklamy w wyszukiwarce, które puszcza docplanner.com, tylko w Polsce', 'search-ads'),
  g('Czy booksy.com intensywnie rekrutuje? Podaj wynik intencji zakupowej i najważniejsze role', 'company-intent'),
  g('mam 14 domen sklepów internetowych, sprawdź każdemu stack technologiczny', 'batch:tech-stack', { domain_count: 14 }),
  g('Potrzebuję pełnego profilu firmy brainly.com w jednym wywołaniu', 'company-profile'),
  g('wyciągnij treść strony https://www.inpost.pl/cennik jako czysty markdown bez nawigacji', 'clean-markdown'),
  missing('Kto jest właścicielem firmy zabka.pl i ile ma udziałów?', /owner|sharehold|właściciel|ownership/i),
  // Vietnamese
  g('Liệt kê các vị trí đang tuyển của momo.vn', 'ats-jobs'),
  g('shopee.vn có mã giảm giá công khai nào cho đồ điện tử không?', 'checkout_active_promo_code_finder'),
  g('Tôi có 16 tên miền khách hàng tiềm năng; tìm công ty nào đang tuyển dụng mạnh, rồi lấy quảng cáo tìm kiếm của họ', 'hot-buyers>search-ads', {
    domain_count: 16,
  }),
  g('Kiểm tra giúp endpoint x402 https://pay.vn-dataapi.io/v2/prices trước khi agent của tôi trả tiền', 'verify-merchant'),
  g('Chuyển trang sản phẩm https://www.thegioididong.com/dtdd/iphone-16 sang JSON có giá và tồn kho', 'universal_product_url_to_json'),
  missing('Dự báo doanh thu quý tới của vingroup.net là bao nhiêu?', /revenue|forecast|doanh thu|financ/i),
  // Persian
  g('سایت digikala.com از چه فناوری‌هایی استفاده می‌کند؟', 'tech-stack'),
  g('فرصت‌های شغلی باز snapp.ir را می‌خواهم', 'ats-jobs'),
  g('امتیاز قصد خرید cafebazaar.ir بر اساس استخدام‌هایش چقدر است؟', 'company-intent'),
  g('برای ۲۰ دامنه، امتیاز قصد استخدام همه را یکجا می‌خواهم', 'batch:company-intent', { domain_count: 20 }),
  g('ایمیل‌ها و شبکه‌های اجتماعی منتشرشده در سایت alibaba.ir را استخراج کن', 'extract-contacts'),
  missing('لیست مشتریان بزرگ divar.ir را بده', /customer|client|مشتری/i),
  // Indonesian
  g('Tokopedia (tokopedia.com) pakai tag analytics dan CDN apa di websitenya?', 'tech-stack'),
  g('tolong cek iklan pencarian yang dijalankan traveloka.com di Indonesia', 'search-ads'),
  g('Kami mau pakai xendit.co sebagai vendor pembayaran. Seberapa stabil perusahaannya, masih merekrut atau menyusut?', 'b2b_vendor_stability_evaluator'),
  g('Ada 28 domain startup; jalankan pengecekan lowongan kerja untuk semuanya sekaligus', 'batch:ats-jobs', { domain_count: 28 }),
  g('Apakah toko bukalapak.com siap untuk agen belanja AI? cek robots.txt, sitemap, feed produk', 'store_readiness_auditor'),
  g('Saya ingin due diligence gojek.com (jejak digital plus kontak) secara rahasia, tanpa nama target di pembayaran', 'private-query:due_diligence'),
  missing('Berapa jumlah pengunjung bulanan website blibli.com?', /traffic|visit|pengunjung/i),
  // Hindi
  g('flipkart.com की वेबसाइट पर कौन-कौन सी टेक्नोलॉजी और पेमेंट गेटवे इस्तेमाल होते हैं?', 'tech-stack'),
  g('zomato.com में अभी कौन सी नौकरियाँ खुली हैं? पूरी लिस्ट दो', 'ats-jobs'),
  g('razorpay.com का हायरिंग इंटेंट स्कोर बताओ, गोपनीय तरीके से: पेमेंट में डोमेन न दिखे', 'private-query:hiring_intent'),
  g('meesho.com क्या एक असली कंपनी है? वेबसाइट टैग, जॉब बोर्ड और विज्ञापन देखकर बताओ', 'company-footprint'),
  g('nykaa.com को हमारी एजेंसी के लिए लीड के रूप में जाँचो: रेडीनेस गैप, पब्लिश्ड ईमेल और हाल के विज्ञापन', 'conversion_leak_lead_finder'),
  missing('paytm.com के CEO की सैलरी कितनी है?', /salary|compensation|सैलरी|executive/i),
  // Swedish
  g('Vilken e-handelsplattform och vilka betallösningar använder klarna.com på sin sajt?', 'tech-stack'),
  g('Visa sökannonserna som spotify.com kör i Sverige', 'search-ads'),
  g('Jag har 9 leads; vilka rekryterar hett? ta sedan deras öppna jobb', 'hot-buyers>ats-jobs', { domain_count: 9 }),
  g('Gör om https://www.riksbank.se/globalassets/media/rapporter/ppr/2025.pdf till markdown', 'clean-markdown'),
  g('Kör tech-detektion på northvolt.com utan att domänen syns i betalningsdatat', 'private-query:tech_stack'),
  missing('Köp 10 presentkort från ikea.com åt mig', /purchas|buy|order|köp/i),
  // Ukrainian
  g('Покажи відкриті вакансії grammarly.com', 'ats-jobs'),
  g('Наскільки активно наймає monobank.ua? Потрібна оцінка наміру від 0 до 100', 'company-intent'),
  g('Профіль компанії prom.ua: стек, найм і реклама, тільки щоб платіжний сервіс не бачив домен', 'private-query:company_profile'),
  g('Витягни контакти й соцмережі, які публікує nova-poshta (novaposhta.ua)', 'extract-contacts'),
  g('Чи є у mate.academy сліди реальної діяльності: теги на сайті, дошка вакансій, пошукова реклама? Лише факти', 'company-footprint'),
  missing('Які конкуренти у makeup.com.ua?', /competitor|конкурент/i),
];
