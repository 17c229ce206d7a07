import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { baseLanguage } from '../language/base-language.js';
import { loadCatalog } from '../sources/catalog.js';
import { judgeSentence, type Rejection } from './fact-filter.js';
import { cueFiles, cueLanguage, cuesFor, hasYear } from './opinion-cues.js';

/**
 * Every catalog language, tested in that language: sentences a summary must never carry (with the reason
 * they are dropped for) and plain facts (figures, names, dates) it must keep, among them the ones a careless
 * cue would drop ("May" the month, "nos Estados Unidos", 私立, 우리나라, "should" in a regulation).
 */
interface Cases {
  dropped: Array<[Rejection, string]>;
  kept: string[];
}

const CASES: Record<string, Cases> = {
  en: {
    dropped: [
      ['opinion', 'It is great news for Dublin that the 80 MW campus in Grange Castle has a grid connection.'],
      ['speculation', 'Analysts believe the 300 MW campus in Abilene could double in size by 2030.'],
      ['speculation', 'The colocation market is expected to reach $130 billion by 2030, according to Synergy.'],
      ['marketing', 'Digital Realty offers world-class colocation in 50 metros across six continents.'],
      ['first-person', 'We opened our 60 MW campus in Frankfurt in 2026.'],
      ['opinion', 'Ireland should stop approving data centers in Dublin until 2030.'],
      ['opinion', 'Column: Stop calling every outage at Equinix a black swan.'],
      ['opinion', 'This is exactly the kind of project the Nordics need more of.'],
      ['speculation', 'Once built, the 200 MW campus near Lyon is slated to be the largest in France.'],
      ['speculation', 'The campus is set to create 400 jobs in Navarra, the regional government said.'],
      ['opinion', 'The 300 MW campus in Johor is one of the most advanced AI sites in Asia, the operator said.'],
      // A significance claim is an evaluation, however plain its grammar.
      ['opinion', 'The 36 MW building in Sines represents a key milestone in the campus plan.'],
      ['opinion', 'The opening of the 8 MW site arrives at a defining moment for the region.'],
      // Irony and "a good idea" are the writer's judgement, never a fact of the event.
      ['opinion', 'With some irony, the council that courted the 90 MW campus in 2024 voted against it in March.'],
      ['opinion', 'Keeping the backups of 30 ministries in one building in Daejeon was not a good idea.'],
    ],
    kept: [
      'Equinix will open FR9, a 60 MW data center in Frankfurt, in May 2027.',
      'The cooling column of the 40 MW Kajaani campus stands 30 metres high.',
      'The 120 MW campus is expected to open in 2027, Vantage said on Tuesday.',
      'Under the EU Energy Efficiency Directive, operators of sites above 500 kW should report their PUE by 15 May 2025.',
      'Phase I of the Project Jupiter campus delivers 48 MW along I-95 in Virginia.',
      'The think tank Ember said data centers used 3% of EU electricity in 2024.',
      'The 200 MW campus near Lyon is set to open in 2027, Data4 said.',
      'The project is estimated to cost 900 million euros, the developer said.',
    ],
  },
  pt: {
    dropped: [
      ['opinion', 'Não parece boa ideia instalar 12 centros de dados numa região com seca.'],
      ['opinion', 'É uma ótima notícia para o mercado de data centers no Brasil, que recebe R$ 3 bilhões em 2025.'],
      ['speculation', 'Segundo analistas, a Microsoft poderia investir mais R$ 10 bilhões no país até 2027.'],
      ['speculation', 'A Ascenty teria fechado a compra de um terreno de 20 hectares em Jundiaí.'],
      ['first-person', 'Estamos investindo R$ 500 milhões no novo campus de Hortolândia.'],
    ],
    kept: [
      'A Scala Data Centers vai investir R$ 2,5 bilhões em um campus de 60 MW em Barueri, anunciou a empresa nesta terça-feira.',
      'O primeiro prédio deve entrar em operação em 2027, segundo a Elea Data Centers.',
      'A Equinix opera 260 data centers nos Estados Unidos e em outros 32 países.',
      'A falha séria no sistema de refrigeração derrubou 40 servidores da Claro em Campinas.',
    ],
  },
  de: {
    dropped: [
      ['opinion', 'Der Betreiber sollte die 100 Megawatt in Frankfurt besser verteilen.'],
      ['opinion', 'Der 60-MW-Campus in Hanau ist ein Meilenstein für die Region.'],
      ['opinion', 'Es ist eine Ironie, dass der Stadtrat von Dreieich den 80-MW-Campus erst warb und dann ablehnte.'],
      ['opinion', 'Ein zweiter Netzanschluss für den Campus in Hattersheim wäre eine gute Idee gewesen.'],
      ['opinion', 'Die Abstimmung über den 200-MW-Campus in Langen gleicht einer Realsatire.'],
      ['speculation', 'Microsoft könnte den Standort in Hanau bis 2028 auf 300 Megawatt erweitern.'],
      ['opinion', 'Leider verzögert sich der Netzanschluss des 60-MW-Campus in Dietzenbach erneut.'],
      ['speculation', 'Insidern zufolge soll Equinix über den Kauf eines Grundstücks in Dreieich verhandeln.'],
      ['first-person', 'Wir haben unser Rechenzentrum in Berlin um 20 Megawatt erweitert.'],
    ],
    kept: [
      'Equinix investiert 500 Millionen Euro in das Rechenzentrum FR9 in Frankfurt.',
      'Das Rechenzentrum soll 2027 in Betrieb gehen und 60 Megawatt IT-Leistung bieten.',
      'Der Betreiber konnte den Stromausfall in Frankfurt nach 4 Stunden beheben.',
      'Nach dem Energieeffizienzgesetz müssen Betreiber ab 2026 ihre PUE offenlegen.',
    ],
  },
  fr: {
    dropped: [
      ['opinion', "Ironie du sort, le campus de 40 MW de Marseille a été inauguré le jour d'une coupure de courant."],
      ['speculation', 'Le projet de 60 MW pourrait être retardé à Francfort en 2027.'],
      ['speculation', 'Selon nos informations, Data4 aurait racheté un terrain de 40 hectares près de Marseille.'],
      ['opinion', 'Malheureusement, le raccordement du campus de 100 MW à Fos-sur-Mer prendra encore trois ans.'],
      ['first-person', 'Nous mettons en service notre deuxième centre de données à Lyon en mars.'],
    ],
    kept: [
      'Le centre de données de 60 MW doit ouvrir en 2027 à Marseille, a indiqué Digital Realty.',
      'Equinix exploite 10 centres de données en France, dont 6 à Paris.',
      'Selon le décret du 5 mars 2024, les exploitants doivent publier chaque année leur consommation électrique.',
    ],
  },
  es: {
    dropped: [
      ['opinion', 'En mi opinión, Madrid debería limitar los centros de datos de 2026.'],
      ['opinion', 'La inversión de 18.000 millones en Aragón supone un hito para la comunidad.'],
      ['opinion', 'No parece una buena idea concentrar 12 centros de datos en una comarca con sequía.'],
      ['speculation', 'Según fuentes del sector, Meta podría ampliar su campus de Talavera hasta 250 MW.'],
      ['first-person', 'Hemos invertido 300 millones de dólares en nuestro campus de Querétaro.'],
      ['opinion', 'Lamentablemente, la conexión eléctrica del campus de 80 MW en Alcalá sigue sin fecha.'],
    ],
    kept: [
      'Microsoft invertirá 6.690 millones de euros en tres centros de datos en Aragón, anunció la compañía el martes.',
      'El préstamo de 200 millones de euros financiará el campus de 48 MW de Merlin en Bilbao.',
      'El primer edificio debe entrar en operación en 2026, según la empresa.',
    ],
  },
  it: {
    dropped: [
      ['opinion', "Per ironia della sorte, il campus da 30 MW di Milano è rimasto senza corrente il giorno dell'inaugurazione."],
      ['speculation', 'Secondo indiscrezioni, Aruba avrebbe acquistato un terreno di 90.000 metri quadrati a Roma.'],
      ['opinion', 'Purtroppo il nuovo data center da 30 MW di Milano resta senza allaccio alla rete.'],
      ['marketing', "Siamo orgogliosi di inaugurare il nostro campus all'avanguardia a Settimo Milanese."],
    ],
    kept: [
      'Microsoft investirà 4,3 miliardi di euro in Italia entro il 2026, ha annunciato la società.',
      'Il campus di Data4 a Vittuone dovrebbe entrare in funzione nel 2027 con 40 MW.',
      'Secondo la direttiva europea, dal 2024 gli operatori devono comunicare ogni anno il proprio PUE.',
    ],
  },
  nl: {
    dropped: [
      ['opinion', 'Het is geen goed idee om de 100 MW campus in de Wieringermeer uit te breiden.'],
      ['speculation', 'Microsoft zou in Middenmeer een tweede campus van 200 MW willen bouwen.'],
      ['opinion', 'Helaas krijgt het datacenter van 50 MW in Almere voorlopig geen netaansluiting.'],
      ['first-person', 'Wij openen in maart ons derde datacenter in Amsterdam.'],
    ],
    kept: [
      'Equinix opent in 2026 een datacenter van 25 MW in Amsterdam Zuidoost.',
      'Netbeheerder Liander maakt de aansluiting van 100 MW in Zeewolde mogelijk.',
      'Het datacenter moet in 2027 klaar zijn en krijgt 40 MW vermogen.',
    ],
  },
  pl: {
    dropped: [
      ['opinion', 'Na ironię zakrawa fakt, że kampus o mocy 40 MW w Warszawie otwarto w dniu awarii sieci.'],
      ['speculation', 'Według nieoficjalnych informacji Microsoft prawdopodobnie rozbuduje kampus pod Warszawą do 300 MW.'],
      ['opinion', 'Niestety, przyłączenie centrum danych o mocy 40 MW w Poznaniu opóźni się do 2027 roku.'],
      ['first-person', 'Planujemy uruchomić nasze drugie centrum danych w Krakowie w 2026 roku.'],
    ],
    kept: [
      'Atman oddał do użytku nowy budynek o mocy 12 MW w kampusie WAW-3 w Warszawie.',
      'Centrum danych ma zostać oddane do użytku w 2027 roku, poinformowała spółka Data4.',
      'Obiekt może pomieścić 1200 szaf serwerowych, podał operator Beyond.pl.',
    ],
  },
  ru: {
    dropped: [
      ['speculation', 'По слухам, «Яндекс» может быть заинтересован в покупке ЦОД мощностью 40 МВт.'],
      ['opinion', 'К сожалению, запуск дата-центра на 60 МВт в Подмосковье снова откладывается.'],
      ['first-person', 'Мы открыли наш третий дата-центр в Москве в марте 2025 года.'],
    ],
    kept: [
      'Компания «Ростелеком» ввела в эксплуатацию дата-центр на 4000 стоек в Удомле.',
      'ЦОД может вместить 1200 стоек и должен быть введён в эксплуатацию в 2026 году.',
      'По данным Минцифры, в России работает 170 коммерческих ЦОД.',
    ],
  },
  ja: {
    dropped: [
      ['opinion', '皮肉にも、千葉県印西市の50MWのデータセンターは開所日に停電した。'],
      ['speculation', 'この計画は2027年に延期されるかもしれない。'],
      ['speculation', '関係者によると、ソフトバンクは北海道に300メガワットのデータセンターを建設する可能性がある。'],
      ['first-person', '弊社は千葉県印西市に第3のデータセンターを開設しました。'],
      ['question', 'データセンターの電力不足は2030年までに解消されるのか。'],
      ['opinion', '残念ながら、大阪の新施設の稼働は2026年にずれ込んだ。'],
    ],
    kept: [
      'Equinixはフランクフルトに5億ユーロを投じ、60メガワットのデータセンターを建設すると発表した。',
      'NTTデータは2027年に開業する見込みの三鷹データセンターに4800ラックを備える。',
      '私立大学の研究施設に1200台のサーバーが導入された。',
      'さくらインターネットは石狩データセンターの3号棟を2025年に稼働させた。',
    ],
  },
  zh: {
    dropped: [
      ['opinion', '具有讽刺意味的是，这座50兆瓦的数据中心在启用当天停电。'],
      ['speculation', '据传阿里巴巴可能在乌兰察布新建一座300兆瓦的数据中心。'],
      ['first-person', '我们已在上海建成第三个数据中心，总容量达到50兆瓦。'],
      ['opinion', '遗憾的是，该项目的并网时间再次推迟至2027年。'],
      ['question', '这座数据中心真的需要1000兆瓦的电力吗'],
    ],
    kept: [
      '中国电信在贵州新建的数据中心已投入运营，可容纳10万台服务器。',
      '该数据中心预计2027年投产，总投资达120亿元。',
      '我国数据中心机架总规模已超过810万标准机架。',
    ],
  },
  ko: {
    dropped: [
      ['opinion', '아이러니하게도 판교의 40MW 데이터센터는 개소식 날 정전을 겪었다.'],
      ['speculation', '업계에서는 네이버가 세종에 두 번째 데이터센터를 지을 것으로 보인다.'],
      ['first-person', '저희는 올해 안양에 40MW 규모의 데이터센터를 개소했습니다.'],
      ['opinion', '안타깝게도 부산 데이터센터의 전력 공급은 2027년으로 미뤄졌다.'],
    ],
    kept: [
      'KT클라우드는 2025년 가산 데이터센터를 개소했으며 수전 용량은 20MW다.',
      '아마존웹서비스(AWS)는 2027년까지 국내에 7조8500억 원을 투자한다.',
      '이 데이터센터는 2026년 완공될 전망이다.',
    ],
  },
  tr: {
    dropped: [
      ['speculation', "Kulis bilgilerine göre Turkcell, Ankara'daki veri merkezini 2027'de satabilir."],
      ['opinion', "Maalesef İzmir'deki 20 MW'lık veri merkezinin şebeke bağlantısı yine ertelendi."],
      ['first-person', "Şirketimiz Gebze'deki yeni veri merkezine 100 milyon dolar yatırım yaptı."],
    ],
    kept: [
      "Turkcell, Ankara'da 25 MW kapasiteli yeni veri merkezini hizmete açtı.",
      "İstanbul'daki veri merkezinin 2027'de faaliyete geçmesi bekleniyor.",
      "Ülkemizde 2024 yılında veri merkezi kapasitesi 300 MW'ı aştı.",
    ],
  },
  cs: {
    dropped: [
      ['speculation', 'Microsoft údajně zvažuje výstavbu datového centra u Prahy s příkonem 100 MW.'],
      ['opinion', 'Bohužel se připojení nového datacentra v Brně k síti znovu odkládá o 2 roky.'],
      ['first-person', 'Plánujeme otevřít naše druhé datové centrum v Praze v roce 2026.'],
    ],
    kept: [
      'Společnost CETIN otevřela v Praze datové centrum s kapacitou 5 MW.',
      'Datové centrum by mělo být dokončeno v roce 2027, uvedla společnost Master Internet.',
      'Podle zákona o kybernetické bezpečnosti musí provozovatelé hlásit incidenty do 24 hodin.',
    ],
  },
  sk: {
    dropped: [
      ['speculation', 'Spoločnosť Orange vraj plánuje v Bratislave nové dátové centrum s výkonom 20 MW.'],
      ['opinion', 'Žiaľ, pripojenie dátového centra v Košiciach k sieti sa opäť odkladá na rok 2027.'],
      ['first-person', 'Otvorili sme naše nové dátové centrum v Bratislave s kapacitou 3 MW.'],
    ],
    kept: [
      'Slovak Telekom spustil v Bratislave dátové centrum s kapacitou 6 MW.',
      'Nové dátové centrum by malo byť dokončené v roku 2027, uviedla spoločnosť.',
    ],
  },
  uk: {
    dropped: [
      ['speculation', 'За чутками, компанія може бути зацікавлена в купівлі дата-центру в Києві потужністю 10 МВт.'],
      ['opinion', 'На жаль, запуск нового дата-центру у Львові знову відкладено до 2026 року.'],
      ['first-person', 'Ми відкрили наш другий дата-центр у Києві в березні 2025 року.'],
    ],
    kept: [
      'Київстар запустив новий дата-центр на 500 стійок у Києві.',
      'Дата-центр повинен запрацювати у 2027 році, повідомила компанія De Novo.',
      'Вуглецевий слід дата-центрів у 2024 році зріс на 12%.',
    ],
  },
  bg: {
    dropped: [
      ['speculation', 'Според източници, компанията вероятно ще построи център за данни край София.'],
      ['opinion', 'За съжаление, изграждането на центъра за данни в Пловдив се забавя до 2027 г.'],
      ['first-person', 'Ние открихме нашия нов център за данни в София с мощност 6 MW.'],
    ],
    kept: [
      'Телехаус откри нов център за данни в София с 1000 шкафа.',
      'Центърът за данни трябва да бъде завършен през 2027 г., съобщиха от компанията.',
    ],
  },
  sr: {
    dropped: [
      ['speculation', 'Компанија наводно планира изградњу дата центра у Крагујевцу снаге 10 MW.'],
      ['opinion', 'Nažalost, priključenje novog data centra u Novom Sadu ponovo kasni do 2026.'],
      ['first-person', 'Отворили смо наш нови дата центар у Београду.'],
    ],
    kept: [
      'Државни дата центар у Крагујевцу има капацитет од 1000 сервера.',
      'Telekom Srbija je otvorio novi data centar u Beogradu sa 500 ormara.',
    ],
  },
  hr: {
    dropped: [
      ['speculation', 'Microsoft navodno razmatra izgradnju podatkovnog centra kod Zagreba snage 50 MW.'],
      ['opinion', 'Nažalost, priključak novog podatkovnog centra u Splitu ponovno kasni do 2026.'],
      ['first-person', 'Otvorili smo naš novi podatkovni centar u Zagrebu s 200 ormara.'],
    ],
    kept: [
      'Hrvatski Telekom otvorio je podatkovni centar u Zagrebu kapaciteta 2 MW.',
      'Podatkovni centar trebao bi biti dovršen 2027., objavila je tvrtka.',
    ],
  },
  sl: {
    dropped: [
      ['speculation', 'Družba naj bi kupila zemljišče za podatkovni center pri Ljubljani.'],
      ['opinion', 'Žal se priklop novega podatkovnega centra v Mariboru znova zamika na leto 2026.'],
      ['first-person', 'Odprli smo naš novi podatkovni center v Ljubljani z 2 MW moči.'],
    ],
    kept: [
      'Telekom Slovenije je v Ljubljani odprl podatkovni center s 300 omarami.',
      'Novi podatkovni center naj bi začel obratovati leta 2027, je sporočila družba.',
    ],
  },
  sv: {
    dropped: [
      ['opinion', 'Ironiskt nog stängdes datacentret i Luleå för underhåll samma dag som det invigdes 2024.'],
      ['speculation', 'Microsoft planerar enligt uppgift ett nytt datacenter i Gävle på 300 MW.'],
      ['opinion', 'Tyvärr dröjer elanslutningen av datacentret i Borlänge till 2027.'],
      ['first-person', 'Vi öppnade vårt tredje datacenter i Stockholm i mars.'],
      ['opinion', 'Kommunen bör stoppa nya datacenter i Luleå fram till 2030.'],
    ],
    kept: [
      'Ericsson var först med att bygga ett datacenter på 40 MW i Borås.',
      'Datacentret i Sollefteå väntas tas i drift 2027 med 40 MW.',
      'EcoDataCenter investerar 2 miljarder kronor i Falun, meddelade bolaget på tisdagen.',
    ],
  },
  nb: {
    dropped: [
      ['speculation', 'Google skal ha kjøpt en tomt på 50 hektar ved Skien for et nytt datasenter.'],
      ['opinion', 'Dessverre blir nettilkoblingen av datasenteret i Stavanger forsinket til 2027.'],
      ['first-person', 'Vi har åpnet vårt andre datasenter i Oslo med 10 MW.'],
      ['speculation', 'En rapport fra Menon anslår at datasenteret i Hamar vil gi 800 arbeidsplasser.'],
    ],
    kept: [
      'Green Mountain åpner et nytt datasenter på 30 MW i Oslo i 2026.',
      'Datasenteret i Hamar ventes ferdig i 2027, opplyser Bulk Infrastructure.',
    ],
  },
  da: {
    dropped: [
      ['speculation', 'Microsoft har angiveligt købt en grund på 30 hektar ved Esbjerg.'],
      ['opinion', 'Desværre bliver nettilslutningen af datacentret i Aabenraa forsinket til 2027.'],
      ['first-person', 'Vi åbner vores nye datacenter i Odense i marts 2026.'],
    ],
    kept: [
      'Meta udvider sit datacenter i Odense med 50.000 kvadratmeter, oplyser selskabet.',
      'Datacentret ved Viborg forventes at stå færdigt i 2027 med 60 MW.',
    ],
  },
  fi: {
    dropped: [
      ['speculation', 'Microsoftin kerrotaan mahdollisesti laajentavan Espoon datakeskusta 100 megawatilla.'],
      ['opinion', 'Valitettavasti Kajaanin datakeskuksen sähköliittymä viivästyy vuoteen 2027.'],
      ['first-person', 'Rakennamme uuden datakeskuksen Vantaalle vuonna 2026.'],
    ],
    kept: [
      'Google investoi 1 miljardi euroa Haminan datakeskukseen, yhtiö kertoi tiistaina.',
      'Datakeskuksen odotetaan valmistuvan vuonna 2027 Kajaanissa.',
    ],
  },
  et: {
    dropped: [
      ['speculation', 'Väidetavalt kavatseb Telia ehitada Tallinna lähedale uue 20 MW andmekeskuse.'],
      ['opinion', 'Kahjuks lükkub Tartu andmekeskuse võrguühendus 2027. aastasse.'],
      ['first-person', 'Meie avasime Tallinnas uue andmekeskuse 2025. aastal.'],
    ],
    kept: ['Telia avas Tallinnas 8 MW võimsusega andmekeskuse.', 'Andmekeskus peaks valmima 2027. aastal, teatas Greenergy Data Centers.'],
  },
  lv: {
    dropped: [
      ['speculation', 'Iespējams, ka uzņēmums būvēs jaunu datu centru Rīgā ar 20 MW jaudu.'],
      ['opinion', 'Diemžēl datu centra pieslēgšana tīklam Liepājā atkal aizkavējas līdz 2027. gadam.'],
      ['first-person', 'Mēs atvērām savu jauno datu centru Rīgā 2025. gadā.'],
    ],
    kept: [
      'Tet atklāja jaunu datu centru Rīgā ar 1000 serveru skapjiem.',
      'ES finansējums 20 miljonu eiro apmērā ir piešķirts datu centram Ventspilī.',
    ],
  },
  lt: {
    dropped: [
      ['speculation', 'Bendrovė galbūt statys naują duomenų centrą Vilniuje, kurio galia sieks 20 MW.'],
      ['opinion', 'Deja, duomenų centro prijungimas prie tinklo Kaune vėl atidedamas iki 2027 metų.'],
      ['first-person', 'Mes atidarėme naują duomenų centrą Vilniuje 2025 metais.'],
    ],
    kept: [
      'Telia atidarė naują 5 MW duomenų centrą Vilniuje.',
      'Duomenų centras turėtų būti baigtas 2027 metais, pranešė bendrovė Data Logistics Center.',
    ],
  },
  hu: {
    dropped: [
      ['speculation', 'A Microsoft állítólag új adatközpontot építene Budapest mellett 100 MW kapacitással.'],
      ['opinion', 'Sajnos a debreceni adatközpont hálózati csatlakozása 2027-re csúszik.'],
      ['first-person', 'Cégünk 2025-ben új adatközpontot nyitott Budapesten.'],
    ],
    kept: [
      'A Magyar Telekom 2026-ban 20 MW-os adatközpontot nyit Budapesten.',
      'Az adatközpont várhatóan 2027-ben nyílik meg, közölte a 4iG.',
      'Az EN 50600 szabvány szerint épült az 5 MW-os adatközpont Győrben.',
      'Az MI-alapú hűtés 12%-kal csökkentette az áramfogyasztást a győri adatközpontban.',
    ],
  },
  ro: {
    dropped: [
      ['speculation', 'Potrivit unor surse, compania ar fi cumpărat un teren de 10 hectare lângă București.'],
      ['opinion', 'Din păcate, racordarea centrului de date din Cluj la rețea se amână până în 2027.'],
      ['first-person', 'Am deschis noul nostru centru de date din Timișoara în martie 2025.'],
    ],
    kept: [
      'Compania a deschis un centru de date de 5 MW în București, a anunțat luni.',
      'Centrul de date ar urma să fie inaugurat în 2027, potrivit companiei Nxdata.',
      'Fondurile UE de 20 de milioane de euro au fost alocate unui centru de date din Iași.',
    ],
  },
  el: {
    dropped: [
      ['speculation', 'Η Microsoft φέρεται να εξετάζει την κατασκευή δεύτερου κέντρου δεδομένων στην Αττική.'],
      ['opinion', 'Δυστυχώς, η σύνδεση του νέου κέντρου δεδομένων στη Θεσσαλονίκη καθυστερεί ως το 2027.'],
      ['first-person', 'Επενδύουμε 500 εκατ. ευρώ στο νέο μας κέντρο δεδομένων στα Σπάτα.'],
      ['question', 'Θα αντέξει το δίκτυο της Αθήνας 300 MW νέων κέντρων δεδομένων;'],
    ],
    kept: [
      'Η Lamda Hellix εγκαινίασε κέντρο δεδομένων 10 MW στην Αθήνα.',
      'Το κέντρο δεδομένων αναμένεται να λειτουργήσει το 2027, ανακοίνωσε η Microsoft.',
    ],
  },
  ca: {
    dropped: [
      ['speculation', 'Segons fonts del sector, Meta podria construir un centre de dades de 100 MW a Tarragona.'],
      ['opinion', 'Malauradament, la connexió elèctrica del centre de dades de Sabadell es retarda fins al 2027.'],
      ['opinion', 'La segona fase del campus de 12 MW de Terrassa es presenta en un moment definitori per al sector.'],
      ['first-person', "Hem invertit 50 milions d'euros en el nostre centre de dades de Barcelona."],
    ],
    kept: [
      'Equinix obrirà un centre de dades de 20 MW a Barcelona el 2026.',
      "El centre de dades ha d'entrar en funcionament el 2027, segons l'empresa.",
      'Una avaria sèria del sistema de refrigeració va aturar 40 servidors a Girona.',
    ],
  },
  ar: {
    dropped: [
      ['speculation', 'وربما تعلن الشركة عن مركز بيانات جديد في الرياض بقدرة 100 ميغاواط.'],
      ['opinion', 'للأسف، تأخر ربط مركز البيانات في جدة بالشبكة الكهربائية حتى عام 2027.'],
      ['first-person', 'نحن نستثمر 500 مليون دولار في مركز بياناتنا الجديد في دبي.'],
      ['marketing', 'تقدم الشركة الرائدة خدمات الحوسبة السحابية في 12 دولة عربية.'],
    ],
    kept: [
      'افتتحت شركة مايكروسوفت مركز بيانات بقدرة 50 ميغاواط في الدوحة يوم الثلاثاء.',
      'من المتوقع أن يبدأ تشغيل مركز البيانات في عام ٢٠٢٧، بحسب شركة خزنة.',
      'قد افتتحت الشركة مركز بيانات بسعة 20 ميغاواط في القاهرة.',
    ],
  },
  he: {
    dropped: [
      ['speculation', 'לפי מקורות בענף, גוגל עשויה להקים חוות שרתים שנייה בישראל בהיקף 100 מגה-וואט.'],
      ['opinion', 'לצערי, חיבור חוות השרתים בחיפה לרשת החשמל נדחה שוב לשנת 2027.'],
      ['first-person', 'אנחנו משקיעים 200 מיליון דולר בחוות השרתים החדשה שלנו בפתח תקווה.'],
    ],
    kept: [
      'מנכ"ל החברה הודיע כי חוות השרתים בפתח תקווה תספק 30 מגה-וואט.',
      "חוות השרתים צפויה להיפתח ב-2027, כך הודיעה חברת אדג'קונקס.",
      'ארה"ב אישרה את ייצוא 50 אלף מעבדים לחוות השרתים של Nvidia בישראל.',
      'המבנה עשוי מבטון ומכיל 2,000 ארונות תקשורת.',
    ],
  },
  fa: {
    dropped: [
      ['speculation', 'احتمالاً این شرکت یک مرکز داده ۵۰ مگاواتی در تهران خواهد ساخت.'],
      ['opinion', 'متأسفانه اتصال مرکز داده اصفهان به شبکه برق تا سال ۱۴۰۶ به تعویق افتاد.'],
      ['first-person', 'ما مرکز داده جدید خود را در شیراز با ۲۰۰ رک افتتاح کردیم.'],
    ],
    kept: [
      'شرکت ارتباطات زیرساخت مرکز داده‌ای با ظرفیت ۱۰ مگاوات در تهران افتتاح کرد.',
      'پیش‌بینی می‌شود این مرکز داده در سال ۱۴۰۶ به بهره‌برداری برسد.',
      'شورای عالی فضای مجازی طرح ۳ مرکز داده ملی را تصویب کرد.',
    ],
  },
  hi: {
    dropped: [
      ['speculation', 'सूत्रों के अनुसार, रिलायंस जामनगर में 1 गीगावाट का डेटा सेंटर बना सकती है।'],
      ['opinion', 'दुर्भाग्य से, चेन्नई के नए डेटा सेंटर का ग्रिड कनेक्शन 2027 तक टल गया है।'],
      ['first-person', 'हम नवी मुंबई में अपने नए डेटा सेंटर में 500 करोड़ रुपये का निवेश कर रहे हैं।'],
    ],
    kept: [
      'अदाणी समूह ने हैदराबाद में 50 मेगावाट का डेटा सेंटर शुरू किया।',
      'यह डेटा सेंटर 2027 तक चालू होने की उम्मीद है।',
      'इसमें 10,000 रैक रखे जा सकते हैं, कंपनी ने बताया।',
    ],
  },
  bn: {
    dropped: [
      ['speculation', 'সূত্রমতে, কোম্পানিটি ঢাকায় ২০ মেগাওয়াটের একটি ডেটা সেন্টার নির্মাণ করতে পারে।'],
      ['opinion', 'দুর্ভাগ্যবশত, চট্টগ্রামের নতুন ডেটা সেন্টারের বিদ্যুৎ সংযোগ ২০২৭ সাল পর্যন্ত পিছিয়ে গেছে।'],
      ['first-person', 'আমরা গাজীপুরে আমাদের নতুন ডেটা সেন্টারে ৫০০ কোটি টাকা বিনিয়োগ করছি।'],
    ],
    kept: [
      'বাংলাদেশ ডেটা সেন্টার কোম্পানি গাজীপুরে ৪ মেগাওয়াটের একটি টিয়ার-৪ ডেটা সেন্টার চালু করেছে।',
      'ডেটা সেন্টারটি ২০২৭ সালে চালু হবে বলে আশা করা হচ্ছে।',
    ],
  },
  th: {
    dropped: [
      ['speculation', 'แหล่งข่าวระบุว่า AWS อาจจะลงทุนสร้างศูนย์ข้อมูลแห่งใหม่ในชลบุรี 200 เมกะวัตต์'],
      ['first-person', 'พวกเราเปิดศูนย์ข้อมูลแห่งที่สามในกรุงเทพฯ เมื่อเดือนมีนาคม 2568'],
      ['question', 'ประเทศไทยจะมีไฟฟ้าเพียงพอสำหรับศูนย์ข้อมูล 1,000 เมกะวัตต์หรือไม่'],
      ['opinion', 'น่าเสียดายที่การเชื่อมต่อโครงข่ายไฟฟ้าของศูนย์ข้อมูลในระยองล่าช้าไปถึงปี 2570'],
    ],
    kept: [
      'True IDC เปิดศูนย์ข้อมูลขนาด 20 เมกะวัตต์ในกรุงเทพฯ เมื่อวันอังคาร',
      'ศูนย์ข้อมูลแห่งนี้คาดว่าจะเปิดให้บริการในปี 2570 ตามแผนของบริษัท',
      'อาจารย์จากจุฬาฯ ติดตั้งเราเตอร์ 40 ตัวในศูนย์ข้อมูลของมหาวิทยาลัย',
    ],
  },
  vi: {
    dropped: [
      ['speculation', 'Theo nguồn tin, Viettel có khả năng xây thêm một trung tâm dữ liệu 100 MW tại Bình Dương.'],
      ['opinion', 'Đáng tiếc là việc đấu nối lưới điện cho trung tâm dữ liệu ở Đà Nẵng bị hoãn đến năm 2027.'],
      ['first-person', 'Chúng tôi đã khai trương trung tâm dữ liệu thứ ba tại Hà Nội vào tháng 3.'],
    ],
    kept: [
      'Viettel IDC khai trương trung tâm dữ liệu 30 MW tại Hòa Lạc vào thứ Ba.',
      'Trung tâm dữ liệu dự kiến đi vào hoạt động năm 2027, theo FPT Telecom.',
      'Trung tâm có thể chứa 1.000 tủ rack và hoạt động cả ban đêm.',
    ],
  },
  id: {
    dropped: [
      ['speculation', 'Microsoft dikabarkan akan membangun pusat data kedua di Jakarta berkapasitas 100 MW.'],
      ['opinion', 'Sayangnya, penyambungan listrik pusat data di Batam kembali tertunda hingga 2027.'],
      ['first-person', 'Kami membuka pusat data ketiga kami di Jakarta pada Maret 2025.'],
    ],
    kept: [
      'DCI Indonesia meresmikan pusat data berkapasitas 37 MW di Cibitung pada Selasa.',
      'Pusat data tersebut diperkirakan beroperasi pada 2027, kata BDx Indonesia.',
    ],
  },
  ms: {
    dropped: [
      ['speculation', 'Google dikhabarkan akan membina pusat data kedua di Johor berkapasiti 200 MW.'],
      ['opinion', 'Malangnya, sambungan elektrik pusat data di Cyberjaya tertangguh sehingga 2027.'],
      ['first-person', 'Kami membuka pusat data baharu kami di Kulai pada Mac 2025.'],
    ],
    kept: [
      'YTL Power membuka pusat data 72 MW di Kulai, Johor pada Selasa.',
      'Pusat data itu dijangka beroperasi pada 2027, menurut kenyataan syarikat.',
    ],
  },
};

