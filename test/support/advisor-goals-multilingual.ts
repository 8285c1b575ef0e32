/**
 * Goals in the languages agents write besides English, and keyword traps (a goal naming a tool or
 * an intent word that is not what it asks). Written before the advisor's multilingual reading was
 * built, and committed with their first score.
 *
 * ML_DEV is what the rules were developed on (the symptoms: German, French and Japanese goals, a
 * ranking of prospect domains by hiring, intent words, a monitoring request, a one-call request,
 * a payment provider asked about). ML_HELD_OUT was written at the same time by the same hand but
 * never read while the rules were changed: its misses were not looked at, only its score.
 * expect as in advisor-goals.ts.
 */
import type { BlindCase } from './advisor-goals-blind.ts';

type Extra = Omit<BlindCase, 'goal' | 'expect'>;
const g = (goal: string, expect: string | null, extra: Extra = {}): BlindCase => ({ goal, expect, ...extra });

export const ML_DEV: BlindCase[] = [
  // German
  g('Welche Technologien nutzt zalando.de?', 'tech-stack'),
  g('Zeig mir die offenen Stellen bei personio.de', 'ats-jobs'),
  g('Welche Google-Anzeigen schaltet check24.de?', 'search-ads'),
  g('Finde die Kontakt-E-Mail-Adressen von otto.de', 'extract-contacts'),
  g('Wandle https://example.de/blog/artikel in Markdown um', 'clean-markdown'),
  g('Gibt es einen Gutscheincode für mediamarkt.de?', 'checkout_active_promo_code_finder'),
  g('Ist shop-billig24.de seriös oder Betrug?', 'verify_domain_legitimacy_and_security'),
  g('Stellt celonis.com gerade stark ein? Wie hoch ist die Kaufabsicht?', 'company-intent'),
  // French
  g('Quelles technologies utilise le site doctolib.fr ?', 'tech-stack'),
  g("Quelles sont les offres d'emploi ouvertes chez qonto.com ?", 'ats-jobs'),
  g("Trouve l'adresse e-mail de contact de alan.com", 'extract-contacts'),
  g('Est-ce que cdiscount.com diffuse des annonces Google ?', 'search-ads'),
  g('Donne-moi un code promo pour fnac.com', 'checkout_active_promo_code_finder'),
  g('Ce site boutique-pascher.fr est-il une arnaque ?', 'verify_domain_legitimacy_and_security'),
  g("Fais-moi un profil complet de l'entreprise mistral.ai", 'company-profile'),
  // Japanese
  g('mercari.comの技術スタックを教えて', 'tech-stack'),
  g('rakuten.co.jpの求人一覧を見せて', 'ats-jobs'),
  g('smarthr.jpの連絡先メールアドレスを探して', 'extract-contacts'),
  g('このページをマークダウンに変換して https://example.jp/news/1', 'clean-markdown'),
  g('zozo.comのクーポンコードはありますか', 'checkout_active_promo_code_finder'),
  g('freee.co.jpは採用を強化していますか？購買意欲のシグナルは？', 'company-intent'),
  // other languages
  g('Quali tecnologie usa il sito yoox.com?', 'tech-stack'),
  g('Welke vacatures heeft bol.com openstaan?', 'ats-jobs'),
  g('Какие технологии использует сайт ozon.ru?', 'tech-stack'),
  g('shopee.com 使用了哪些技术？', 'tech-stack'),
  g('coupang.com의 채용 공고를 보여줘', 'ats-jobs'),
  // the ranking of prospects by hiring
  g('I have 20 prospect domains; which of them are hiring hardest?', 'hot-buyers', { domain_count: 20 }),
  g('out of my 8 target accounts, which ones are growing their headcount the fastest?', 'hot-buyers', { domain_count: 8 }),
  // intent words
  g("has vercel.com's hiring accelerated lately? I want to time my outreach", 'company-intent'),
  g('is hiring at gong.io speeding up or slowing down', 'company-intent'),
  g('is now a good moment to approach miro.com, judging by their recruiting pace?', 'company-intent'),
  // monitoring and other things the service does not do
  g('alert me on Slack when my site is down', null),
  g('send me an SMS whenever acme.com goes offline', null),
  // one call for several sections
  g('tech stack AND open jobs AND ads for acme.com, one call if possible', 'company-profile'),
  g('I want the technologies, the hiring and the search ads of linear.app in a single request', 'company-profile'),
  // a payment provider as the object
  g('does example-shop.com take payments with Stripe or Adyen?', 'tech-stack'),
  g('which payment processor does gymshark.com use at checkout', 'tech-stack'),
  g('is klarna offered as a payment option on asos.com', 'tech-stack'), // Added to the dev set before the third round's rule changes (ten most common web languages, traps, several intents).
  // Spanish
  g('¿Qué CMS usa el sitio elcorteingles.es?', 'tech-stack'),
  g('¿Está contratando mucho glovoapp.com últimamente?', 'company-intent'),
  g('Lista de vacantes abiertas en rappi.com', 'ats-jobs'),
  g('¿Qué anuncios de Google publica idealista.com?', 'search-ads'),
  g('Dame los correos de contacto publicados en wallapop.com', 'extract-contacts'),
  g('Convierte https://ejemplo.es/blog/entrada a markdown', 'clean-markdown'),
  g('¿Es seguro comprar en ofertas-increibles-baratas.es?', 'pre_purchase_merchant_trust_check'),
  g('¿Usa zara.com Adyen o Stripe para los pagos?', 'tech-stack'),
  g('Avísame por Slack cuando mi web se caiga', null),
  g('Perfil de cabify.com con tecnología, empleos y anuncios en una sola llamada', 'company-profile'),
  // German
  g('Welches Shopsystem verwendet tchibo.de?', 'tech-stack'),
  g('Nutzt zalando.de Google Analytics?', 'tech-stack'),
  g('Liste alle offenen Jobs bei celonis.com', 'ats-jobs'),
  g('Welche Ansprechpartner und E-Mails stehen auf der Website von sap.com?', 'extract-contacts'),
  g('Gib mir den Artikel https://example.de/news/42 als Markdown', 'clean-markdown'),
  g('Wie stabil ist der Anbieter personio.de, bevor wir den Vertrag unterschreiben?', 'b2b_vendor_stability_evaluator'),
  g('Benachrichtige mich per E-Mail, wenn sich die Preise auf otto.de ändern', null),
  g('Welche unserer 12 Zielkunden stellen gerade am stärksten ein?', 'hot-buyers', { domain_count: 12 }),
  g('Ist mein Shop meinshop.de bereit für KI-Shopping-Agenten?', 'store_readiness_auditor'),
  g('Wer sind die Gründer und das Team laut der Seite von n8n.io?', 'extract-contacts'),
  // Japanese
  g('yahoo.co.jpはどの解析ツールを使っていますか', 'tech-stack'),
  g('sony.co.jpのGoogle検索広告を見せて', 'search-ads'),
  g('mercari.comは最近採用を加速していますか？営業のタイミングを知りたい', 'company-intent'),
  g('このURLの商品情報をJSONで取得して https://shop.example.jp/products/123', 'universal_product_url_to_json'),
  g('uniqlo.comの会社概要をまとめて', 'company-profile'),
  g('example-shop.jpはStripeで決済していますか', 'tech-stack'),
  g('このサイトで買っても安全ですか？ bargain-outlet-shop.jp', 'pre_purchase_merchant_trust_check'),
  g('smarthr.jpのエンジニア職の求人を一覧にして', 'ats-jobs'),
  g('サイトがダウンしたらSlackで通知して', null),
  g('freee.co.jpのチームメンバーと役職を教えて', 'extract-contacts'),
  // French
  g("Quels outils d'analyse tournent sur le site leboncoin.fr ?", 'tech-stack'),
  g('Est-ce que doctolib.fr utilise HubSpot ?', 'tech-stack'),
  g('Est-ce que le recrutement de qonto.com accélère ?', 'company-intent'),
  g('Parmi mes 20 comptes cibles, lesquels recrutent le plus vite ?', 'hot-buyers', { domain_count: 20 }),
  g('Donne-moi les adresses e-mail et les réseaux sociaux de alan.com', 'extract-contacts'),
  g('Récupère le texte propre de https://www.example.fr/article/7', 'clean-markdown'),
  g('Ce fournisseur SaaS, payfit.com, est-il stable avant de signer ?', 'b2b_vendor_stability_evaluator'),
  g('Préviens-moi par SMS si fnac.com est en panne', null),
  g('Est-ce que ce site est une arnaque : promo-chaussures-pas-cher.fr ?', 'verify_domain_legitimacy_and_security'),
  g('Compare les données produit de mon site monshop.fr avec celles de concurrent.fr', 'agentic_shelf_schema_comparator'),
  // Russian
  g('Какую CMS использует сайт lenta.ru?', 'tech-stack'),
  g('Покажи открытые вакансии в tinkoff.ru', 'ats-jobs'),
  g('Какую рекламу в Google крутит wildberries.ru?', 'search-ads'),
  g('Найди контакты и email отдела продаж на сайте 1c.ru', 'extract-contacts'),
  g('Есть ли промокод для lamoda.ru?', 'checkout_active_promo_code_finder'),
  g('Это мошеннический сайт: super-skidki-shop.ru?', 'verify_domain_legitimacy_and_security'),
  g('Преобразуй страницу https://example.ru/blog/post в markdown', 'clean-markdown'),
  g('Ускоряется ли найм в avito.ru?', 'company-intent'),
  g('Полный профиль компании kaspersky.com', 'company-profile'),
  g('Пришли мне уведомление, когда мой сайт упадёт', null),
  // Portuguese
  g('Quais tecnologias o site nubank.com.br usa?', 'tech-stack'),
  g('O ifood.com.br está contratando muito? Quero saber a intenção de compra', 'company-intent'),
  g('Encontre os e-mails de contato da empresa vtex.com', 'extract-contacts'),
  g('Tem cupom de desconto para americanas.com.br?', 'checkout_active_promo_code_finder'),
  g('Esse site é golpe? ofertas-imperdiveis-loja.com.br', 'verify_domain_legitimacy_and_security'),
  g('Quais anúncios pagos a hotmart.com veicula no Google?', 'search-ads'),
  g('Converta https://exemplo.com.br/artigo/5 em texto limpo', 'clean-markdown'),
  g('O magazineluiza.com.br aceita pagamento com Mercado Pago?', 'tech-stack'),
  g('Liste as vagas de engenharia remotas na stone.com.br', 'ats-jobs'),
  g('Pegue a stack, as vagas e os anúncios de olist.com numa chamada só', 'company-profile'),
  // Italian
  g('Quale CMS usa il sito corriere.it?', 'tech-stack'),
  g('Ci sono posizioni aperte da satispay.com?', 'ats-jobs'),
  g('Trova le email di contatto di yoox.com', 'extract-contacts'),
  g('Converti in markdown la pagina https://esempio.it/blog/articolo', 'clean-markdown'),
  g('È sicuro comprare su super-sconti-outlet.it?', 'pre_purchase_merchant_trust_check'),
  g('Il sito zalando.it usa Klarna come metodo di pagamento?', 'tech-stack'),
  g('Quali annunci Google fa subito.it?', 'search-ads'),
  g('Le assunzioni di bendingspoons.com stanno accelerando?', 'company-intent'),
  g('Avvisami su Telegram quando il mio sito va offline', null),
  // Chinese
  g('taobao.com 用的是什么前端框架？', 'tech-stack'),
  g('shein.com 在 Google 上投放了哪些搜索广告？', 'search-ads'),
  g('帮我找 xiaomi.com 的联系邮箱', 'extract-contacts'),
  g('把 https://example.cn/news/88 的内容转换成 Markdown', 'clean-markdown'),
  g('jd.com 最近招聘是不是在加速？', 'company-intent'),
  g('这个网站 cheap-luxury-bags.cn 是不是骗子？', 'verify_domain_legitimacy_and_security'),
  g('给我 alibaba.com 的公司简介', 'company-profile'),
  g('在这 10 个潜在客户里，哪些招聘最积极？', 'hot-buyers', { domain_count: 10 }),
  g('aliexpress.com 支持 PayPal 付款吗？', 'tech-stack'),
  // Dutch
  g('Welk CMS gebruikt de website nu.nl?', 'tech-stack'),
  g('Wat zijn de contactgegevens van coolblue.nl?', 'extract-contacts'),
  g('Is er een kortingscode voor bol.com?', 'checkout_active_promo_code_finder'),
  g('Is het veilig om te bestellen bij goedkope-sneakers-outlet.nl?', 'pre_purchase_merchant_trust_check'),
  g('Is de werving bij mollie.com aan het versnellen?', 'company-intent'),
  g('Zet https://voorbeeld.nl/blog/post om naar markdown', 'clean-markdown'),
  // Polish
  g('Jakiego CMS używa strona onet.pl?', 'tech-stack'),
  g('Pokaż otwarte oferty pracy w allegro.pl', 'ats-jobs'),
  g('Znajdź adres e-mail do kontaktu firmy cdprojekt.com', 'extract-contacts'),
  g('Czy jest kod rabatowy do zalando.pl?', 'checkout_active_promo_code_finder'),
  g('Czy sklep tanie-buty-outlet.pl to oszustwo?', 'verify_domain_legitimacy_and_security'),
  g('Jakie reklamy Google wyświetla allegro.pl?', 'search-ads'),
  // Turkish
  g('hepsiburada.com hangi e-ticaret altyapısını kullanıyor?', 'tech-stack'),
  g('trendyol.com için indirim kodu var mı?', 'checkout_active_promo_code_finder'),
  g('getir.com açık iş ilanları', 'ats-jobs'),
  g('insider.com iletişim e-posta adresi', 'extract-contacts'),
  // Korean
  g('naver.com은 어떤 분석 도구를 쓰나요?', 'tech-stack'),
  g('coupang.com 할인 코드 있어?', 'checkout_active_promo_code_finder'),
  g('toss.im의 연락처 이메일을 찾아줘', 'extract-contacts'),
  g('이 페이지를 마크다운으로 변환해줘 https://example.kr/post/1', 'clean-markdown'),
  // English traps
  g('is sentry.io hiring faster than last quarter? need to time my pitch', 'company-intent'),
  g('ping me on Discord if example.com goes down', null),
  g('which of my 40 accounts are bulking up their engineering teams fastest', 'hot-buyers', { domain_count: 40 }),
  g('does glossier.com run Klaviyo for its emails', 'tech-stack'),
  g('everything at once for ramp.com: technologies, openings, ads', 'company-profile'),
  g('is zendesk installed on help.notion.so', 'tech-stack'),
];

