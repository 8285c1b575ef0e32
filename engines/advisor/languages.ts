/**
 * Goals written in other languages, read through the English words of the advisor's rules: each
 * entry glosses words agents write in German, French, Spanish, Portuguese, Italian, Dutch, Polish,
 * Turkish, Indonesian, Russian, Japanese, Chinese and Korean with the English phrase the rules (lexicon.ts)
 * already know, so one set of rules reads every language and a new language is a list of words.
 *
 * Terms are matched after folding (lower case, accents removed, as text.ts folds the goal).
 * - Scripts written with spaces: a term is one or more whole words; a final '*' matches any word
 *   starting so (inflection: 'technolog*' for Technologien, tecnologías, технологии).
 * - Chinese, Japanese and Korean: a term matches anywhere in the text (no spaces between words,
 *   particles glued to nouns), the longest term first, so 採用情報 (job listings) wins over 採用 (hiring).
 * Words that are also English words of another meaning are listed only where that reading does
 * not matter ('usa': the country is read from the goal as written, never from its words).
 */

import { CONCEPTS, MORE_CONCEPTS } from './concepts.ts';

export const GLOSSES: [english: string, terms: string[]][] = [
  // technology
  [
    'tech stack',
    [
      'technologie stack',
      'technologiestack',
      'stack tecnologica',
      'stack tecnologico',
      'stack tecnico',
      'stack technique',
      'stack technologique',
      'технологический стек',
      '技術スタック',
      'テックスタック',
      '技术栈',
      '技术堆栈',
      '기술 스택',
      '기술스택',
      'teknoloji yigini',
    ],
  ],
  ['technologies', ['technolog*', 'tecnolog*', 'technologi*', 'teknoloji*', 'технолог*', '技術', '技术', '기술']],
  [
    'use',
    [
      // 'usa' too: the country is read from the goal as written (text.ts), never from its words.
      'usa',
      'usan',
      'usam',
      'usano',
      'uzywa',
      'używa',
      'używają',
      'utilizam',
      'gebruiken',
      'setzen',
      '쓰나요',
      '써요',
      '씁니까',
      '接入',
      'nutzt',
      'nutzen',
      'benutzt',
      'verwendet',
      'verwenden',
      'eingesetzt',
      'setzt',
      'utilise',
      'utilisent',
      'utiliser',
      'utilisee',
      'utilize',
      'utiliza',
      'utilizan',
      'utilizzano',
      'utilizza',
      'usano',
      'gebruikt',
      'gebruiken',
      'uzywa',
      'korzysta',
      'kullan*',
      'использ*',
      '使用',
      '使って',
      '使う',
      '用了',
      '用的',
      '사용',
      '쓰는',
    ],
  ],
  ['framework', ['フレームワーク', '框架', '프레임워크']],
  [
    'run on',
    [
      'laufen auf',
      'lauft auf',
      'tournent sur',
      'tourne sur',
      'funcionan en',
      'funciona en',
      'rodam em',
      'roda em',
      'girano su',
      'gira su',
      'draaien op',
      'draait op',
      'dzialaja na',
      'dziala na',
      'работают на',
      'работает на',
    ],
  ],
  [
    'marketing tools',
    [
      'outils marketing',
      'outils de marketing',
      'herramientas de marketing',
      'ferramentas de marketing',
      'strumenti di marketing',
      'strumenti marketing',
      'narzedzia marketingowe',
      'pazarlama araclari',
      'маркетинговые инструменты',
      'マーケティングツール',
      '营销工具',
      '마케팅 도구',
    ],
  ],
  ['tools', ['werkzeuge', 'outils', 'herramientas', 'ferramentas', 'strumenti', 'narzedzia', 'araclar*', 'инструмент*', 'ツール', '工具', '도구']],
  ['site', ['seite', 'sitio', 'sito', 'strona', 'witryna']],
  [
    'run',
    [
      'roda',
      'rodando',
      'gira',
      'draait',
      'стоят',
      'стоит',
      '跑',
      'laufen',
      'lauft',
      'tournent',
      'tourne',
      'funcionan',
      'rodam',
      'girano',
      'draaien',
      'работают',
      '動いて',
      '运行',
    ],
  ],
  ['platform', ['plataforma', 'plateforme', 'piattaforma', 'altyapi*', 'платформ*', 'プラットフォーム', '平台', '플랫폼']],
  [
    'ecommerce platform',
    [
      'plataforma de tienda*',
      'plataforma de loja*',
      'plateforme de boutique*',
      'piattaforma di negozio*',
      'piattaforma e commerce',
      'shopsoftware',
      'tienda online',
      'loja virtual',
      'boutique en ligne',
      'negozio online',
      'sklep internetowy',
      'платформа магазина',
      'ネットショップ',
      '网店平台',
      'shopsystem*',
      'shop system',
      'e ticaret altyapi*',
      'plataforma de comercio electronico',
      'plataforma de e commerce',
      'plateforme e commerce',
      'piattaforma e commerce',
      'ecommerce platform',
      'платформа интернет магазина',
      'ecサイト構築',
      '电商平台',
      '쇼핑몰 솔루션',
    ],
  ],
  ['analytics', ['аналит*', 'analitic*', 'аналитик*', 'analityk*', 'analitik*', 'analitica', 'analytique', '解析', '分析', '분석']],
  [
    'analytics tools',
    [
      'analysetool*',
      'analyse tools',
      'analysewerkzeug*',
      'webanalyse',
      'outils d analyse',
      'outil d analyse',
      'herramientas de analisis',
      'herramienta de analisis',
      'ferramentas de analise',
      'strumenti di analisi',
      'analysetools',
      'narzedzia analityczne',
      'analiz araclari',
      'инструменты аналитики',
      '解析ツール',
      'アクセス解析',
      '分析ツール',
      '分析工具',
      '统计工具',
      '분석 도구',
      '분석도구',
    ],
  ],
  ['website', ['webseite', 'site web', 'sitio web', 'sito web', 'сайт', 'ウェブサイト', 'サイト', '网站', '웹사이트']],
  [
    'payment provider',
    [
      'zahlungssystem*',
      'zahlungsanbieter*',
      'systeme de paiement',
      'sistema de pago',
      'sistema de pagamento',
      'sistema di pagamento',
      'betaalsysteem',
      'system platnosci',
      'dostawca platnosci',
      'dostawcy platnosci',
      'operator platnosci',
      'odeme saglayici*',
      'odeme sistemi',
      'платежная система',
      '決済サービス',
      '支付网关',
      '支付系统',
      '결제 서비스',
      'zahlungsdienst*',
      'prestataire de paiement',
      'procesador de pagos',
      'processador de pagamento',
      'gateway de pagamento',
      'fornitore di pagamenti',
      'zahlungsanbieter',
      'prestataire de paiement',
      'proveedor de pagos',
      'pasarela de pago',
      'платежн*',
      '決済',
      '支付',
      '결제',
    ],
  ],
  ['support', ['unterstutzt', 'supporte', 'soporta', 'suporta', 'supporta', 'ondersteunt', 'obsluguje', 'поддерживает', '支持', '지원']],
  ['accept', ['aceita', 'aceitam', 'acepta', 'aceptan', 'accetta', 'accepte', 'akzeptiert', 'accepteert', 'akceptuje', 'принимает', '接受', '対応して']],
  [
    'payment',
    [
      'pagos',
      'pagamento',
      'pagamentos',
      'pagamenti',
      'paiement',
      'paiements',
      'zahlung',
      'zahlungen',
      'betaling*',
      'platnosc*',
      'odeme',
      'оплат*',
      '支払',
      '付款',
      '결제',
    ],
  ],
  [
    'for the payment',
    [
      'para los pagos',
      'para el pago',
      'para pagos',
      'para os pagamentos',
      'para pagamentos',
      'pour les paiements',
      'pour le paiement',
      'fur die zahlung',
      'fur zahlungen',
      'per i pagamenti',
      'voor betalingen',
      'для оплаты',
      '決済に',
      '用于支付',
    ],
  ],
  [
    'as a payment method',
    [
      'come metodo di pagamento',
      'como metodo de pago',
      'como forma de pagamento',
      'comme moyen de paiement',
      'als zahlungsmethode',
      'als betaalmethode',
      'jako metode platnosci',
    ],
  ],
  [
    'payment with',
    [
      'pagamento com',
      'pagamento con',
      'pago con',
      'pagos con',
      'paiement par',
      'paiement avec',
      'bezahlen mit',
      'zahlung mit',
      'zahlen mit',
      'betalen met',
      'platnosc przez',
      'оплата через',
      'оплату через',
    ],
  ],
  // jobs and hiring
  [
    'open jobs',
    [
      'offene positionen',
      'offenen positionen',
      'postes vacants',
      'posiciones abiertas',
      'posicoes abertas',
      'open posities',
      'otwarte stanowiska',
      'acik pozisyon*',
      'открытые позиции',
      'offene stellen',
      'offenen stellen',
      'stellenangebot*',
      'stellenanzeige*',
      'jobangebot*',
      'offre d emploi',
      'offres d emploi',
      'annonces d emploi',
      'postes a pourvoir',
      'postes ouverts',
      'ofertas de empleo',
      'ofertas de trabajo',
      'vacantes',
      'vagas abertas',
      'vagas',
      'vaga',
      'vagas de emprego',
      'offerte di lavoro',
      'posizioni aperte',
      'vacature*',
      'oferty pracy',
      'is ilan*',
      'ваканси*',
      '求人',
      '採用情報',
      '募集',
      '招聘职位',
      '招聘信息',
      '职位',
      '岗位',
      '채용 공고',
      '채용공고',
      '채용 정보',
    ],
  ],
  ['openings', ['stellen']],
  [
    'jobs',
    [
      'positionen',
      'posities',
      'stanowiska',
      'pozisyon*',
      'emploi',
      'emplois',
      'postes',
      'empleo',
      'empleos',
      'trabajo',
      'emprego',
      'empregos',
      'lavoro',
      'banen',
      'praca',
      'pracy',
      '仕事',
      '工作',
      '일자리',
    ],
  ],
  [
    'developers',
    [
      'entwickler*',
      'developpeur*',
      'desarrollador*',
      'desenvolvedor*',
      'sviluppator*',
      'ontwikkelaar*',
      'programist*',
      'gelistirici*',
      'разработчик*',
      '開発者',
      '开发者',
      '开发人员',
      '개발자',
    ],
  ],
  ['engineers', ['ingenieur*', 'ingenier*', 'engenheir*', 'ingegner*', 'inzynier*', 'muhendis*', 'инженер*', 'エンジニア', '工程师', '엔지니어']],
  [
    'looking for',
    [
      'sucht',
      'suchen',
      'cherche',
      'recherche',
      'busca',
      'buscan',
      'procura',
      'procuram',
      'cerca',
      'zoekt',
      'szuka',
      'ищет',
      'ищут',
      'ariyor',
      '募集している',
      '在招',
      '찾고',
    ],
  ],
  [
    'hiring',
    [
      'embauche*',
      'embaucher',
      'contratando',
      'contratam',
      'einstellungen',
      'neueinstellung*',
      'personalaufbau',
      'contratacion*',
      'contratacoes',
      'assunzion*',
      'wervingen',
      'zatrudnien*',
      'ise alim',
      'набор персонала',
      'einstellen',
      'einstellungen',
      'stellt',
      'recrut*',
      'rekrut*',
      'contrata*',
      'assumendo',
      'assunzioni',
      'assume personale',
      'werving',
      'zatrudnia*',
      'найм',
      'нанима*',
      'набор',
      '採用',
      '招聘',
      '招人',
      '채용',
    ],
  ],
  ['picking up', ['上がって', '上がる', '加快', '빨라', 'zieht an', 'steigt']],
  ['pace', ['ペース', 'tempo', 'rythme', 'ritmo', 'темп*', '节奏', '速度', '속도']],
  ['which ones', ['lesquels', 'lesquelles', 'cuales', 'quali', '哪些', '哪几家']],
  ['which of my', ['welche meiner', 'parmi mes', 'lesquels de mes', 'cuales de mis', 'quais dos meus', 'quali dei miei', 'welke van mijn']],
  ['which of our', ['welche unserer', 'lesquels de nos', 'parmi nos', 'cuales de nuestros', 'quais dos nossos', 'quali dei nostri']],
  ['accounts', ['comptes', 'cuentas', 'contas', 'konten']],
  ['prospects', ['潜在客户', '見込み客', '잠재 고객', 'prospects', 'prospectos', 'interessenten', 'потенциальных клиентов']],
  [
    'target accounts',
    [
      'zielkunden',
      'zielkonten',
      'comptes cibles',
      'cuentas objetivo',
      'contas alvo',
      'account target',
      'doelaccounts',
      'целевых клиентов',
      'ターゲット企業',
      '目标客户',
      '타깃 기업',
    ],
  ],
  ['recently', ['最近']],
  [
    'hardest',
    [
      'am starksten',
      'am meisten',
      'le plus',
      'mas',
      'de mais',
      'di piu',
      'het meest',
      'najwiecej',
      'en cok',
      'больше всего',
      '最も',
      '最积极',
      '最多',
      '가장 많이',
    ],
  ],
  [
    'fastest',
    [
      'am schnellsten',
      'le plus vite',
      'le plus rapidement',
      'lo mas rapido',
      'el mas rapido',
      'o mais rapido',
      'a mais rapida',
      'piu velocemente',
      'piu rapidamente',
      'het snelst',
      'najszybciej',
      'en hizli',
      'быстрее всего',
      '一番早く',
      '最快',
      '가장 빠르게',
    ],
  ],
  ['timing', ['zeitpunkt', 'moment opportun', 'タイミング', '时机', '타이밍']],
  ['slowing', ['verlangsam*', 'ralentit', 'ralentiss*', 'desacelera*', 'rallent*', 'vertraag*', 'zwalnia*', 'замедля*', '減速', '放缓', '둔화']],
  [
    'accelerating',
    ['beschleunig*', 'accelere*', 'accelerer', 'acelera*', 'accelera*', 'versnel*', 'przyspiesz*', 'hizlan*', 'ускоря*', 'ускорил*', '加速', '가속'],
  ],
  [
    'buying intent',
    [
      'kaufabsicht',
      'kaufinteresse',
      'kaufbereitschaft',
      'intention d achat',
      'intentions d achat',
      'intencion de compra',
      'intencao de compra',
      'intenzione di acquisto',
      'intento di acquisto',
      'intento d acquisto',
      'intenzione d acquisto',
      'koopintentie',
      'намерение купить',
      '購買意欲',
      '購買意向',
      '購入意欲',
      '购买意向',
      '购买意图',
      '구매 의도',
      '구매의도',
    ],
  ],
  ['signal', ['signale', 'signaux', 'senales', 'sinais', 'segnali', 'сигнал*', 'シグナル', '信号', '신호']],
  ['a lot', ['stark', 'viel', 'beaucoup', 'mucho', 'muito', 'molto', 'veel', 'duzo', 'много', '積極的', '大量', '많이']],
  ['growing', ['늘고', '늘어', '増えて', '增加', '強化', '拡大', '扩招', '扩张']],
  // search ads
  [
    'search ads',
    [
      'suchanzeige*',
      'suchmaschinenwerbung',
      'annonces google',
      'anuncios de google',
      'anuncios en google',
      'リスティング広告',
      '検索広告',
      '搜索广告',
      '검색 광고',
      '검색광고',
    ],
  ],
  [
    'ads',
    [
      'anzeige*',
      'werbung',
      'werbeanzeige*',
      'annonce',
      'annonces',
      'publicite*',
      'publicidad',
      'publicidade',
      'pubblicit*',
      'pubs',
      'anuncio*',
      'annunci*',
      'advertentie*',
      'reklam*',
      'реклам*',
      '広告',
      '广告',
      '광고',
    ],
  ],
  ['run', ['schaltet', 'schalten', 'diffuse', 'diffusent']],
  // A negated request's words (lexicon.ts REQUEST_VERBS): the Russian negation and speaker, Italian verbs with the speaker glued on.
  // The evidence an answer is read from (lexicon.ts BASIS_WORDS): "según sus vacantes" is no request for the vacancies.
  [
    'based on',
    [
      'basierend auf',
      'gemessen an',
      'gemessen am',
      'auf basis',
      'auf grundlage',
      'anhand',
      'ausgehend von',
      'laut',
      'base sur',
      'basee sur',
      'bases sur',
      'en fonction de',
      'd apres',
      'selon',
      'segun',
      'basado en',
      'basada en',
      'con base en',
      'de acuerdo con',
      'a partir de',
      'a partir das',
      'a partir dos',
      'a partir da',
      'a partir do',
      'a partire da',
      'a partire dalle',
      'a partire dai',
      'afgeleid van',
      'op grond van',
      'abgeleitet von',
      'secondo le',
      'secondo i',
      'secondo la',
      'secondo il',
      'segundo as',
      'segundo os',
      'en base a',
      'com base em',
      'com base nas',
      'com base nos',
      'baseado em',
      'baseada em',
      'de acordo com',
      'basato su',
      'basata su',
      'basato sulle',
      'basata sulle',
      'basato sui',
      'in base a',
      'in base alle',
      'in base ai',
      'sulla base di',
      'op basis van',
      'gebaseerd op',
      'aan de hand van',
      'volgens',
      'na podstawie',
      'w oparciu o',
      'wedlug',
      'на основе',
      'на основании',
      'исходя из',
      'судя по',
      'по их',
      'по его',
      '根据',
      '依据',
      '按照',
    ],
  ],
  // Japanese writes the basis after the evidence (求人に基づく: based on the job listings): read as the English 'as the basis' after it.
  ['as the basis', ['に基づく', 'に基づいて', 'に基づいた', 'を基に', 'から判断して', 'から判断']],
  // 'а не': the Russian contrast ('the score, not the list'), as the English exclusion.
  ['not the', ['а не']],
  ['not', ['не']],
  // Japanese writes the negation after the verb it negates: the whole clause of purpose, so 'ないように' alone does not take it.
  [
    'must not appear',
    ['残らないように', '載らないように', '記録されないように', '表示されないように', '不要出现', '不能出现', '不得出现', '不应出现', '不会出现', '不要显示'],
  ],
  ['me', ['мне']],
  ['give me', ['darmi', 'dammi']],
  ['send me', ['mandarmi', 'inviarmi']],
  ['show me', ['mostrarmi', 'mostrami']],
  ['paid', ['bezahlte', 'bezahlten', 'payantes', 'pagados', 'a pagamento', 'betaalde', 'платн*', '有料', '付费', '유료']],
  // contacts
  [
    'email address',
    [
      'e mail adresse*',
      'email adresse*',
      'mailadresse*',
      'mailadres',
      'adresse e mail',
      'adresse mail',
      'adresses e mail',
      'adresse electronique',
      'correo electronico',
      'direccion de correo',
      'endereco de email',
      'endereco de e mail',
      'indirizzo email',
      'indirizzo e mail',
      'e mailadres',
      'adres e mail',
      'адрес электронной почты',
      'адреса электронной почты',
      'электронные адреса',
      'электронный адрес',
      'メールアドレス',
      '邮箱地址',
      '电子邮件地址',
      '이메일 주소',
    ],
  ],
  [
    'email',
    [
      'e mails',
      'e mailadressen',
      'e posta',
      'e postasi',
      'емейл',
      '電子メール',
      'e mail',
      'courriel',
      'correo',
      'почт*',
      'メール',
      '邮箱',
      '电子邮件',
      '이메일',
    ],
  ],
  [
    'contact',
    [
      'ansprechpartner*',
      'ansprechperson*',
      'interlocuteur*',
      'persona de contacto',
      'contactpersoon',
      'kontakt*',
      'contato',
      'contatti',
      'contatto',
      'contacto',
      'contactos',
      'contactgegevens',
      'iletisim',
      'контакт*',
      '連絡先',
      '問い合わせ',
      '联系方式',
      '联系',
      '연락처',
    ],
  ],
  ['team', ['equipe', 'equipo', 'equipa', 'squadra', 'zespol', 'команд*', 'チーム', '团队', '팀']],
  ['job title', ['役職', '职位名称', '직책', 'positionen und rollen']],
  [
    'team members',
    ['teammitglieder', 'membres de l equipe', 'miembros del equipo', 'membros da equipe', 'membri del team', 'teamleden', 'チームメンバー', '团队成员', '팀원'],
  ],
  [
    'founders',
    [
      'grunder*',
      'mitgrunder*',
      'fondateur*',
      'cofondateur*',
      'fundador*',
      'cofundador*',
      'fondator*',
      'cofondator*',
      'oprichter*',
      'zalozyciel*',
      'kurucu*',
      'основател*',
      '創業者',
      '创始人',
      '창업자',
    ],
  ],
  [
    'customer support',
    [
      'kundenservice',
      'kundendienst',
      'service client',
      'atencion al cliente',
      'atendimento',
      'servizio clienti',
      'klantenservice',
      'служба поддержки',
      'カスタマーサポート',
      '客服',
      '고객센터',
    ],
  ],
  ['when', ['wenn', 'quand', 'lorsque', 'cuando', 'quando', 'wanneer', 'когда', '時に', 'たら', '的时候']],
  [
    'changes',
    ['andern', 'andert', 'anderung*', 'changent', 'change', 'cambian', 'cambios', 'mudam', 'cambiano', 'veranderen', 'изменятся', '変わったら', '变化', '변경'],
  ],
  [
    'goes down',
    [
      'se caiga',
      'se cae',
      'caido',
      'en panne',
      'hors ligne',
      'ausfallt',
      'ausfall',
      'offline geht',
      'fica fora do ar',
      'cair',
      'va offline',
      'down gaat',
      'упад*',
      'лежит',
      'ダウン',
      '宕机',
      '挂了',
      '다운',
    ],
  ],
  ['notification', ['benachrichtigung*', 'уведомлени*', 'powiadomieni*', 'bildirim*']],
  [
    'notify me',
    [
      'benachrichtige mich',
      'benachrichtigen sie mich',
      'informiere mich',
      'sag mir bescheid',
      'previens moi',
      'prevenez moi',
      'avertis moi',
      'avisame',
      'avisenme',
      'me avise',
      'me avisa',
      'avvisami',
      'avvertimi',
      'waarschuw me',
      'laat me weten',
      'powiadom mnie',
      'beni bilgilendir',
      'уведоми меня',
      'сообщи мне',
      '通知して',
      '知らせて',
      '通知我',
      '提醒我',
      '알림',
    ],
  ],
  // pages as Markdown
  ['markdown', ['マークダウン', '마크다운']],
  [
    'convert',
    [
      'umwandeln',
      'umwandl*',
      'wandle',
      'konvertier*',
      'convertis',
      'convertir',
      'convertit',
      'convierte',
      'converte',
      'converti',
      'omzetten',
      'zet om',
      'przekonwertuj',
      'donustur*',
      'преобраз*',
      'конверт*',
      '変換',
      '转换',
      '转成',
      '변환',
    ],
  ],
  [
    'content of',
    ['inhalt von', 'inhalt der', 'inhalt des', 'contenu de', 'contenido de', 'conteudo de', 'contenuto di', 'inhoud van', 'содержимое', '内容', '내용'],
  ],
  [
    'clean text',
    ['sauberen text', 'sauberer text', 'texte propre', 'texte brut', 'texto limpio', 'texto limpo', 'testo pulito', 'schone tekst', 'чистый текст', '纯文本'],
  ],
  [
    'text of',
    [
      'texte de',
      'le texte de',
      'texto de',
      'o texto de',
      'testo di',
      'il testo di',
      'text von',
      'den text von',
      'tekst van',
      'tekst z',
      'текст страницы',
      'テキスト',
      '文本',
    ],
  ],
  ['web page', ['ページ', '页面', '网页', '웹페이지', '페이지', 'страниц*']],
  ['article', ['artikel', 'articulo', 'artigo', 'articolo', 'стать*', '記事', '文章', '기사']],
  // promo codes
  [
    'promo code',
    [
      'kody rabatowe',
      'kodow rabatowych',
      'kody promocyjne',
      'kupony',
      'kuponow',
      'indirim kodlari',
      'промокоды',
      'codice promozionale',
      'codici promozionali',
      'codigo de cupom',
      'code de reduc',
      'kupon kodu',
      'kod promocyjny',
      'gutscheincode*',
      'gutschein*',
      'rabattcode*',
      'code promo',
      'codes promo',
      'bon de reduction',
      'code de reduction',
      'code reduction',
      'codigo de descuento',
      'codigo promocional',
      'cupon*',
      'cupom',
      'cupons',
      'codice sconto',
      'codici sconto',
      'kortingscode*',
      'kod rabatowy',
      'indirim kodu',
      'промокод*',
      'купон*',
      'クーポン',
      '割引コード',
      'プロモコード',
      '优惠码',
      '优惠券',
      '折扣码',
      '쿠폰',
      '할인 코드',
      '할인코드',
    ],
  ],
  ['discount', ['rabatt', 'remise', 'descuento', 'desconto', 'sconto', 'korting', 'rabat', 'indirim', 'скидк*', '割引', '折扣', '优惠', '할인']],
  // legitimacy and purchases
  [
    'scam',
    [
      'betrug*',
      'betruger*',
      'abzocke',
      'fakeshop',
      'arnaque*',
      'escroquerie',
      'estafa',
      'fraude',
      'golpe',
      'truffa',
      'oplicht*',
      'oszust*',
      'dolandiric*',
      'мошенн*',
      '詐欺',
      '骗局',
      '诈骗',
      '骗子',
      '사기',
    ],
  ],
  [
    'legit',
    [
      'vertrauenswurdig*',
      'seriose',
      'digne de confiance',
      'degno di fiducia',
      'bezpieczn*',
      'guvenli',
      'безопасн*',
      'serios',
      'serioes',
      'serieux',
      'fiable',
      'confiable',
      'confiavel',
      'affidabile',
      'betrouwbaar',
      'wiarygodn*',
      'guvenilir',
      'надежн*',
      '正規',
      '正规',
      '합법',
    ],
  ],
  [
    'safe to buy',
    [
      'sicher einkaufen',
      'sicher bestellen',
      'sicher zu bestellen',
      'sicher zu kaufen',
      'acheter en toute securite',
      'seguro comprar',
      'seguro para comprar',
      'sicuro comprare',
      'veilig bestellen',
      'veilig kopen',
      'безопасно купить',
      '安全に購入',
      '安全に買',
      '安全吗',
      '안전하게 구매',
    ],
  ],
  ['safe to buy', ['買っても安全', '購入しても安全', '买东西安全']],
  [
    'buy from',
    [
      'zakup*',
      'kupowac',
      'покупа*',
      'comprare',
      'acquisti',
      'bestellen',
      'kaufen',
      'einkaufen',
      'acheter',
      'commander',
      'comprar',
      'acquistare',
      'kopen',
      'kupic',
      'купить',
      '購入',
      '買い物',
      '购买',
      '구매',
    ],
  ],
  ['in stock', ['在庫', '库存', '재고', 'lagerbestand', 'auf lager', 'en stock', 'em estoque', 'disponibilita', 'op voorraad', 'в наличии']],
  ['price', ['価格', '値段', '价格', '가격', 'preis', 'prix', 'precio', 'preco', 'prezzo', 'prijs', 'cena', 'fiyat', 'цена', 'цену']],
  ['product info', ['商品情報', '产品信息', '商品信息', '상품 정보', 'produktinformation*', 'informations produit', 'informacion del producto']],
  [
    'product page',
    [
      '商品ページ',
      '产品页面',
      '商品页面',
      '상품 페이지',
      'produktseite',
      'page produit',
      'pagina de producto',
      'pagina do produto',
      'pagina prodotto',
      'productpagina',
      'страница товара',
    ],
  ],
  ['store', ['magazin*', 'магазин*', 'sklep*', 'negozio', 'tienda', 'loja', 'boutique', 'winkel', 'ショップ', '网店', '商店', '쇼핑몰']],
  ['agents', ['agenten', 'agentes', 'agenti', 'агент*', 'エージェント', '智能体', '에이전트']],
  [
    'ready for',
    ['bereit fur', 'pret pour', 'prete pour', 'listo para', 'lista para', 'pronto para', 'pronto per', 'klaar voor', 'gotowy na', 'готов к', '対応'],
  ],
  ['ai', ['ki', 'ia', 'ии', '人工知能', '人工智能', '인공지능']],
  [
    'ready for ai shopping agents',
    ['bereit fur ki shopping agenten', 'pret pour les agents d achat ia', 'listo para agentes de compra ia', 'pronto per gli agenti di acquisto ia'],
  ],
  // A German or Dutch verb of putting together ("Stell … zusammen"): no job position ('Stelle').
  ['compile', ['zusammenstellen', 'zusammenstell*', 'samenstellen', 'stel samen']],
  // company profile
  [
    'company profile',
    [
      'unternehmensprofil',
      'firmenprofil',
      'profil complet',
      'profil de l entreprise',
      'perfil de la empresa',
      'perfil da empresa',
      'perfil completo',
      'profilo aziendale',
      'bedrijfsprofiel',
      'profil firmy',
      'sirket profili',
      'профиль компании',
      '企業プロフィール',
      '会社概要',
      '企業情報',
      '公司概况',
      '公司简介',
      '기업 프로필',
      '회사 정보',
    ],
  ],
  ['profile', ['profil', 'perfil', 'profilo', 'profiel', 'профиль', 'プロフィール', '简介', '프로필']],
  ['company', ['unternehmen', 'firma', 'entreprise', 'empresa', 'azienda', 'bedrijf', 'sirket*', 'компани*', '会社', '企業', '公司', '회사', '기업']],
  ['product', ['produkt*', 'produit*', 'producto*', 'produto*', 'prodott*', 'товар*', '商品', '产品', '상품']],
  [
    'product data',
    [
      'produktdaten',
      'donnees produit',
      'donnees des produits',
      'datos de producto*',
      'dados de produto*',
      'dati di prodotto',
      'dati dei prodotti',
      'productgegevens',
      'dane produktow',
      'urun verileri',
      'данные о товарах',
      'данные товаров',
      '商品データ',
      '商品数据',
      '产品数据',
      '상품 데이터',
    ],
  ],
  [
    'competitor',
    [
      'konkurrent*',
      'mitbewerber*',
      'concurrent*',
      'competidor*',
      'concorrent*',
      'konkurencj*',
      'konkurent*',
      'rakip*',
      'конкурент*',
      '競合',
      '竞争对手',
      '竞品',
      '경쟁사',
    ],
  ],
  [
    'compare',
    [
      'vergleich*',
      'comparer',
      'compara',
      'comparar',
      'confronta*',
      'vergelijk*',
      'porownaj*',
      'porownac',
      'karsilastir*',
      'сравн*',
      '比較',
      '比较',
      '对比',
      '비교',
    ],
  ],
  ['contract', ['vertrag*', 'contrat', 'contrato', 'contratto', 'contract', 'umowa', 'umowe', 'sozlesme', 'договор*', '契約', '合同', '계약']],
  ['stable', ['stabil', 'stable', 'estable', 'estavel', 'stabile', 'стабильн*', '安定', '稳定', '안정']],
  [
    'vendor',
    [
      'anbieter',
      'lieferant*',
      'dienstleister',
      'fournisseur*',
      'proveedor*',
      'fornecedor*',
      'fornitor*',
      'leverancier*',
      'dostawc*',
      'tedarikci*',
      'поставщик*',
      'ベンダー',
      '供应商',
      '공급업체',
    ],
  ],
  ['everything about', ['alles uber', 'tout sur', 'todo sobre', 'tudo sobre', 'tutto su', 'alles over', 'всё о', 'все о']],
  // small words the rules' phrases use
  ['list', ['liste', 'lista', 'lijst', 'список', '一覧', '列表', '목록']],
  [
    'then',
    [
      'danach',
      'dann',
      'anschliessend',
      'puis',
      'ensuite',
      'luego',
      'despues',
      'depois',
      'em seguida',
      'poi',
      'dopo',
      'daarna',
      'potem',
      'nastepnie',
      'sonra',
      'затем',
      'потом',
      'その後',
      'それから',
      '然后',
      '之后',
      '그 다음',
      '그리고 나서',
    ],
  ],
  [
    'which',
    [
      'welche',
      'welcher',
      'welches',
      'quelles',
      'quels',
      'quel',
      'quelle',
      'cuales',
      'quais',
      'quali',
      'welke',
      'jakie',
      'hangi',
      'какие',
      'какой',
      'どの',
      '哪些',
      '哪个',
      '어떤',
    ],
  ],
  [
    'one call',
    [
      'numa chamada',
      'numa so chamada',
      'numa chamada so',
      'em uma chamada',
      'una sola chiamata',
      'un seul appel',
      'une seule requete',
      'in einem aufruf',
      'in einer anfrage',
      'en una llamada',
      'en una sola llamada',
      'in een keer',
      'за один запрос',
      '一度に',
      '一次性',
      'ein aufruf',
      'einem aufruf',
      'un seul appel',
      'una sola llamada',
      'uma chamada',
      'una chiamata',
      'один запрос',
      '一回で',
      '一次调用',
      '한 번에',
    ],
  ],
  // Turkish, Indonesian and Korean basics (beside the few terms above): the words of the core asks
  // (a store's readiness for agents, product data compared, intent and hiring, privacy, the footprint).
  ['store', ['magaza*', 'toko', 'toko online']],
  ['ai', ['yapay zeka', 'kecerdasan buatan']],
  ['shopping agents', ['alisveris ajan*', 'agen belanja', 'agen belanja ai', '쇼핑 에이전트']],
  ['agents', ['ajan*', 'agen']],
  ['ready', ['hazir*', 'siap', '준비']],
  ['how ready', ['ne kadar hazir', 'seberapa siap', '얼마나 준비']],
  ['private query', ['gizli sorgu', 'ozel sorgu', 'kueri pribadi', 'consulta privada', 'consulta confidencial', '비공개 조회']],
  ['privately', ['gizlice', 'gizli olarak', 'secara rahasia', 'secara pribadi', '비공개로', '秘密で', '内密に']],
  ['confidential', ['gizli', 'rahasia', '비공개', '기밀']],
  ['hiring', ['ise alim*', 'perekrutan', 'rekrutmen']],
  ['hiring intent', ['ise alim niyeti']],
  ['intent', ['niyet*', 'niat']],
  ['buying intent', ['satin alma niyeti', 'niat beli', 'niat membeli', '구매 의향', '구매의향']],
  ['score', ['skor*', 'puan*', '점수', '스코어']],
  ['payment', ['odeme*', 'pembayaran', '결제']],
  [
    'payment metadata',
    ['metadatos del pago', 'metadata pembayaran', 'odeme meta verisi', 'odeme meta verileri', '결제 메타데이터', '決済メタデータ', '支払いメタデータ'],
  ],
  ['metadata', ['metadatos', 'meta veri*', 'метаданн*', 'メタデータ', '메타데이터']],
  ['payment record', ['付款记录', '支払い記録', '決済記録', '결제 기록', '결제 내역']],
  ['facilitator', ['kolaylastirici*', 'fasilitator']],
  ['domain', ['alan adi*', 'alan adini', '도메인']],
  ['must not see', ['gormemeli', 'gormesin', 'tidak boleh melihat', '보면 안']],
  ['must not know', ['bilmemeli', 'bilmesin', 'tidak boleh tahu', '알면 안']],
  [
    'must not appear',
    ['gorunmemeli', 'gorunmesin', 'gozukmesin', 'tidak boleh muncul', '남으면 안', '남지 않게', '노출되면 안', '出さないで', '出さないように'],
  ],
  ['must not', ['tidak boleh', '안 돼']],
  ['for', ['icin', 'untuk']],
  ['with', ['dengan']],
  ['my', ['saya', 'benim']],
  ['compare', ['karsilastir*', 'bandingkan', 'membandingkan', '비교']],
  ['structured data', ['yapilandirilmis veri*', 'data terstruktur', '구조화 데이터', '구조화된 데이터']],
  ['product', ['urun*', 'produk']],
  ['based on', ['berdasarkan', '基于']],
  // Korean and Turkish write the basis after the evidence (채용 공고 기반으로, ilanlara göre), as Japanese does.
  ['as the basis', ['기반으로', '기준으로', '으로 본', '로 본', 'baz alarak', 'gore', 'dayali', 'dayanan', 'dayanarak']],
  ['job openings', ['lowongan kerja', 'is ilanlari', 'acik pozisyon*', '채용 공고']],
  ['openings', ['lowongan']],
  ['ads', ['reklam*', 'iklan']],
  ['contacts', ['iletisim bilgileri', 'kontak']],
  ['company', ['perusahaan']],
  ['technologies', ['teknologi']],
  [
    'safe to buy',
    [
      'alisveris yapmak guvenli',
      'satin almak guvenli',
      'aman membeli',
      'aman untuk membeli',
      'aman belanja',
      '사도 안전한',
      '사도 안전해',
      '사도 안전',
      '구매해도 안전',
      '사도 괜찮',
    ],
  ],
  ['is it safe', ['guvenli mi', 'apakah aman', '안전한가요', '안전해']],
  ['from', ['dari']],
  ['legitimate', ['mesru', 'sah', '합법적인', '합법적']],
  ['trustworthy', ['terpercaya', 'dapat dipercaya', '믿을 만한', '신뢰할 수 있는']],
  ['site', ['situs', 'situs web']],
  ['buy', ['satin al*', 'membeli', 'beli']],
  ['discount code', ['indirim kodu', 'kode diskon', 'kode promo']],
  ['due diligence', ['デューデリジェンス', '실사', 'uji tuntas', 'durum tespiti']],
  ['footprint', ['huella', 'empreinte', 'impronta', 'футпринт*', 'フットプリント', '풋프린트', 'ayak izi', 'jejak digital']],
  ['acquisition target', ['買収候補', '買収対象', '인수 대상', 'akuisisi', 'satin alma hedefi']],
  ['tags', ['etiquetas', 'balises', 'теги', 'тегов', 'タグ', '태그', 'etiket*']],
  ['job board', ['bolsa de empleo', 'джоб борд*', '求人ボード', '채용 게시판']],
  [
    'facts only',
    [
      '只要事实',
      '仅限事实',
      '只看事实',
      'solo hechos',
      'solo los hechos',
      'solo fatti',
      'des faits seulement',
      'faits seulement',
      'que des faits',
      'только факты',
      '事実のみ',
      '사실만',
    ],
  ],
  [
    'shareholders',
    [
      'actionnaire*',
      'aktionar*',
      'accionista*',
      'acionista*',
      'azionist*',
      'aandeelhouder*',
      'udzialowc*',
      'akcjonariusz*',
      'акционер*',
      '株主',
      '주주',
      'hissedar*',
      'pemegang saham',
    ],
  ],
  ['monthly', ['月間', '每月', '월간', 'aylik', 'bulanan']],
  ['visitors', ['방문자', 'ziyaretci*', 'pengunjung']],
  ['traffic', ['트래픽', 'trafik', 'trafik situs']],
  ['myself', ['自己来', '我自己', '自分で', '직접', 'yo mismo', 'yo misma', 'moi meme', 'selbst', 'zelf', 'sendiri', 'kendim']],
  // Arabic and Hindi basics: the words of the core asks (tech stack, jobs, intent, ads, contacts,
  // profile, store, safe to buy, privately, batch, headcount). Not دفعة alone: it is also a payment.
  ['tech stack', ['الحزمة التقنية', 'حزمة التقنيات', 'التقنيات المستخدمة', 'टेक स्टैक', 'टेक्नोलॉजी स्टैक', 'तकनीकी स्टैक']],
  ['stack', ['ستاك', 'स्टैक']],
  ['technologies', ['تقني*', 'التقني*', 'تكنولوجي*', 'التكنولوجي*', 'टेक्नोलॉजी', 'तकनीक*', 'प्रौद्योगिकी']],
  ['website', ['موقع', 'الموقع', 'موقع الويب', 'वेबसाइट', 'साइट']],
  ['running on', ['पर चलती', 'पर चलता', 'पर चलते']],
  ['which', ['किस', 'कौन सा', 'कौन से', 'أي']],
  ['what', ['क्या', 'ما', 'ماذا']],
  ['extract', ['استخرج', 'استخراج', 'निकालो', 'निकालें']],
  ['published', ['المنشورة', 'منشورة', 'प्रकाशित']],
  ['email addresses', ['عناوين البريد الإلكتروني', 'عناوين البريد', 'ईमेल पते']],
  ['email', ['البريد الإلكتروني', 'بريد إلكتروني', 'إيميل*', 'ईमेल']],
  ['contacts', ['جهات الاتصال', 'معلومات الاتصال', 'संपर्क', 'संपर्क जानकारी']],
  ['records', ['سجلات', 'रिकॉर्ड']],
  ['check', ['تحقق', 'افحص', 'जांचो', 'जांचें', 'जाँचें']],
  ['open jobs', ['الوظائف الشاغرة', 'وظائف شاغرة', 'खुली नौकरियां', 'खुली नौकरियाँ']],
  ['job postings', ['إعلانات الوظائف', 'नौकरी के विज्ञापन']],
  ['jobs', ['وظائف', 'الوظائف', 'नौकरियां', 'नौकरियाँ', 'नौकरी', 'जॉब्स']],
  ['openings', ['शाग*', 'रिक्तियां', 'रिक्तियाँ']],
  ['hiring', ['توظيف', 'التوظيف', 'भर्ती']],
  ['buying intent', ['نية الشراء', 'खरीद इरादा', 'खरीदने का इरादा', 'खरीद का इरादा']],
  ['intent', ['نية', 'इरादा']],
  ['search ads', ['إعلانات البحث', 'सर्च विज्ञापन', 'खोज विज्ञापन']],
  ['ads', ['إعلانات', 'الإعلانات', 'विज्ञापन*']],
  // Not ملف alone: it is any file ('ملف CSV'), the profile only with the company or as التعريفي.
  ['company profile', ['ملف الشركة', 'الملف التعريفي', 'कंपनी प्रोफाइल', 'कंपनी प्रोफ़ाइल']],
  ['profile', ['प्रोफाइल', 'प्रोफ़ाइल']],
  ['company', ['شركة', 'الشركة', 'कंपनी']],
  ['store', ['متجر*', 'المتجر*', 'स्टोर', 'दुकान']],
  ['safe to buy', ['آمن للشراء', 'الشراء آمن', 'खरीदना सुरक्षित', 'खरीदने के लिए सुरक्षित']],
  ['safe', ['آمن', 'सुरक्षित']],
  ['privately', ['بشكل سري', 'سرا', 'गोपनीय रूप से', 'गुप्त रूप से']],
  ['confidential', ['سري', 'गोपनीय']],
  ['batch', ['دفعة واحدة', 'على دفعات', 'بالجملة', 'बैच']],
  ['at once', ['एक साथ', 'مرة واحدة']],
  ['domains', ['نطاقات', 'النطاقات', 'نطاق', 'डोमेन']],
  ['score', ['درجة', 'نقاط', 'स्कोर']],
  ['how many employees', ['عدد الموظفين', 'كم موظف', 'कर्मचारियों की संख्या', 'कितने कर्मचारी']],
  ['employees', ['موظفين', 'الموظفين', 'कर्मचारी*']],
  // Korean 알려줘 is 'tell me'; after a conditional (-면: '올라오면 알려줘', when it is posted) it is a watch request.
  ['tell me', ['알려줘', '알려 줘', '알려주세요', '알려 주세요']],
  ['tell me when', ['면 알려줘', '면 알려 줘', '면 알려주세요', '면 알려 주세요']],
  // Russian and Korean words met since: a tech stack in one word, a batch in the instrumental, hot buyers.
  ['tech stack', ['техстек*']],
  ['batch', ['пакетом', 'пакетн*']],
  ['hot buyers', ['핫 바이어', '핫바이어']],
  // Each offer's core concepts in every one of the ten languages (concepts.ts), after the entries above.
  ...CONCEPTS.map(([english, terms]): [string, string[]] => [english, Object.values(terms).flat()]),
  ...MORE_CONCEPTS.map(([english, terms]): [string, string[]] => [english, Object.values(terms).flat()]),
];

