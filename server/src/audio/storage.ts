import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';

/**
 * Where audio files live: segments (`segments/<key>.wav`) and episodes (`episodes/<id>.mp3`, `.vtt`,
 * `.chapters.json`). Keys are relative paths of lower-case letters, digits, dots, dashes and slashes.
 */
export interface AudioStore {
  readonly kind: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  size(key: string): Promise<number | null>;
  /** Bytes start..end (inclusive) of a file, for HTTP range requests. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9./-]*$/;

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid audio store key ${JSON.stringify(key)}`);
  return key;
}

/** The embedded default: files under DATA_DIR/audio, written whole (temporary file, then renamed). */
export class FileAudioStore implements AudioStore {
  readonly kind = 'files';

  constructor(private readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, checkKey(key));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    // A reader never sees half a file; a crash leaves at most a temporary file, never a short one under its key.
    const tmp = `${file}.${randomUUID()}.tmp`;
    await writeFile(tmp, body);
    await rename(tmp, file);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.file(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await stat(this.file(key))).size;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    return createReadStream(this.file(key), range);
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
