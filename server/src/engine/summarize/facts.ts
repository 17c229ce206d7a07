import { extractDates, extractEntities } from '../language/anchors.js';
import { fold } from '../language/fold.js';
import { FUNCTION_WORDS } from '../language/identify.js';
import { baseLanguage } from '../language/base-language.js';
import { fieldLexicon } from '../lexicon/lexicon.js';
import { isDateWord, LOW_INFORMATION_WORDS, readSentence } from './fact-lexicon.js';
import { judgeSentence } from './fact-filter.js';
import { figuresIn, NUM, readNumber, type Figure } from './key-figures.js';
import { cuesFor } from './opinion-cues.js';
import { judgeInStory, type ReadSentence, readSentenceOf, type StoryProfile, storyProfile } from './sentence-model.js';
import { endsSentence } from './sentences.js';
import { clauseCuts } from './trim-clause.js';

/** What a summarizer reads: the story's articles, each in the language it will be quoted in. */
export interface SummaryArticle {
  id: string;
  sourceId: string;
  sourceWeight: number;
  title: string;
  text: string;
  language: string;
  /** Other sources that carried this very article (an aggregator, the same URL in another feed). */
  alsoSourceIds?: string[];
  /** Quantity keys already found in the article (its anchors), to spare a second scan for key figures. */
  quantityKeys?: string[];
  /** When it was published: a year named before it is a sign of background (the sentence model). */
  publishedAt?: Date;
}

/** One sentence of one article that passed the fact filter, with what it states. */
export interface Statement {
  text: string;
  language: string;
  /** A machine translation (of the statement of the same article) from this language. */
  translatedFrom?: string;
  articleId: string;
  sourceId: string;
  /** Sources that carried the same article: they state it too, but are not more corroboration. */
  alsoSourceIds: string[];
  figures: Figure[];
  figureKeys: Set<string>;
  entities: Set<string>;
  /**
   * Numbers of 100 or more, or with decimals, other than years (6,000 racks = 6.000 rack = 4800ラック):
   * counts survive translation; smaller ones are often written as words ("two halls", "2つのホール").
   */
  counts: Set<string>;
  /** Every number other than a year. */
  numbers: Set<string>;
  years: Set<string>;
  /** Weekdays named ("d1" = Monday). */
  weekdays: Set<string>;
  /** Calendar days, months of a year and quarters named ("md:11-19", "ym:2027-3", "q:2"). */
  calendarDays: Set<string>;
  /** The same by kind ("md:", "ym:", "q:"): each contradicts its own kind only. */
  calendarByKind: Array<Set<string>>;
  events: Set<string>;
  /** Every folded word (near-identical wording in one language). */
  words: Set<string>;
  /** Folded words that name the event. */
  eventWords: string[];
  /** Found when first asked for (`contentWords`). */
  contentWords?: string[];
  /** The field's concepts it names, found when first asked for. */
  concepts?: Set<string>;
  /** Stems of its content words, found when first asked for. */
  stems?: string[];
  /** Checkable content, position in its article and its source's weight. */
  informative: number;
  order: number;
  /**
   * How near the sentence model came to judging it no fact of the story (opinion or background): its larger
   * probability over that target's threshold, below 1 for every statement kept (sentence-model.ts).
   */
  doubt?: number;
}

/** Sentences of a story's articles that state the same thing, and the one shown for them. */
export interface Fact {
  statements: Statement[];
  figureKeys: Set<string>;
  /** Every source whose article states the fact (also those that carried the same article). */
  sourceIds: Set<string>;
  articleIds: Set<string>;
  /** The statement shown: in the reader's language when one is, else the most informative. */
  shown: Statement;
  /** Some statement is in the reader's language. */
  inReaderLanguage: boolean;
  score: number;
}

/**
 * The facts of a story, best first: every sentence of its articles that passes the fact filter, grouped
 * with the sentences of other articles (any language) that state the same thing, ranked by how many
 * outlets state it and how much it says. docs/decisions/211.
 */