/** Where a domain, URL or address stood in a goal (text.ts): no word, but the words around it are not adjacent. */
export const GAP = '\u2063';

// Thai too: written without spaces between words, its terms are found anywhere as CJK ones are.
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af\u1100-\u11ff\u0e00-\u0e7f]/;
const CYRILLIC = /[\u0400-\u04ff]/;

/**
 * Inflectional endings of the spaced languages (German, Dutch, French, Spanish, Portuguese,
 * Italian, Polish; Russian in Cyrillic), longest first. Up to two are cut, leaving at least four letters,
 * from a glossary term and from a goal word alike, so 'herramienta' meets 'herramientas',
 * 'Positionen' 'Position', 'zatrudnienie' 'zatrudnienia', 'компаний' 'компания': the stems need
 * only be the same for both, not linguistically right.
 */
const LATIN_ENDINGS = 'ando endo indo oes ach ami ego emu ych ich ymi imi ern ais eis ao ow om em en er ar ir es as os ie ym im ej a e i o u y s n x'.split(
  ' ',
);
const CYRILLIC_ENDINGS = 'ами ями ого его ому ему ыми ими иях ией ах ях ов ев ей ий ый ой ая яя ое ее ые ие ам ям ом ем ую юю ия ть у ю а я ы и е о ь й'.split(
  ' ',
);
const MIN_STEM = 4;

