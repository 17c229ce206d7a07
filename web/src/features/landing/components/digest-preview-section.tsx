import { Headphones, Mail } from 'lucide-react';
import { SAMPLE_DIGEST } from './sample-digest';

/** #demo: the digest as it lands in an inbox, so visitors judge the product by the thing itself. */
export function DigestPreviewSection() {
  return (
    <section id="demo" aria-labelledby="demo-title" className="bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">Sample digest</p>
          <h2 id="demo-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-950">
            What arrives in your inbox at 6:00 AM
          </h2>
          <p className="mt-4 text-slate-600">
            Every sentence is a fact with its source. No commentary, no predictions, no sponsored takes. Stories published in other
            languages are translated and marked as such.
          </p>
          <p className="mt-4 flex items-center gap-2 text-sm text-slate-700">
            <Headphones aria-hidden="true" className="size-4 text-blue-700" />
            Premium subscribers also get it as a personalized audio briefing.
          </p>
        </div>
        <figure className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-xl shadow-slate-900/5 lg:col-span-3">
          <figcaption className="sr-only">A sample DC Brief daily digest email</figcaption>
          <div className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-2.5">
            <span aria-hidden="true" className="size-2.5 rounded-full bg-slate-300" />
            <span aria-hidden="true" className="size-2.5 rounded-full bg-slate-300" />
            <span aria-hidden="true" className="size-2.5 rounded-full bg-slate-300" />
            <span className="ml-2 flex items-center gap-1.5 text-xs text-slate-600">
              <Mail aria-hidden="true" className="size-3.5" /> Inbox
            </span>
          </div>
          <div className="border-b border-slate-200 px-5 py-4 text-sm">
            <p className="font-semibold text-slate-900">{SAMPLE_DIGEST.subject}</p>
            <p className="mt-1 flex flex-wrap justify-between gap-x-4 text-slate-600">
              <span>{`From: ${SAMPLE_DIGEST.from}`}</span>
              <span>{SAMPLE_DIGEST.dateLine}</span>
            </p>
          </div>
          <div className="px-5 py-5">
            <div className="rounded-lg bg-blue-700 px-4 py-3 text-white">
              <p className="text-xs font-semibold tracking-widest uppercase opacity-90">DC Brief · Daily</p>
              <p className="mt-1 text-sm">{SAMPLE_DIGEST.intro}</p>
            </div>
            <ol className="mt-4 divide-y divide-slate-100">
              {SAMPLE_DIGEST.stories.map((story) => (
                <li key={story.headline} className="py-4 first:pt-1 last:pb-0">
                  <p className="text-xs font-semibold tracking-wide text-blue-700 uppercase">{story.section}</p>
                  <h3 className="mt-1 font-semibold text-slate-900">{story.headline}</h3>
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
                    {story.facts.map((fact) => (
                      <li key={fact}>{fact}</li>
                    ))}
                  </ul>
                  <p className="mt-2 text-xs text-slate-600">{`Sources: ${story.sources.join(' · ')}`}</p>
                </li>
              ))}
            </ol>
          </div>
        </figure>
      </div>
    </section>
  );
}