export function rankFacts(articles: SummaryArticle[], readerLanguage: string): Fact[] {
  const sorted = [...articles].sort(
    (a, b) => Number(b.language === readerLanguage) - Number(a.language === readerLanguage) || b.sourceWeight - a.sourceWeight,
  );
  const profile = storyProfile(sorted);
  let statements = statementsOf(sorted, profile);
  // Title-only items (short news, podcast episodes without notes): the headline is the fact, if it is one.
  if (statements.length === 0) {
    for (const [i, article] of sorted.entries()) {
      const title = article.title.trim();
      if (!title || !judgeSentence(title.endsWith('.') ? title : `${title}.`, article.language).keep) continue;
      statements = [{ ...statement(title, article, 0, i * 100), informative: article.sourceWeight }];
      break;
    }
  }
  const facts = trustedGroups(groupStatements(statements)).map((group) => toFact(group, readerLanguage));
  return facts.sort((a, b) => b.score - a.score || a.shown.order - b.shown.order);
}

/**
 * The facts once some are in the reader's language by translation: each translation is a statement of its
 * fact (same article and source, the original's weight in the ranking), and a fact whose translation
 * states the same as a statement in the reader's language of another fact joins that fact ("The unit will
 * be available worldwide from March 2027", from German, and the English "The CDU will be available
 * worldwide from March 2027" are one fact, shown by the English, with both outlets). Facts listed in
 * `dropped` are left out. Best first again.
 */
export function withTranslations(facts: Fact[], translations: Map<Fact, string>, dropped: Set<Fact>, readerLanguage: string): Fact[] {
  const inReader = (g: Statement[]) => g.filter((s) => s.language === readerLanguage);
  // The facts left as they are first, so that a translation can join any of them, whatever its rank.
  const groups: Statement[][] = facts.filter((f) => !dropped.has(f) && !translations.has(f)).map((f) => [...f.statements]);
  for (const fact of facts) {
    const text = translations.get(fact);
    if (!text || dropped.has(fact)) continue;
    const translation = translatedStatement(fact.shown, text, readerLanguage);
    const same = groups.find((g) => inReader(g).some((s) => sameFact(s, translation)));
    if (same) same.push(...fact.statements, translation);
    else groups.push([...fact.statements, translation]);
  }
  return groups.map((g) => toFact(g, readerLanguage)).sort((a, b) => b.score - a.score || a.shown.order - b.shown.order);
}

function translatedStatement(original: Statement, text: string, language: string): Statement {
  const article = {
    id: original.articleId,
    sourceId: original.sourceId,
    alsoSourceIds: original.alsoSourceIds,
    sourceWeight: 0,
    title: '',
    text,
    language,
  };
  return { ...statement(text, article, 0, original.order), translatedFrom: original.language, informative: original.informative };
}

/**
 * Up to `n` facts, best first, no two stating the same figure: a figure is said once per summary. A fact
 * whose shown sentence repeats a figure already said is shown by another of its sentences that does not
 * (in the reader's language if it has one there), and left out when none can. A fact whose sentence tells
 * nothing the summary has not told already (`toldAlready`: a paraphrase, often a translation of another
 * outlet's sentence) is not shown again: its outlets join the fact that told it.
 */
export function pickDistinct(facts: Fact[], n: number): Fact[] {
  const picked: Fact[] = [];
  const stated = new Set<string>();
  const told = emptyTold();
  for (const fact of facts) {
    if (picked.length >= n) break;
    const candidates = trustedOf(fact.statements)
      .filter((s) => !fact.inReaderLanguage || s.language === fact.shown.language)
      .sort((a, b) => Number(b === fact.shown) - Number(a === fact.shown) || preference(b, a));
    const shown = candidates.find((s) => ![...s.figureKeys].some((k) => stated.has(k)));
    if (!shown) continue;
    if (picked.length && toldAlready(told, shown)) {
      const teller = closest(picked, shown);
      picked[picked.indexOf(teller)] = joined(teller, fact);
      continue;
    }
    picked.push(shown === fact.shown ? fact : { ...fact, shown });
    for (const k of shown.figureKeys) stated.add(k);
    for (const s of fact.statements) if (s.language === shown.language) addTold(told, s);
  }
  return picked;
}

/**
 * What a summary has told so far: the figures, names, numbers and dates of its facts' statements, and
 * their word stems and concepts, which are read only when a sentence passes the first checks (most have a
 * figure or a name of their own).
 */
