import { escapeHtml } from '../lib/html.js';
import { EPISODE_KIND_TITLES, episodeDayLabel, episodeTitle, type DigestStory } from '@dcbrief/shared';
import { feedUrls, type DigestWithEpisode } from './episodes.service.js';

const x = escapeHtml;

export interface FeedInput {
  publicUrl: string;
  token: string;
  firstName: string;
  /** False when the plan is not (or no longer) premium and active: no episodes, and the description says why. */
  active: boolean;
  episodes: DigestWithEpisode[];
}

/**
 * A subscriber's private podcast feed: RSS 2.0 with the iTunes and Podcasting 2.0 namespaces, blocked from
 * directories (`itunes:block`, `podcast:locked`), one item per ready episode with the digest id as GUID.
 */
export function renderFeed(input: FeedInput): string {
  const self = `${input.publicUrl}/api/audio/feed/${input.token}/feed.xml`;
  const owner = input.firstName ? ` for ${input.firstName}` : '';
  const description = input.active
    ? 'Your DC Brief digests read aloud: every story with its facts and its outlets, chapters per story. Private to you: do not share this address.'
    : 'This feed receives no new episodes: the Premium Intelligence plan of this account is not active. Renew it in DC Brief to get the audio digest again.';
  const items = input.active ? input.episodes.filter((e) => e.episode.state === 'ready').map((e) => item(input, e)) : [];
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:podcast="https://podcastindex.org/namespace/1.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${x(`DC Brief audio digest${owner}`)}</title>
<link>${x(input.publicUrl)}</link>
<atom:link href="${x(self)}" rel="self" type="application/rss+xml"/>
<description>${x(description)}</description>
<language>en</language>
<itunes:author>DC Brief</itunes:author>
<itunes:summary>${x(description)}</itunes:summary>
<itunes:explicit>false</itunes:explicit>
<itunes:type>episodic</itunes:type>
<itunes:category text="News"><itunes:category text="Tech News"/></itunes:category>
<itunes:block>Yes</itunes:block>
<podcast:locked>yes</podcast:locked>
${items.join('\n')}
</channel>
</rss>
`;
}

function item(input: FeedInput, { digest, episode }: DigestWithEpisode): string {
  const urls = feedUrls(input.publicUrl, input.token, digest.id);
  const stories = ((digest.content?.stories ?? []) as DigestStory[]).map((s) => s.title);
  const summary = stories.length ? `${stories.length} stories: ${stories.join('; ')}.` : episodeTitle(digest.kind, digest.date);
  return `<item>
<title>${x(`DC Brief ${EPISODE_KIND_TITLES[digest.kind].toLowerCase()}, ${episodeDayLabel(digest.date)}`)}</title>
<guid isPermaLink="false">${x(digest.id)}</guid>
<pubDate>${(digest.sentAt ?? episode.readyAt ?? episode.createdAt).toUTCString()}</pubDate>
<description>${x(summary)}</description>
<enclosure url="${x(urls.audio)}" length="${episode.bytes}" type="audio/mpeg"/>
<itunes:duration>${Math.round(episode.durationMs / 1000)}</itunes:duration>
<itunes:episodeType>full</itunes:episodeType>
<podcast:chapters url="${x(urls.chapters)}" type="application/json+chapters"/>
<podcast:transcript url="${x(urls.transcript)}" type="text/vtt"/>
</item>`;
}
