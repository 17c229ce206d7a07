import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { FollowAlertSettings as SettingsDto, FollowAlertSettingsUpdate } from '@dcbrief/shared';
import { badRequest } from '../../http/errors.js';
import type { Clock } from '../../lib/clock.js';
import { FollowAlertSettings } from './follow-alert.entity.js';
import { checkWebhookAddress, WebhookAddressError } from './webhook-address.js';

/** A new webhook signing secret: 32 random bytes, prefixed so a subscriber knows what it is when they find it. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** A subscriber's follow-alert settings: read, changed, and the webhook's secret made or rotated (shown once). */
export class FollowAlertsService {
  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly allowPrivateWebhooks: boolean,
  ) {}

  async get(userId: string): Promise<SettingsDto> {
    return toDto(await this.em.findOne(FollowAlertSettings, { user: userId }));
  }

  /** Applies a change; the first webhook address makes a secret, which this answer alone shows. */
  async update(userId: string, patch: FollowAlertSettingsUpdate): Promise<SettingsDto> {
    if (patch.webhookUrl) {
      try {
        await checkWebhookAddress(patch.webhookUrl, this.allowPrivateWebhooks);
      } catch (err) {
        if (err instanceof WebhookAddressError) throw badRequest(err.message);
        throw err;
      }
    }
    const settings = await this.settingsOf(userId);
    if (patch.email !== undefined) settings.email = patch.email;
    if (patch.webhookUrl !== undefined) settings.webhookUrl = patch.webhookUrl;
    let shown: string | undefined;
    if (settings.webhookUrl && !settings.webhookSecret) shown = settings.webhookSecret = newWebhookSecret();
    settings.updatedAt = this.clock.now();
    await this.em.flush();
    return { ...toDto(settings), ...(shown ? { webhookSecret: shown } : {}) };
  }

  /** A new signing secret, replacing the old one at once; shown in this answer only. */
  async rotateSecret(userId: string): Promise<SettingsDto> {
    const settings = await this.settingsOf(userId);
    if (!settings.webhookUrl) throw badRequest('Set a webhook address first.');
    const secret = (settings.webhookSecret = newWebhookSecret());
    settings.updatedAt = this.clock.now();
    await this.em.flush();
    return { ...toDto(settings), webhookSecret: secret };
  }

  private async settingsOf(userId: string): Promise<FollowAlertSettings> {
    const found = await this.em.findOne(FollowAlertSettings, { user: userId });
    if (found) return found;
    const now = this.clock.now();
    const created = this.em.create(FollowAlertSettings, {
      id: crypto.randomUUID(),
      user: userId,
      email: false,
      webhookUrl: null,
      webhookSecret: null,
      createdAt: now,
      updatedAt: now,
    });
    this.em.persist(created);
    return created;
  }
}

function toDto(settings: FollowAlertSettings | null): SettingsDto {
  return { email: settings?.email ?? false, webhookUrl: settings?.webhookUrl ?? null, webhookSecretSet: Boolean(settings?.webhookSecret) };
}