interface Told {
  figureKeys: Set<string>;
  entities: Set<string>;
  numbers: Set<string>;
  years: Set<string>;
  weekdays: Set<string>;
  calendarDays: Set<string>;
  statements: Statement[];
  /** Stems and concepts of `statements[0 .. read)`. */
  read: number;
  stems: Set<string>;
  concepts: Set<string>;
}

const TOLD_KINDS = ['entities', 'numbers', 'years', 'weekdays', 'calendarDays'] as const;

function emptyTold(): Told {
  return {
    figureKeys: new Set(),
    entities: new Set(),
    numbers: new Set(),
    years: new Set(),
    weekdays: new Set(),
    calendarDays: new Set(),
    statements: [],
    read: 0,
    stems: new Set(),
    concepts: new Set(),
  };
}

function addTold(told: Told, s: Statement): void {
  for (const k of s.figureKeys) told.figureKeys.add(k);
  for (const k of TOLD_KINDS) for (const x of s[k]) told[k].add(x);
  told.statements.push(s);
}

/** The stems and concepts of every statement told, read up to the last one added. */
function readTold(told: Told): Told {
  for (; told.read < told.statements.length; told.read++) {
    const s = told.statements[told.read]!;
    for (const w of stemsOf(s)) told.stems.add(w);
    for (const w of s.eventWords) told.stems.add(stem(w));
    for (const c of conceptsOf(s)) told.concepts.add(c);
  }
  return told;
}

/** The field's concepts a statement names (cooling, outage, permit, ...): naming a new one is news. */
function conceptsOf(s: Statement): Set<string> {
  return (s.concepts ??= fieldLexicon().conceptIds(s.text, s.language));
}

/**
 * `s` tells nothing the summary has not: no figure, name, number or date it has not stated, and at most
 * half of its content words (two at most; a concept of the field not named yet, such as cooling or an
 * outage, counts as one more) not among the words of the facts told ("From 2027, AM9 will supply waste
 * heat to the university buildings at the Science Park" after "... invested €850 million in the site,
 * which will supply waste heat to the university buildings of the Science Park from 2027"; "The facility
 * can run on its own power for 10 days" after "... has autonomous power for 10 days"). Words are compared
 * by stem ("failed" meets "failure", "centers" "center").
 */
function toldAlready(told: Told, s: Statement): boolean {
  if (s.figureKeys.size) return false;
  for (const k of TOLD_KINDS) if (!subset(s[k], told[k])) return false;
  const words = stemsOf(s);
  if (words.length < 3) return false;
  const { stems, concepts } = readTold(told);
  let added = words.filter((w) => !stems.has(w)).length;
  let newConcepts = 0;
  for (const c of conceptsOf(s)) if (!concepts.has(c)) newConcepts++;
  added += newConcepts;
  // A machine translation is another outlet's wording of the event, most often of something told already:
  // with no name, number, date or concept of its own it adds no fact, whatever its words.
  if (s.translatedFrom) return newConcepts === 0 || (added <= 3 && added * 3 <= words.length * 2);
  return added <= 2 && added * 2 <= words.length;
}

/** The stems of a statement's content words of four letters or more (shorter ones are mostly glue: "all", "set", "out"). */
function stemsOf(s: Statement): string[] {
  return (s.stems ??= [
    ...new Set(
      contentWords(s)
        .filter((w) => w.length >= 4)
        .map(stem),
    ),
  ]);
}

/** The picked fact whose statements share the most stems with `s`: the one that told it. */
function closest(picked: Fact[], s: Statement): Fact {
  const words = new Set(stemsOf(s));
  let best = picked[0]!;
  let bestShared = -1;
  for (const fact of picked) {
    const stems = new Set(fact.statements.flatMap(stemsOf));
    const shared = overlap(words, stems) + overlap(s.entities, fact.shown.entities);
    if (shared > bestShared) [best, bestShared] = [fact, shared];
  }
  return best;
}

/** `teller`, also stated by `other`'s outlets and articles. */
function joined(teller: Fact, other: Fact): Fact {
  return {
    ...teller,
    statements: [...teller.statements, ...other.statements],
    sourceIds: new Set([...teller.sourceIds, ...other.sourceIds]),
    articleIds: new Set([...teller.articleIds, ...other.articleIds]),
  };
}

