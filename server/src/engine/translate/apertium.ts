import { execFile } from 'node:child_process';
import { TranslationError, UnsupportedPairError, type TranslationProvider } from './translator.js';

/** Apertium, when its command is installed: `apertium <from>-<to>` on stdin, for the pairs it has. */
export class ApertiumTranslator implements TranslationProvider {
  readonly provider = 'apertium';
  private pairs: Promise<Set<string>> | null = null;
  constructor(
    readonly target: string,
    private readonly command = 'apertium',
    private readonly timeoutMs = 60_000,
  ) {}

  async translateMany(texts: string[], from: string): Promise<Array<string | null>> {
    const pairs = await this.availablePairs();
    // Older pairs are named with two-letter codes (en-es), newer ones with three (eng-spa).
    const pair = [`${from}-${this.target}`, `${toApertiumCode(from)}-${toApertiumCode(this.target)}`].find((p) => pairs.has(p));
    if (!pair) throw new UnsupportedPairError(from, this.target);
    const out: string[] = [];
    for (const text of texts) out.push(await run(this.command, ['-u', pair], text, this.timeoutMs));
    return out;
  }

  availablePairs(): Promise<Set<string>> {
    this.pairs ??= run(this.command, ['-l'], '', this.timeoutMs)
      .then((out) => new Set(out.split(/\s+/).filter(Boolean)))
      .catch(() => new Set<string>());
    return this.pairs;
  }
}

/** Apertium names languages with ISO 639-3 codes for most pairs. */
function toApertiumCode(lang: string): string {
  const map: Record<string, string> = {
    en: 'eng',
    es: 'spa',
    ca: 'cat',
    fr: 'fra',
    pt: 'por',
    it: 'ita',
    ro: 'ron',
    gl: 'glg',
    eu: 'eus',
    nb: 'nob',
    no: 'nob',
    da: 'dan',
    sv: 'swe',
    de: 'deu',
    nl: 'nld',
    ru: 'rus',
    uk: 'ukr',
    pl: 'pol',
    cs: 'ces',
    bg: 'bul',
  };
  return map[lang] ?? lang;
}

function run(command: string, args: string[], input: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(command, args, { maxBuffer: 20 * 1024 * 1024, timeout: timeoutMs }, (err, stdout) => {
      if (err) reject(new TranslationError(`${command} failed: ${err.message}`));
      else resolve(stdout.trim());
    });
    child.stdin?.end(input);
  });
}
