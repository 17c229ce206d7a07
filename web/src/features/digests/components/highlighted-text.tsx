import { splitOnTerms } from './search-match';

/** Text with every search word marked; React escapes each part, so nothing from a digest is read as HTML. */
export function HighlightedText({ text, terms }: { text: string; terms: string[] }) {
  return (
    <>
      {splitOnTerms(text, terms).map((part, i) =>
        part.match ? (
          <mark key={i} className="rounded-sm bg-amber-200/80 px-0.5 text-slate-950">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
