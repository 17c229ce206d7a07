import { test } from 'node:test';
import assert from 'node:assert/strict';
import { waitlistEntrySchema, isPlausiblePhone, feedbackCreateSchema } from './api.js';
import { DEFAULT_PREFERENCES, mergePreferences, preferencesUpdateSchema } from './preferences.js';
import { PLANS, tierLabel, hasPremiumAccess } from './plans.js';
import { isWebAppPath } from './web-paths.js';

test('waitlist entry: trims, lower-cases the email and rejects implausible phones', () => {
  const ok = waitlistEntrySchema.parse({
    email: ' Ana@Example.COM ',
    firstName: ' Ana ',
    lastName: 'Silva',
    phoneNumber: '+351 912 345 678',
  });
  assert.equal(ok.email, 'ana@example.com');
  assert.equal(ok.firstName, 'Ana');
  assert.equal(isPlausiblePhone('12'), false);
  assert.equal(isPlausiblePhone('call me'), false);
  assert.equal(isPlausiblePhone('(555) 010-9999'), true);
  assert.equal(
    waitlistEntrySchema.safeParse({ email: 'x@y.z', firstName: 'a', lastName: 'b', phoneNumber: '5550109999', extra: 1 }).success,
    false,
  );
});

test('preferences update merges partial objects over the spec defaults', () => {
  const merged = mergePreferences(null, preferencesUpdateSchema.parse({ interests: { regulations: true }, audio: { playbackSpeed: 1.5 } }));
  assert.equal(merged.interests.regulations, true);
  assert.equal(merged.interests.security, true);
  assert.equal(merged.audio.playbackSpeed, 1.5);
  assert.equal(merged.audio.voiceStyle, 'professional');
  assert.deepEqual(mergePreferences(DEFAULT_PREFERENCES, {}), DEFAULT_PREFERENCES);
  assert.equal(preferencesUpdateSchema.safeParse({ deliveryTime: '07:00' }).success, false);
  assert.equal(preferencesUpdateSchema.safeParse({ timezone: 'Mars/Olympus' }).success, false);
  assert.equal(preferencesUpdateSchema.safeParse({ timezone: 'Pacific/Kiritimati' }).success, true);
});

test('plans and labels match the spec', () => {
  assert.equal(PLANS.basic.name, 'Essential');
  assert.equal(PLANS.basic.priceUsd, 29);
  assert.equal(PLANS.premium.name, 'Premium Intelligence');
  assert.equal(PLANS.premium.priceUsd, 79);
  assert.equal(tierLabel(null), 'FREE');
  assert.equal(tierLabel('premium'), 'PREMIUM');
  assert.equal(hasPremiumAccess({ subscriptionTier: 'premium', subscriptionStatus: 'past_due' }), false);
  assert.equal(feedbackCreateSchema.safeParse({ digestId: 'd1', rating: 6 }).success, false);
});

test('web paths: the app’s pages, with or without a trailing slash, and nothing else', () => {
  for (const p of ['/', '/subscribe', '/dashboard', '/digests', '/digests/', '/digests/abc-123']) assert.equal(isWebAppPath(p), true, p);
  for (const p of ['/nope', '/digests/a/b', '/dashboardx', '/api', '/index.html2']) assert.equal(isWebAppPath(p), false, p);
});
