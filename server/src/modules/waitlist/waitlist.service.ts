import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { WaitlistDraft as WaitlistDraftDto, WaitlistDraftInput, WaitlistEntryInput } from '@dcbrief/shared';
import { conflict } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { WaitlistDraft, WaitlistEntry } from './waitlist.entity.js';

export const DUPLICATE_WAITLIST_MESSAGE = "This email is already on the waitlist. We'll contact you when spots open up.";

export class WaitlistService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** One draft per visitor: an upsert on the visitor key, never a second row. */
  async saveDraft(visitorKey: string, input: WaitlistDraftInput): Promise<WaitlistDraftDto> {
    const updatedAt = this.clock.now();
    const draft = await this.em.upsert(
      WaitlistDraft,
      { id: crypto.randomUUID(), visitorKey, ...input, updatedAt },
      { onConflictFields: ['visitorKey'], onConflictExcludeFields: ['id'] },
    );
    return {
      email: draft.email,
      firstName: draft.firstName,
      lastName: draft.lastName,
      phoneNumber: draft.phoneNumber,
      updatedAt: updatedAt.toISOString(),
    };
  }

  /** Stores the entry and removes the visitor's draft in one transaction; a known email is a 409. */
  async join(input: WaitlistEntryInput, visitorKey: string | undefined): Promise<WaitlistEntry> {
    try {
      return await this.em.transactional(async (em) => {
        const entry = em.create(WaitlistEntry, { ...input, id: crypto.randomUUID(), invitedAt: null, createdAt: this.clock.now() });
        em.persist(entry);
        await em.flush();
        if (visitorKey) await em.nativeDelete(WaitlistDraft, { visitorKey });
        return entry;
      });
    } catch (err) {
      if (err instanceof UniqueConstraintViolationException) throw conflict(DUPLICATE_WAITLIST_MESSAGE);
      throw err;
    }
  }

  list(): Promise<WaitlistEntry[]> {
    return this.em.find(WaitlistEntry, {}, { orderBy: { createdAt: 'asc' } });
  }

  findByEmail(email: string): Promise<WaitlistEntry | null> {
    return this.em.findOne(WaitlistEntry, { email: email.toLowerCase() });
  }

  async markInvited(entry: WaitlistEntry): Promise<void> {
    entry.invitedAt ??= this.clock.now();
    await this.em.flush();
  }

  /**
   * Drafts nobody touched for a day are dropped: their visitor's session has ended (it lives a day), so
   * nobody can reach them, and they hold personal data we no longer need.
   */
  purgeStaleDrafts(olderThanMs = 24 * 3600 * 1000): Promise<number> {
    return this.em.nativeDelete(WaitlistDraft, { updatedAt: { $lt: new Date(this.clock.now().getTime() - olderThanMs) } });
  }
}
