import path from 'node:path';
import { z } from 'zod';
import { JsonFile } from './json-file.js';

const settingsSchema = z.object({
  /** The server's origin, chosen on the first launch's address screen. */
  serverUrl: z.string().nullable().default(null),
  /** The last digest a notification was shown for: never two notifications for one digest, across restarts. */
  lastNotifiedDigestId: z.string().nullable().default(null),
  /** The ETag of the last answer of GET /api/digests?limit=1, sent as If-None-Match. */
  latestDigestEtag: z.string().nullable().default(null),
});
export type Settings = z.infer<typeof settingsSchema>;

const EMPTY: Settings = { serverUrl: null, lastNotifiedDigestId: null, latestDigestEtag: null };

/** The app's few settings in userData/settings.json, kept in memory and written on each change. */
export class SettingsStore {
  private readonly file: JsonFile<Settings>;
  private current: Settings = EMPTY;

  constructor(dir: string) {
    this.file = new JsonFile(path.join(dir, 'settings.json'), settingsSchema);
  }

  async load(): Promise<Settings> {
    this.current = (await this.file.read()) ?? EMPTY;
    return this.current;
  }

  get(): Settings {
    return this.current;
  }

  async update(change: Partial<Settings>): Promise<Settings> {
    this.current = { ...this.current, ...change };
    await this.file.write(this.current);
    return this.current;
  }
}