const ARABIC_SCRIPT = /[\u0600-\u06ff]/;
const HEBREW_SCRIPT = /[\u0590-\u05ff]/;
/** Hebrew glues the article, the conjunction and prepositions before the word ('והמשרות', 'בחנות'): cut, leaving three letters. */
const HEBREW_PREFIXES = ['וה', 'שה', 'מה', 'בה', 'לה', 'כה', 'ה', 'ו', 'ב', 'ל', 'מ', 'ש'];
const HEBREW_ENDINGS = ['ים', 'ות'];
/**
 * Arabic and Persian words: the article and the conjunction glued before ('والأمان', 'المتجر'), and
 * the endings of gender, plural and relation after ('شرعية' and 'شرعي', 'الوظائف'...), cut leaving
 * at least three letters (the root): the same stem for the term and the goal word.
 */
const ARABIC_PREFIXES = ['وال', 'بال', 'فال', 'لل', 'ال', 'و', 'ب'];
const ARABIC_ENDINGS = ['های', 'ها', 'ات', 'ين', 'ون', 'ية', 'ة', 'ي', 'ی'];
const MIN_ROOT = 3;

function arabicKeys(word: string, prefixes = ARABIC_PREFIXES, endings = ARABIC_ENDINGS): string[] {
  const keys: string[] = [];
  // Up to two glued words cut ('ו|ה|משרות'), each form with its ending cut too: a term whose own first
  // letter looks like a prefix ('משרות') meets the goal's word one cut further.
  let bare = word;
  for (let pass = 0; pass < 2; pass++) {
    const prefix = prefixes.find((start) => bare.length - start.length >= MIN_ROOT && bare.startsWith(start));
    if (!prefix) break;
    bare = bare.slice(prefix.length);
    keys.push(bare);
    const ending = endings.find((end) => bare.length - end.length >= MIN_ROOT && bare.endsWith(end));
    if (ending) keys.push(bare.slice(0, -ending.length));
  }
  if (!keys.length) {
    const ending = endings.find((end) => word.length - end.length >= MIN_ROOT && word.endsWith(end));
    if (ending) keys.push(word.slice(0, -ending.length));
  }
  return keys.length ? keys : [word];
}