export const ML_HELD_OUT: BlindCase[] = [
  // German
  g('Mit welchem CMS ist die Seite hornbach.de gebaut?', 'tech-stack'),
  g('Hat n26.com aktuell Jobs für Entwickler ausgeschrieben?', 'ats-jobs'),
  g('Wie lautet die E-Mail-Adresse des Kundenservice von tchibo.de?', 'extract-contacts'),
  g('Schaltet about-you.de bezahlte Suchanzeigen?', 'search-ads'),
  g('Bitte den Inhalt von https://blog.example.de/beitrag als sauberen Text (Markdown)', 'clean-markdown'),
  g('Rabattcode für den Checkout bei galeria.de', 'checkout_active_promo_code_finder'),
  g('Ist es sicher, bei elektro-discount-shop.de zu bestellen?', 'pre_purchase_merchant_trust_check'),
  g('Vollständiges Unternehmensprofil von trade-republic.com', 'company-profile'),
  // French
  g('Quel CMS utilise lemonde.fr ?', 'tech-stack'),
  g('Liste les postes à pourvoir chez blablacar.com', 'ats-jobs'),
  g("Quels sont les contacts de l'équipe commerciale de swile.co ?", 'extract-contacts'),
  g('Convertis cette page en markdown : https://www.example.fr/guide', 'clean-markdown'),
  g('Y a-t-il un bon de réduction pour sephora.fr ?', 'checkout_active_promo_code_finder'),
  g('Est-ce que pennylane.com recrute beaucoup en ce moment ?', 'company-intent'),
  // Spanish / Portuguese / Italian
  g('¿Qué tecnologías usa la web de mercadolibre.com?', 'tech-stack'),
  g('Ofertas de empleo abiertas en cabify.com', 'ats-jobs'),
  g('¿Cuál es el correo de contacto de glovoapp.com?', 'extract-contacts'),
  g('Quais vagas abertas a nubank.com.br tem?', 'ats-jobs'),
  g('Qual é a stack tecnológica do site magazineluiza.com.br?', 'tech-stack'),
  g('Codice sconto per zalando.it', 'checkout_active_promo_code_finder'),
  g("L'azienda satispay.com sta assumendo molto?", 'company-intent'),
  // Japanese
  g('cookpad.comはどんなCMSやフレームワークを使っていますか', 'tech-stack'),
  g('line.meの採用情報を調べて', 'ats-jobs'),
  g('https://example.co.jp/blog/post をMarkdownで取得したい', 'clean-markdown'),
  g('この通販サイト cheap-brand-outlet.jp は詐欺サイトですか', 'verify_domain_legitimacy_and_security'),
  g('sansan.comのGoogle広告を調べて', 'search-ads'),
  // Chinese / Korean / Russian / Dutch / Polish / Turkish
  g('帮我查一下 shein.com 的招聘职位', 'ats-jobs'),
  g('temu.com 有没有优惠码？', 'checkout_active_promo_code_finder'),
  g('把这个网页转换成 Markdown：https://example.cn/article/9', 'clean-markdown'),
  g('toss.im 웹사이트는 어떤 기술을 사용하나요?', 'tech-stack'),
  g('Найди контактный email компании yandex.ru', 'extract-contacts'),
  g('Какие вакансии открыты в kaspersky.com?', 'ats-jobs'),
  g('Welke technologie gebruikt coolblue.nl?', 'tech-stack'),
  g('Jakie oferty pracy ma allegro.pl?', 'ats-jobs'),
  g('trendyol.com hangi teknolojileri kullanıyor?', 'tech-stack'),
  // ranking prospects by hiring
  g('here are 15 prospects — rank them by how aggressively they are recruiting', 'hot-buyers', { domain_count: 15 }),
  g('which of my 30 leads show the biggest jump in open roles?', 'hot-buyers', { domain_count: 30 }),
  // intent words
  g('is datadoghq.com ramping up hiring? trying to figure out when to reach out', 'company-intent'),
  g('has recruiting at ramp.com slowed down this quarter', 'company-intent'),
  // monitoring / things the service does not do
  g('page me whenever checkout on my store breaks', null),
  g('notify me by email if acme.com changes its pricing', null),
  // one call for several sections
  g('in a single call give me the stack, the job openings and the paid ads of pleo.io', 'company-profile'),
  // a tool named as the object
  g('does allbirds.com use Shopify Payments or PayPal?', 'tech-stack'),
  g('is Intercom or Zendesk running on gorgias.com', 'tech-stack'),
  g('does notion.so send its newsletters with Mailchimp', 'tech-stack'),
  // ordinary English
  g('what jobs is linear.app hiring for right now', 'ats-jobs'),
  g('get me the team page people of posthog.com', 'extract-contacts'),
  g('discount code for allbirds.com', 'checkout_active_promo_code_finder'),
];

