import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import type { WaitlistDraft as WaitlistDraftDto, WaitlistDraftInput, WaitlistEntryInput } from '@dcbrief/shared';
import type { Clock } from '../../lib/clock.js';
import type { MailMessage } from '../../mail/mailer.js';
import { alreadyOnWaitlistEmail, waitlistConfirmationEmail } from '../../mail/templates/account-emails.js';
import type { AccountMailQueue } from '../account-mail/account-mail.queue.js';
import { WaitlistDraft, WaitlistEntry } from './waitlist.entity.js';

export const WAITLIST_JOINED_MAIL = 'waitlist-joined';
export const WAITLIST_AGAIN_MAIL = 'waitlist-again';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The confirmation: fixed words only, nothing the visitor typed (the address is not verified yet). */
export const renderWaitlistJoined = async (_em: EntityManager, to: string): Promise<MailMessage> => waitlistConfirmationEmail(to);
export const renderWaitlistAgain = async (_em: EntityManager, to: string): Promise<MailMessage> => alreadyOnWaitlistEmail(to);

export class WaitlistService {
  /** `accountMail`: where the waitlist's emails go; without it (seeding, the admin CLI) joining sends none. */
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly accountMail?: AccountMailQueue,
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

  /**
   * Stores the entry, removes the visitor's draft and owes the address its confirmation, in one transaction.
   * An address already on the list is answered the same (the answer must not tell who is on it); its owner
   * is told by email instead, at most once a day (docs/decisions/504).
   */
  async join(input: WaitlistEntryInput, visitorKey: string | undefined): Promise<void> {
    const mailId = await this.em
      .transactional(async (em) => {
        if (visitorKey) await em.nativeDelete(WaitlistDraft, { visitorKey });
        const known = await em.count(WaitlistEntry, { email: input.email });
        if (known) return this.owe(em, WAITLIST_AGAIN_MAIL, input.email, DAY_MS);
        em.persist(em.create(WaitlistEntry, { ...input, id: crypto.randomUUID(), invitedAt: null, createdAt: this.clock.now() }));
        await em.flush();
        return this.owe(em, WAITLIST_JOINED_MAIL, input.email, 0);
      })
      .catch((err: unknown) => {
        // Two submissions of one new address at once: the second meets the first's row.
        if (err instanceof UniqueConstraintViolationException) return null;
        throw err;
      });
    if (mailId) this.accountMail?.kick(mailId);
  }

  /** An outbox row for `kind`, unless one was written within `onceWithinMs`; its id, or null. */
  private async owe(em: EntityManager, kind: string, to: string, onceWithinMs: number): Promise<string | null> {
    if (!this.accountMail) return null;
    if (onceWithinMs && (await this.accountMail.sentSince(em, kind, to, new Date(this.clock.now().getTime() - onceWithinMs)))) return null;
    const row = this.accountMail.enqueue(em, kind, to);
    await em.flush();
    return row.id;
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