/**
 * A word's stem for comparing wordings in one language: without a common inflection ending, at most its
 * first five letters ("failed", "failure" and "fails" are "fail"; "hours" is "hour"; "operates" and
 * "operator" are "opera").
 */
function stem(word: string): string {
  const bare = word.length > 5 ? word.replace(/(?:ing|ed|es|s|ure|ion|ions|ment|ly)$/, '') : word.replace(/(?<=...)s$/, '');
  return (bare.length >= 4 ? bare : word).slice(0, 5);
}

/**
 * The statements of a story's articles: each sentence the summarizer reads (the first 12 of the first 4,000
 * characters) that passes the fact filter, with the sentence model's doubt that it is a fact of the story
 * (docs/decisions/223). A doubted statement is never shown (`trustedGroups`).
 */
function statementsOf(articles: SummaryArticle[], profile: StoryProfile): Statement[] {
  const out: Statement[] = [];
  articles.forEach((article, index) => {
    const sentences = profile.articles[index]!.sentences;
    // An article whose text marks no sentence end at all (a feed that drops punctuation) is read as it is.
    const punctuated = sentences.some((s) => endsSentence(s.text));
    sentences.forEach((read, position) => {
      if (punctuated && fragment(read.text)) return;
      const verdict = judgeSentence(read.text, article.language);
      const cut =
        verdict.keep || CUE_REASONS.has(verdict.reason) ? factClause(read.text, article.language, position, index, profile) : null;
      if (!cut && !verdict.keep) return;
      const shown = cut ?? read;
      const s = statement(shown.text, article, position, index * 100 + position, shown);
      const judged = judgeInStory(shown, position, index, profile, { figureKeys: s.figureKeys, events: s.events, kept: true });
      s.doubt = judged.doubt;
      out.push(s);
    });
  });
  return out;
}

/**
 * A line that does not end as a sentence and reports no event of the lexicon (open, invest, build, approve, ...): a
 * photo caption, a byline or dateline, a subtitle, a list of names ("A, B and C data halls"). Not a statement of a
 * fact, whatever names and numbers it holds. A headline-style line that reports an event ("X to invest $1 billion
 * in Y") stays. docs/decisions/223, amendment.
 */
export function fragment(text: string): boolean {
  if (endsSentence(text)) return false;
  const folded = fold(text);
  return readSentence(folded.match(WORD) ?? [], folded).events.size === 0;
}

/** Why the fact filter drops a sentence for its words: a cue that may stand in a trailing clause alone. */
const CUE_REASONS = new Set<string | undefined>(['opinion', 'speculation', 'marketing']);

/** Evaluation the cue lists see: a cue of the filter's reasons, or significance or praise evidence. */
function evaluative(text: string, language: string): boolean {
  const cues = cuesFor(language);
  const signals = cues.signals(text, cues.fold(text), true);
  return signals.opinion || signals.speculation || signals.marketing || signals.significance > 0 || signals.praise > 0;
}

/**
 * The sentence's leading part when a trailing clause (clause-connectors.json) holds its evaluation and the part
 * kept holds none: the cue lists or the sentence model find evaluation in the clause, and the part kept passes the
 * fact filter, holds no cue of evaluation and is not doubted by the model. Null when no such cut is.
 */
function factClause(text: string, language: string, position: number, index: number, profile: StoryProfile): ReadSentence | null {
  for (const { kept, clause } of clauseCuts(text, language)) {
    if (evaluative(kept, language)) return null;
    if (!judgeSentence(kept, language).keep) continue;
    const read = readSentenceOf(kept, language);
    if (judgeInStory(read, position, index, profile, { kept: true }).notFact) continue;
    if (evaluative(clause, language) || judgeInStory(clause, position, index, profile).notFact === 'opinion') return read;
  }
  return null;
}

/** A statement the sentence model takes for a fact of the story (translations and title-only items are). */
const trusted = (s: Statement) => (s.doubt ?? 0) < 1;

/** The trusted statements of a fact, or all of them when none is (the fact a story keeps when the model doubts all). */
function trustedOf(statements: Statement[]): Statement[] {
  const out = statements.filter(trusted);
  return out.length ? out : statements;
}

/**
 * The facts a story tells: those some statement of which the sentence model takes for a fact of the story (an
 * outlet's sentence doubted as opinion or background is kept when another outlet states the same fact in a
 * sentence it trusts, and that one is shown). When it doubts every one, the fact it doubts least stays, so a
 * story whose sentences pass the fact filter keeps a summary.
 */
