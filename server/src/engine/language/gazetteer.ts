import { readFileSync } from 'node:fs';
import { fold, foldLetters } from './fold.js';
import { nameKeys } from './name-keys.js';

/**
 * Names that change spelling or script between languages, folded to one key, so that a story told in
 * Japanese, German and Portuguese still shares "where" and "who" without any translation service: the
 * field's big operators and suppliers, its hubs, and countries. Country names in every catalog language come
 * from ICU (Intl.DisplayNames); cities and companies are listed where their spelling really varies (brand
 * names mostly survive translation as written, and are matched as written). Places carry their country, so
 * two articles that name different countries are about different sites.
 */

/** Companies: key -> names in other scripts and spellings (the key itself is one of its names). */
const ORGS: Record<string, string[]> = {
  microsoft: [
    'microsoft',
    'マイクロソフト',
    '微软',
    '微軟',
    '마이크로소프트',
    'майкрософт',
    'مايكروسوفت',
    'مایکروسافت',
    'מיקרוסופט',
    'माइक्रोसॉफ्ट',
    'মাইক্রোসফট',
    'ไมโครซอฟท์',
  ],
  google: ['google', 'alphabet', 'google cloud', 'グーグル', '谷歌', '구글', 'гугл', 'جوجل', 'غوغل', 'گوگل', 'גוגל', 'गूगल', 'গুগল', 'กูเกิล'],
  amazon: [
    'amazon',
    'aws',
    'amazon web services',
    'アマゾン',
    '亚马逊',
    '亞馬遜',
    '아마존',
    'амазон',
    'أمازون',
    'آمازون',
    'אמזון',
    'अमेज़न',
    'অ্যামাজন',
    'อเมซอน',
  ],
  meta: ['meta', 'meta platforms', 'facebook', 'メタ', 'фейсбук', 'ميتا', 'מטא', 'फेसबुक'],
  oracle: ['oracle', 'オラクル', '甲骨文', '오라클', 'оракл', 'أوراكل', 'اوراکل', 'אורקל', 'ओरेकल'],
  nvidia: [
    'nvidia',
    'エヌビディア',
    '英伟达',
    '輝達',
    '엔비디아',
    'нвидиа',
    'إنفيديا',
    'انفيديا',
    'انویدیا',
    'אנבידיה',
    'एनवीडिया',
    'এনভিডিয়া',
    'เอ็นวิเดีย',
  ],
  equinix: ['equinix', 'エクイニクス', 'エクイニクス・ジャパン', '易昆尼克斯', '에퀴닉스', 'эквиникс', 'إكوينكس'],
  digitalrealty: [
    'digital realty',
    'digital realty trust',
    'デジタル・リアルティ',
    'デジタルリアルティ',
    '디지털리얼티',
    'диджитал риэлти',
  ],
  ntt: ['ntt', 'ntt data', 'ntt global data centers', 'ntt communications', 'エヌ・ティ・ティ', 'ntt데이터', 'nttデータ'],
  ibm: ['ibm', '아이비엠'],
  apple: ['apple', 'アップル', '苹果公司', '애플', 'эппл', 'أبل'],
  intel: ['intel', 'インテル', '英特尔', '인텔', 'интел', 'إنتل'],
  amd: ['amd', '超威半导体'],
  alibaba: ['alibaba', 'alibaba cloud', 'aliyun', 'アリババ', '阿里巴巴', '阿里云', '阿里雲', '알리바바', 'алибаба'],
  huawei: ['huawei', 'ファーウェイ', '华为', '華為', '화웨이', 'хуавэй', 'хуавей', 'هواوي'],
  tencent: ['tencent', 'テンセント', '腾讯', '騰訊', '텐센트', 'тенсент'],
  baidu: ['baidu', 'バイドゥ', '百度', '바이두'],
  bytedance: ['bytedance', 'バイトダンス', '字节跳动', '字節跳動', '바이트댄스'],
  chinamobile: ['china mobile', '中国移动', '中國移動'],
  chinatelecom: ['china telecom', '中国电信', '中國電信'],
  chinaunicom: ['china unicom', '中国联通', '中國聯通'],
  gds: ['gds', 'gds holdings', '万国数据', '萬國數據'],
  samsung: ['samsung', 'サムスン', '三星', '삼성', 'самсунг', 'سامسونج'],
  skhynix: ['sk hynix', 'sk하이닉스', 'skハイニックス', 'sk海力士'],
  naver: ['naver', '네이버', 'ネイバー'],
  kakao: ['kakao', '카카오', 'カカオ'],
  softbank: ['softbank', 'ソフトバンク', '软银', '軟銀', '소프트뱅크'],
  fujitsu: ['fujitsu', '富士通', '후지쯔'],
  hitachi: ['hitachi', '日立', '日立製作所', '히타치'],
  nec: ['nec', '日本電気'],
  kddi: ['kddi', 'telehouse'],
  sakura: ['sakura internet', 'さくらインターネット'],
  schneider: [
    'schneider electric',
    'シュナイダーエレクトリック',
    'シュナイダー',
    '施耐德电气',
    '施耐德電氣',
    '슈나이더일렉트릭',
    'шнайдер электрик',
    'شنايدر إلكتريك',
  ],
  siemens: ['siemens', 'シーメンス', '西门子', '지멘스', 'сименс', 'سيمنز'],
  abb: ['abb'],
  vertiv: ['vertiv', 'バーティブ', '维谛', '버티브'],
  ironmountain: ['iron mountain', 'アイアン・マウンテン', '아이언마운틴'],
  openai: ['openai', 'オープンAI', '오픈ai'],
  reliance: ['reliance', 'reliance industries', 'reliance jio', 'jio', 'रिलायंस', 'রিলায়েন্স'],
  adani: ['adani', 'adaniconnex', 'अडानी', 'আদানি'],
  tata: ['tata', 'tata communications', 'टाटा'],
  rostelecom: ['rostelecom', 'ростелеком', 'ростелекома', 'ростелекоме'],
  yandex: ['yandex', 'яндекс', 'яндекса'],
  sber: ['sber', 'sberbank', 'сбер', 'сбербанк', 'сбербанка'],
  rosatom: ['rosatom', 'росатом', 'росатома'],
  aramco: ['aramco', 'saudi aramco', 'أرامكو'],
  g42: ['g42', 'جي42'],
  tsmc: ['tsmc', '台积电', '台積電', '台湾積体電路製造', 'tsmc'],
  deutschetelekom: ['deutsche telekom', 't-systems'],
  globalswitch: ['global switch'],
  princetondigital: ['princeton digital group', 'princeton digital'],
  kt: ['kt', 'kt클라우드'],
};