/** The shortest word whose stems are looked up (a root of three letters in Arabic script). */
export const minStem = (word: string) => (ARABIC_SCRIPT.test(word) || HEBREW_SCRIPT.test(word) ? MIN_ROOT : MIN_STEM);

/** The word with one ending cut, then with a second cut ('narzędzia' and 'narzędzi', 'marketingowych' and 'marketingowe'). */
export function stemKeys(word: string): string[] {
  if (ARABIC_SCRIPT.test(word)) return arabicKeys(word);
  if (HEBREW_SCRIPT.test(word)) return arabicKeys(word, HEBREW_PREFIXES, HEBREW_ENDINGS);
  const endings = CYRILLIC.test(word) ? CYRILLIC_ENDINGS : LATIN_ENDINGS;
  const keys: string[] = [];
  let stemmed = word;
  for (let pass = 0; pass < 2; pass++) {
    const ending = endings.find((end) => stemmed.length - end.length >= MIN_STEM && stemmed.endsWith(end));
    if (!ending) break;
    stemmed = stemmed.slice(0, -ending.length);
    keys.push(stemmed);
  }
  return keys.length ? keys : [word];
}

/** Two words meet when a stem of one is a stem of the other ('Positionen' → position, positio; 'Position' → positio). */
export const stemsMeet = (a: string, b: string) => {
  const keys = stemKeys(b);
  return stemKeys(a).some((key) => keys.includes(key));
};