function trustedGroups(groups: Statement[][]): Statement[][] {
  const kept = groups.filter((g) => g.some(trusted));
  if (kept.length || !groups.length) return kept;
  const least = (g: Statement[]) => Math.min(...g.map((s) => s.doubt ?? 0));
  return [groups.reduce((best, g) => (least(g) < least(best) ? g : best))];
}

function statement(text: string, article: SummaryArticle, position: number, order: number, read?: ReadSentence): Statement {
  const folded = fold(text);
  const figures = figuresIn(text, article.language);
  const entities = read?.entities ?? extractEntities(text, article.language);
  const years = extractDates(text);
  const tokens = folded.match(WORD) ?? [];
  const { events, eventWords, days } = readSentence(tokens, folded);
  return {
    text,
    language: article.language,
    articleId: article.id,
    sourceId: article.sourceId,
    alsoSourceIds: article.alsoSourceIds ?? [],
    figures,
    figureKeys: new Set(figures.map((f) => f.key)),
    entities,
    ...numbersIn(text),
    years,
    weekdays: new Set([...days].filter((d) => /^d\d$/.test(d))),
    calendarDays: new Set([...days].filter((d) => !/^d\d$/.test(d))),
    calendarByKind: CALENDAR_KINDS.map((kind) => new Set([...days].filter((d) => d.startsWith(kind)))),
    events,
    eventWords,
    words: wordSet(folded, tokens),
    informative:
      Math.min(new Set(figures.map((f) => f.key)).size, 3) * 2 +
      Math.min(entities.size, 3) +
      Math.min(years.size + days.size, 1) +
      (position === 0 ? 2 : position < 3 ? 1 : 0) +
      article.sourceWeight * 0.5,
    order,
  };
}

/**
 * Each statement joins the group it states the same fact as (the best one if several), or starts its
 * own. It is compared with the group's first statement and its fullest (most figures): the others were
 * found the same as one of these. A group's figures stay nested: a statement joins only if its figures
 * contain the group's or are contained in them, so "40 MW" and "€300 million" told by different
 * sentences never chain into one fact; nor does one that names a year or day another member contradicts.
 */
function groupStatements(statements: Statement[]): Statement[][] {
  const groups: Array<{ members: Statement[]; fullest: Statement; figures: Set<string>; entities: Set<string> }> = [];
  for (const s of statements) {
    let best: (typeof groups)[number] | null = null;
    let bestScore = -1;
    for (const g of groups) {
      if (!nested(g.figures, s.figureKeys)) continue;
      const founder = g.members[0]!;
      if (!sameFact(founder, s) && (g.fullest === founder || !sameFact(g.fullest, s))) continue;
      if (g.members.some((m) => datesConflict(m, s))) continue;
      const score = overlap(g.figures, s.figureKeys) * 10 + overlap(g.entities, s.entities);
      if (score > bestScore) {
        best = g;
        bestScore = score;
      }
    }
    if (best) {
      best.members.push(s);
      for (const k of s.figureKeys) best.figures.add(k);
      for (const e of s.entities) best.entities.add(e);
      if (s.figureKeys.size > best.fullest.figureKeys.size) best.fullest = s;
    } else groups.push({ members: [s], fullest: s, figures: new Set(s.figureKeys), entities: new Set(s.entities) });
  }
  return groups.map((g) => g.members);
}

/**
 * Two sentences state the same fact when (never if they name different years or days, or figures that
 * are not nested: "rose to 40 MW" and "rose to 45 MW" are two facts however alike the words):
 * - in one language, their wording is near-identical (word Jaccard >= 0.6), or one retells part of the
 *   other (see `retold`); or
 * - they state the same figures (normalised: 40 MW = 40 Megawatt) and agree on the actors (a shared
 *   name, or one names no one, or they report the same event); or
 * - one states a subset of the other's figures and nothing else the other does not: no event and no
 *   name beyond the fuller one's ("The site runs on 100% renewable energy" is covered by "The 40 MW
 *   facility is powered by 100% renewable electricity"; "Equinix launched AM7 with 40 MW" is not, it
 *   reports a launch); or
 * - one states no figure, they report the same event (open, acquire, approve, ...) of the same actors
 *   (every name of the shorter is in the other) and, in one language, the shorter adds at most one
 *   content word ("opened its AM7 data center on Monday" adds nothing to "launched AM7 with 40 MW";
 *   "opened AM7 with free cooling" does). Across languages the names and the event are the evidence.
 */
