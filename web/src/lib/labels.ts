import type { ContentDepth, DeliveryTime, DigestKind, VoiceStyle } from '@dcbrief/shared';

/** The words the screens show for the contract's values; the server's emails do not use them. */
export const DELIVERY_TIME_LABELS: Record<DeliveryTime, string> = {
  '06:00': '6:00 AM',
  '08:00': '8:00 AM',
  '12:00': '12:00 PM',
};

export const CONTENT_DEPTH_LABELS: Record<ContentDepth, string> = {
  brief: 'Brief',
  standard: 'Standard',
  detailed: 'Detailed',
};

export const VOICE_STYLE_LABELS: Record<VoiceStyle, string> = {
  professional: 'Professional',
  conversational: 'Conversational',
  news: 'News Style',
};

export const PLAYBACK_SPEED_LABELS: Record<string, string> = {
  '0.75': '0.75x',
  '1': '1.0x',
  '1.25': '1.25x',
  '1.5': '1.5x',
};

export const KIND_LABELS: Record<DigestKind, string> = { daily: 'Daily digest', weekly: 'Weekly summary', breaking: 'Breaking news' };
