import normalizeUrl from 'normalize-url';

/** Query parameters that only track the reader: removed so one article has one URL. */
const TRACKING = [
  /^utm_\w+$/i,
  /^(fbclid|gclid|dclid|gbraid|wbraid|msclkid|yclid|twclid|igshid|mc_cid|mc_eid|_hsenc|_hsmi|mkt_tok|oly_anon_id|oly_enc_id|vero_id|wt_mc|wt\.\w+|cmpid|ncid|sr_share|ref|ref_src|referrer|source|ito|at_medium|at_campaign|rss|feed|from|spm|share|ocid|icid|s_kwcid|trk|trkcampaign)$/i,
];

/**
 * The identity of an article URL: the cleaned URL on https (the same page is often linked over both),
 * so an article seen again under another URL is found again.
 */
export function canonicalUrl(raw: string): string {
  return cleanUrl(raw).replace(/^http:\/\//i, 'https://');
}

/**
 * The link shown to readers: as given, lower-case host without "www.",
 * no fragment, no tracking parameters, sorted query, no trailing slash, AMP paths folded.
 */
export function cleanUrl(raw: string): string {
  const normalized = normalizeUrl(raw.trim(), {
    stripHash: true,
    stripWWW: true,
    removeQueryParameters: TRACKING,
    sortQueryParameters: true,
    removeTrailingSlash: true,
    removeSingleSlash: true,
    stripTextFragment: true,
    defaultProtocol: 'https',
  });
  const url = new URL(normalized);
  url.pathname = url.pathname.replace(/\/amp\/?$/i, '').replace(/^\/amp\//i, '/') || '/';
  if (url.searchParams.get('outputType') === 'amp') url.searchParams.delete('outputType');
  if (url.hostname.startsWith('amp.')) url.hostname = url.hostname.slice(4);
  if (url.hostname.startsWith('m.') && url.hostname.split('.').length > 2) url.hostname = url.hostname.slice(2);
  return url.toString().replace(/\/$/, '');
}