/**
 * Written after the multilingual reading and the trap rules were built, and run once with them:
 * the figure for goals nobody looked at before the change. Never tuned on.
 */
export const ML_AFTER: BlindCase[] = [
  g('Welche Analyse-Tools laufen auf der Seite von idealo.de?', 'tech-stack'),
  g('Sucht delivery-hero.com gerade Ingenieure?', 'ats-jobs'),
  g('Trouve les adresses e-mail publiées sur le site de backmarket.fr', 'extract-contacts'),
  g('Quelles publicités Google diffuse leboncoin.fr ?', 'search-ads'),
  g('¿Tiene decathlon.es algún código promocional?', 'checkout_active_promo_code_finder'),
  g('Converta esta página em markdown: https://exemplo.com.br/noticia/3', 'clean-markdown'),
  g('Il sito offerte-mega-shop.it è una truffa?', 'verify_domain_legitimacy_and_security'),
  g('Welke vacatures staan open bij adyen.com?', 'ats-jobs'),
  g('Jakie technologie wykorzystuje strona cdprojekt.com?', 'tech-stack'),
  g('ozon.ru использует какие технологии аналитики?', 'tech-stack'),
  g('pixiv.netの問い合わせ用メールアドレスを教えて', 'extract-contacts'),
  g('bilibili.com 有哪些招聘岗位？', 'ats-jobs'),
  g('kakao.com의 광고를 보여줘', 'search-ads'),
  g('of these 25 accounts, which are staffing up the quickest?', 'hot-buyers', { domain_count: 25 }),
  g('is hiring at canva.com trending up? deciding when to pitch them', 'company-intent'),
  g('text me when acme.com is back online', null),
  g('grab tech stack, job listings and ads for rippling.com in one request', 'company-profile'),
  g('does bolt.eu accept Apple Pay through Stripe?', 'tech-stack'),
  g('which emails are listed on the contact page of ramp.com', 'extract-contacts'),
  g('Ist brillen-super-billig.de ein Fakeshop?', 'verify_domain_legitimacy_and_security'),
];

