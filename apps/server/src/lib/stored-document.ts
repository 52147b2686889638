import type { MediaStorage } from './media-storage.ts';

/** A signed link to a document that never changes once written: written into media storage on first ask. */
export async function storedDocumentLink(
  media: MediaStorage,
  key: string,
  write: () => Promise<Buffer>,
): Promise<string> {
  const stored = await media.get(key).then(
    () => true,
    () => false,
  );
  if (!stored) await media.put(key, await write());
  return media.link(key);
}
