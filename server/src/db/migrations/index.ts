import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122065932 as PgInitial } from './postgresql/Migration20261122065932.js';
import { Migration20261122071244 as PgBilling } from './postgresql/Migration20261122071244.js';
import { Migration20261122072759 as PgDelivery } from './postgresql/Migration20261122072759.js';
import { Migration20261122074315 as PgEngine } from './postgresql/Migration20261122074315.js';
import { Migration20261122190001 as PgStoryIngestedAt } from './postgresql/Migration20261122190001.js';
import { Migration20261122200000 as PgRateLimits } from './postgresql/Migration20261122200000.js';
import { Migration20261122211133 as PgDigestContents } from './postgresql/Migration20261122211133.js';
import { Migration20261122222157 as PgDropSubscriptionAttempt } from './postgresql/Migration20261122222157.js';
import { Migration20261122223113 as PgJobLeases } from './postgresql/Migration20261122223113.js';
import { Migration20261123043358 as PgTrials } from './postgresql/Migration20261123043358.js';
import { Migration20261123050001 as PgAccountMails } from './postgresql/Migration20261123050001.js';
import { Migration20261123065045 as PgAudioRatings } from './postgresql/Migration20261123065045.js';
import { Migration20261123045648 as PgAudio } from './postgresql/Migration20261123045648.js';
import { Migration20261123065115 as PgSignInCodes } from './postgresql/Migration20261123065115.js';
import { Migration20261123071001 as PgAudioSentenceFrames } from './postgresql/Migration20261123071001.js';
import { Migration20261123170000 as PgSessionCacheNotify } from './postgresql/Migration20261123170000.js';
import { Migration20261122064627 as SqliteInitial } from './sqlite/Migration20261122064627.js';
import { Migration20261122071243 as SqliteBilling } from './sqlite/Migration20261122071243.js';
import { Migration20261122072756 as SqliteDelivery } from './sqlite/Migration20261122072756.js';
import { Migration20261122074314 as SqliteEngine } from './sqlite/Migration20261122074314.js';
import { Migration20261122190000 as SqliteStoryIngestedAt } from './sqlite/Migration20261122190000.js';
import { Migration20261122211132 as SqliteDigestContents } from './sqlite/Migration20261122211132.js';
import { Migration20261122222156 as SqliteDropSubscriptionAttempt } from './sqlite/Migration20261122222156.js';
import { Migration20261122223112 as SqliteJobLeases } from './sqlite/Migration20261122223112.js';
import { Migration20261123043352 as SqliteTrials } from './sqlite/Migration20261123043352.js';
import { Migration20261123050000 as SqliteAccountMails } from './sqlite/Migration20261123050000.js';
import { Migration20261123065044 as SqliteAudioRatings } from './sqlite/Migration20261123065044.js';
import { Migration20261123045645 as SqliteAudio } from './sqlite/Migration20261123045645.js';
import { Migration20261123065114 as SqliteSignInCodes } from './sqlite/Migration20261123065114.js';
import { Migration20261123071000 as SqliteAudioSentenceFrames } from './sqlite/Migration20261123071000.js';

/** The committed migrations of each dialect, in order. `npm run migration:create -w server` writes new ones; append them here. */
const lists: Record<'sqlite' | 'postgresql', MigrationObject[]> = {
  sqlite: [
    { name: 'Migration20261122064627', class: SqliteInitial },
    { name: 'Migration20261122071243', class: SqliteBilling },
    { name: 'Migration20261122072756', class: SqliteDelivery },
    { name: 'Migration20261122074314', class: SqliteEngine },
    { name: 'Migration20261122190000', class: SqliteStoryIngestedAt },
    { name: 'Migration20261122211132', class: SqliteDigestContents },
    { name: 'Migration20261122222156', class: SqliteDropSubscriptionAttempt },
    { name: 'Migration20261122223112', class: SqliteJobLeases },
    { name: 'Migration20261123043352', class: SqliteTrials },
    { name: 'Migration20261123045645', class: SqliteAudio },
    { name: 'Migration20261123050000', class: SqliteAccountMails },
    { name: 'Migration20261123065044', class: SqliteAudioRatings },
    { name: 'Migration20261123065114', class: SqliteSignInCodes },
    { name: 'Migration20261123071000', class: SqliteAudioSentenceFrames },
  ],
  postgresql: [
    { name: 'Migration20261122065932', class: PgInitial },
    { name: 'Migration20261122071244', class: PgBilling },
    { name: 'Migration20261122072759', class: PgDelivery },
    { name: 'Migration20261122074315', class: PgEngine },
    { name: 'Migration20261122190001', class: PgStoryIngestedAt },
    { name: 'Migration20261122200000', class: PgRateLimits },
    { name: 'Migration20261122211133', class: PgDigestContents },
    { name: 'Migration20261122222157', class: PgDropSubscriptionAttempt },
    { name: 'Migration20261122223113', class: PgJobLeases },
    { name: 'Migration20261123043358', class: PgTrials },
    { name: 'Migration20261123045648', class: PgAudio },
    { name: 'Migration20261123050001', class: PgAccountMails },
    { name: 'Migration20261123065045', class: PgAudioRatings },
    { name: 'Migration20261123065115', class: PgSignInCodes },
    { name: 'Migration20261123071001', class: PgAudioSentenceFrames },
    { name: 'Migration20261123170000', class: PgSessionCacheNotify },
  ],
};

export function migrationsFor(dialect: 'sqlite' | 'postgresql'): MigrationObject[] {
  return lists[dialect];
}
