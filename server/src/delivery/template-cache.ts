import type { EntityManager } from '@mikro-orm/core';
import type { DigestStory, EntityChange } from '@dcbrief/shared';
import { DigestContent } from '../modules/digests/digest.entity.js';
import { DigestEmailTemplate } from './email-template.js';
import type { DigestEmailContent } from './render.js';
import { perStatement } from '../db/per-statement.js';

/** Encoded digest emails kept between batches (one per distinct content; a pass has a few hundred). */
const TEMPLATES_MAX = 1000;

/** What a digest's email is made of besides the subscriber: its title and flags, and its stored content's id. */
export interface DigestOfRow extends Omit<DigestEmailContent, 'stories' | 'changes'> {
  contentId: string | null;
}

/** Each distinct digest's encoded email, built once: a content's subscribers share all but a few lines. */
export class TemplateCache {
  private readonly templates = new Map<string, DigestEmailTemplate>();

  constructor(
    private readonly preferencesUrl: string,
    private readonly entityUrl?: (entityId: string) => string,
  ) {}

  private key(row: DigestOfRow): string {
    return `${row.contentId}|${row.kind}|${row.date}|${row.quiet}|${row.title}`;
  }

  of(row: DigestOfRow): DigestEmailTemplate {
    return this.templates.get(this.key(row))!;
  }

  /** Builds the templates a batch needs that are not kept yet, reading their contents in one query. */
  async load(em: EntityManager, rows: DigestOfRow[]): Promise<void> {
    const missing = rows.filter((r) => !this.templates.has(this.key(r)));
    if (!missing.length) return;
    if (this.templates.size + missing.length > TEMPLATES_MAX) this.templates.clear();
    const ids = [...new Set(missing.map((r) => r.contentId).filter((id): id is string => id !== null))];
    const contents = new Map<string, { stories: DigestStory[]; changes: EntityChange[] | null }>();
    for (const chunk of perStatement(ids)) {
      for (const c of await em.find(
        DigestContent,
        { id: { $in: chunk } },
        { fields: ['id', 'stories', 'changes'], disableIdentityMap: true },
      ))
        contents.set(c.id, { stories: c.stories, changes: c.changes });
    }
    for (const row of missing) {
      const key = this.key(row);
      if (this.templates.has(key)) continue;
      const content = row.contentId ? contents.get(row.contentId) : undefined;
      this.templates.set(
        key,
        new DigestEmailTemplate(
          {
            kind: row.kind,
            date: row.date,
            title: row.title,
            quiet: row.quiet,
            stories: content?.stories ?? [],
            changes: content?.changes,
          },
          this.preferencesUrl,
          this.entityUrl,
        ),
      );
    }
  }
}