/** Cities, regions and hubs: key -> [country key, names]. */
const CITIES: Record<string, [string, string[]]> = {
  frankfurt: [
    'germany',
    [
      'frankfurt',
      'frankfurt am main',
      'francfort',
      'fráncfort',
      'francoforte',
      'frankfurcie',
      'frankfurtu',
      'フランクフルト',
      '法兰克福',
      '法蘭克福',
      '프랑크푸르트',
      'франкфурт',
      'فرانكفورت',
      'فرانکفورت',
      'פרנקפורט',
      'φρανκφούρτη',
    ],
  ],
  berlin: [
    'germany',
    ['berlin', 'berlino', 'berlín', 'berlim', 'berlijn', 'ベルリン', '柏林', '베를린', 'берлин', 'برلين', 'ברלין', 'βερολίνο'],
  ],
  munich: [
    'germany',
    [
      'munich',
      'münchen',
      'monaco di baviera',
      'múnich',
      'munique',
      'monachium',
      'mnichov',
      'ミュンヘン',
      '慕尼黑',
      '뮌헨',
      'мюнхен',
      'ميونخ',
    ],
  ],
  hamburg: ['germany', ['hamburg', 'hambourg', 'amburgo', 'hamburgo', 'ハンブルク', '汉堡', '함부르크', 'гамбург']],
  london: [
    'uk',
    [
      'london',
      'londres',
      'londra',
      'londen',
      'londyn',
      'londýn',
      'lontoo',
      'ロンドン',
      '伦敦',
      '倫敦',
      '런던',
      'лондон',
      'لندن',
      'לונדון',
      'λονδίνο',
      'लंदन',
      'ลอนดอน',
    ],
  ],
  slough: ['uk', ['slough']],
  manchester: ['uk', ['manchester', 'マンチェスター', '曼彻斯特', '맨체스터', 'манчестер']],
  paris: [
    'france',
    ['paris', 'parigi', 'parís', 'paryż', 'paryżu', 'paříž', 'パリ', '巴黎', '파리', 'париж', 'باريس', 'پاریس', 'פריז', 'παρίσι'],
  ],
  marseille: [
    'france',
    ['marseille', 'marsiglia', 'marsella', 'marselha', 'marsylia', 'マルセイユ', '马赛', '마르세유', 'марсель', 'مرسيليا'],
  ],
  amsterdam: [
    'netherlands',
    [
      'amsterdam',
      'amsterdamie',
      'amsterdamem',
      'amsterdamu',
      'amsterdã',
      'ámsterdam',
      'アムステルダム',
      '阿姆斯特丹',
      '암스테르담',
      'амстердам',
      'أمستردام',
      'آمستردام',
      'אמסטרדם',
      'άμστερνταμ',
    ],
  ],
  dublin: ['ireland', ['dublin', 'dublín', 'dublino', 'dublinie', 'ダブリン', '都柏林', '더블린', 'дублин', 'دبلن', 'דבלין', 'δουβλίνο']],
  brussels: [
    'belgium',
    [
      'brussels',
      'bruxelles',
      'brüssel',
      'bruselas',
      'bruxelas',
      'bruksela',
      'brusel',
      'brussel',
      'ブリュッセル',
      '布鲁塞尔',
      '브뤼셀',
      'брюссель',
      'بروكسل',
    ],
  ],
  zurich: ['switzerland', ['zurich', 'zürich', 'zurigo', 'zúrich', 'zurych', 'チューリッヒ', '苏黎世', '취리히', 'цюрих', 'زيورخ']],
  geneva: ['switzerland', ['geneva', 'genève', 'genf', 'ginevra', 'ginebra', 'genewa', 'ジュネーブ', '日内瓦', '제네바', 'женева', 'جنيف']],
  vienna: ['austria', ['vienna', 'wien', 'vienne', 'viena', 'wiedeń', 'vídeň', 'bécs', 'ウィーン', '维也纳', 'вена', 'відень', 'فيينا']],
  milan: ['italy', ['milan', 'milano', 'milán', 'milão', 'mailand', 'mediolan', 'miláno', 'ミラノ', '米兰', '밀라노', 'милан', 'ميلانو']],
  rome: ['italy', ['rome', 'roma', 'rzym', 'řím', 'ローマ', '罗马', '로마', 'рим', 'روما']],
  madrid: ['spain', ['madrid', 'madryt', 'マドリード', '马德里', '마드리드', 'мадрид', 'مدريد', 'מדריד']],
  barcelona: ['spain', ['barcelona', 'barcelone', 'barcellona', 'バルセロナ', '巴塞罗那', '바르셀로나', 'барселона', 'برشلونة']],
  lisbon: [
    'portugal',
    ['lisbon', 'lisboa', 'lissabon', 'lisbonne', 'lisbona', 'lizbona', 'リスボン', '里斯本', '리스본', 'лиссабон', 'لشبونة'],
  ],
  warsaw: [
    'poland',
    [
      'warsaw',
      'warszawa',
      'warszawie',
      'warschau',
      'varsovie',
      'varsovia',
      'varsavia',
      'varšava',
      'varšavě',
      'varsó',
      'ワルシャワ',
      '华沙',
      '바르샤바',
      'варшава',
      'варшаве',
      'وارسو',
    ],
  ],
  prague: ['czechia', ['prague', 'praha', 'prag', 'praga', 'プラハ', '布拉格', '프라하', 'прага', 'براغ']],
  budapest: ['hungary', ['budapest', 'budapeszt', 'budapešť', 'ブダペスト', '布达佩斯', '부다페스트', 'будапешт']],
  bucharest: [
    'romania',
    ['bucharest', 'bucurești', 'bukarest', 'bucarest', 'bukareszt', 'bukurešť', 'ブカレスト', '布加勒斯特', '부쿠레슈티', 'бухарест'],
  ],
  sofia: ['bulgaria', ['sofija', 'софия', 'ソフィア', '索非亚']],
  athens: [
    'greece',
    [
      'athens',
      'athen',
      'athènes',
      'atenas',
      'atene',
      'ateny',
      'atény',
      'atina',
      'αθήνα',
      'αθήνας',
      'アテネ',
      '雅典',
      '아테네',
      'афины',
      'атина',
      'أثينا',
    ],
  ],
  belgrade: ['serbia', ['belgrade', 'beograd', 'belgrad', 'belgrado', 'belehrad', 'београд', 'белград', 'ベオグラード']],
  zagreb: ['croatia', ['zagreb', 'загреб', 'ザグレブ']],
  ljubljana: ['slovenia', ['ljubljana', 'lubiana', 'любляна']],
  bratislava: ['slovakia', ['bratislava', 'bratysława', 'братислава']],
  copenhagen: [
    'denmark',
    [
      'copenhagen',
      'københavn',
      'kopenhagen',
      'copenhague',
      'copenaghen',
      'kopenhaga',
      'kodaň',
      'コペンハーゲン',
      '哥本哈根',
      '코펜하겐',
      'копенгаген',
    ],
  ],
  oslo: ['norway', ['oslo', 'オスロ', '奥斯陆', '오슬로', 'осло']],
  stockholm: [
    'sweden',
    ['stockholm', 'estocolmo', 'stoccolma', 'sztokholm', 'tukholma', 'ストックホルム', '斯德哥尔摩', '스톡홀름', 'стокгольм', 'ستوكهولم'],
  ],
  helsinki: [
    'finland',
    ['helsinki', 'helsingfors', 'helsingissä', 'helsingin', 'helsinkiin', 'ヘルシンキ', '赫尔辛基', '헬싱키', 'хельсинки', 'هلسنكي'],
  ],
  tallinn: ['estonia', ['tallinn', 'tallinna', 'tallinnas', 'таллин', 'таллинн']],
  riga: ['latvia', ['riga', 'rīga', 'rīgā', 'ryga', 'rygoje', 'riia', 'riias', 'рига', 'риге', 'リガ']],
  vilnius: ['lithuania', ['vilnius', 'vilniuje', 'wilno', 'вильнюс', 'ビリニュス']],
  kyiv: ['ukraine', ['kyiv', 'kiev', 'kiew', 'kijów', 'kyjev', 'київ', 'києві', 'киев', 'киеве', 'キーウ', '基辅']],
  moscow: [
    'russia',
    [
      'moscow',
      'moskau',
      'moscou',
      'mosca',
      'moscú',
      'moskwa',
      'moskva',
      'москва',
      'москве',
      'москвы',
      'москві',
      'モスクワ',
      '莫斯科',
      '모스크바',
      'موسكو',
    ],
  ],
  stpetersburg: ['russia', ['st petersburg', 'saint petersburg', 'sankt petersburg', 'санкт-петербург', 'петербург', 'петербурге']],
  istanbul: ['turkey', ['istanbul', 'i̇stanbul', 'stambuł', 'estambul', 'стамбул', 'イスタンブール', '伊斯坦布尔', '이스탄불', 'إسطنبول']],
  telaviv: ['israel', ['tel aviv', 'tel-aviv', 'תל אביב', 'تل أبيب', 'テルアビブ', '特拉维夫']],
  jerusalem: [
    'israel',
    [
      'jerusalem',
      'jérusalem',
      'jerusalén',
      'gerusalemme',
      'jerozolima',
      'jeruzalém',
      'ירושלים',
      'القدس',
      'иерусалим',
      'エルサレム',
      '耶路撒冷',
      '예루살렘',
    ],
  ],
  dubai: ['uae', ['dubai', 'dubaï', 'dubái', 'dubaj', 'دبي', 'دبی', 'דובאי', 'ドバイ', '迪拜', '두바이', 'дубай']],
  abudhabi: ['uae', ['abu dhabi', 'abou dabi', 'abu zabi', 'أبوظبي', 'أبو ظبي', 'アブダビ', '阿布扎比', '아부다비', 'абу-даби']],
  riyadh: ['saudiarabia', ['riyadh', 'riad', 'riyad', 'rijad', 'الرياض', 'ریاض', 'リヤド', '利雅得', '리야드', 'эр-рияд']],
  jeddah: ['saudiarabia', ['jeddah', 'djeddah', 'yeda', 'جدة', 'ジッダ', '吉达']],
  doha: ['qatar', ['doha', 'الدوحة', 'ドーハ', '多哈', '도하', 'доха']],
  cairo: ['egypt', ['cairo', 'le caire', 'el cairo', 'kairo', 'kair', 'القاهرة', 'カイロ', '开罗']],
  mumbai: ['india', ['mumbai', 'bombay', 'ムンバイ', '孟买', '뭄바이', 'мумбаи', 'मुंबई', 'মুম্বাই', 'مومباي']],
  chennai: ['india', ['chennai', 'madras', 'チェンナイ', '金奈', 'чennai', 'चेन्नई', 'চেন্নাই']],
  hyderabad: ['india', ['hyderabad', 'ハイデラバード', '海得拉巴', 'हैदराबाद', 'হায়দরাবাদ']],
  delhi: ['india', ['delhi', 'new delhi', 'neu-delhi', 'new delhi', 'デリー', '德里', '델리', 'дели', 'दिल्ली', 'দিল্লি']],
  noida: ['india', ['noida', 'नोएडा']],
  bengaluru: ['india', ['bengaluru', 'bangalore', 'バンガロール', '班加罗尔', 'बेंगलुरु', 'বেঙ্গালুরু']],
  jamnagar: ['india', ['jamnagar', 'जामनगर', 'জামনগর']],
  gujarat: ['india', ['gujarat', 'गुजरात', 'গুজরাট']],
  maharashtra: ['india', ['maharashtra', 'महाराष्ट्र']],
  singapore: [
    'singapore',
    [
      'singapore',
      'singapur',
      'singapour',
      'singapura',
      'cingapura',
      'シンガポール',
      '新加坡',
      '싱가포르',
      'сингапур',
      'سنغافورة',
      'سنگاپور',
      'סינגפור',
      'σιγκαπούρη',
      'สิงคโปร์',
    ],
  ],
  johor: ['malaysia', ['johor', 'johor bahru', 'johore', 'ジョホール', '柔佛', '柔佛州', '조호르', 'джохор']],
  kualalumpur: ['malaysia', ['kuala lumpur', 'クアラルンプール', '吉隆坡', '쿠알라룸푸르', 'куала-лумпур']],
  jakarta: [
    'indonesia',
    ['jakarta', 'dżakarta', 'djakarta', 'yakarta', 'giacarta', 'ジャカルタ', '雅加达', '자카르타', 'джакарта', 'جاكرتا', 'จาการ์ตา'],
  ],
  batam: ['indonesia', ['batam', 'バタム']],
  bangkok: ['thailand', ['bangkok', 'bangkoku', 'バンコク', '曼谷', '방콕', 'бангкок', 'กรุงเทพ', 'กรุงเทพฯ', 'กรุงเทพมหานคร']],
  hochiminh: [
    'vietnam',
    ['ho chi minh city', 'ho chi minh', 'hồ chí minh', 'hcm city', 'hcmc', 'tphcm', 'saigon', 'ホーチミン', '胡志明市', '호찌민'],
  ],
  hanoi: ['vietnam', ['hanoi', 'hà nội', 'ha noi', 'ハノイ', '河内', '하노이', 'ханой']],
  manila: ['philippines', ['manila', 'マニラ', '马尼拉', '마닐라', 'манила']],
  hongkong: ['hongkong', ['hong kong', 'hongkong', 'hongkongu', '香港', '홍콩', 'гонконг', 'هونغ كونغ']],
  shanghai: ['china', ['shanghai', 'szanghaj', 'šanghaj', 'xangai', '上海', '상하이', 'шанхай', 'شنغهاي']],
  beijing: ['china', ['beijing', 'peking', 'pékin', 'pekín', 'pechino', 'pequim', 'pekin', '北京', '베이징', 'пекин', 'بكين']],
  shenzhen: ['china', ['shenzhen', '深圳', '선전', 'шэньчжэнь']],
  guangzhou: ['china', ['guangzhou', '广州', '廣州', '광저우', 'гуанчжоу']],
  taipei: ['taiwan', ['taipei', 'taipeh', 'tajpej', '台北', '臺北', '타이베이', 'тайбэй']],
  tokyo: [
    'japan',
    [
      'tokyo',
      'tokio',
      'tóquio',
      'tokió',
      'tokij',
      '東京',
      '东京',
      '도쿄',
      'токио',
      'طوكيو',
      'توکیو',
      'טוקיו',
      'τόκιο',
      'टोक्यो',
      'টোকিও',
      'โตเกียว',
    ],
  ],
  osaka: ['japan', ['osaka', 'ōsaka', '大阪', '오사카', 'осака', 'أوساكا', 'اوساکا', 'אוסקה', 'โอซากะ']],
  inzai: ['japan', ['inzai', '印西', '인자이']],
  hokkaido: ['japan', ['hokkaido', 'hokkaidō', '北海道', '홋카이도']],
  seoul: ['southkorea', ['seoul', 'séoul', 'seúl', 'seul', 'ソウル', '首尔', '首爾', '서울', 'сеул', 'سيول']],
  busan: ['southkorea', ['busan', 'pusan', '釜山', '부산', 'пусан']],
  // Pangyo, the Seongnam hub (板橋 is also Tokyo's Itabashi and Taipei's Banqiao: not listed).
  pangyo: ['southkorea', ['pangyo', '판교']],
  sydney: ['australia', ['sydney', 'sídney', 'シドニー', '悉尼', '시드니', 'сидней', 'سيدني']],
  melbourne: ['australia', ['melbourne', 'メルボルン', '墨尔本', '멜버른', 'мельбурн']],
  saopaulo: ['brazil', ['são paulo', 'sao paulo', 'san paolo', 'サンパウロ', '圣保罗', '상파울루', 'сан-паулу']],
  riodejaneiro: ['brazil', ['rio de janeiro', 'リオデジャネイロ', '里约热内卢']],
  riograndedosul: ['brazil', ['rio grande do sul']],
  santiago: ['chile', ['santiago de chile', 'santiago']],
  queretaro: ['mexico', ['querétaro', 'queretaro', 'ケレタロ']],
  johannesburg: [
    'southafrica',
    ['johannesburg', 'johannesburgo', 'joanesburgo', 'johannesburgu', 'ヨハネスブルグ', '约翰内斯堡', '요하네스버그', 'йоханнесбург'],
  ],
  capetown: ['southafrica', ['cape town', 'le cap', 'ciudad del cabo', 'kapstadt', 'città del capo', 'ケープタウン', '开普敦']],
  lagos: ['nigeria', ['lagos', 'ラゴス', '拉各斯']],
  nairobi: ['kenya', ['nairobi', 'ナイロビ', '内罗毕']],
  virginia: [
    'usa',
    [
      'virginia',
      'northern virginia',
      'ashburn',
      'loudoun',
      'virginie',
      'virgínia',
      'wirginia',
      'バージニア',
      'バージニア州',
      '弗吉尼亚',
      '弗吉尼亞',
      '버지니아',
      'вирджиния',
      'виргиния',
      'فيرجينيا',
    ],
  ],
  texas: ['usa', ['texas', 'teksas', 'tejas', 'テキサス', 'テキサス州', '德克萨斯', '得克萨斯', '텍사스', 'техас', 'тексас', 'تكساس']],
  ohio: ['usa', ['ohio', 'オハイオ', '俄亥俄', '오하이오', 'огайо']],
  arizona: ['usa', ['arizona', 'phoenix', 'アリゾナ', '亚利桑那', '애리조나', 'аризона']],
  oregon: ['usa', ['oregon', 'オレゴン', '俄勒冈', '오리건', 'орегон']],
  iowa: ['usa', ['iowa', 'アイオワ', '爱荷华', '아이오와', 'айова']],
  wisconsin: ['usa', ['wisconsin', 'ウィスコンシン', '威斯康星', '위스콘신', 'висконсин']],
  dallas: ['usa', ['dallas', 'ダラス', '达拉斯', '댈러스', 'даллас']],
  chicago: ['usa', ['chicago', 'シカゴ', '芝加哥', '시카고', 'чикаго']],
  atlanta: ['usa', ['atlanta', 'アトランタ', '亚特兰大', '애틀랜타', 'атланта']],
  siliconvalley: ['usa', ['silicon valley', 'santa clara', 'シリコンバレー', '硅谷', '실리콘밸리']],
  newyork: ['usa', ['new york', 'nueva york', 'nova iorque', 'nowy jork', 'ニューヨーク', '纽约', '紐約', '뉴욕', 'нью-йорк', 'نيويورك']],
  toronto: ['canada', ['toronto', 'トロント', '多伦多', '토론토', 'торонто']],
  montreal: ['canada', ['montreal', 'montréal', 'モントリオール', '蒙特利尔']],
  quebec: ['canada', ['quebec', 'québec', 'ケベック', '魁北克']],
};

