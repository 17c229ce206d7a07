import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as S3Sdk from '@aws-sdk/client-s3';

/**
 * The S3 SDK, loaded when the first S3 store is made: it costs about 20 MB of memory in every process that
 * imports the config (the ingest CLI among them, docs/decisions/517), and only a server storing audio in S3 needs it.
 */
let sdk: typeof S3Sdk | undefined;
const s3Sdk = (): typeof S3Sdk => (sdk ??= createRequire(import.meta.url)('@aws-sdk/client-s3') as typeof S3Sdk);

/**
 * Where audio files live: segments (`segments/xx/<key>.mp3`) and episodes (`episodes/<id>.mp3`, `.vtt`,
 * `.chapters.json`). Keys are relative paths of lower-case letters, digits, dots, dashes and slashes.
 */
export interface AudioStore {
  readonly kind: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * A file written from pieces as they come (an episode joined from its sentences), `bytes` long in all; it
   * appears under its key whole or not at all.
   */
  putStream(key: string, body: AsyncIterable<Buffer>, bytes: number, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  size(key: string): Promise<number | null>;
  /** Bytes start..end (inclusive) of a file, for HTTP range requests. */
  read(key: string, range?: { start: number; end: number }): Promise<Readable>;
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix` (a folder: `episodes/`), with when it was last written. */
  list(prefix: string): AsyncIterable<StoredFile>;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

const KEY = /^[a-z0-9][a-z0-9./-]*$/;

export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid audio store key ${JSON.stringify(key)}`);
  return key;
}

/**
 * Owner-only, as the database and the mail folder are: an episode is one subscriber's digest read aloud, and
 * DATA_DIR may be an operator's mount that other users can read. A mode given at creation holds whatever
 * the parent's mode, and the umask can only take bits away from it.
 */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/** The embedded default: files under DATA_DIR/audio, written whole (temporary file, then renamed). */
export class FileAudioStore implements AudioStore {
  readonly kind = 'files';
  private rootClosed = false;

  constructor(private readonly root: string) {}

  private file(key: string) {
    return path.join(this.root, checkKey(key));
  }

  /** The folder of `file`, made owner-only like every folder between it and the root. */
  private async folderFor(file: string): Promise<void> {
    if (!this.rootClosed) {
      await ownerOnlyRoot(this.root);
      this.rootClosed = true;
    }
    await mkdir(path.dirname(file), { recursive: true, mode: FOLDER_MODE });
  }

  async put(key: string, body: Buffer): Promise<void> {
    const file = this.file(key);
    await this.folderFor(file);
    // A reader never sees half a file; a crash leaves at most a temporary file, never a short one under its key.
    const tmp = `${file}.${randomUUID()}.tmp`;
    await writeFile(tmp, body, { mode: FILE_MODE });
    await rename(tmp, file);
  }

