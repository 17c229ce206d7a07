import { useState } from 'react';
import type { Interest, Preferences, PreferencesUpdate, User } from '@dcbrief/shared';

export interface PreferencesFormValues {
  preferences: Preferences;
  timezone: string;
}

/** The dashboard's controls, starting from what the user saved last. */
export function usePreferencesForm(user: Pick<User, 'preferences' | 'timezone'>) {
  const [values, setValues] = useState<PreferencesFormValues>(() => ({
    preferences: structuredClone(user.preferences),
    timezone: user.timezone,
  }));

  const set = <K extends keyof Preferences>(key: K, value: Preferences[K]) =>
    setValues((current) => ({ ...current, preferences: { ...current.preferences, [key]: value } }));
  const setInterest = (interest: Interest, on: boolean) =>
    setValues((current) => ({
      ...current,
      preferences: { ...current.preferences, interests: { ...current.preferences.interests, [interest]: on } },
    }));
  const setAudio = <K extends keyof Preferences['audio']>(key: K, value: Preferences['audio'][K]) =>
    setValues((current) => ({
      ...current,
      preferences: { ...current.preferences, audio: { ...current.preferences.audio, [key]: value } },
    }));
  const setTimezone = (timezone: string) => setValues((current) => ({ ...current, timezone }));

  // What the server holds: the user's values at first, then whatever a save sent.
  const [saved, setSaved] = useState(values);
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  const markSaved = (sent: PreferencesFormValues) => setSaved(sent);

  return { values, set, setInterest, setAudio, setTimezone, dirty, markSaved };
}

/**
 * What Save Preferences sends: every control's value and the time zone. The audio settings go only
 * when the subscriber can see them, so a lapsed premium user's audio choices stay as they left them.
 */
export function preferencesPayload(values: PreferencesFormValues, { includeAudio }: { includeAudio: boolean }): PreferencesUpdate {
  const { audio, ...rest } = values.preferences;
  return { ...rest, ...(includeAudio ? { audio } : {}), timezone: values.timezone };
}
