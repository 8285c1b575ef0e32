/**
 * Round 5 of issue 37: goals written for the classes of failure the fourth fresh set showed, not
 * for its cases: German and Dutch separable verbs (and the same verbs joined in a subordinate
 * clause), leading as a verb and roles beside names (people, not jobs), comparisons over time
 * ("more than last year"), watch requests with "whenever / every time / as soon as" and a channel
 * between the words, exclusions in each language, Russian case endings, Japanese and Chinese
 * compounds without spaces. Written and committed, labels first, before the rules were changed:
 * the dev set of round 5 (tuned on). expect as in advisor-goals.ts.
 */
import type { BlindCase } from './advisor-goals-blind.ts';

type Extra = Omit<BlindCase, 'goal' | 'expect'>;
const g = (goal: string, expect: string | null, extra: Extra = {}): BlindCase => ({ goal, expect, ...extra });
const watch = (goal: string): BlindCase => g(goal, null, { reason: /monitor/i });

export const ML_DEV_5: BlindCase[] = [
  // separable verbs: the particle at the clause's end, the verb joined in a subordinate clause
  g('Stellt trade-republic.com zurzeit Data Scientists ein?', 'ats-jobs'),
  g('Nimmt die Zahl der Neueinstellungen bei flix.com gerade zu?', 'company-intent'),
  g('Baut hellofresh.com Personal ab oder stellt die Firma weiter ein?', 'company-intent'),
  g('Schau dir die Google-Anzeigen von check24.de an', 'search-ads'),
  g('Welche Zahlungsanbieter setzt der Shop von otto.de ein?', 'tech-stack'),
  g('Wie viel gibt zalando.de für Google-Werbung aus?', 'search-ads'),
  g('Ich will wissen, ob celonis.com gerade mehr Leute einstellt als letztes Jahr', 'company-intent'),
  g('Kündigt about-you.de neue Stellen auf seiner Karriereseite an?', 'ats-jobs'),
  g('Neemt bol.com op dit moment nieuwe developers aan?', 'ats-jobs'),
  g('Welke analysetools zet coolblue.nl in op de website?', 'tech-stack'),
  g('Hoeveel geeft booking.com uit aan zoekadvertenties?', 'search-ads'),
  g('Neemt het aantal vacatures bij adyen.com toe?', 'company-intent'),
  g('Kijk eens naar de Google-advertenties van ah.nl', 'search-ads'),
  // leading as a verb, roles beside names: people; roles that are open: jobs
  g('who runs marketing at notion.so? their team page should say', 'extract-contacts'),
  g('who heads the sales team at gong.io', 'extract-contacts'),
  g('which people lead product at figma.com', 'extract-contacts'),
  g('Wer leitet den Vertrieb bei personio.de?', 'extract-contacts'),
  g('Namen und Funktionen des Vorstands von celonis.com', 'extract-contacts'),
  g("Qui dirige l'équipe technique de doctolib.fr ?", 'extract-contacts'),
  g('¿Quién lidera el equipo de ventas de cabify.com?', 'extract-contacts'),
  g('Quem comanda a área de marketing da vtex.com?', 'extract-contacts'),
  g('Chi guida il reparto vendite di satispay.com?', 'extract-contacts'),
  g('Wie leidt het engineeringteam van mollie.com?', 'extract-contacts'),
  g('Кто руководит отделом продаж в skyeng.ru?', 'extract-contacts'),
  g('sansan.comの営業部門を率いているのは誰ですか', 'extract-contacts'),
  g('shein.com 的市场部由谁负责？', 'extract-contacts'),
  g('Nombres y cargos del equipo directivo de glovoapp.com', 'extract-contacts'),
  g('Nomi e ruoli del team di gestione di scalapay.com', 'extract-contacts'),
  g('cybozu.co.jpの経営陣の名前と役職を教えて', 'extract-contacts'),
  g('which Python roles is stripe.com hiring for', 'ats-jobs'),
  g('Quais cargos a vtex.com tem abertos agora?', 'ats-jobs'),
  g('Welche Rollen sind bei n26.com gerade offen?', 'ats-jobs'),
  // comparisons over time: hiring intent as it changes
  g('A ifood.com.br está contratando mais gente do que no ano passado?', 'company-intent'),
  g('¿Contrata glovoapp.com más ingenieros que hace un año?', 'company-intent'),
  g("Est-ce que alan.com embauche plus qu'au trimestre précédent ?", 'company-intent'),
  g('satispay.com sta assumendo più persone rispetto allo scorso trimestre?', 'company-intent'),
  g('Sucht flix.com mehr Mitarbeiter als im Vorjahr?', 'company-intent'),
  g('Werft picnic.app meer mensen dan een jaar geleden?', 'company-intent'),
  g('Нанимает ли ozon.ru больше людей, чем год назад?', 'company-intent'),
  g('line.meは昨年と比べて採用を増やしていますか', 'company-intent'),
  g('和上个季度相比，xiaomi.com 的招聘在增加吗？', 'company-intent'),
  g('is ramp.com hiring more people now than a year ago?', 'company-intent'),
  g('compared with last quarter, are there more open roles at deel.com?', 'company-intent'),
  // watch requests: whenever / every time / as soon as, a channel between the words
  watch('drop a message in our Teams channel every time shopify.com launches a new feature page'),
  watch('let me know via SMS as soon as stripe.com opens a new role in Dublin'),
  watch('Schick mir jedes Mal eine Nachricht, wenn zalando.de neue Anzeigen schaltet'),
  watch('Gib mir per Slack Bescheid, sobald sich die Preisseite von personio.de ändert'),
  watch('Préviens-moi par e-mail dès que doctolib.fr publie une nouvelle offre'),
  watch('Avísame por WhatsApp cada vez que cabify.com publique una vacante'),
  watch('Me avise no Slack assim que a vtex.com mudar a página de preços'),
  watch('Mandami una notifica ogni volta che satispay.com pubblica un nuovo annuncio'),
  watch('Laat me via e-mail weten zodra bol.com een nieuwe vacature plaatst'),
  watch('Напиши мне в Telegram, как только ozon.ru опубликует новую вакансию'),
  watch('rakuten.co.jpが新しい求人を出したらすぐにSlackで知らせて'),
  watch('每当 jd.com 发布新的职位时，在企业微信里通知我'),
  // exclusions in each language
  g('Kein Interesse an der Technik, ich brauche nur die offenen Stellen von n26.com', 'ats-jobs'),
  g("Je n'ai pas besoin du stack technique : seulement les e-mails de contact de alan.com", 'extract-contacts'),
  g('Sin el stack tecnológico, solo los anuncios de Google de cabify.com', 'search-ads'),
  g('Não quero os contatos, só as vagas abertas da vtex.com', 'ats-jobs'),
  g('Niente contatti: mi servono solo le tecnologie usate da subito.it', 'tech-stack'),
  g('Geen vacatures nodig, alleen de tech stack van bol.com', 'tech-stack'),
  g('Контакты не нужны, только вакансии hh.ru', 'ats-jobs'),
  g('連絡先は不要で、mercari.comの検索広告だけ見せて', 'search-ads'),
  g('不需要联系方式，只要 jd.com 的技术栈', 'tech-stack'),
  // Russian case endings
  g('Какими технологиями пользуется avito.ru?', 'tech-stack'),
  g('Расскажи о рекламных кампаниях yandex.ru в Google', 'search-ads'),
  g('Сколько открытых вакансий у tinkoff.ru?', 'ats-jobs'),
  g('Найди электронные адреса и телефоны сотрудников на сайте skbkontur.ru', 'extract-contacts'),
  g('Является ли magazin-deshevo.ru мошенническим сайтом?', 'verify_domain_legitimacy_and_security'),
  // Japanese and Chinese compounds without spaces
  g('smarthr.jpのサイトで使われている決済サービスは？', 'tech-stack'),
  g('pinduoduo.com 的广告投放情况怎么样？', 'search-ads'),
  g('帮我查一下 xiaohongshu.com 官网上的联系邮箱', 'extract-contacts'),
  g('这个网站 taobao-discount.cn 是不是钓鱼网站？', 'verify_domain_legitimacy_and_security'),
];

