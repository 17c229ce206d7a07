/**
 * The choices a subscriber's preferences offer, without their schemas: screens that only list or label them
 * (the landing page, the audio player in every page) import these and do not pull zod into their bundle.
 */
export const DELIVERY_TIMES = ['06:00', '08:00', '12:00'] as const;
export type DeliveryTime = (typeof DELIVERY_TIMES)[number];

export const CONTENT_DEPTHS = ['brief', 'standard', 'detailed'] as const;
export type ContentDepth = (typeof CONTENT_DEPTHS)[number];

export const INTERESTS = ['infrastructure', 'technology', 'marketTrends', 'security', 'operations', 'regulations'] as const;
export type Interest = (typeof INTERESTS)[number];
export const INTEREST_LABELS: Record<Interest, string> = {
  infrastructure: 'Infrastructure',
  technology: 'Technology',
  marketTrends: 'Market Trends',
  security: 'Security',
  operations: 'Operations',
  regulations: 'Regulations',
};

export const VOICE_STYLES = ['professional', 'conversational', 'news'] as const;
export type VoiceStyle = (typeof VOICE_STYLES)[number];

export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5] as const;
export type PlaybackSpeed = (typeof PLAYBACK_SPEEDS)[number];

export const NOTES_MAX_LENGTH = 2000;
