import { ExternalLink, Languages } from 'lucide-react';
import { Link } from 'react-router';
import { entityPath, INTEREST_LABELS, isHttpUrl, type DigestSentence, type DigestStory as Story } from '@dcbrief/shared';
import { Badge } from '@/components/ui/badge';
import { corroborationLabel, languageName } from './digest-labels';

/**
 * A fact's language, when it says something: the original's language when no source states the fact in
 * the reader's language and it was not translated ("DE", titled "German, not translated"), or a small
 * mark when it is a translation.
 */
function LanguageMark({ fact }: { fact: DigestSentence }) {
  if (fact.inReaderLanguage === false) {
    const label = `${languageName(fact.language)}, not translated`;
    return (
      <Badge variant="neutral" title={label} className="ml-1 px-1.5 py-0 align-middle text-[10px] uppercase">
        <span aria-hidden="true">{fact.language}</span>
        <span className="sr-only">{label}</span>
      </Badge>
    );
  }
  if (!fact.translatedFrom) return null;
  const label = `Translated from ${languageName(fact.translatedFrom)}`;
  return (
    <span title={label} className="ml-1 inline-flex align-middle text-slate-400">
      <Languages aria-hidden="true" className="size-3.5" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * One story as it was emailed: every fact once, followed by numbered markers of all the sources that
 * state it (in any language), the numbers pointing into the story's source list below. A story outside the
 * subscriber's interests (a must-know one) says so, as the email does. `headingLevel` 3 within a weekly
 * summary's sections; under an interest's section (`namesInterest` false) the heading names the interest and the
 * story does not again.
 */
export function DigestStory({
  story,
  position,
  headingLevel = 2,
  namesInterest = headingLevel === 2,
}: {
  story: Story;
  position: number;
  headingLevel?: 2 | 3;
  namesInterest?: boolean;
}) {
  const number = new Map(story.sources.map((source, i) => [source.id, i + 1]));
  const headingId = `story-${position}-title`;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xs sm:p-6">
      <div className="flex flex-wrap items-center gap-2 text-xs">
        {namesInterest && <Badge variant="soft">{INTEREST_LABELS[story.interest]}</Badge>}
        {story.followed?.length ? (
          <Badge className="bg-blue-100 text-blue-900 ring-1 ring-blue-200 ring-inset">
            Following: {story.followed.map((e) => e.name).join(', ')}
          </Badge>
        ) : null}
        {story.outsideInterests && (
          <Badge className="bg-amber-100 text-amber-900 ring-1 ring-amber-200 ring-inset">Outside your topics</Badge>
        )}
        <span className="font-medium text-slate-600">{corroborationLabel(story.corroboration)}</span>
        {story.languages.length > 1 && (
          <span className="inline-flex items-center gap-1 text-slate-600">
            <Languages aria-hidden="true" className="size-3.5" />
            {story.languages.map(languageName).join(', ')}
          </span>
        )}
      </div>
      <Heading id={headingId} className="mt-3 text-lg leading-snug font-semibold text-slate-900 sm:text-xl">
        {story.title}
      </Heading>
      <ul className="mt-3 space-y-2 text-[15px] leading-relaxed text-slate-800">
        {story.summary.map((sentence, i) => (
          <li key={i} className="flex gap-2">
            <span aria-hidden="true" className="mt-2.5 size-1.5 shrink-0 rounded-full bg-blue-700" />
            <span>
              <span lang={sentence.inReaderLanguage === false ? sentence.language : undefined}>{sentence.text}</span>
              <LanguageMark fact={sentence} />{' '}
              {sentence.sourceIds
                .filter((id) => number.has(id))
                .sort((a, b) => number.get(a)! - number.get(b)!)
                .map((id) => (
                  <a
                    key={id}
                    href={`#${headingId}-source-${number.get(id)}`}
                    className="ml-0.5 align-super text-[11px] font-semibold text-blue-700 hover:underline"
                    aria-label={`Source ${number.get(id)}: ${story.sources[number.get(id)! - 1]!.name}`}
                  >
                    [{number.get(id)}]
                  </a>
                ))}
            </span>
          </li>
        ))}
      </ul>
      {story.entities && story.entities.length > 0 && (
        <nav aria-label={`Who and where: ${story.title}`} className="mt-4">
          <ul className="flex flex-wrap gap-2">
            {story.entities.map((entity) => (
              <li key={entity.id}>
                <Link
                  to={entityPath(entity.id)}
                  className="inline-flex items-center rounded-full bg-blue-50 px-2.5 py-0.5 text-xs font-semibold text-blue-800 ring-1 ring-blue-200 ring-inset hover:bg-blue-100 touch:min-h-11"
                >
                  {entity.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {story.keyFigures.length > 0 && (
        <p className="mt-4 text-sm text-slate-700">
          <span className="font-semibold text-slate-900">Key figures: </span>
          {story.keyFigures.join(' · ')}
        </p>
      )}
      <ol className="mt-4 grid gap-1 border-t border-slate-100 pt-3 text-sm text-slate-600 touch:gap-0">
        {story.sources.map((source, i) => (
          <li key={source.id} id={`${headingId}-source-${i + 1}`} className="flex flex-wrap items-center gap-x-2">
            <span className="font-semibold text-slate-500">[{i + 1}]</span>
            <SourceLink url={source.url} name={source.name} />
            <span className="text-xs text-slate-500">{languageName(source.language)}</span>
          </li>
        ))}
      </ol>
    </article>
  );
}

/** An outlet's article, linked only when its address is a web page: a feed may say `javascript:`. */
function SourceLink({ url, name }: { url: string; name: string }) {
  if (!isHttpUrl(url)) return <span className="font-medium text-slate-700">{name}</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-blue-700 hover:underline touch:min-h-11"
    >
      {name}
      <ExternalLink aria-hidden="true" className="size-3.5" />
    </a>
  );
}
