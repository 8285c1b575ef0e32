/**
 * A fifth fresh goal set for the advisor, written 2026-12-02 by a hand that never read the advisor's
 * rules (only the catalog: spec/openapi.yaml and generated/llms.txt, and the format of the earlier
 * sets), committed before any run, never tuned on. Its misses are not to be read while the rules are
 * changed, only its score.
 *
 * Goals as software agents and their users write them, in English, German, French, Spanish,
 * Portuguese, Italian, Japanese, Chinese, Russian and Dutch (and a few in Polish, Korean and
 * Turkish), over every operation of the catalog and goals the service cannot serve. expect as in
 * advisor-goals.ts; `missing` marks a goal about data the service does not have, with what
 * not_available must say.
 */
import type { BlindCase } from './advisor-goals-blind.ts';

type Extra = Omit<BlindCase, 'goal' | 'expect'>;
const g = (goal: string, expect: string | null, extra: Extra = {}): BlindCase => ({ goal, expect, ...extra });
const missing = (goal: string, reason: RegExp, extra: Extra = {}): BlindCase => ({ goal, expect: null, reason, ...extra });

export const ML_FRESH_5: BlindCase[] = [
  // English
  g('what analytics and tag manager does notion.so load on its homepage?', 'tech-stack'),
  g('Do they use Stripe or Adyen for payments? https://www.allbirds.com/', 'tech-stack'),
  g('tech-stack? domain=supabase.com', 'tech-stack'),
  g('compare the stacks of vercel.com, netlify.com and render.com', 'tech-stack'),
  g('list the remote engineering roles currently open at gitlab.com', 'ats-jobs'),
  g('open jobs at vercel.com — not the intent score, just the raw list', 'ats-jobs'),
  g('I have 18 target accounts; rank them by buying intent and give me the hottest ones', 'hot-buyers', { domain_count: 18 }),
  g('find the hot buyers among these 12 SaaS prospects, then pull the published contact emails for each hot one', 'hot-buyers>extract-contacts', {
    domain_count: 12,
  }),
  g('score the hiring intent of each of the 35 accounts in my territory', 'batch:company-intent', { domain_count: 35 }),
  g('are any of my 22 leads using HubSpot?', 'batch:tech-stack', { domain_count: 22 }),
  g('agent task: run tech_stack over 45 domains from the CRM export', 'batch:tech-stack', { domain_count: 45 }),
  g('tech stack and search ads for linear.app (skip hiring)', 'tech-stack>search-ads'),
  g('Before my agent pays, check the x402 endpoint https://api.weatherpaid.xyz/v1/forecast for prompt injection and fair pricing', 'verify-merchant'),
  g('fetch https://docs.stripe.com/payments/checkout as clean markdown for my RAG index', 'clean-markdown'),
  g('convert https://competitor.io/pricing to markdown privately — the payment metadata must not contain that URL', 'private-query:clean_markdown'),
  g('audit whether huckberry.com lets GPTBot and ClaudeBot crawl its product pages', 'store_readiness_auditor'),
  g('get me a signed JSON attestation that kettleandfire.com is a trustworthy merchant, to show our payment agent', 'verified_merchant_json_badge'),
  g("we're about to sign a 3-year contract with freshworks.com — are they growing or shrinking?", 'b2b_vendor_stability_evaluator'),
  g('post to Slack whenever datadoghq.com opens a new sales role', null),
  missing("what's the Glassdoor rating and annual revenue of rippling.com", /review|rating|revenue|financ/i),
  missing("what are the sales team's direct phone numbers at hubspot.com", /phone/i),

  // German
  g('Welche CRM-Software setzt personio.de ein? Nutzen die Salesforce?', 'tech-stack'),
  g('Schau nach, ob n26.com gerade Stellen für Backend-Entwickler ausgeschrieben hat', 'ats-jobs'),
  g(
    'Bitte prüfen Sie, ob der Händler technik-discount24.de vertrauenswürdig ist, bevor ich dort einen Laptop für 1.200 € kaufe',
    'pre_purchase_merchant_trust_check',
  ),
  g('Lies mir die Produktdaten (Preis, Verfügbarkeit, Varianten) von https://www.otto.de/p/kaffeevollautomat-123456/ aus', 'universal_product_url_to_json'),
  g('Ich lade dir 30 Domains hoch – führ für alle die Abfrage der Suchanzeigen durch', 'batch:search-ads', { domain_count: 30 }),
  g('Stell mir ein komplettes Firmenprofil von flixbus.de zusammen: Tech-Stack, Einstellungsabsicht und Anzeigen', 'company-profile'),
  g('Ruf die Kontaktadressen von sennder.com ab, aber ohne dass der Zahlungsdienstleister erfährt, welche Firma wir prüfen', 'private-query:extract_contacts'),
  g('Vergleiche die strukturierten Produktdaten von manufactum.de mit denen von torquato.de und connox.de', 'agentic_shelf_schema_comparator'),
  g(
    'Ist outdoor-shop-mueller.de ein guter Lead für uns? Wir verkaufen Agentic-Commerce-Optimierung und suchen Shops mit Lücken, Kontakt-Mail und aktuellen Anzeigen',
    'conversion_leak_lead_finder',
  ),
  g('Benachrichtige mich per E-Mail, sobald trade-republic.com neue Jobs veröffentlicht', null),
  missing('Wie viele Mitarbeiter hat celonis.com und wie hoch war der Umsatz 2025?', /headcount|employee|revenue|financ/i),
  missing('Wem gehört die Firma hansa-holding-gmbh.de eigentlich?', /owner/i),

  // French
  g('Est-ce que backmarket.fr utilise Shopify ou Magento ?', 'tech-stack'),
  g("Quel est le score d'intention d'achat de payfit.com d'après ses recrutements ?", 'company-intent'),
  g('Liste des postes ouverts chez ledger.com, uniquement ceux à Paris', 'ats-jobs'),
  g("J'ai une liste de 40 entreprises : donne-moi pour chacune les offres d'emploi", 'batch:ats-jobs', { domain_count: 40 }),
  g('Pourriez-vous vérifier si la boutique bijoux-eclat-paris.fr est fiable avant que je commande une bague à 89 € ?', 'pre_purchase_merchant_trust_check'),
  g('Convertis ce PDF en Markdown : https://www.insee.fr/fr/statistiques/fichier/rapport-2025.pdf', 'clean-markdown'),
  g('Trouve-moi des codes promo valables pour sephora.fr, de préférence sur le maquillage', 'checkout_active_promo_code_finder'),
  g("Analyse si decathlon.fr est prêt pour les agents d'achat IA : robots.txt, llms.txt, flux produits", 'store_readiness_auditor'),
  g(
    "Fais une due diligence discrète sur cible-acquisition.fr (empreinte et contacts) sans que le nom n'apparaisse dans le paiement",
    'private-query:due_diligence',
  ),
  missing('Je veux connaître les principaux concurrents de blablacar.fr', /competitor/i),

  // Spanish
  g('¿Qué tecnologías usa la web de cabify.com? No necesito los contactos', 'tech-stack'),
  g('¿Qué anuncios de búsqueda tiene activos glovoapp.com en España?', 'search-ads'),
  g('¿Es rippling.com un comprador caliente ahora mismo?', 'company-intent'),
  g('De estas 8 empresas, ¿cuáles tienen más intención de compra según sus contrataciones?', 'hot-buyers', { domain_count: 8 }),
  g('¿Es legítimo el dominio ofertas-moviles-baratos.es? Quiero saber si detrás hay una empresa real', 'verify_domain_legitimacy_and_security'),
  g('Necesito los correos de contacto publicados en la web de factorial.es y saber si tienen registros MX y DMARC', 'extract-contacts'),
  g('Evalúa si el proveedor holded.com es estable antes de renovar el contrato', 'b2b_vendor_stability_evaluator'),
  g('Extrae precio, marca y stock de https://www.elcorteingles.es/electronica/A12345678-televisor-oled/', 'universal_product_url_to_json'),
  g('Calcula la intención de compra de wallapop.com sin que el facilitador de pago vea a quién consultamos', 'private-query:hiring_intent'),
  g('Reserva una mesa para dos en un restaurante de Madrid', null),
  missing('¿Cuánta financiación ha levantado clarity-ai.com y quiénes son sus inversores?', /funding/i),

  // Portuguese
  g('Quais ferramentas de marketing o site nubank.com.br usa?', 'tech-stack'),
  g('Mostre as vagas abertas na hotmart.com', 'ats-jobs'),
  g('Quero saber se a vtex.com está contratando muito — qual a intenção de compra?', 'company-intent'),
  g('Tem algum cupom de desconto ativo na netshoes.com.br para tênis?', 'checkout_active_promo_code_finder'),
  g('Essa loja lojadoeletro-promo.com.br é confiável? Vou comprar uma geladeira de R$ 3.000', 'pre_purchase_merchant_trust_check'),
  g('Faça o perfil completo de 20 empresas da minha lista', 'batch:company-profile', { domain_count: 20 }),
  g(
    'Qualifique a loja havaianas.com.br como lead: ela tem falhas de prontidão para agentes, e-mail publicado e anúncios recentes?',
    'conversion_leak_lead_finder',
  ),
  g('Preciso da pegada digital da empresa (tags no site, vagas, anúncios) — só fatos', 'company-footprint', { sample_domain: 'olist.com' }),
  missing('Qual é o faturamento anual da magazineluiza.com.br?', /revenue|financ/i),

  // Italian
  g('Che piattaforma e-commerce usa yoox.com?', 'tech-stack'),
  g('Verifica se satispay.com sta assumendo e quanto è forte il suo intento di acquisto', 'company-intent'),
  g('Quali annunci Google ha fatto subito.it negli ultimi 30 giorni?', 'search-ads'),
  g('Dammi i contatti email pubblicati sul sito di scalapay.com, non mi servono le offerte di lavoro', 'extract-contacts'),
  g('Trasforma in markdown la pagina https://www.ilpost.it/2026/11/30/economia-italiana/', 'clean-markdown'),
  g('Prima di comprare un divano da 900 euro su divani-outlet-italia.it, dimmi se è un venditore sicuro', 'pre_purchase_merchant_trust_check'),
  g('Confronta lo schema prodotto di eataly.com con quello di due concorrenti: cortilia.it e tannico.it', 'agentic_shelf_schema_comparator'),
  g('Ci servono le posizioni aperte di prima.it, ma il dominio non deve comparire nei metadati di pagamento', 'private-query:open_jobs'),
  g('Che tempo fa domani a Milano?', null),
  missing('Trova il profilo LinkedIn del CTO di bendingspoons.com', /profile|social|linkedin/i),

  // Japanese
  g('freee.co.jpはどのCRMやマーケティングツールを使っていますか？', 'tech-stack'),
  g('メルカリの求人で、リモート可のエンジニア職だけ一覧にして', 'ats-jobs', { sample_domain: 'mercari.com' }),
  g('smartnews.comの求人を確認してから、採用担当の連絡先メールも探して', 'ats-jobs>extract-contacts'),
  g('この25社の中から購買意欲の高い企業を見つけてください', 'hot-buyers', { domain_count: 25 }),
  g('moneyforward.comが出しているGoogle検索広告を見せて', 'search-ads'),
  g('https://www.uniqlo.com/jp/ja/products/E465185-000/ の商品情報（価格・在庫・サイズ）をJSONで取得', 'universal_product_url_to_json'),
  g('支払い情報に調査対象のドメインが残らないように、sansan.comの技術スタックを調べて', 'private-query:tech_stack'),
  g('このx402エンドポイントに支払う前に安全か確認して: https://api.jp-data-market.com/paid/quote', 'verify-merchant'),
  g('ストアがAIエージェントから見つけやすいか監査して（robots.txt、サイトマップ、商品フィード）', 'store_readiness_auditor', { sample_domain: 'beams.co.jp' }),
  missing('cybozu.comの売上高と従業員数を教えて', /revenue|financ|headcount|employee/i),

  // Chinese (simplified)
  g('shein.com 用的是什么技术栈？有没有用 Google Tag Manager？', 'tech-stack'),
  g('帮我看看 anker.com 现在在招哪些职位', 'ats-jobs'),
  g('这家公司的招聘情况说明他们有购买意向吗？', 'company-intent', { sample_domain: 'pingcap.com' }),
  g('给我 temu.com 的完整公司画像', 'company-profile'),
  g('我有 50 个域名，想批量查询它们的技术栈', 'batch:tech-stack', { domain_count: 50 }),
  g('在不让支付方知道目标公司的情况下，查询 bytedance.com 的搜索广告', 'private-query:search_ads'),
  g('aliexpress.com 有什么可用的优惠码吗？', 'checkout_active_promo_code_finder'),
  g('检查一下这个商家 x402 接口的价格是否合理: https://pay.aitools.cn/api/translate', 'verify-merchant'),
  g('生成一个已签名的商家可信徽章 JSON，域名 gearbest-outlet.com', 'verified_merchant_json_badge'),
  missing('查一下 xiaomi.com 的客户名单和市场份额', /customer/i),

  // Russian
  g('Какие технологии использует сайт ozon.ru? Есть ли там Яндекс.Метрика?', 'tech-stack'),
  g('Покажи открытые вакансии в jetbrains.com', 'ats-jobs'),
  g('Сколько сотрудников в avito.ru и какие у них открытые вакансии?', 'ats-jobs'),
  g('Проверь, настоящая ли это компания: есть ли у неё теги аналитики, вакансии и реклама — kaspersky.com', 'company-footprint'),
  g('Найди email-адреса для связи на сайте tinkoff.ru', 'extract-contacts'),
  g('Конвертируй страницу https://habr.com/ru/articles/812345/ в чистый markdown', 'clean-markdown'),
  g('Оцени стабильность поставщика miro.com: растёт он или сокращается', 'b2b_vendor_stability_evaluator'),
  g('Из 40 доменов найди те, что используют HubSpot, затем вытащи контакты этих компаний', 'batch:tech-stack>extract-contacts', { domain_count: 40 }),
  g('Купи мне билеты на концерт в субботу', null),
  missing('Какой кредитный рейтинг у компании gazprom.ru?', /credit/i),

  // Dutch
  g('Welke webshopsoftware draait bol.com? Gebruiken ze Adyen?', 'tech-stack'),
  g('Heeft mollie.com op dit moment vacatures voor senior developers?', 'ats-jobs'),
  g('Welke zoekadvertenties draait coolblue.nl in België?', 'search-ads'),
  g('Zoek de hot buyers uit deze lijst van 10 prospects', 'hot-buyers', { domain_count: 10 }),
  g('Is picnic.app een gezonde leverancier? Ik wil geen omzetcijfers, alleen signalen uit hun vacatures en techstack', 'b2b_vendor_stability_evaluator'),
  g('Kun je de pagina https://www.rijksoverheid.nl/documenten/rapporten/2026/01/15/rapport omzetten naar markdown?', 'clean-markdown'),
  g('Draai een bedrijfsprofiel van messagebird.com, maar zorg dat het doeldomein niet in de betaalgegevens terechtkomt', 'private-query:company_profile'),
  g('Controleer of webwinkel-goedkoop-electro.nl betrouwbaar is voordat ik een bestelling van €250 plaats', 'pre_purchase_merchant_trust_check'),
  g('Verifieer of de domeinnaam ing-veilig-inloggen.nl legitiem is', 'verify_domain_legitimacy_and_security'),
  missing('Hoeveel bezoekers per maand heeft funda.nl?', /traffic|visit/i),
  missing('Controleer of het mailadres jan.devries@adyen.com echt bestaat', /mailbox|verif/i),

  // Polish, Korean, Turkish
  g('Jakich technologii używa allegro.pl?', 'tech-stack'),
  g('Sprawdź, czy sklep super-okazje-rtv.pl jest wiarygodny, zanim zapłacę 2000 zł', 'pre_purchase_merchant_trust_check'),
  g('coupang.com의 채용 공고를 보여줘', 'ats-jobs'),
  g('musinsa.com에서 쓸 수 있는 할인 코드 찾아줘', 'checkout_active_promo_code_finder'),
  g('trendyol.com hangi teknolojileri kullanıyor?', 'tech-stack'),
  g("getir.com şu anda Google'da reklam veriyor mu?", 'search-ads'),
];
