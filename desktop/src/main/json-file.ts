import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';

/**
 * A JSON file written whole or not at all (a temporary file renamed over it, so a crash mid-write leaves
 * the previous copy) and read back through a schema. A file that does not parse or does not match (a disk
 * error, a hand edit, an older format) is moved aside as `<name>.corrupt` and read as missing: the app
 * starts over from the server instead of failing at every launch.
 */
export class JsonFile<T> {
  constructor(
    readonly file: string,
    private readonly schema: z.ZodType<T>,
  ) {}

  async read(): Promise<T | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    try {
      const parsed = this.schema.safeParse(JSON.parse(text));
      if (parsed.success) return parsed.data;
    } catch {
      // Not JSON: set aside below.
    }
    await rename(this.file, `${this.file}.corrupt`).catch(() => rm(this.file, { force: true }));
    return null;
  }

  /** Writes `value`; returns the bytes written. */
  async write(value: T): Promise<number> {
    const text = JSON.stringify(value);
    await mkdir(path.dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    await writeFile(tmp, text, 'utf8');
    await rename(tmp, this.file);
    return Buffer.byteLength(text);
  }

  async remove(): Promise<void> {
    await rm(this.file, { force: true });
  }
}