/**
 * Countries: key -> ISO region (its name in every catalog language comes from ICU) and the short forms
 * and inflections ICU does not give.
 */
const COUNTRIES: Record<string, [string, string[]]> = {
  usa: [
    'US',
    [
      'us',
      'u.s',
      'usa',
      'america',
      'amerika',
      'amérique',
      'américa',
      'ameryka',
      'アメリカ',
      '米国',
      '美国',
      '美國',
      '미국',
      'сша',
      'америка',
      'أمريكا',
      'امریکا',
      'آمریکا',
      'אמריקה',
      'अमेरिका',
      'আমেরিকা',
      'อเมริกา',
      'mỹ',
      'ηπα',
      'abd',
      'eua',
      'ee.uu',
      'amerika serikat',
      'yhdysvallat',
      'yhdysvalloissa',
    ],
  ],
  uk: [
    'GB',
    [
      'uk',
      'britain',
      'great britain',
      'england',
      'royaume-uni',
      'großbritannien',
      'wielka brytania',
      'inglaterra',
      'イギリス',
      '英国',
      '영국',
      'британия',
      'великобритания',
      'великобритании',
      'بريطانيا',
      'انگلیس',
      'בריטניה',
    ],
  ],
  ireland: ['IE', ['irland', 'irlande', 'irlanda', 'irlandia', 'ierland', 'irsko', 'írország', 'irlanti', 'ирландии', 'ирландия']],
  germany: [
    'DE',
    [
      'deutschland',
      'allemagne',
      'alemania',
      'germania',
      'alemanha',
      'duitsland',
      'niemcy',
      'niemczech',
      'německo',
      'nemecko',
      'saksa',
      'saksassa',
      'германии',
      'германия',
      'німеччині',
    ],
  ],
  france: ['FR', ['frankreich', 'francia', 'frança', 'francja', 'francji', 'frankrijk', 'francie', 'ranska', 'франции', 'франція']],
  netherlands: [
    'NL',
    [
      'holland',
      'holanda',
      'holandia',
      'nederland',
      'niederlande',
      'pays-bas',
      'países bajos',
      'paesi bassi',
      'holandsko',
      'alankomaat',
      'нидерландах',
      'нідерланди',
    ],
  ],
  belgium: ['BE', []],
  luxembourg: ['LU', []],
  switzerland: ['CH', ['schweiz', 'suisse', 'svizzera', 'suiza', 'szwajcaria']],
  austria: ['AT', ['österreich', 'autriche']],
  italy: ['IT', ['italien', 'italie', 'italia', 'itália', 'włochy', 'włoszech', 'itálie', 'italia', 'италии']],
  spain: ['ES', ['spanien', 'espagne', 'españa', 'spagna', 'espanha', 'hiszpania', 'hiszpanii', 'španělsko', 'испании']],
  portugal: ['PT', []],
  poland: ['PL', ['polen', 'pologne', 'polonia', 'polska', 'polsce', 'polsko', 'польше']],
  czechia: [
    'CZ',
    [
      'czech republic',
      'česko',
      'česku',
      'česká republika',
      'czechy',
      'czechach',
      'tschechien',
      'tchéquie',
      'chequia',
      'csehország',
      'чехии',
      'чехия',
    ],
  ],
  slovakia: ['SK', ['slovensko', 'słowacja']],
  hungary: ['HU', ['magyarország', 'węgry', 'maďarsko']],
  romania: ['RO', ['românia', 'rumänien', 'roumanie', 'rumunia']],
  bulgaria: ['BG', ['bulgarien', 'bulgarie', 'bułgaria']],
  greece: ['GR', ['griechenland', 'grèce', 'grecia', 'grécia', 'grecja', 'ελλάδα', 'yunanistan']],
  croatia: ['HR', ['hrvatska', 'kroatien', 'croatie']],
  serbia: ['RS', ['srbija', 'serbien', 'serbie', 'србија', 'србији']],
  slovenia: ['SI', ['slovenija', 'slowenien', 'slovénie']],
  denmark: ['DK', ['danmark', 'dänemark', 'danemark', 'dinamarca', 'danimarca', 'dania', 'tanska']],
  norway: ['NO', ['norge', 'noreg', 'norwegen', 'norvège', 'noruega', 'norvegia', 'norwegia', 'norja']],
  sweden: ['SE', ['sverige', 'schweden', 'suède', 'suecia', 'svezia', 'szwecja', 'ruotsi', 'zweden']],
  finland: [
    'FI',
    [
      'suomi',
      'suomen',
      'suomessa',
      'suomeen',
      'suomesta',
      'finnland',
      'finlande',
      'finlandia',
      'finlândia',
      'finsko',
      'финляндии',
      'фінляндії',
    ],
  ],
  iceland: ['IS', ['ísland', 'islande', 'islandia']],
  estonia: ['EE', ['eesti', 'estland', 'estonie']],
  latvia: ['LV', ['latvija', 'lettland', 'lettonie', 'łotwa']],
  lithuania: ['LT', ['lietuva', 'litauen', 'lituanie', 'litwa']],
  ukraine: ['UA', ['україна', 'україні', 'украина', 'украине', 'ukraina', 'ukrainie']],
  russia: ['RU', ['россия', 'россии', 'rosja', 'rosji', 'russland', 'russie', 'rusia', 'rússia', 'venäjä']],
  turkey: ['TR', ['türkiye', 'turkey', 'turquie', 'türkei', 'turquía', 'turchia', 'turcja', 'турция', 'турции']],
  israel: ['IL', ['ישראל', 'إسرائيل', 'izrael']],
  saudiarabia: ['SA', ['saudi arabia', 'saudi', 'السعودية', 'saudi-arabien', 'arabie saoudite', 'arabia saudita', 'arabia saudyjska']],
  uae: ['AE', ['uae', 'emirates', 'الإمارات', 'vae', 'eau', 'émirats arabes unis']],
  qatar: ['QA', ['katar', 'قطر']],
  egypt: ['EG', ['مصر', 'ägypten', 'égypte', 'egipto', 'egitto', 'egipt']],
  iran: ['IR', ['ایران', 'إيران']],
  india: ['IN', ['indien', 'inde', 'índia', 'indie', 'intia', 'भारत', 'ভারত', 'индия', 'индии']],
  bangladesh: ['BD', ['বাংলাদেশ']],
  thailand: ['TH', ['ประเทศไทย', 'ไทย', 'thaïlande', 'tailandia', 'tailândia', 'tajlandia']],
  vietnam: ['VN', ['việt nam', 'viet nam', 'viêt nam', 'wietnam', 'เวียดนาม']],
  malaysia: ['MY', ['malaysia', 'malaisie', 'malasia', 'malesia', 'malezja', 'マレーシア', '马来西亚']],
  singapore: ['SG', []],
  indonesia: ['ID', ['indonésie', 'indonesien', 'indonezja']],
  philippines: ['PH', ['filipinas', 'filippine', 'filipiny']],
  china: ['CN', ['chine', 'cina', 'chiny', 'čína', 'kiina', 'китай', 'китае', 'китаї', '中国', '中國']],
  hongkong: ['HK', ['hong kong', '香港']],
  taiwan: ['TW', ['台湾', '臺灣', '台灣', '대만', 'тайвань', 'tajwan', 'taïwan']],
  japan: [
    'JP',
    [
      'japon',
      'japón',
      'giappone',
      'japão',
      'japonia',
      'japonsko',
      'japani',
      'japanissa',
      'япония',
      'японии',
      'японія',
      '日本',
      '일본',
      'اليابان',
      'ژاپن',
      'יפן',
      'ญี่ปุ่น',
      'जापान',
      'জাপান',
    ],
  ],
  southkorea: [
    'KR',
    [
      'korea',
      'south korea',
      'corée du sud',
      'südkorea',
      'corea del sur',
      'corea del sud',
      'korea południowa',
      '韓国',
      '韩国',
      '한국',
      '대한민국',
      'южная корея',
      'кореи',
    ],
  ],
  australia: ['AU', ['australien', 'australie']],
  newzealand: ['NZ', ['new zealand', 'nouvelle-zélande', 'neuseeland']],
  canada: ['CA', ['kanada']],
  mexico: ['MX', ['méxico', 'mexique', 'mexiko', 'messico', 'meksyk']],
  brazil: ['BR', ['brasil', 'brasilien', 'brésil', 'brasile', 'brazylia', 'brazílie']],
  chile: ['CL', ['chili', 'cile']],
  colombia: ['CO', ['kolumbien', 'colombie']],
  argentina: ['AR', ['argentinien', 'argentine']],
  southafrica: ['ZA', ['south africa', 'afrique du sud', 'südafrika', 'sudáfrica', 'sudafrica', 'republika południowej afryki']],
  nigeria: ['NG', []],
  kenya: ['KE', []],
  morocco: ['MA', ['maroc', 'marokko', 'marruecos', 'marocco', 'المغرب']],
};