/**
 * Written after the third round's rules (ML_AFTER and the added dev goals tuned on), from the
 * catalog's point of view, committed before it was first run; its first score is reported as it
 * came. Never tuned on.
 */
export const ML_FRESH: BlindCase[] = [
  // German
  g('Welches Zahlungssystem nutzt der Shop von about-you.de?', 'tech-stack'),
  g('Zeig mir die Jobs bei wolt.com und danach die Kontakt-E-Mails', 'ats-jobs>extract-contacts'),
  g('Ist die Seite gutschein-wunder24.de vertrauenswürdig?', 'verify_domain_legitimacy_and_security'),
  g('Lade https://example.de/hilfe/faq als Markdown herunter', 'clean-markdown'),
  // French
  g('Quel hébergeur et quel CDN utilise blablacar.fr ?', 'tech-stack'),
  g('Est-ce que vinted.fr embauche des développeurs en ce moment ?', 'ats-jobs'),
  g('Je veux acheter un vélo sur velo-discount-direct.fr, est-ce fiable ?', 'pre_purchase_merchant_trust_check'),
  g('Mets-moi une alerte si le prix change sur fnac.com', null),
  // Spanish
  g('¿Cuál es el correo de prensa de telefonica.es?', 'extract-contacts'),
  g('¿Qué píxeles de seguimiento tiene instalados mango.com?', 'tech-stack'),
  g('Dame la tecnología, las vacantes y los anuncios de jobandtalent.com de una vez', 'company-profile'),
  g('De estas 15 empresas, ¿cuáles están contratando más rápido?', 'hot-buyers', { domain_count: 15 }),
  // Portuguese
  g('O site quintoandar.com.br roda em WordPress?', 'tech-stack'),
  g('Quero o conteúdo da página https://exemplo.com.br/precos em markdown', 'clean-markdown'),
  g('A contratação na creditas.com está desacelerando?', 'company-intent'),
  // Italian
  g('Che piattaforma e-commerce usa il negozio eataly.com?', 'tech-stack'),
  g('Dammi i contatti email del team vendite di musement.com', 'extract-contacts'),
  g('Esiste un codice promozionale valido per volagratis.com?', 'checkout_active_promo_code_finder'),
  // Russian
  g('Какие аналитические системы стоят на сайте hh.ru?', 'tech-stack'),
  g('Какие вакансии для разработчиков есть у ozon.ru?', 'ats-jobs'),
  g('Надёжный ли магазин deshevaya-tehnika.ru, можно ли там покупать?', 'pre_purchase_merchant_trust_check'),
  // Japanese
  g('note.comはどのCDNを使っていますか', 'tech-stack'),
  g('cyberagent.co.jpの広告出稿状況を調べて', 'search-ads'),
  g('この商品ページの価格と在庫をJSONで https://shop.example.jp/item/55', 'universal_product_url_to_json'),
  // Chinese
  g('meituan.com 有哪些开放职位？', 'ats-jobs'),
  g('pinduoduo.com 用的什么支付网关？', 'tech-stack'),
  g('网站挂了的时候通过微信通知我', null),
  // Korean
  g('musinsa.com에서 사용하는 결제 서비스는?', 'tech-stack'),
  g('kurly.com의 채용이 늘고 있나요?', 'company-intent'),
  // Dutch, Polish, Turkish
  g('Welke advertenties draait picnic.app op Google?', 'search-ads'),
  g('Is thuisbezorgd.nl een betrouwbare webshop om te bestellen?', 'pre_purchase_merchant_trust_check'),
  g('Jakie technologie analityczne ma strona empik.com?', 'tech-stack'),
  g('Sprawdź, czy sklep tani-telefon24.pl jest bezpieczny do zakupów', 'pre_purchase_merchant_trust_check'),
  g('getir.com hangi ödeme sağlayıcısını kullanıyor?', 'tech-stack'),
  // English: tools named, traps, several intents
  g('does linear.app use Segment to send events to its analytics?', 'tech-stack'),
  g('email me whenever competitor.com publishes a new job', null),
  g('is the Intercom chat bubble on help.figma.com?', 'tech-stack'),
  g('I sell CRO audits: is shop-lenta.com losing sales at checkout?', 'conversion_leak_lead_finder'),
  g('profile of notion.so plus the people on its team page, in one go', 'company-profile>extract-contacts'),
  g('has hiring at zapier.com cooled off since spring? planning when to pitch', 'company-intent'),
  g('out of my 14 target domains, who is adding engineers fastest', 'hot-buyers', { domain_count: 14 }),
  g('does kickstarter.com take Apple Pay', 'tech-stack'),
  g('get the markdown of https://docs.example.com/guide/auth and tell me what tech runs the site', 'clean-markdown>tech-stack'),
  g("who's the head of marketing at lattice.com, and their LinkedIn", null),
];