/** The linking letters of German and Dutch compounds ('Führungs|team', 'Kunden|daten'). */
const LINKS = ['s', 'es', 'n', 'en', 'e'];
const MIN_PART = 4;
/**
 * Words linking a noun to the noun that qualifies it in French, Spanish, Portuguese and Italian
 * ('équipe de direction', 'herramienta de chat'), with the articles that may follow them: the
 * English word order puts the qualifier first ('leadership team', 'chat tool').
 */
// Not the French and Italian words that are also partitive articles ('embauche des développeurs': hires developers).
const LINKING_WORDS = new Set(['de', 'da', 'do', 'das', 'dos', 'di', 'del', 'della', 'dello', 'd']);
/** An English word this long or longer before "de noun" is a noun borrowed into the sentence, not a function word ('me', 'the'). */
const MIN_BORROWED = 5;
const ARTICLES = new Set(['l', 'la', 'le', 'les', 'el', 'los', 'las', 'o', 'a', 'os', 'as', 'il', 'lo', 'gli', 'i']);
/** Glosses of function words, never the noun of "noun de noun" ('maar de contactgegevens': but the contacts). */
const FUNCTION_GLOSSES = new Set(['just', 'only', 'but', 'not', 'instead of', 'than', 'then', 'also', 'plus', 'which', 'who', 'when', 'whenever']);
/**
 * Adjectives French, Spanish, Portuguese and Italian write after the noun ('empresa real',
 * 'presencia real', 'azienda attiva'): after a glossed noun they take the English place before
 * it ('real company').
 */
