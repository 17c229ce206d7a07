import type { Episode } from '@dcbrief/shared';
import { apiUrl } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { canKeepOffline, keepForOffline } from '@/lib/offline-cache';

/** The file name the server gives a downloaded episode (audio.routes.ts), for the copy saved from the page. */
export function episodeFileName(episode: Pick<Episode, 'kind' | 'date'>): string {
  return `dc-brief-${episode.kind}-${episode.date}.mp3`;
}

async function fetchOk(url: string): Promise<Response> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new ApiError(res.status, res.statusText, null);
  return res;
}

/**
 * Download in a browser that can keep files (docs/decisions/610): the MP3 is fetched once, kept in the offline
 * cache under the address the player plays (with its transcript) so it plays without a network, and saved as
 * a file like the plain download link would. Returns false where nothing can be kept (the link then works as is).
 */
export async function downloadEpisode(episode: Episode, save: (blob: Blob, fileName: string) => void = saveFile): Promise<boolean> {
  if (!canKeepOffline()) return false;
  const audio = await fetchOk(apiUrl(episode.audioUrl));
  const transcript = await fetchOk(apiUrl(episode.transcriptUrl)).catch(() => null);
  await keepForOffline(apiUrl(episode.audioUrl), audio.clone());
  if (transcript) await keepForOffline(apiUrl(episode.transcriptUrl), transcript);
  save(await audio.blob(), episodeFileName(episode));
  return true;
}

/** Saves a blob as a file through a temporary link, as the browser's own download would. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
