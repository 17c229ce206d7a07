import { DEFAULT_PREFERENCES, mergePreferences, type PreferencesUpdate } from '@dcbrief/shared';
import { ReadyEpisodes } from '../../src/audio/ready-episodes.js';
import type { Orm } from '../../src/db/orm.js';
import type { DeliveryDeps } from '../../src/delivery/deps.js';
import { StaticEditionReader, type EditionReader, type EditionStoryView } from '../../src/delivery/edition-port.js';
import { createLogger } from '../../src/lib/logger.js';
import { User } from '../../src/modules/users/user.entity.js';
import type { TestServer } from '../support/harness.js';

const sources = {
  dcd: { id: 'dcd', name: 'DatacenterDynamics', language: 'en' },
  heise: { id: 'heise', name: 'heise online', language: 'de' },
  lemagit: { id: 'lemagit', name: 'LeMagIT', language: 'fr' },
  nikkei: { id: 'nikkei-xtech', name: 'Nikkei xTECH', language: 'ja' },
  cisa: { id: 'cisa', name: 'CISA', language: 'en' },
  elpais: { id: 'cincodias', name: 'Cinco Días', language: 'es' },
};
type SourceKey = keyof typeof sources;

function story(
  id: string,
  title: string,
  interest: EditionStoryView['interest'],
  firstSeenAt: string,
  facts: string[],
  from: SourceKey[],
  keyFigures: string[] = [],
  ingestedAt = firstSeenAt,
): EditionStoryView {
  const refs = from.map((k) => ({ ...sources[k], url: `https://${sources[k].id}.example/${id}` }));
  const ids = refs.map((r) => r.id);
  const sentence = (text: string, i: number) => ({ text, language: 'en', sourceIds: [ids[i % ids.length]!] });
  return {
    id,
    title,
    interest,
    interests: [interest],
    corroboration: from.length,
    summaries: {
      brief: facts.slice(0, 1).map(sentence),
      standard: facts.slice(0, 3).map(sentence),
      detailed: facts.slice(0, 6).map(sentence),
    },
    keyFigures,
    sources: refs,
    languages: [...new Set(refs.map((r) => r.language))],
    firstSeenAt: new Date(firstSeenAt),
    ingestedAt: new Date(ingestedAt),
  };
}

/**
 * A week of data-center news as the engine's edition hands it over: ranked best first, each story with
 * its outlets in several languages and a summary per depth whose sentences name their source.
 */
export function weekOfNews(): EditionStoryView[] {
  return [
    story(
      's-madrid',
      'Equinix opens 60 MW MD7 campus in Madrid',
      'infrastructure',
      '2026-11-23T20:10:00Z',
      [
        'Equinix opened its MD7 data center in Madrid on 23 November with 60 MW of IT capacity.',
        'The campus cost €500 million, according to the company.',
        'MD7 connects to Equinix MD2 and MD6 over dark fibre.',
        'The site uses adiabatic cooling and draws power under a 10-year renewable supply contract.',
      ],
      ['dcd', 'elpais', 'lemagit', 'heise'],
      ['60 MW', '€500 million'],
    ),
    story(
      's-cve',
      'CISA adds BMC firmware flaw CVE-2026-4410 to its exploited-vulnerabilities catalog',
      'security',
      '2026-11-24T02:30:00Z',
      [
        'CISA added CVE-2026-4410, a flaw in baseboard management controller firmware, to its Known Exploited Vulnerabilities catalog on 24 November.',
        'Federal agencies must patch affected servers by 15 December.',
      ],
      ['cisa', 'heise', 'nikkei'],
    ),
    story(
      's-nvidia',
      'Nikkei: NTT to deploy liquid-cooled GPU halls in Osaka',
      'technology',
      '2026-11-24T04:00:00Z',
      [
        'NTT Data will install direct-to-chip liquid cooling in two halls of its Osaka 2 data center.',
        'The halls support racks of up to 120 kW.',
      ],
      ['nikkei', 'dcd'],
      ['120 kW'],
    ),
    story(
      's-rule',
      'EU publishes data-center energy reporting template',
      'regulations',
      '2026-11-23T15:00:00Z',
      ['The European Commission published the reporting template for data centers above 500 kW under the Energy Efficiency Directive.'],
      ['heise', 'lemagit'],
    ),
    story(
      's-price',
      'Frankfurt colocation prices rose 8% year on year',
      'marketTrends',
      '2026-11-23T12:00:00Z',
      ['Average colocation prices in Frankfurt rose 8% year on year in the third quarter, according to CBRE.', 'Vacancy fell to 4.1%.'],
      ['heise'],
      ['8%', '4.1%'],
    ),
    story(
      's-old',
      'Digital Realty completes Paris PAR8 expansion',
      'infrastructure',
      '2026-11-20T09:00:00Z',
      ['Digital Realty completed the 12 MW expansion of its PAR8 site in Paris.'],
      ['lemagit', 'dcd'],
    ),
  ];
}

export function editionOf(stories = weekOfNews()): EditionReader {
  return new StaticEditionReader(stories);
}

export function deliveryDeps(ts: TestServer, editions: EditionReader = editionOf()): DeliveryDeps {
  return {
    orm: ts.orm,
    mailer: ts.mailer,
    clock: ts.clock,
    logger: createLogger(process.env.TEST_LOG_LEVEL ?? 'silent'),
    config: ts.config,
    editions,
    episodes: new ReadyEpisodes(ts.orm),
  };
}

export interface SubscriberSeed {
  email: string;
  firstName?: string;
  timezone?: string;
  status?: string;
  preferences?: Omit<PreferencesUpdate, 'timezone'>;
}

/** Subscribers straight into the database, as sign-in and Stripe would have left them. */
export async function addSubscribers(orm: Orm, seeds: SubscriberSeed[]): Promise<User[]> {
  const em = orm.em.fork();
  const users = seeds.map((seed) => {
    const user = new User();
    user.email = seed.email;
    user.firstName = seed.firstName ?? seed.email.split('@')[0]!;
    user.timezone = seed.timezone ?? 'UTC';
    user.subscriptionTier = 'basic';
    user.subscriptionStatus = seed.status ?? 'active';
    user.preferences = mergePreferences(structuredClone(DEFAULT_PREFERENCES), seed.preferences ?? {});
    em.persist(user);
    return user;
  });
  await em.flush();
  return users;
}
