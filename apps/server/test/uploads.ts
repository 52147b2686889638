import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ZipWriter } from '../src/lib/export-writers/zip.ts';
import type { TestServer } from './helpers.ts';

/** A multipart/form-data body of text fields, then file parts, as a browser's FormData sends it. */
export function multipartBody(
  fields: Record<string, string>,
  files: { field?: string; name: string; bytes: Buffer }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fleet${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small firmware package: a zip of a manifest, release notes and an image, as the demo uploads. */
export async function firmwareZip(
  version: string,
  entries: Record<string, string | Buffer> = {},
): Promise<Buffer> {
  const folder = await mkdtemp(path.join(tmpdir(), 'fleet-zip-'));
  try {
    const file = path.join(folder, 'package.zip');
    const zip = new ZipWriter(file);
    await zip.add('manifest.json', JSON.stringify({ version }));
    for (const [name, content] of Object.entries(entries)) await zip.add(name, content);
    await zip.end();
    return await readFile(file);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** `POST /api/Updates/DeviceTypes/{type}/versions` as a demo user: the fields, then the file when given. */
export async function uploadVersionAs(
  server: TestServer,
  user: string,
  type: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer } | null,
) {
  const { payload, headers } = multipartBody(fields, file ? [file] : []);
  return server.app.inject({
    method: 'POST',
    url: `/api/Updates/DeviceTypes/${type}/versions`,
    headers: { ...headers, authorization: `Bearer ${await server.tokenFor(user)}` },
    payload,
  });
}
