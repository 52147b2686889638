import type { LightMyRequestResponse } from 'fastify';
import type { TestServer } from './helpers.ts';
import { multipartBody } from './uploads.ts';

export interface ImportRow {
  line: number;
  values: Partial<Record<string, string>>;
}

/** Rows as a CSV file: a header of every column they name, then one line each, from line 2 on. */
export function csvOfRows(rows: readonly ImportRow[]): Buffer {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row.values)))];
  const quote = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
  const lines = rows.map((row) => columns.map((column) => quote(row.values[column] ?? '')).join(','));
  return Buffer.from([columns.join(','), ...lines].join('\r\n'));
}

/** `POST <import>/Preview` of a file, as a demo user. */
export async function previewFile(
  server: TestServer,
  user: string,
  importPath: string,
  bytes: Buffer,
  name = 'file.csv',
): Promise<LightMyRequestResponse> {
  const { payload, headers } = multipartBody({}, [{ name, bytes }]);
  return server.app.inject({
    method: 'POST',
    url: `${importPath}/Preview`,
    headers: { ...headers, authorization: `Bearer ${await server.tokenFor(user)}` },
    payload,
  });
}

/** Previews a file of these rows (lines 2, 3… in order) and answers the draft the check and import name. */
export async function draftOf(
  server: TestServer,
  user: string,
  importPath: string,
  rows: readonly ImportRow[],
): Promise<string> {
  rows.forEach((row, index) => {
    if (row.line !== index + 2) throw new Error(`row ${index} must be line ${index + 2}`);
  });
  const preview = await previewFile(server, user, importPath, csvOfRows(rows));
  if (preview.statusCode !== 200) throw new Error(`preview refused: ${preview.body}`);
  return (preview.json() as { draft: string }).draft;
}