export function sameFact(a: Statement, b: Statement): boolean {
  if (datesConflict(a, b) || !nested(a.figureKeys, b.figureKeys)) return false;
  if (a.language === b.language && (jaccard(a.words, b.words) >= 0.6 || retold(a, b) || retold(b, a))) return true;
  if (overlap(a.figureKeys, b.figureKeys) > 0) {
    const aInB = subset(a.figureKeys, b.figureKeys);
    const bInA = subset(b.figureKeys, a.figureKeys);
    if (aInB && bInA) return overlap(a.entities, b.entities) > 0 || !a.entities.size || !b.entities.size || overlap(a.events, b.events) > 0;
    return aInB ? addsNothing(b, a) : addsNothing(a, b);
  }
  if (a.figureKeys.size) return covers(a, b);
  if (b.figureKeys.size) return covers(b, a);
  return covers(a, b) || covers(b, a);
}

/**
 * In one language, `small` retells part of `big`: no figure, name or event beyond big's, and at least 60% of
 * its content words are big's, with a name, number or date in common or four content words ("It is the
 * largest commercial data center in Siberia" in "... which it describes as the largest commercial data
 * center in Siberia"; a translation "Attackers can execute code without logging in and switch off the UPS
 * output power" in "... allows unauthenticated attackers to run code remotely and switch off the UPS output").
 */
function retold(big: Statement, small: Statement): boolean {
  if (!subset(small.figureKeys, big.figureKeys) || !subset(small.entities, big.entities) || !subset(small.events, big.events)) return false;
  const words = contentWords(small);
  if (!words.length) return false;
  const shared = words.filter((w) => big.words.has(w)).length;
  if (shared / words.length < 0.6) return false;
  const anchor =
    overlap(small.entities, big.entities) +
      overlap(small.numbers, big.numbers) +
      overlap(small.years, big.years) +
      overlap(small.weekdays, big.weekdays) +
      overlap(small.calendarDays, big.calendarDays) >
    0;
  return anchor || shared >= 4;
}

/** `small` (whose figures `big` states) reports no event and names no one that `big` does not. */
function addsNothing(big: Statement, small: Statement): boolean {
  return subset(small.events, big.events) && subset(small.entities, big.entities);
}

/**
 * `small` (no figure with a unit) states nothing that `big` does not: its names and counts are among
 * big's, and either they report the same event (of a named actor, or on a date both give) or they
 * share a count ("4 800 baies" and "4,800 cabinets"; "6.000 rack" in "will house 6,000 racks"), or a
 * smaller number and a name ("14 data center in India").
 * In one language, small may add at most one content word; across languages names, counts and the
 * event are the evidence. A day or year small adds ("on Monday") is detail, not a new fact.
 */
function covers(big: Statement, small: Statement): boolean {
  if (!subset(small.entities, big.entities) || !subset(small.counts, big.counts)) return false;
  const sameEvent =
    overlap(big.events, small.events) > 0 &&
    (small.entities.size > 0 ||
      overlap(big.years, small.years) + overlap(big.weekdays, small.weekdays) + overlap(big.calendarDays, small.calendarDays) > 0);
  const sameCounts = overlap(small.counts, big.counts) > 0 || (small.entities.size > 0 && overlap(small.numbers, big.numbers) > 0);
  if (!sameEvent && !sameCounts) return false;
  // A count of 100 or more (or with decimals) told again is the same statement, whatever the wording
  // around it ("Инвестиции ... составили 4,5 млрд рублей" / "объём инвестиций составил 4,5 млрд рублей").
  if (big.language !== small.language || overlap(small.counts, big.counts) > 0) return true;
  let added = 0;
  for (const w of contentWords(small)) if (!big.words.has(w)) added++;
  return added <= 1;
}

