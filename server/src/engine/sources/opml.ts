import { parseHTML } from 'linkedom';
import { INTERESTS, type Interest } from '@dcbrief/shared';
import type { CatalogEntry } from './catalog.js';
import type { Source } from '../model/source.entity.js';

/** OPML 2.0 with DC Brief's extra attributes (kind, language, country, categories, weight) so nothing is lost on a round trip. */
export function exportOpml(sources: Array<Source | CatalogEntry>, title = 'DC Brief sources'): string {
  const outlines = sources.map(
    (s) =>
      `    <outline type="rss" text="${esc(s.name)}" title="${esc(s.name)}" xmlUrl="${esc(s.feedUrl)}" htmlUrl="${esc(s.siteUrl)}" ` +
      `language="${esc(s.language)}" dcbId="${esc(s.id)}" dcbKind="${s.kind}" dcbCountry="${esc(s.country)}" ` +
      `dcbCategories="${s.categories.join(',')}" dcbWeight="${s.weight}"${'enabled' in s && !s.enabled ? ' dcbEnabled="false"' : ''}/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<opml version="2.0">\n  <head><title>${esc(title)}</title></head>\n  <body>\n${outlines.join('\n')}\n  </body>\n</opml>\n`;
}

export interface OpmlImport {
  entries: CatalogEntry[];
  skipped: Array<{ text: string; reason: string }>;
}

/**
 * Reads any OPML file (from a feed reader or from exportOpml). Missing fields take defaults the operator
 * can change afterwards: language from the outline or "en", country "INT", categories "infrastructure".
 */
export function importOpml(xml: string): OpmlImport {
  const { document } = parseHTML(xml.replace(/<\?xml[^>]*\?>/, ''));
  const entries: CatalogEntry[] = [];
  const skipped: OpmlImport['skipped'] = [];
  for (const node of document.querySelectorAll('outline')) {
    const attr = (name: string) => node.getAttribute(name) ?? node.getAttribute(name.toLowerCase()) ?? '';
    const feedUrl = attr('xmlUrl');
    const text = attr('title') || attr('text');
    if (!feedUrl) continue;
    let site = attr('htmlUrl');
    try {
      site ||= new URL(feedUrl).origin;
    } catch {
      skipped.push({ text, reason: 'invalid feed URL' });
      continue;
    }
    const categories = attr('dcbCategories')
      .split(',')
      .filter((c: string): c is Interest => (INTERESTS as readonly string[]).includes(c));
    const weight = Number(attr('dcbWeight'));
    entries.push({
      id: attr('dcbId') || slug(text || new URL(feedUrl).hostname),
      name: text || new URL(feedUrl).hostname,
      siteUrl: site,
      feedUrl,
      kind: attr('dcbKind') === 'podcast' || /podcast/i.test(attr('type')) ? 'podcast' : 'news',
      language: attr('language') || 'en',
      country: attr('dcbCountry') || 'INT',
      categories: categories.length ? categories : ['infrastructure'],
      weight: Number.isFinite(weight) && weight > 0 ? weight : 1,
    });
  }
  return { entries, skipped };
}

function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'source'
  );
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
