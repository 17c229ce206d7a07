import { transcriptToText } from './text.js';
import { PAGE_ACCEPT, type Fetcher } from './http-fetcher.js';

/** The main text of an item's article page, or null when it cannot be had (the feed's text then stands). */
export async function fetchPageText(fetcher: Fetcher, url: string): Promise<string | null> {
  const res = await fetcher.fetch(url, {}, PAGE_ACCEPT);
  if (res.kind !== 'ok' || !/html/i.test(res.contentType || 'text/html')) return null;
  try {
    // Readability and its DOM load on the first page read: a pass whose feeds carry their text never needs them.
    const { extractMainText } = await import('./page-extract.js');
    return extractMainText(res.body, res.url)?.text ?? null;
  } catch {
    return null;
  }
}

/** A podcast episode's transcript as prose, or null when it cannot be had (the show notes then stand). */
export async function fetchTranscriptText(fetcher: Fetcher, t: { url: string; type: string }): Promise<string | null> {
  const res = await fetcher.fetch(t.url, {}, `${t.type || 'text/plain'}, */*;q=0.5`);
  if (res.kind !== 'ok') return null;
  const text = transcriptToText(res.body, t.type || res.contentType);
  return text ? text.slice(0, 30_000) : null;
}
