import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { splitSentences } from './src/engine/summarize/sentences.js';
const L = JSON.parse(readFileSync('../bench/real-news/entity-labels.json', 'utf8'));
const arts = new Map(readFileSync('../bench/real-news/.set/dev/articles.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => { const a = JSON.parse(l); return [a.id, a]; }));
const short = (t: string) => createHash('sha256').update(t.trim()).digest('hex').slice(0, 16);
const want = process.argv.slice(2).map((x) => x.split(':'));
for (const [id, entity, status] of want) {
  const a: any = arts.get(id); const facts = L.articles[id].facts.filter((f: any) => f.type === 'status' && f.entity === entity && f.status === status);
  for (const f of facts) { const s = [a.title, ...splitSentences(a.text)].find((t) => short(t) === f.sha); console.log(`[${a.language}] ${status}: ${s?.slice(0, 260)}`); }
}