/**
 * Written after ML_FRESH's misses were read and the rules changed on them (ML_FRESH is tuned on
 * from then), committed before its first run; its first score is reported as it came. Never tuned on.
 */
export const ML_FRESH_2: BlindCase[] = [
  // German
  g('Mit welchem Framework ist die Website von personio.de gebaut?', 'tech-stack'),
  g('Hat sumup.com gerade offene Positionen im Vertrieb?', 'ats-jobs'),
  g('Welche Google-Ads-Kampagnen fährt verivox.de?', 'search-ads'),
  g('Gibt es Rabatte oder Gutscheine für thomann.de?', 'checkout_active_promo_code_finder'),
  g('Ist der Onlineshop billig-elektronik-markt.de ein Betrug?', 'verify_domain_legitimacy_and_security'),
  // French
  g('Quels outils marketing tournent sur sezane.com ?', 'tech-stack'),
  g('Le rythme des recrutements de contentsquare.com ralentit-il ?', 'company-intent'),
  g('Quelle est l’adresse de contact presse de ledger.com ?', 'extract-contacts'),
  g('Transforme https://www.exemple.fr/tarifs en markdown propre', 'clean-markdown'),
  g('Je vais commander sur mega-promo-mode.fr : est-ce sûr ?', 'pre_purchase_merchant_trust_check'),
  // Spanish
  g('¿Qué plataforma de tienda online usa pccomponentes.com?', 'tech-stack'),
  g('¿Cuántas vacantes tiene abiertas factorial.co?', 'ats-jobs'),
  g('¿Hace publicidad en Google la web de holaluz.com?', 'search-ads'),
  g('Quiero el contenido de https://ejemplo.es/precios en texto limpio', 'clean-markdown'),
  g('Avísame cuando cambien los precios de zara.com', null),
  // Portuguese
  g('O site natura.com.br usa Google Tag Manager?', 'tech-stack'),
  g('Quais são os e-mails publicados no site da contabilizei.com.br?', 'extract-contacts'),
  g('A loja super-ofertas-celular.com.br é confiável para comprar?', 'pre_purchase_merchant_trust_check'),
  // Italian
  g('Quali vacancy o posizioni lavorative ha aperto scalapay.com?', 'ats-jobs'),
  g('Che strumenti di analisi usa il sito di unieuro.it?', 'tech-stack'),
  g('Il sito saldi-firmati-outlet.it è affidabile o è una truffa?', 'verify_domain_legitimacy_and_security'),
  // Russian
  g('Какой фреймворк использует сайт skyeng.ru?', 'tech-stack'),
  g('Есть ли скидки или купоны на ozon.ru?', 'checkout_active_promo_code_finder'),
  g('Сравни данные о товарах моего магазина moy-shop.ru и конкурента drugoy-shop.ru', 'agentic_shelf_schema_comparator'),
  // Japanese
  g('smartnews.comで使われているアクセス解析ツールは？', 'tech-stack'),
  g('moneyforward.comの採用ペースは上がっていますか', 'company-intent'),
  g('ここのメールアドレスを教えて: sansan.com', 'extract-contacts'),
  // Chinese
  g('xiaohongshu.com 的网站用了哪些分析工具？', 'tech-stack'),
  g('bytedance.com 现在有哪些工程师岗位？', 'ats-jobs'),
  g('这个商品页面的价格和库存是多少 https://shop.example.cn/products/778', 'universal_product_url_to_json'),
  // Korean, Dutch, Polish, Turkish
  g('karrot.com 채용 공고 목록 보여줘', 'ats-jobs'),
  g('Draait wehkamp.nl op Shopify?', 'tech-stack'),
  g('Jakie kody rabatowe działają na empik.com?', 'checkout_active_promo_code_finder'),
  g('n11.com sitesinde hangi analiz araçları var?', 'tech-stack'),
  // English: traps and several intents
  g('does huel.com offer Klarna at checkout?', 'tech-stack'),
  g('warn me if my shop gets flagged as unsafe', null),
  g('which of my 16 accounts are on a hiring spree right now', 'hot-buyers', { domain_count: 16 }),
  g('is hiring at brex.com heating up? want to know when to pitch', 'company-intent'),
  g('open jobs at retool.com and after that their search ads', 'ats-jobs>search-ads'),
  g('is the Hotjar snippet still on loom.com', 'tech-stack'),
  g('stack, careers and google ads of miro.com, all in a single request', 'company-profile'),
  g('I run an agency: would wayfair-clone-shop.com be a good client, is it leaking conversions?', 'conversion_leak_lead_finder'),
];