describe('fact filter in every catalog language', () => {
  for (const [tag, cases] of Object.entries(CASES)) {
    for (const [reason, sentence] of cases.dropped) {
      it(`${tag}: drops ${reason}: ${sentence.slice(0, 50)}`, () => {
        const verdict = judgeSentence(sentence, tag);
        assert.equal(verdict.keep, false);
        assert.equal(verdict.reason, reason, `marker ${verdict.marker}`);
      });
    }
    for (const sentence of cases.kept) {
      it(`${tag}: keeps ${sentence.slice(0, 50)}`, () => assert.deepEqual(judgeSentence(sentence, tag), { keep: true }));
    }
  }

  it('has a cue file and tests (2 dropped, 2 kept at least) for every language of the catalog', () => {
    const languages = new Set(loadCatalog().map((s) => cueLanguage(baseLanguage(s.language))));
    for (const language of languages) {
      assert.ok(cueFiles().has(language), `no opinion-cues/${language}.json`);
      const cases = CASES[language] ?? CASES[Object.keys(CASES).find((tag) => cueLanguage(tag) === language) ?? ''];
      assert.ok(cases && cases.dropped.length >= 2 && cases.kept.length >= 2, `tests for ${language}`);
    }
  });

  it('finds every cue of every file where it is written alone (no cue is dead after folding)', () => {
    for (const [language, file] of cueFiles()) {
      const cues = cuesFor(language);
      for (const list of [file.opinion, file.speculation, file.marketing, file.firstPerson, file.normative, file.scheduled]) {
        for (const cue of list) {
          const text = cue.replace(/^=|^\*|\*$/g, '');
          assert.ok(cues.find(text, cues.fold(text)), `${language}: ${cue}`);
        }
      }
    }
  });

  it('counts every evidence cue where it is written alone, and never drops a sentence for one', () => {
    for (const [language, file] of cueFiles()) {
      const cues = cuesFor(language);
      for (const key of ['significance', 'context', 'praise', 'attribution'] as const) {
        assert.ok(file[key].length >= 5, `${language}: ${key} has ${file[key].length} cues`);
        for (const cue of file[key]) {
          const text = cue.replace(/^\*|\*$/g, '');
          assert.ok(cues.signals(text, cues.fold(text))[key] > 0, `${language} ${key}: ${cue}`);
        }
      }
    }
    const signals = cuesFor('en').signals('Equinix said it was pleased with one of the largest deals, as a rival did earlier.', '');
    assert.deepEqual(
      [signals.significance, signals.context, signals.praise, signals.attribution],
      [0, 0, 0, 0],
      'signals read the folded text they are given',
    );
    const en = 'Equinix said it was pleased with one of the largest deals in Europe, as a rival did earlier in 2025.';
    const read = cuesFor('en').signals(en, cuesFor('en').fold(en));
    assert.ok(read.significance > 0 && read.context > 0 && read.praise > 0 && read.attribution > 0);
    assert.deepEqual(judgeSentence(en, 'en'), { keep: true });
  });
});

