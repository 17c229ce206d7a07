import { mergePreferences, type User as UserDto } from '@dcbrief/shared';
import type { User } from './user.entity.js';

/** From an entity or from the plain fields of an account (current-user.ts). */
export function toUserDto(user: Readonly<User>): UserDto {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    createdAt: user.createdAt.toISOString(),
    subscriptionTier: user.subscriptionTier,
    subscriptionStatus: user.subscriptionStatus,
    timezone: user.timezone,
    preferences: mergePreferences(user.preferences, {}),
    trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
    nextChargeAt: user.nextChargeAt?.toISOString() ?? null,
    cancelsAt: user.cancelsAt?.toISOString() ?? null,
  };
}