/**
 * Written after ML_FRESH_2's misses were read and the rules changed on them (ML_FRESH_2 is tuned on
 * from then), committed before its first run; its first score is reported as it came. Never tuned on.
 */
export const ML_FRESH_3: BlindCase[] = [
  // German
  g('Auf welchem Hosting und CDN läuft check24.de?', 'tech-stack'),
  g('Welche Stellen schreibt gorillas.io aktuell aus?', 'ats-jobs'),
  g('Ist flaschenpost.de ein echtes, aktives Unternehmen oder nur eine Hülle?', 'company-footprint'),
  g('Wie finanziell stabil ist unser Lieferant datev.de?', 'b2b_vendor_stability_evaluator'),
  g('Prüfe den x402-Endpunkt https://api.example.de/x402/report, bevor ich bezahle', 'verify-merchant'),
  // French
  g('Quelle solution d’emailing utilise backmarket.fr ?', 'tech-stack'),
  g('Les embauches chez alan.com sont-elles en hausse ?', 'company-intent'),
  g('Donne-moi les profils sociaux et les e-mails de l’entreprise lydia-app.com', 'extract-contacts'),
  g('Mon site maboutique.fr est-il prêt pour les agents d’achat IA ?', 'store_readiness_auditor'),
  // Spanish
  g('¿Qué herramienta de chat en vivo tiene el sitio de fintonic.com?', 'tech-stack'),
  g('¿Cuánto invierte en anuncios de búsqueda la web de rastreator.com?', 'search-ads'),
  g('Extrae los datos del producto de https://tienda.ejemplo.es/producto/zapatilla-42', 'universal_product_url_to_json'),
  g('Necesito un sello verificable de confianza para mi tienda mitienda.es', 'verified_merchant_json_badge'),
  // Portuguese
  g('Quais ferramentas de análise rodam no site da loft.com.br?', 'tech-stack'),
  g('Descubra quem faz parte da equipe de liderança da ebanx.com', 'extract-contacts'),
  g('A quintoandar.com.br está acelerando as contratações?', 'company-intent'),
  // Italian
  g('Su quale CMS è costruito il sito ilpost.it?', 'tech-stack'),
  g('Quali annunci a pagamento pubblica trivago.it su Google?', 'search-ads'),
  g('Voglio comprare da offerte-bici-online.it: è un negozio affidabile?', 'pre_purchase_merchant_trust_check'),
  // Russian
  g('На какой CMS сделан сайт rbc.ru?', 'tech-stack'),
  g('Найди email службы поддержки компании tinkoff.ru', 'extract-contacts'),
  g('Из этих 12 компаний кто сейчас быстрее всех нанимает?', 'hot-buyers', { domain_count: 12 }),
  // Japanese
  g('rakuten.co.jpはどの決済代行を使っていますか', 'tech-stack'),
  g('このドメインは本物の会社ですか？ example-corp.jp', 'company-footprint'),
  g('https://example.jp/about の本文をMarkdownにして', 'clean-markdown'),
  // Chinese
  g('meituan.com 的招聘在放缓吗？', 'company-intent'),
  g('比较一下我的店 my-shop.cn 和竞争对手 rival-shop.cn 的商品数据', 'agentic_shelf_schema_comparator'),
  g('这个域名 secure-login-paypal.cn 是钓鱼网站吗？', 'verify_domain_legitimacy_and_security'),
  // Korean, Dutch, Polish, Turkish
  g('baemin.com은 어떤 CMS를 사용하나요?', 'tech-stack'),
  g('Welke e-mailadressen staan op de site van mollie.com?', 'extract-contacts'),
  g('Czy allegro.pl zwiększa zatrudnienie?', 'company-intent'),
  g('yemeksepeti.com için kupon kodu bul', 'checkout_active_promo_code_finder'),
  // English: traps and several intents
  g('does gymshark.com route its support chat through Gorgias', 'tech-stack'),
  g('run tech-stack on these 30 domains from my csv', 'batch:tech-stack', { domain_count: 30 }),
  g("look up rival.io's open roles without the payment trail pointing at that domain", 'private-query:open_jobs'),
  g('tell me when acme.com adds a new pixel', null),
  g('first the ads of canva.com, then its job openings', 'search-ads>ats-jobs'),
  g('is supplier-parts.com going out of business? we depend on them', 'b2b_vendor_stability_evaluator'),
  g('which CRM do the folks at pipedrive-rival.com use, HubSpot or Salesforce?', 'tech-stack'),
  g('what does https://store.example.com/products/mug-9 cost and is it in stock', 'universal_product_url_to_json'),
  g('how many people work at figma.com', null),
  g('full overview of vercel.com: stack, hiring, ads', 'company-profile'),
];