describe('fact filter rules shared by every language', () => {
  it('reads regional tags and aliases through the base language', () => {
    assert.equal(judgeSentence('A Equinix teria comprado um terreno de 20 hectares em Lisboa.', 'pt-PT').reason, 'speculation');
    assert.equal(judgeSentence('據傳台積電或將在高雄興建新的資料中心，耗資新台幣500億元。', 'zh-TW').reason, 'speculation');
    assert.equal(cueLanguage('zh-CN'), 'zh');
  });

  it('names the cue that decided, as the file writes it', () => {
    const pt = judgeSentence('É uma ótima notícia para o mercado de data centers no Brasil, que recebe R$ 3 bilhões.', 'pt');
    assert.deepEqual(pt, { keep: false, reason: 'opinion', marker: 'ótima' });
    assert.equal(judgeSentence('Microsoft könnte den Standort in Hanau auf 300 Megawatt erweitern.', 'de').marker, 'könnte');
    assert.equal(judgeSentence('The rumored 300 MW campus in Mesa would cost $1 billion.', 'en').marker, 'rumor');
  });

  it('checks English marketing phrases quoted in any language, and only those', () => {
    assert.equal(judgeSentence('Equinix eröffnet ein State-of-the-Art-Rechenzentrum mit 20 MW in München.', 'de').reason, 'marketing');
    assert.equal(judgeSentence('Equinix bietet world-class Kolokation in 15 Städten an.', 'xx').reason, 'marketing');
    // English "may" and "we" mean nothing in another language's sentence.
    assert.deepEqual(judgeSentence('Equinix investiert im Mai 2026 insgesamt 40 Millionen in Berlin.', 'de'), { keep: true });
  });

  it('takes a year in any script or calendar as the sign of a reported schedule', () => {
    assert.ok(hasYear('in 2027'));
    assert.ok(hasYear('في عام ٢٠٢٧'));
    assert.ok(hasYear('令和9年に'));
    assert.ok(hasYear('ภายในปี 2570', 'th'));
    assert.ok(hasYear('در سال ۱۴۰۶', 'fa'));
    assert.ok(hasYear('in Q3'));
    assert.ok(!hasYear('1400 racks'));
    assert.ok(!hasYear('40 MW in 12 halls'));
  });

  it('tells quotations from quoted names', () => {
    assert.equal(judgeSentence('“We will double capacity in Frankfurt by 2027,” said the CEO of Equinix.', 'en').reason, 'quote');
    assert.equal(judgeSentence('Critics called the 300 MW plan in Dublin "reckless" on Monday.', 'en').reason, 'quote');
    assert.equal(judgeSentence('Vd säger att ”bygget i Borlänge går enligt plan” och att 40 MW är klart 2026.', 'sv').reason, 'quote');
    assert.equal(judgeSentence('המנכ"ל אמר: "נכפיל את הקיבולת של חוות השרתים בתל אביב עד 2027".', 'he').reason, 'quote');
    assert.equal(judgeSentence('社長は「2027年までに国内の容量を倍増させる」と述べた。', 'ja').reason, 'quote');
    assert.deepEqual(judgeSentence('Das Projekt „Phoenix“ umfasst 3 Gebäude mit 90 MW in Hanau.', 'de'), { keep: true });
    assert.deepEqual(judgeSentence('KDDIは「TELEHOUSE」ブランドで2026年に新棟を開業した。', 'ja'), { keep: true });
    assert.deepEqual(judgeSentence('Projektet ”Stargate” i Texas får 1,2 GW och 400 000 GPU:er.', 'sv'), { keep: true });
  });

  it('reads questions and exclamations in every script', () => {
    assert.equal(judgeSentence('Θα αντέξει το δίκτυο της Αθήνας 300 MW νέων κέντρων δεδομένων;', 'el').reason, 'question');
    assert.equal(judgeSentence('هل تستطيع الشبكة في الرياض تحمل 300 ميغاواط إضافية؟', 'ar').reason, 'question');
    assert.equal(judgeSentence('¡Microsoft abre su región cloud de 3 centros de datos en Madrid!', 'es').reason, 'exclamation');
    assert.equal(judgeSentence('Yahoo! closed its 20 MW data center in Lockport in 2024.', 'en').keep, true);
  });
});
