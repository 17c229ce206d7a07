import type { Article } from '../model/article.entity.js';
import { extractAnchors, type Anchors } from '../language/anchors.js';
import { signature } from './minhash.js';
import { extractNames, placesOf, wordKeys } from '../language/names.js';
import { countryOf } from '../language/gazetteer.js';
import { headlineTerms } from '../language/terms.js';

type ArticleText = Pick<Article, 'title' | 'text' | 'language' | 'translatedTitle' | 'translatedText' | 'translatedLanguage'> &
  Partial<Pick<Article, 'publishedAt'>>;

/**
 * The concepts of the field a text states, as stable ids ("outage", "acquisition", "permit", ...), in any
 * language. Provided by the field lexicon (intake/article-intake.ts); clustering also matches on a name,
 * a calendar date and a concept (docs/decisions/210-cross-language-anchors.md).
 */
export type ConceptFinder = (text: string, language: string) => string[];

/**
 * The places a title and text name, with their countries, as ids (entities/place-anchors.ts: the seed list's
 * places and the shipped towns): more places than the gazetteer's hubs, for clustering's shared places and places
 * apart. Read in an article's translation only.
 */
export type PlaceFinder = (title: string, text: string, language: string) => string[];

export interface ArticleKeyOptions {
  concepts?: ConceptFinder;
  places?: PlaceFinder;
}

/**
 * What clustering compares an article by: a MinHash signature of its text (the translation when there is
 * one, so articles in two languages can match), and the anchors of its original and translated text.
 */
export function articleKeys(article: ArticleText, options: ArticleKeyOptions = {}): { signature: number[]; anchors: Anchors } {
  const original = `${article.title}\n${article.text}`.slice(0, 20_000);
  const translated = article.translatedText ? `${article.translatedTitle}\n${article.translatedText}`.slice(0, 20_000) : null;
  const context = { publishedAt: article.publishedAt };
  const anchors = mergeAnchors(
    extractAnchors(original, article.language, context),
    translated ? extractAnchors(translated, article.translatedLanguage!, context) : null,
  );
  if (options.concepts) {
    // The event's concepts are in its headline and lead; the rest of a long text names background ones.
    const concepts = new Set(options.concepts(original.slice(0, CONCEPTS_FROM), article.language));
    if (translated) for (const c of options.concepts(translated.slice(0, CONCEPTS_FROM), article.translatedLanguage!)) concepts.add(c);
    if (concepts.size) anchors.concepts = [...concepts].sort();
    const stages = new Set(options.concepts(article.title, article.language).filter((c) => STAGE_CONCEPTS.has(c)));
    if (article.translatedTitle)
      for (const c of options.concepts(article.translatedTitle, article.translatedLanguage!)) if (STAGE_CONCEPTS.has(c)) stages.add(c);
    if (stages.size) anchors.stages = [...stages].sort();
  }
  // A translated lead shares the field's words with every other translated lead ("AWS to invest ... in its data
  // centers"): its places are what tell one company's projects apart, read in the translation by the recogniser.
  // Untranslated texts keep the gazetteer's places (a refitted model reading them everywhere did worse on the real
  // news without a translator: docs/decisions/222).
  if (options.places && article.translatedTitle) {
    const places = options.places(article.translatedTitle, article.translatedText ?? '', article.translatedLanguage!);
    if (places.length) anchors.places = places;
  }
  const terms = new Set(headlineTerms(article.title, article.text, article.language));
  if (article.translatedTitle)
    for (const t of headlineTerms(article.translatedTitle, article.translatedText ?? '', article.translatedLanguage!)) terms.add(t);
  if (terms.size) anchors.terms = [...terms].sort();
  const { actors, places } = headlineNames(article.title, article.text, article.language, anchors);
  if (actors.length) anchors.headline = actors;
  if (places.length) anchors.headlinePlaces = places;
  return { signature: signature(translated ?? original), anchors };
}

/**
 * The names of the headline that the article's own names confirm, split into actors and places (see
 * Anchors.headline). A headline in lower case (a title taken from a web address: "luz verde microsoft zaragoza
 * invertira") shows no capital: its words that the article writes as names elsewhere are its names.
 */
function headlineNames(title: string, text: string, language: string, anchors: Anchors): { actors: string[]; places: string[] } {
  const known = new Set([...anchors.entities, ...(anchors.maybeNames ?? [])]);
  const places = placesOf([...anchors.entities, ...[...wordKeys(title, language)].filter((k) => countryOf(k))]);
  const inTitle = extractNames(title, language);
  const found = new Set([...inTitle.names, ...inTitle.maybeNames]);
  // A word the text also writes in lower case is a common word there (Vietnamese "trung tâm"), not a name.
  const common = wordKeys(text, language, { lowerCaseOnly: true });
  // Only names written as names count there: a German noun is capitalised everywhere ("Rechenzentrum").
  const names = new Set(anchors.entities);
  for (const key of wordKeys(title, language)) if (countryOf(key) || (names.has(key) && !common.has(key))) found.add(key);
  const confirmed = [...found].filter((n) => known.has(n) || countryOf(n)).sort();
  return { actors: confirmed.filter((n) => !places.has(n)), places: confirmed.filter((n) => places.has(n)) };
}

/**
 * The field lexicon's concepts that name what happened to a project or a company, the stage of an event: two
 * headlines that name different ones (an announcement's investment and an opening, a plan and a permit) are
 * more likely two events. Concepts of the topic (cooling, AI, power) are not stages.
 */
export const STAGE_CONCEPTS: ReadonlySet<string> = new Set([
  'construction',
  'groundbreaking',
  'expansion',
  'opening',
  'acquisition',
  'merger',
  'divestment',
  'investment',
  'funding',
  'earnings',
  'ipo',
  'partnership',
  'contract',
  'bankruptcy',
  'layoffs',
  'ransomware',
  'cyberattack',
  'data-breach',
  'ddos',
  'outage',
  'power-outage',
  'fire',
  'natural-hazard',
  'permit',
  'zoning',
  'moratorium',
  'court',
  'fine',
  'public-consultation',
  'local-opposition',
  'product-launch',
]);

/** Concepts are read from a text's first characters: its headline and lead. */
const CONCEPTS_FROM = 400;

function mergeAnchors(a: Anchors, b: Anchors | null): Anchors {
  if (!b) return a;
  const u = (x: string[] = [], y: string[] = []) => [...new Set([...x, ...y])].sort();
  const entities = u(a.entities, b.entities);
  const merged: Anchors = { entities, quantities: u(a.quantities, b.quantities), dates: u(a.dates, b.dates) };
  const counts = u(a.counts, b.counts);
  if (counts.length) merged.counts = counts;
  // A German noun the translation shows as a name is a name.
  const maybeNames = u(a.maybeNames, b.maybeNames).filter((n) => !entities.includes(n));
  if (maybeNames.length) merged.maybeNames = maybeNames;
  return merged;
}