/**
 * Written on 2026-12-02 after the round-5 rules were in place, for the same classes in other
 * words, verbs and languages, and committed before its first run: the figure for goals those
 * rules were not written on.
 */
export const ML_CHECK_5: BlindCase[] = [
  // German
  g('Fährt zalando.de seine Einstellungen gerade zurück?', 'company-intent'),
  g('Wer kümmert sich bei celonis.com um den Vertrieb?', 'extract-contacts'),
  watch('Schreib mir eine Mail, wann immer bei n26.com eine neue Stelle online geht'),
  g('Ich brauche die Kontaktdaten von sennder.com, die Technologien sind egal', 'extract-contacts'),
  g('Holt flix.com im Moment mehr Entwickler an Bord als vor sechs Monaten?', 'company-intent'),
  // French
  g('Qui est à la tête du marketing chez blablacar.fr ?', 'extract-contacts'),
  watch('Envoie-moi un SMS à chaque fois que backmarket.fr lance une nouvelle campagne Google Ads'),
  g("Est-ce que contentsquare.com recrute plus vite que l'année dernière ?", 'company-intent'),
  g('Noms et fonctions des associés de ledger.com', 'extract-contacts'),
  // Spanish
  g('¿Quién está al frente de ingeniería en factorial.co?', 'extract-contacts'),
  watch('Mándame un correo cuando wallapop.com publique nuevas ofertas de empleo'),
  g('¿Está contratando jobandtalent.com a un ritmo mayor que el trimestre pasado?', 'company-intent'),
  g('No me interesan sus anuncios; dime qué CMS usa idealista.com', 'tech-stack'),
  // Portuguese
  g('Quem é o responsável pela área comercial da totvs.com?', 'extract-contacts'),
  watch('Me mande um e-mail toda vez que a olist.com abrir uma vaga nova'),
  g('Os anúncios não me interessam, só quero as tecnologias da loft.com.br', 'tech-stack'),
  g('A quintoandar.com.br contrata mais agora do que há seis meses?', 'company-intent'),
  // Italian
  g('Chi è il responsabile marketing di yoox.com?', 'extract-contacts'),
  watch('Avvisami su Telegram appena mediaworld.it cambia i prezzi nella pagina offerte'),
  g('Lo stack tecnologico non serve, voglio solo le offerte di lavoro di musement.com', 'ats-jobs'),
  g("prima.it assume più sviluppatori rispetto all'anno scorso?", 'company-intent'),
  // Dutch
  g('Wie staat aan het hoofd van de salesafdeling van bunq.com?', 'extract-contacts'),
  watch('Stuur me een bericht zodra coolblue.nl de prijzen op de homepage wijzigt'),
  g('Neemt mollie.com dit kwartaal meer mensen aan dan vorig kwartaal?', 'company-intent'),
  g('Welke betaalmethoden biedt de webshop van bol.com aan?', 'tech-stack'),
  // Russian
  g('Кто возглавляет отдел маркетинга в avito.ru?', 'extract-contacts'),
  watch('Пришли мне уведомление, как только wildberries.ru поменяет цены'),
  g('Реклама не нужна, покажи технологии сайта ozon.ru', 'tech-stack'),
  g('Ускорился ли найм в yandex.ru по сравнению с прошлым годом?', 'company-intent'),
  // Japanese
  g('smarthr.jpの人事部長は誰ですか', 'extract-contacts'),
  watch('mercari.comが新しい広告を出すたびにメールで教えて'),
  g('技術スタックはいらないので、freee.co.jpの求人だけ教えて', 'ats-jobs'),
  g('rakuten.co.jpの採用は前年と比べて増えていますか', 'company-intent'),
  // Chinese
  g('谁是 alibaba.com 销售团队的负责人？', 'extract-contacts'),
  g('只要 meituan.com 的招聘信息，不用联系方式', 'ats-jobs'),
  watch('一旦 pinduoduo.com 修改了定价页面，就在钉钉上提醒我'),
  g('jd.com 的招聘速度和去年相比是加快了还是放缓了？', 'company-intent'),
  // English
  g('who is in charge of partnerships at plaid.com', 'extract-contacts'),
  watch('ping our #growth channel the moment hubspot.com adds a new job'),
  g('are there more openings at gusto.com this quarter than last?', 'company-intent'),
  g('skip their ads, I only care which analytics tools brex.com uses', 'tech-stack'),
  g('list the names and titles of the people who run figma.com', 'extract-contacts'),
];