/** Country names that are also common words or parts of other names: Korean 인도 (handover), Thai ไทย (Thai), "Island". */
const AMBIGUOUS = new Set(['인도', 'ไทย', 'island']);

/** The languages of the catalog, for ICU's country names. */
const CATALOG_LOCALES =
  'en de fr ja it es nl pl pt ru zh zh-Hant ko tr cs uk id sv nb sk hu ro el ar fa th vi da bg he hi bn fi et lt hr sr sr-Latn sl ms lv ca'.split(
    ' ',
  );

interface Entry {
  key: string;
  country?: string;
}

/** Folded single-word names. */
const LOOKUP = new Map<string, Entry>();
/** The keys (skeleton and stems) of single-word Latin names, to meet their inflected forms. */
const STEM_LOOKUP = new Map<string, Entry>();
/** Names of several Latin words, by their first word. */
const PHRASES = new Map<string, Array<{ words: string[]; entry: Entry }>>();
/** Names in scripts found by substring, by their first character. */
const IN_SCRIPT = new Map<string, Array<{ name: string; entry: Entry; katakana: boolean; wordStart: boolean }>>();
/** Country of each place key; a country is its own country. */
const COUNTRY_OF = new Map<string, string>();

const LATIN_NAME = /^[\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]+$/u;
const KATAKANA = /^[\u30a0-\u30ff]+$/u;
const WORD_SPLIT = /[\s-]+/u;