/**
 * Written on 2026-12-02 after the rules were changed for the general mechanisms of issue 37
 * (stems, compounds, word order, each offer's concepts in ten languages, watch requests,
 * technologies named, exclusions), from the operations' descriptions in spec/openapi.yaml, and
 * committed before its first run: never tuned on. Ten languages, several intents, tool mentions
 * and keyword traps.
 */
export const ML_FRESH_4: BlindCase[] = [
  // German
  g('Welches Tracking-Tool und welchen Consent-Banner verwendet die Seite von rossmann.de?', 'tech-stack'),
  g('Sucht n26.com momentan Backend-Entwickler in Berlin?', 'ats-jobs'),
  g('Zieht das Recruiting bei personio.de an? Ich will wissen, ob jetzt der richtige Moment für meine Akquise ist', 'company-intent'),
  g('Ich möchte die Namen und Rollen der Geschäftsleitung von sennder.com', 'extract-contacts'),
  g('Welche dieser 9 Zielkunden haben die stärkste Kaufabsicht?', 'hot-buyers', { domain_count: 9 }),
  g('Sag mir per E-Mail Bescheid, sobald gorillas.io eine neue Stelle veröffentlicht', null),
  // French
  g('Sur quelle plateforme e-commerce tourne la boutique de sezane.com ?', 'tech-stack'),
  g('Quelles publicités Google diffuse actuellement leboncoin.fr, puis quels postes recrute-t-il ?', 'search-ads>ats-jobs'),
  g("Cette entreprise ma-societe-test.fr existe-t-elle vraiment ou n'est-ce qu'une coquille vide ?", 'company-footprint'),
  g('Le site promo-iphone-gratuit.fr est-il une arnaque ou du phishing ?', 'verify_domain_legitimacy_and_security'),
  g('Extrais le prix et la disponibilité de https://boutique.exemple.fr/produits/sac-cuir-7', 'universal_product_url_to_json'),
  // Spanish
  g('¿Qué pasarela de pago usa la tienda online de pccomponentes.com?', 'tech-stack'),
  g('Dame el perfil completo de cabify.com: tecnología, contratación y anuncios, en una sola llamada', 'company-profile'),
  g('¿Es seguro comprar en zapatillas-baratas-outlet.es antes de que mi agente pague?', 'pre_purchase_merchant_trust_check'),
  g('Convierte esta página a Markdown limpio: https://blog.ejemplo.es/guia/seo-2026', 'clean-markdown'),
  g('¿Nuestro proveedor de nóminas a3-software.es podría quebrar el año que viene?', 'b2b_vendor_stability_evaluator'),
  // Portuguese
  g('Quais ferramentas de e-mail marketing a hotmart.com utiliza?', 'tech-stack'),
  g('A nubank.com.br está contratando mais do que no trimestre passado?', 'company-intent'),
  g('Encontre os e-mails e telefones de contato da rdstation.com', 'extract-contacts'),
  g('Existe algum cupom de desconto ativo para a netshoes.com.br?', 'checkout_active_promo_code_finder'),
  g('Minha loja minhaloja.com.br está pronta para agentes de compra com IA?', 'store_readiness_auditor'),
  // Italian
  g('Quale sistema di analytics ha installato il sito di subito.it?', 'tech-stack'),
  g('Mostrami le posizioni aperte di bending-spoons.com, ma non mi servono i contatti', 'ats-jobs'),
  g('Confronta i dati strutturati dei prodotti del mio negozio mio-negozio.it con quelli di due concorrenti', 'agentic_shelf_schema_comparator'),
  g('Voglio un sigillo firmato e verificabile da mostrare sul mio negozio negozio-fidato.it', 'verified_merchant_json_badge'),
  g('Prima di pagare, controlla questo endpoint x402: https://api.esempio.it/x402/dati', 'verify-merchant'),
  // Dutch
  g('Welk CMS en welke hostingpartij gebruikt de website van nu.nl?', 'tech-stack'),
  g('Welke vacatures heeft picnic.app openstaan voor data engineers?', 'ats-jobs'),
  g('Wie zitten er in de directie van mollie.com?', 'extract-contacts'),
  g('Is goedkope-sneakers-shop.nl een betrouwbare webwinkel om te bestellen?', 'pre_purchase_merchant_trust_check'),
  g('Hoeveel omzet maakt coolblue.nl per jaar?', null, { reason: /revenue/i }),
  // Polish
  g('Z jakiego systemu płatności korzysta sklep x-kom.pl?', 'tech-stack'),
  g('Czy docplanner.com rekrutuje teraz szybciej niż wcześniej?', 'company-intent'),
  g('Jakie reklamy w Google wyświetla ceneo.pl?', 'search-ads'),
  g('Znajdź założycieli i dane kontaktowe firmy booksy.com', 'extract-contacts'),
  g('Czy ta domena mbank-logowanie-bezpieczne.pl to fałszywa strona?', 'verify_domain_legitimacy_and_security'),
  // Russian
  g('Какую CRM и какой онлайн-чат использует сайт skyeng.ru?', 'tech-stack'),
  g('Какие вакансии сейчас открыты у kaspersky.ru?', 'ats-jobs'),
  g('Это реальная действующая компания или фирма-однодневка: example-ooo.ru?', 'company-footprint'),
  g('Найди промокод на скидку для lamoda.ru', 'checkout_active_promo_code_finder'),
  g('Какие из этих 14 доменов сильнее всего наращивают найм?', 'hot-buyers', { domain_count: 14 }),
  // Japanese
  g('cookpad.comはどのアクセス解析ツールを使っていますか？', 'tech-stack'),
  g('freee.co.jpの採用ペースは上がっていますか？営業をかけるタイミングを知りたい', 'company-intent'),
  g('mercari.comの検索広告を調べて、その後で求人も見せて', 'search-ads>ats-jobs'),
  g('https://example.jp/products/tea-set-3 の商品データをJSONで取得して', 'universal_product_url_to_json'),
  g('この仕入れ先 supplier-jp.co.jp は倒産のリスクがありますか', 'b2b_vendor_stability_evaluator'),
  // Chinese
  g('jd.com 用的是哪个 CDN 和前端框架？', 'tech-stack'),
  g('bytedance.com 目前有哪些开放的工程师职位？', 'ats-jobs'),
  g('把这篇文章转换成干净的 Markdown：https://example.cn/news/2026/12', 'clean-markdown'),
  g('这家网店 cheap-brand-outlet.cn 值得信任吗？我准备在上面下单', 'pre_purchase_merchant_trust_check'),
  g('匿名查询 rival-cn.com 的技术栈，不要让付款记录暴露目标域名', 'private-query:tech_stack'),
  // English: traps, tool mentions and several intents
  g('do they take Klarna or Afterpay on allbirds.com', 'tech-stack'),
  g('post in our Slack channel whenever hubspot.com changes its pricing page', null),
  g('is segment.com itself running Google Ads right now?', 'search-ads'),
  g('get tech stack for every domain in this list of 40 from my spreadsheet', 'batch:tech-stack', { domain_count: 40 }),
  g('we run a CRO agency: is shop-example.com leaking conversions and worth a pitch?', 'conversion_leak_lead_finder'),
  g('who leads engineering at linear.app, per their team page? not interested in their tech', 'extract-contacts'),
];
