import { mkdtempSync, rmSync } from 'node:fs';
import { stat, utimes } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
// s3rver: an S3 API server (object store on disk, SigV4 signatures checked, ranged GETs) on loopback.
import S3rver from 's3rver';

export interface S3StandIn {
  /** The AUDIO_S3_* settings that point the product at it. */
  env: Record<string, string>;
  options: {
    bucket: string;
    region: string;
    endpoint: string;
    forcePathStyle: boolean;
    credentials: { accessKeyId: string; secretAccessKey: string };
  };
  /** Sets an object's LastModified, as if it had been written at `at` (s3rver keeps it as the file's mtime). */
  setModified(key: string, at: Date): Promise<void>;
  close(): Promise<void>;
}

/** s3rver on an ephemeral loopback port with one empty bucket; its account's key pair is s3rver's own. */
export async function startS3StandIn(bucket = 'dcbrief-audio'): Promise<S3StandIn> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    env: {
      AUDIO_S3_BUCKET: bucket,
      AUDIO_S3_ENDPOINT: endpoint,
      AUDIO_S3_REGION: 'us-east-1',
      AUDIO_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      AUDIO_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    options: { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, credentials },
    setModified: async (key, at) => {
      const store = (server as unknown as { store: { getResourcePath(b: string, k: string, r: string): string } }).store;
      const file = store.getResourcePath(bucket, key, 'object');
      // s3rver answers a PUT before its write stream has closed the file (it resolves on `end()`, not on 'finish'):
      // a write that lands after the stamp moves the time again. Stamp until the time stays put.
      for (let tries = 0; tries < 100; tries++) {
        await utimes(file, at, at);
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (Math.abs((await stat(file)).mtime.getTime() - at.getTime()) < 1000) return;
      }
      throw new Error(`s3rver kept rewriting ${key}: its time could not be set`);
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
