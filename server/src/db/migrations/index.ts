import type { MigrationObject } from '@mikro-orm/core';

/**
 * The committed migrations of each dialect, in order, by name: each is the class `<name>` of `./<dialect>/<name>.ts`.
 * `npm run migration:create -w server` writes new ones; append their names here. The classes (and with them
 * `@mikro-orm/migrations`, umzug and its CLI's dependencies: about 3 MB of heap) are imported only when a
 * migration is pending (`migrate` in ../orm.ts; decision 528).
 */
export const MIGRATIONS = {
  sqlite: [
    'Migration20261122064627', // SqliteInitial
    'Migration20261122071243', // SqliteBilling
    'Migration20261122072756', // SqliteDelivery
    'Migration20261122074314', // SqliteEngine
    'Migration20261122190000', // SqliteStoryIngestedAt
    'Migration20261122211132', // SqliteDigestContents
    'Migration20261122222156', // SqliteDropSubscriptionAttempt
    'Migration20261122223112', // SqliteJobLeases
    'Migration20261123043352', // SqliteTrials
    'Migration20261123045645', // SqliteAudio
    'Migration20261123050000', // SqliteAccountMails
    'Migration20261123065044', // SqliteAudioRatings
    'Migration20261123065114', // SqliteSignInCodes
    'Migration20261123071000', // SqliteAudioSentenceFrames
    'Migration20261128120000', // SqliteSourceIllFormed
    'Migration20261128130000', // SqliteAccountMailParams
    'Migration20261128140000', // SqliteEntities
    'Migration20261128152600', // SqliteFollows
    'Migration20261128160000', // SqliteCalendarFeeds
    'Migration20261128170000', // SqliteDigestChanges
    'Migration20261128170100', // SqliteFollowAlerts
  ],
  postgresql: [
    'Migration20261122065932', // PgInitial
    'Migration20261122071244', // PgBilling
    'Migration20261122072759', // PgDelivery
    'Migration20261122074315', // PgEngine
    'Migration20261122190001', // PgStoryIngestedAt
    'Migration20261122200000', // PgRateLimits
    'Migration20261122211133', // PgDigestContents
    'Migration20261122222157', // PgDropSubscriptionAttempt
    'Migration20261122223113', // PgJobLeases
    'Migration20261123043358', // PgTrials
    'Migration20261123045648', // PgAudio
    'Migration20261123050001', // PgAccountMails
    'Migration20261123065045', // PgAudioRatings
    'Migration20261123065115', // PgSignInCodes
    'Migration20261123071001', // PgAudioSentenceFrames
    'Migration20261123170000', // PgSessionCacheNotify
    'Migration20261128120001', // PgSourceIllFormed
    'Migration20261128130001', // PgAccountMailParams
    'Migration20261128140001', // PgEntities
    'Migration20261128152601', // PgFollows
    'Migration20261128160001', // PgCalendarFeeds
    'Migration20261128170001', // PgDigestChanges
    'Migration20261128170101', // PgFollowAlerts
  ],
} as const satisfies Record<'sqlite' | 'postgresql', readonly string[]>;

export type Dialect = keyof typeof MIGRATIONS;

/** The names of a dialect's committed migrations, in order. */
export function migrationNames(dialect: Dialect): readonly string[] {
  return MIGRATIONS[dialect];
}

/** A dialect's committed migrations with their classes, in order (imports them). */
export async function migrationsFor(dialect: Dialect): Promise<MigrationObject[]> {
  return Promise.all(
    MIGRATIONS[dialect].map(async (name) => {
      const module = (await import(`./${dialect}/${name}.js`)) as Record<string, MigrationObject['class'] | undefined>;
      const migration = module[name];
      if (!migration) throw new Error(`migrations/${dialect}/${name} does not export the class ${name}`);
      return { name, class: migration };
    }),
  );
}
