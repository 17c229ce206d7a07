import { factCues } from './src/engine/entities/cues.js';
for (const [s, l] of [
  ['Military Industry and Telecoms Group (Viettel Group) held a groundbreaking ceremony for its Viettel Data and High-Tech Research and Development Center at Tan Phu Trung Industrial Park in Cu Chi District, HCMC, on the afternoon of April 23.', 'en'],
  ['Kinh Bac City Development Holding Corporation has signed an MoU with Accelerated Infrastructure Capital (AIC) and VietinBank to jointly develop a 200MW AI data centre in Tan Phu Trung Industrial Park, Ho Chi Minh City.', 'en'],
  ['Die Deutsche Telekom und der Chiphersteller Nvidia wollen einem Medienbericht zufolge gemeinsam ein Rechenzentrum für künstliche Intelligenz (KI) in München bauen.', 'de'],
]) console.log(JSON.stringify(factCues().read(s, l)));