function datesConflict(a: Statement, b: Statement): boolean {
  if (disjoint(a.years, b.years) || disjoint(a.weekdays, b.weekdays)) return true;
  // Calendar days, months and quarters each contradict their own kind only: "Q2" and "3 May" may both hold.
  if (!a.calendarDays.size || !b.calendarDays.size) return false;
  return a.calendarByKind.some((days, i) => disjoint(days, b.calendarByKind[i]!));
}

const CALENDAR_KINDS = ['md:', 'ym:', 'q:'];

function disjoint(x: Set<string>, y: Set<string>): boolean {
  return x.size > 0 && y.size > 0 && overlap(x, y) === 0;
}

function toFact(statements: Statement[], readerLanguage: string): Fact {
  const inReader = trustedOf(statements).filter((s) => s.language === readerLanguage);
  // A sentence an outlet wrote in the reader's language, else (none did) the most informative original,
  // to be translated or marked.
  const shown = (inReader.length ? inReader : trustedOf(statements)).reduce((best, s) => (preference(s, best) > 0 ? s : best));
  const outlets = new Set(statements.map((s) => s.sourceId));
  const sourceIds = new Set(statements.flatMap((s) => [s.sourceId, ...s.alsoSourceIds]));
  const figureKeys = new Set(statements.flatMap((s) => [...s.figureKeys]));
  return {
    statements,
    figureKeys,
    sourceIds,
    articleIds: new Set(statements.map((s) => s.articleId)),
    shown,
    inReaderLanguage: inReader.length > 0,
    score: Math.max(...statements.map((s) => s.informative)) + (outlets.size - 1) * 2 + (inReader.length ? 1.5 : 0),
  };
}

/** Positive when `a` is the better sentence to show: written by an outlet (not a translation), more figures, more content, earlier. */
function preference(a: Statement, b: Statement): number {
  return (
    Number(!a.translatedFrom) - Number(!b.translatedFrom) ||
    a.figureKeys.size - b.figureKeys.size ||
    a.informative - b.informative ||
    b.order - a.order
  );
}

const WORD = /[\p{L}\p{N}]+/gu;

function wordSet(folded: string, words: string[]): Set<string> {
  if (words.length <= 2) {
    // Scripts written without spaces: character pairs stand for words.
    const chars = [...folded.replace(/\s+/g, '')];
    return new Set(chars.slice(0, -1).map((c, i) => c + chars[i + 1]));
  }
  return new Set(words);
}

/** Folded words that carry content: no function words, event words, weekdays or months, numbers (once per statement). */
function contentWords(s: Statement): string[] {
  return (s.contentWords ??= findContentWords(s));
}

function findContentWords(s: Statement): string[] {
  const functionWords = FUNCTION_WORDS[baseLanguage(s.language)];
  const eventWords = new Set(s.eventWords);
  const out: string[] = [];
  for (const w of s.words) {
    if (/^\d/.test(w) || LOW_INFORMATION_WORDS.has(w) || functionWords?.has(w) || isDateWord(w)) continue;
    if (eventWords.has(w)) continue;
    out.push(w);
  }
  return out;
}

/** A number not glued to a word of a cased script ("AM7", "MUM2" are names); CJK writes "4800ラック". */
const BARE_NUMBER = new RegExp(`(?<![\\p{Script=Latin}\\p{Script=Cyrillic}\\p{Script=Greek}\\d.,])(?:${NUM})`, 'gu');

function numbersIn(text: string): { numbers: Set<string>; counts: Set<string> } {
  const numbers = new Set<string>();
  const counts = new Set<string>();
  for (const m of text.matchAll(BARE_NUMBER)) {
    const value = readNumber(m[0]);
    if (!Number.isFinite(value) || /^(19|20)\d\d$/.test(m[0])) continue;
    numbers.add(String(value));
    if (value >= 100 || !Number.isInteger(value)) counts.add(String(value));
  }
  return { numbers, counts };
}

function nested(a: Set<string>, b: Set<string>): boolean {
  return subset(a, b) || subset(b, a);
}

function subset(a: Set<string>, b: Set<string>): boolean {
  for (const x of a) if (!b.has(x)) return false;
  return true;
}

function overlap(a: Set<string>, b: Set<string>): number {
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n;
}

function jaccard(a: Set<string>, b: Set<string>): number {
  const inter = overlap(a, b);
  return inter / (a.size + b.size - inter || 1);
}