function addName(name: string, entry: Entry) {
  const folded = foldLetters(name).replace(/\.$/, '');
  if (!folded) return;
  if (LATIN_NAME.test(folded)) {
    const words = folded.split(WORD_SPLIT).filter(Boolean);
    if (words.length === 1) {
      if (!LOOKUP.has(folded)) LOOKUP.set(folded, entry);
      if (folded.length >= 5) for (const k of nameKeys(folded)) if (!STEM_LOOKUP.has(k)) STEM_LOOKUP.set(k, entry);
    } else {
      const list = PHRASES.get(words[0]!) ?? [];
      list.push({ words, entry });
      PHRASES.set(
        words[0]!,
        list.sort((a, b) => b.words.length - a.words.length),
      );
    }
    return;
  }
  if (!/\s/.test(folded) && !LOOKUP.has(folded)) LOOKUP.set(folded, entry);
  const first = folded[0]!;
  const list = IN_SCRIPT.get(first) ?? [];
  list.push({ name: folded, entry, katakana: KATAKANA.test(folded), wordStart: startsAWord(name) });
  IN_SCRIPT.set(
    first,
    list.sort((a, b) => b.name.length - a.name.length),
  );
}

for (const [key, names] of Object.entries(ORGS)) for (const n of names) addName(n, { key });
/**
 * Each country's name in every catalog language, as ICU gives it (`Intl.DisplayNames`), in CATALOG_LOCALES'
 * order: what `regionNamesFromIcu()` computes, stored in region-names.json (`npm run gazetteer:regions -w server`
 * writes it; a test checks that it is still ICU's). Asking ICU at import touched 41 locales' region data: about
 * 3.5 MB of the node binary's pages resident in every process that loads the engine (decision 528).
 */
