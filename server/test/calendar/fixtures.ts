import type { EntityManager } from '@mikro-orm/core';
import { Entity, EntityFact } from '../../src/engine/entities/entity.entity.js';
import { Article } from '../../src/engine/model/article.entity.js';
import { Source } from '../../src/engine/model/source.entity.js';
import { newStory } from '../../src/engine/model/story.entity.js';

/** The day the calendar tests read the news on. */
export const NOW = new Date('2026-11-28T09:00:00Z');

export const SITE = 'test-campus-alpha';
export const COUNTY = 'test-county-beta';
export const OTHER = 'test-operator-gamma';

interface StatedEvent {
  entityId: string;
  what: 'hearing' | 'vote' | 'commissioning' | 'opening' | 'deadline' | 'other';
  eventDate: string;
  sentence: string;
  sourceIds: string[];
  statedAt: Date;
}

/**
 * Three entities and the dated events their stories state: a site with a vote told by two stories, a month-only
 * hearing, a year-only opening, an event ten days past and one forty days past, a dated step of works (kind
 * `other`, not a calendar event); a county with a deadline; another
 * company (followed by someone else) with a commissioning date.
 */
export async function seedCalendarNews(em: EntityManager): Promise<void> {
  for (const [id, name] of [
    ['tribune', 'Data Center Tribune'],
    ['courier', 'Grid Courier'],
  ] as const) {
    em.persist(
      Object.assign(new Source(), {
        id,
        name,
        siteUrl: `https://${id}.example`,
        feedUrl: `https://${id}.example/feed`,
        language: 'en',
        country: 'US',
        categories: ['infrastructure'],
      }),
    );
  }
  for (const [id, name, kind] of [
    [SITE, 'Campus Alpha', 'site'],
    [COUNTY, 'Beta County', 'place'],
    [OTHER, 'Gamma Compute', 'company'],
  ] as const) {
    em.persist(
      Object.assign(new Entity(), { id, name, kind, aliases: [], status: 'confirmed', origin: 'seed', createdAt: NOW, updatedAt: NOW }),
    );
  }
  const day = (iso: string) => new Date(`${iso}T08:00:00Z`);
  const events: StatedEvent[] = [
    {
      entityId: SITE,
      what: 'vote',
      eventDate: '2027-03-12',
      sentence: 'The county board will vote on Campus Alpha on 12 March 2027.',
      sourceIds: ['tribune'],
      statedAt: day('2026-11-20'),
    },
    {
      entityId: SITE,
      what: 'vote',
      eventDate: '2027-03-12',
      sentence: 'Supervisors vote on the Campus Alpha rezoning on March 12, 2027.',
      sourceIds: ['courier', 'tribune'],
      statedAt: day('2026-11-25'),
    },
    {
      entityId: SITE,
      what: 'hearing',
      eventDate: '2027-02',
      sentence: 'A public hearing on Campus Alpha is set for February 2027.',
      sourceIds: ['courier'],
      statedAt: day('2026-11-21'),
    },
    {
      entityId: SITE,
      what: 'opening',
      eventDate: '2028',
      sentence: 'Campus Alpha is due to open in 2028.',
      sourceIds: ['tribune'],
      statedAt: day('2026-11-21'),
    },
    {
      entityId: SITE,
      what: 'deadline',
      eventDate: '2026-11-18',
      sentence: 'Comments on Campus Alpha close on 18 November 2026.',
      sourceIds: ['tribune'],
      statedAt: day('2026-11-02'),
    },
    {
      entityId: SITE,
      what: 'hearing',
      eventDate: '2026-10-19',
      sentence: 'The first hearing on Campus Alpha is on 19 October 2026.',
      sourceIds: ['tribune'],
      statedAt: day('2026-10-01'),
    },
    {
      entityId: SITE,
      what: 'other',
      eventDate: '2027-04-01',
      sentence: 'Construction of Campus Alpha begins on 1 April 2027.',
      sourceIds: ['tribune'],
      statedAt: day('2026-11-21'),
    },
    {
      entityId: COUNTY,
      what: 'deadline',
      eventDate: '2027-01-15',
      sentence: 'Beta County set a 15 January 2027 deadline for data-center zoning comments.',
      sourceIds: ['courier'],
      statedAt: day('2026-11-22'),
    },
    {
      entityId: OTHER,
      what: 'commissioning',
      eventDate: '2027-06-30',
      sentence: 'Gamma Compute will commission its first hall on 30 June 2027.',
      sourceIds: ['tribune'],
      statedAt: day('2026-11-23'),
    },
  ];
  for (const [i, e] of events.entries()) {
    const story = Object.assign(newStory(e.statedAt), {
      title: `Story ${i}: ${e.sentence}`,
      titleLanguage: 'en',
      interest: 'infrastructure',
      classification: { interest: 'infrastructure', interests: ['infrastructure'] },
      summaries: { brief: [], standard: [], detailed: [], keyFigures: [] },
      sourceIds: e.sourceIds,
      languages: ['en'],
      firstSeenAt: e.statedAt,
      lastSeenAt: e.statedAt,
      ingestedAt: e.statedAt,
    });
    const articles = e.sourceIds.map((sourceId) =>
      Object.assign(new Article(), {
        sourceId,
        url: `https://${sourceId}.example/news/${i}`,
        canonicalUrl: `https://${sourceId}.example/news/${i}`,
        contentHash: `${sourceId}-${i}`,
        title: story.title,
        text: e.sentence,
        language: 'en',
        publishedAt: e.statedAt,
        fetchedAt: e.statedAt,
        storyId: story.id,
      }),
    );
    story.articleIds = articles.map((a) => a.id);
    em.persist([story, ...articles]);
    em.persist(
      Object.assign(new EntityFact(), {
        entityId: e.entityId,
        storyId: story.id,
        type: 'event-date',
        what: e.what,
        eventDate: e.eventDate,
        statedAt: e.statedAt,
        sentence: e.sentence,
        language: 'en',
        sourceIds: e.sourceIds,
        articleIds: articles.map((a) => a.id),
      }),
    );
  }
  await em.flush();
}

/** A story about the site read again: the ingest replaces its facts with new rows (new ids), as `recordEntities` does. */
export async function rereadStoryFacts(em: EntityManager): Promise<void> {
  const facts = await em.find(EntityFact, { entityId: SITE });
  for (const fact of facts) {
    await em.nativeDelete(EntityFact, { id: fact.id });
    const { entityId, storyId, type, what, eventDate, statedAt, sentence, language, sourceIds, articleIds } = fact;
    em.persist(
      Object.assign(new EntityFact(), { entityId, storyId, type, what, eventDate, statedAt, sentence, language, sourceIds, articleIds }),
    );
  }
  await em.flush();
}