const POSTPOSED = new Set(['real', 'active', 'legitimate']);

/** A term of several words: each word's stems (stemKeys; a final prefix as written), the words as written. */
interface Candidate {
  words: string[][];
  raw: string[];
  prefix: boolean;
  english: string;
}

export interface Glossary {
  /** Terms matched anywhere (CJK), longest first, each with its English words. */
  anywhere: [term: string, english: string][];
  /** Terms of whole words, by the stem of their first word: [words' stems, last word is a prefix, english]. */
  byFirstWord: Map<string, Candidate[]>;
  /** One-word terms, exactly as written. */
  exact: Map<string, string>;
  /** One-word terms by their stem (stemKeys). */
  byStem: Map<string, string>;
  /** One-word prefix terms ('technolog*'), and their lengths, longest first. */
  prefixes: Map<string, string>;
  prefixLengths: number[];
  /** A word of English the rules read (then it is never read as an inflected foreign word). */
  isEnglish: (word: string) => boolean;
  /** Words already glossed on their own (glossOne, splitCompound), with their English or null. */
  remembered: Map<string, string | null>;
}
const REMEMBERED_WORDS = 20_000;

export function buildGlossary(fold: (text: string) => string, isEnglish: (word: string) => boolean = () => false): Glossary {
  const anywhere: [string, string][] = [];
  const byFirstWord = new Map<string, Candidate[]>();
  const exact = new Map<string, string>();
  const byStem = new Map<string, string>();
  const prefixes = new Map<string, string>();
  for (const [english, terms] of GLOSSES) {
    for (const raw of terms) {
      const term = fold(raw);
      if (CJK.test(term)) {
        anywhere.push([term, english]);
        continue;
      }
      const prefix = term.endsWith('*');
      const parts = term
        .replace(/\*$/, '')
        .split(/[^\p{L}\p{M}\p{N}]+/u)
        .filter(Boolean);
      if (!parts.length) continue;
      if (prefix && parts.length === 1) {
        if (!prefixes.has(parts[0])) prefixes.set(parts[0], english);
        continue;
      }
      if (parts.length === 1) {
        if (!exact.has(parts[0])) exact.set(parts[0], english);
        for (const key of stemKeys(parts[0])) if (!byStem.has(key)) byStem.set(key, english);
        continue;
      }
      const candidate = { words: parts.map((part, k) => (prefix && k === parts.length - 1 ? [part] : stemKeys(part))), raw: parts, prefix, english };
      for (const key of candidate.words[0]) byFirstWord.set(key, [...(byFirstWord.get(key) ?? []), candidate]);
    }
  }
  anywhere.sort((a, b) => b[0].length - a[0].length);
  const prefixLengths = [...new Set([...prefixes.keys()].map((prefix) => prefix.length))].sort((a, b) => b - a);
  for (const list of byFirstWord.values()) list.sort((a, b) => b.words.length - a.words.length);
  return { anywhere, byFirstWord, exact, byStem, prefixes, prefixLengths, isEnglish, remembered: new Map() };
}