export const REGION_NAMES_FILE = new URL('./region-names.json', import.meta.url);

/** ICU's names of COUNTRIES' regions in the catalog locales, by country key (the contents of region-names.json). */
export function regionNamesFromIcu(): Record<string, Array<string | undefined>> {
  const regionNames = CATALOG_LOCALES.flatMap((locale) => {
    try {
      return [new Intl.DisplayNames([locale], { type: 'region' })];
    } catch {
      return [];
    }
  });
  return Object.fromEntries(Object.entries(COUNTRIES).map(([key, [region]]) => [key, regionNames.map((names) => names.of(region))]));
}

const REGION_NAMES = JSON.parse(readFileSync(REGION_NAMES_FILE, 'utf8')) as Record<string, Array<string | null>>;
for (const [key, [, extra]] of Object.entries(COUNTRIES)) {
  const entry = { key, country: key };
  COUNTRY_OF.set(key, key);
  const display = REGION_NAMES[key] ?? [];
  for (const n of [key, ...extra, ...display]) if (n && !/[()]/.test(n) && !AMBIGUOUS.has(n.toLowerCase())) addName(n, entry);
}
for (const [key, [country, names]] of Object.entries(CITIES)) {
  COUNTRY_OF.set(key, country);
  for (const n of names) addName(n, { key, country });
}