/**
 * Written on 2026-12-02 after the round-5 rules and ML_CHECK_5's fixes, for every operation in
 * the ten languages and English (as a blind set is written: from the operations' descriptions,
 * with tool mentions and several intents), and committed before its first run.
 */
export const ML_PROBE_5: BlindCase[] = [
  // German
  g('Läuft der Onlineshop von tchibo.de auf Shopify oder auf Magento?', 'tech-stack'),
  g('Wie viele offene Jobs hat celonis.com in München ausgeschrieben?', 'ats-jobs'),
  g('Lohnt es sich, personio.de jetzt anzusprechen, oder stellen die gerade kaum ein?', 'company-intent'),
  g('Rufe die Seite https://example.de/impressum ab und gib sie mir als sauberen Text', 'clean-markdown'),
  g('Gibt es für douglas.de gerade einen funktionierenden Rabattcode?', 'checkout_active_promo_code_finder'),
  g('Bewerte, ob unser Lieferant metallbau-schmidt.de finanziell stabil genug für einen Dreijahresvertrag ist', 'b2b_vendor_stability_evaluator'),
  // French
  g("Quels outils de chat et d'analyse sont installés sur decathlon.fr ?", 'tech-stack'),
  g("Combien d'annonces Google Ads tourne actuellement ornikar.com ?", 'search-ads'),
  g('Trouve-moi les emails des fondateurs de pennylane.com', 'extract-contacts'),
  g('Mon agent veut acheter un vélo sur velo-discount-pro.fr : ce marchand est-il fiable ?', 'pre_purchase_merchant_trust_check'),
  g('Donne-moi les données produit (prix, stock) de https://shop.exemple.fr/products/velo-42', 'universal_product_url_to_json'),
  // Spanish
  g('¿Qué herramientas de email marketing tiene instaladas mercadona.es?', 'tech-stack'),
  g('Lista de vacantes remotas en typeform.com', 'ats-jobs'),
  g('De estas 12 empresas, ¿cuáles muestran más intención de compra?', 'hot-buyers', { domain_count: 12 }),
  g('¿Mi tienda mitienda.es está lista para que la compren agentes de IA?', 'store_readiness_auditor'),
  g('¿Este dominio banco-santander-seguro.es es una estafa?', 'verify_domain_legitimacy_and_security'),
  // Portuguese
  g('A magazineluiza.com.br usa VTEX ou outra plataforma de e-commerce?', 'tech-stack'),
  g('Quais anúncios pagos no Google a hotmart.com está rodando?', 'search-ads'),
  g('Preciso de um perfil completo da stone.com.br: tecnologia, vagas e anúncios', 'company-profile'),
  g('Essa empresa empresa-fantasma.com.br existe de verdade ou é só fachada?', 'company-footprint'),
  g('Consulte o tech stack da concorrente.com.br sem que o pagamento revele o domínio', 'private-query:tech_stack'),
  // Italian
  g('Che piattaforma di pagamento usa il checkout di zalando.it?', 'tech-stack'),
  g('Ci sono codici sconto validi per unieuro.it?', 'checkout_active_promo_code_finder'),
  g('Chi sono i fondatori di satispay.com e come contattarli?', 'extract-contacts'),
  g('Il mio negozio ha dati strutturati migliori dei concorrenti? Confronta mio-shop.it con due rivali', 'agentic_shelf_schema_comparator'),
  g('Il negozio negozio-lento.it perde conversioni sul suo sito? Potrebbe essere un cliente per la nostra agenzia', 'conversion_leak_lead_finder'),
  // Dutch
  g('Welke CDN en welk CMS draait de site van nos.nl?', 'tech-stack'),
  g('Laat alle openstaande functies bij booking.com zien', 'ats-jobs'),
  g('Groeit het aantal vacatures bij mollie.com harder dan vorig kwartaal?', 'company-intent'),
  g('Zet deze pagina om naar Markdown: https://voorbeeld.nl/blog/artikel-9', 'clean-markdown'),
  g('Hoeveel werknemers heeft bol.com?', null, { reason: /employee|headcount/i }),
  // Russian
  g('На какой CMS сделан сайт vc.ru?', 'tech-stack'),
  g('Покажи объявления в Google Ads компании skillbox.ru', 'search-ads'),
  g('Какая выручка у ozon.ru за прошлый год?', null, { reason: /revenue/i }),
  g('Проверь, можно ли безопасно оплатить этот x402 эндпоинт: https://api.example.ru/x402/report', 'verify-merchant'),
  g('Найди контакты отдела продаж на сайте 1c.ru', 'extract-contacts'),
  // Japanese
  g('zozo.comのサイトはどのCMSで作られていますか', 'tech-stack'),
  g('cyberagent.co.jpはGoogleで検索広告を出していますか', 'search-ads'),
  g('このドメイン amazon-jp-login.xyz はフィッシングサイトですか？', 'verify_domain_legitimacy_and_security'),
  g('私のショップ my-shop.jp に検証済みマーチャントバッジを発行して', 'verified_merchant_json_badge'),
  g('これら20社の中で採用意欲が最も高いのはどこ？', 'hot-buyers', { domain_count: 20 }),
  // Chinese
  // In place of a goal that turned out to be word for word one of ML_FRESH_2 (its first run counted it right).
  g('douyin.com 官网装了哪些统计工具？', 'tech-stack'),
  g('帮我把 https://example.cn/blog/post-7 转成 Markdown', 'clean-markdown'),
  g('这家供应商 supplier-cn.com 会不会倒闭？我们很依赖他们', 'b2b_vendor_stability_evaluator'),
  g('meituan.com 最近在招聘哪些岗位？', 'ats-jobs'),
  g('给我 bilibili.com 的完整公司概况', 'company-profile'),
  // English
  g('does warbyparker.com take Apple Pay at checkout?', 'tech-stack'),
  g('how aggressively is retool.com hiring compared with six months ago?', 'company-intent'),
  watch('text me whenever notion.so posts a new engineering job'),
  g('who runs the growth team at airtable.com and what is their email?', 'extract-contacts'),
  g('run company-profile for these 60 domains in my spreadsheet', 'batch:company-profile', { domain_count: 60 }),
  g('grab the clean article text from https://blog.example.com/2026/launch for my RAG pipeline', 'clean-markdown'),
];