/** A one-word term's English: as written, by a prefix term, or by its stem (not for English words). */
function glossOne(token: string, glossary: Glossary): string | null {
  const exact = glossary.exact.get(token);
  if (exact) return exact;
  const prefixed = byPrefix(token, glossary);
  if (prefixed) return prefixed;
  if (token.length > minStem(token) && !glossary.isEnglish(token)) {
    const keys = stemKeys(token);
    for (const key of keys) if (glossary.byStem.has(key)) return glossary.byStem.get(key)!;
    // Arabic and Hebrew glue the article and the conjunction before the word ('والمتجر', 'והמשרות'): prefix terms read the word without them.
    if (ARABIC_SCRIPT.test(token) || HEBREW_SCRIPT.test(token))
      for (const key of keys) {
        const english = key === token ? null : byPrefix(key, glossary);
        if (english) return english;
      }
  }
  return null;
}

/** A one-word prefix term's English ('technolog*'), the longest first. */
function byPrefix(token: string, glossary: Glossary): string | null {
  for (const length of glossary.prefixLengths) {
    if (length > token.length) continue;
    const prefix = glossary.prefixes.get(token.slice(0, length));
    if (prefix) return prefix;
  }
  return null;
}

/**
 * A compound of two known words ('Führungsteam', 'Marketingtools'): the head (a term, with or
 * without its linking letters, or an English word, or a compound of two once) and the tail (a term
 * or an English word), the longest head first; never an English word of the rules itself.
 */