  async putStream(key: string, body: AsyncIterable<Buffer>, bytes: number): Promise<void> {
    const file = this.file(key);
    await this.folderFor(file);
    const tmp = `${file}.${randomUUID()}.tmp`;
    try {
      await pipeline(Readable.from(body), createWriteStream(tmp, { mode: FILE_MODE }));
      const written = (await stat(tmp)).size;
      if (written !== bytes) throw new Error(`${key}: wrote ${written} bytes where ${bytes} were expected`);
      await rename(tmp, file);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
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

  async *list(prefix: string): AsyncIterable<StoredFile> {
    const dir = this.file(prefix.replace(/\/+$/, ''));
    let entries: string[];
    try {
      entries = await readdir(dir, { recursive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const entry of entries) {
      const info = await stat(path.join(dir, entry)).catch(() => null);
      if (!info?.isFile()) continue;
      yield { key: path.posix.join(prefix, entry.split(path.sep).join('/')), modifiedAt: info.mtime };
    }
  }
}

/**
 * The store's root (DATA_DIR/audio, which nothing but this store uses), closed to other users even when an
 * earlier version made it 0755 with files 0644 in it: they cannot reach those files through it. A root this
 * process may not change (another user's) is left as it is: every folder and file made in it is owner-only.
 */
async function ownerOnlyRoot(root: string): Promise<void> {
  await mkdir(root, { recursive: true, mode: FOLDER_MODE });
  try {
    await chmod(root, FOLDER_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
}

export interface S3StoreOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, Ceph, R2, ...); none for AWS itself. */
  endpoint?: string;
  /** Buckets as a path (`endpoint/bucket/key`), as most S3-compatible services want; AWS takes either. */
  forcePathStyle?: boolean;
  /** Keys from the configuration; without them the SDK's own chain (AWS_* variables, an instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * Files in an S3-compatible object store (decision 411), for several servers sharing their audio. Read through
 * this server (ranges as ranged GETs), so the owner-only checks of the routes hold: the bucket stays private.
 */
export class S3AudioStore implements AudioStore {
  readonly kind = 's3';
  private readonly client: S3Sdk.S3Client;
  private readonly s3 = s3Sdk();

  constructor(private readonly options: S3StoreOptions) {
    this.client = new this.s3.S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Checksums only where the API requires them: S3-compatible services other than AWS do not all read
      // the SDK's default CRC32 trailers on streamed (aws-chunked) uploads.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private target(key: string) {
    return { Bucket: this.options.bucket, Key: checkKey(key) };
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new this.s3.PutObjectCommand({ ...this.target(key), Body: body, ContentType: contentType, ContentLength: body.length }),
    );
  }

  async putStream(key: string, body: AsyncIterable<Buffer>, bytes: number, contentType: string): Promise<void> {
    // One PUT of known length: the object appears whole when the upload ends, and not at all if it fails. A
    // body that fails, or comes out longer or shorter than announced, aborts the request: the service would
    // otherwise wait for bytes that never come (the SDK's handler does not end a request whose body errs).
    const abort = new AbortController();
    let failure: unknown = null;
    const guarded = async function* () {
      try {
        yield* exactly(body, bytes, key);
      } catch (err) {
        // Ended here and aborted: nobody reads the stream any more, so an error raised on it would go unheard.
        failure = err;
        abort.abort();
      }
    };
    try {
      await this.client.send(
        new this.s3.PutObjectCommand({
          ...this.target(key),
          Body: Readable.from(guarded()),
          ContentType: contentType,
          ContentLength: bytes,
        }),
        { abortSignal: abort.signal },
      );
    } catch (err) {
      throw failure ?? err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new this.s3.GetObjectCommand(this.target(key)));
      return Buffer.from(await out.Body!.transformToByteArray());
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await this.client.send(new this.s3.HeadObjectCommand(this.target(key)))).ContentLength ?? null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async read(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const out = await this.client.send(
      new this.s3.GetObjectCommand({ ...this.target(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
    );
    return out.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new this.s3.DeleteObjectCommand(this.target(key)));
  }

  async *list(prefix: string): AsyncIterable<StoredFile> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new this.s3.ListObjectsV2Command({ Bucket: this.options.bucket, Prefix: checkKey(prefix), ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  close(): void {
    this.client.destroy();
  }
}

async function* exactly(body: AsyncIterable<Buffer>, bytes: number, key: string): AsyncGenerator<Buffer> {
  let seen = 0;
  for await (const piece of body) {
    seen += piece.length;
    if (seen > bytes) throw new Error(`${key}: more than the ${bytes} bytes announced`);
    yield piece;
  }
  if (seen !== bytes) throw new Error(`${key}: ${seen} bytes where ${bytes} were announced`);
}

function isMissing(err: unknown): boolean {
  const { NoSuchKey, NotFound, S3ServiceException } = s3Sdk();
  return err instanceof NoSuchKey || err instanceof NotFound || (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404);
}