const NON_LATIN = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
const LETTER = /[\p{L}\p{M}]/u;
const KATAKANA_CHAR = /[\u30a0-\u30ff]/u;

/** The gazetteer key of a word as written (folded), or undefined. */
export function gazetteerKey(token: string): string | undefined {
  return LOOKUP.get(fold(token).replace(/\.$/, ''))?.key ?? LOOKUP.get(foldLetters(token))?.key;
}

/** The gazetteer key of an inflected word (Czech "Ostravě", Russian "Осаке" transliterated), by its stems. */
export function gazetteerStemKey(folded: string): string | undefined {
  if (folded.length < 5) return undefined;
  for (const k of nameKeys(folded)) {
    const hit = STEM_LOOKUP.get(k);
    if (hit) return hit.key;
  }
  return undefined;
}

/** A name of several words starting at `words[i]` ("digital realty", "rio grande do sul"), and its length in words. */
export function gazetteerPhraseAt(words: readonly string[], i: number): { key: string; length: number } | undefined {
  const candidates = PHRASES.get(words[i]!);
  if (!candidates) return undefined;
  for (const { words: phrase, entry } of candidates) {
    if (phrase.every((w, k) => words[i + k] === w)) return { key: entry.key, length: phrase.length };
  }
  return undefined;
}