function splitCompound(token: string, glossary: Glossary, nested = false): string | null {
  if (token.length < 2 * MIN_PART || CYRILLIC.test(token) || glossary.isEnglish(token)) return null;
  const part = (text: string) => glossOne(text, glossary) ?? (glossary.isEnglish(text) ? text : null);
  // The head may be a compound itself, once ('köp|intentions|poäng': buying intent score).
  const headPart = (text: string) => part(text) ?? (nested ? null : splitCompound(text, glossary, true));
  for (let cut = token.length - MIN_PART; cut >= MIN_PART; cut--) {
    const tail = token.slice(cut);
    const tailEnglish = part(tail);
    if (!tailEnglish) continue;
    const head = token.slice(0, cut);
    for (const candidate of [head, ...LINKS.filter((link) => head.endsWith(link)).map((link) => head.slice(0, -link.length))]) {
      if (candidate.length < MIN_PART) continue;
      const headEnglish = headPart(candidate);
      if (headEnglish) return `${headEnglish} ${tailEnglish}`;
    }
  }
  return null;
}

/**
 * The particles German and Dutch verbs leave at the end of a clause ('stellt … ein', 'nimmt … zu',
 * 'neemt … toe'); in a subordinate clause they are written joined ('ob … einstellt'), as the
 * glossary lists them.
 */
const PARTICLES = new Set([
  'an',
  'ab',
  'auf',
  'aus',
  'ein',
  'mit',
  'nach',
  'vor',
  'zu',
  'zuruck',
  'zusammen',
  'aan',
  'af',
  'in',
  'op',
  'uit',
  'toe',
  'mee',
  'door',
  'terug',
  'bij',
  'na',
]);
/** Words that start a new clause for the particle: coordinating conjunctions ('baut … ab oder stellt … ein'). */
const CLAUSE_JOINS = new Set(['und', 'oder', 'aber', 'sondern', 'en', 'of', 'maar']);
const TOKEN = /[a-z0-9]+|\u2063|[^\sa-z0-9\p{P}\p{S}\p{C}]+/gu;

/**
 * The text's tokens, a separable verb joined to the particle closing its clause when the joined
 * word is a term of the glossary ('stellt trade-republic.com Data Scientists ein' → einstellt …).
 */
function joinSeparable(text: string, glossary: Glossary): string[] {
  const tokens: string[] = [];
  for (const clause of text.split(/[.,;:!?()]+/)) {
    const words = clause.match(TOKEN) ?? [];
    let start = 0;
    for (let i = 0; i <= words.length; i++) {
      if (i < words.length && !CLAUSE_JOINS.has(words[i])) continue;
      tokens.push(...joinedClause(words.slice(start, i), glossary));
      if (i < words.length) tokens.push(words[i]);
      start = i + 1;
    }
  }
  return tokens;
}

function joinedClause(words: string[], glossary: Glossary): string[] {
  const particle = words[words.length - 1];
  if (words.length < 3 || !PARTICLES.has(particle)) return words;
  for (let i = 0; i < words.length - 2; i++) {
    const joined = particle + words[i];
    if (/^[a-z]+$/.test(words[i]) && !glossary.isEnglish(words[i]) && glossSeparable(joined, glossary))
      return [...words.slice(0, i), joined, ...words.slice(i + 1, -1)];
  }
  return words;
}

/** A joined verb's English: a term as written, or a prefix term longer than the particle. */
function glossSeparable(joined: string, glossary: Glossary): boolean {
  if (glossary.exact.has(joined)) return true;
  return glossary.prefixLengths.some((length) => length >= 5 && length <= joined.length && glossary.prefixes.has(joined.slice(0, length)));
}

/**
 * A folded text's words with the glossary's terms replaced by their English words: CJK terms
 * first (as separate words, so the text around them splits there), then whole-word terms (the
 * longest match at each position, word by word on stems), one-word terms, compounds of two; then
 * "noun de noun" turned to the English order.
 */
export function glossWords(folded: string, glossary: Glossary): string[] {
  let text = folded;
  const cjk = CJK.test(text);
  if (cjk) {
    for (const [term, english] of glossary.anywhere) if (text.includes(term)) text = text.split(term).join(` ${english} `);
  }
  // Latin letters and digits apart from other scripts ('markdownで' is two words).
  const tokens = joinSeparable(text, glossary);
  const stems = tokens.map(stemKeys);
  // Each position's words: glossed (a term's English) or the word as written.
  const pieces: { words: string[]; glossed: boolean; token: string }[] = [];
  for (let i = 0; i < tokens.length;) {
    const token = tokens[i];
    let matched: { length: number; english: string } | null = null;
    const candidates =
      stems[i].length === 1
        ? (glossary.byFirstWord.get(stems[i][0]) ?? [])
        : [...new Set(stems[i].flatMap((key) => glossary.byFirstWord.get(key) ?? []))].sort((a, b) => b.words.length - a.words.length);
    for (const candidate of candidates) {
      const n = candidate.words.length;
      if (i + n > tokens.length) continue;
      let all = true;
      for (let k = 1; k < n && all; k++)
        all = candidate.prefix && k === n - 1 ? tokens[i + k].startsWith(candidate.words[k][0]) : stems[i + k].some((key) => candidate.words[k].includes(key));
      // English words meeting a term only by their stems are English ('shopping agent' is no 'Shopping-Agenten').
      if (all && candidate.raw.some((word, k) => tokens[i + k] !== word) && candidate.raw.every((_, k) => glossary.isEnglish(tokens[i + k]))) all = false;
      if (all) {
        matched = { length: n, english: candidate.english };
        break;
      }
    }
    if (token === GAP) {
      pieces.push({ words: [], glossed: false, token });
      i += 1;
      continue;
    }
    if (!matched) {
      let english = glossary.remembered.get(token);
      if (english === undefined) {
        english = glossOne(token, glossary) ?? (/^[a-z]+$/.test(token) ? splitCompound(token, glossary) : null);
        // Goals share their words: each word's gloss is worked out once (the map starts over when full).
        if (glossary.remembered.size >= REMEMBERED_WORDS) glossary.remembered.clear();
        glossary.remembered.set(token, english);
      }
      if (english) matched = { length: 1, english };
    }
    if (matched) {
      pieces.push({ words: matched.english.split(' '), glossed: true, token });
      i += matched.length;
    } else {
      // Words of other scripts the glossary does not know say nothing the rules read.
      if (/^[a-z0-9]+$/.test(token)) pieces.push({ words: [token], glossed: false, token });
      i += 1;
    }
  }
  const out: string[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i];
    // An English noun borrowed into the sentence reads alike ('rating di credito': credit rating), when the noun after it is glossed.
    const borrowed = !piece.glossed && piece.token.length >= MIN_BORROWED && glossary.isEnglish(piece.token);
    if ((piece.glossed || borrowed) && !FUNCTION_GLOSSES.has(piece.words.join(' ')) && LINKING_WORDS.has(pieces[i + 1]?.token ?? '')) {
      const next = ARTICLES.has(pieces[i + 2]?.token ?? '') && pieces[i + 3]?.glossed ? i + 3 : pieces[i + 2]?.glossed ? i + 2 : -1;
      if (next > 0) {
        out.push(...pieces[next].words, ...piece.words);
        i = next;
        continue;
      }
    }
    const next = pieces[i + 1];
    if (
      next?.glossed &&
      piece.glossed &&
      !cjk &&
      next.words.length === 1 &&
      POSTPOSED.has(next.words[0]) &&
      !POSTPOSED.has(piece.words[piece.words.length - 1])
    ) {
      out.push(...next.words, ...piece.words);
      i += 1;
      continue;
    }
    out.push(...piece.words);
  }
  return out;
}