/**
 * Whether a name found inside a text's other scripts must start a word there: Cyrillic and Greek names (their
 * endings may change, "Франкфурте", so only the start is fixed), and Hangul names of one or two syllables (inside a
 * word they are most often a piece of another word: "것이란" is "that it will", not Iran; "시도하면" is "if one
 * tries", not Doha; a longer one may sit inside a word: "한국마이크로소프트", Microsoft Korea).
 */
export function startsAWord(name: string): boolean {
  const written = name.normalize('NFC').trim();
  return /^[\p{Script=Cyrillic}\p{Script=Greek}]/u.test(written) || /^\p{Script=Hangul}{1,2}$/u.test(written);
}

/**
 * Names written in scripts without spaces between words (CJK, Thai), with prefixes (Arabic, Hebrew) or case
 * endings (Cyrillic, Greek) found inside the text. A name in katakana must not continue a longer katakana word
 * (メタ is not in メタン).
 */
export function gazetteerHitsInScript(text: string): string[] {
  // Most texts are in Latin script only: nothing to find by substring there.
  if (!NON_LATIN.test(text)) return [];
  const folded = fold(text);
  const hits = new Set<string>();
  for (let i = 0; i < folded.length; i++) {
    const candidates = IN_SCRIPT.get(folded[i]!);
    if (!candidates) continue;
    for (const { name, entry, katakana, wordStart } of candidates) {
      if (!folded.startsWith(name, i)) continue;
      const before = folded[i - 1] ?? ' ';
      const after = folded[i + name.length] ?? ' ';
      if (katakana && (KATAKANA_CHAR.test(before) || KATAKANA_CHAR.test(after))) continue;
      if (wordStart && LETTER.test(before)) continue;
      hits.add(entry.key);
      i += name.length - 1;
      break;
    }
  }
  return [...hits];
}

/** The country of a place key (a city's, or a country's own), or undefined for a company or an unknown name. */
export function countryOf(key: string): string | undefined {
  return COUNTRY_OF.get(key);
}

/**
 * The gazetteer's companies, cities and countries with every name it knows for them (countries with ICU's names
 * in the catalog languages): what `npm run entities:seed -w server` builds the entities' seed list from.
 */
export function gazetteerEntries(): {
  companies: Record<string, string[]>;
  cities: Record<string, { country: string; names: string[] }>;
  countries: Record<string, { region: string; names: string[] }>;
} {
  const icu = (key: string) => (REGION_NAMES[key] ?? []).filter((n): n is string => Boolean(n) && !/[()]/.test(n!));
  return {
    companies: ORGS,
    cities: Object.fromEntries(Object.entries(CITIES).map(([key, [country, names]]) => [key, { country, names }])),
    countries: Object.fromEntries(
      Object.entries(COUNTRIES).map(([key, [region, extra]]) => [
        key,
        { region, names: [...icu(key), ...extra].filter((n) => !AMBIGUOUS.has(n.toLowerCase())) },
      ]),
    ),
  };
}
