import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { VERSION_CONTENT_MAX_ENTRIES } from '@fleet/contract';
import { badRequest, multipartFailure, type HttpError } from './errors.ts';
import type { WorkArea } from './work-files.ts';
import { readZipContent, type ZipEntry } from './zip-content.ts';

/** A file received whole on disk, with what was learnt while it streamed in. */
export interface ReceivedFile {
  /** Where it is, a work file, until media storage takes it. */
  path: string;
  /** Removes it if media storage did not take it: the caller's to call once done with it. */
  release(): Promise<void>;
  fileName: string;
  size: number;
  sha256: string;
  /** Its entries when it is a zip archive. */
  content: { entries: ZipEntry[]; truncated: boolean } | null;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  file: ReceivedFile | null;
}

const fieldProblem = (field: string, message: string) =>
  badRequest(`Invalid body.${field}: ${message}`, [{ field: `body.${field}`, message }]);

export interface UploadOptions {
  work: WorkArea;
  maxBytes: number;
  /** What is uploaded, in the messages: a version, a certificate. */
  subject: string;
  /** The file part's name (default `file`). */
  fileField?: string;
  /** Lists the entries of a zip archive (a version's package). */
  zipContent?: boolean;
}

/**
 * Reads a multipart upload of text fields and one file part: the file streams to a work file of `work`
 * while its SHA-256 and size are counted, so memory holds one chunk whatever its size. Empty,
 * oversized or missing files, and a second file, are 400s naming the part.
 */
export async function receiveUpload(
  request: FastifyRequest,
  options: UploadOptions,
): Promise<ReceivedUpload> {
  const { work, maxBytes, subject } = options;
  const fileField = options.fileField ?? 'file';
  if (!request.isMultipart())
    throw badRequest(`body: must be multipart/form-data with the ${subject}’s fields and a file part`, [
      { field: 'body', message: 'must be multipart/form-data', rule: { kind: 'format' } },
    ]);
  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let problem: HttpError | null = null;
  const cleanUp = () => file?.release() ?? Promise.resolve();
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 2, fields: 20 } })) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== fileField || file) {
        // Read to its end and dropped: the request goes on to its last part, and the answer says why.
        part.file.resume();
        await new Promise((resolve) => part.file.once('end', resolve));
        problem ??= fieldProblem(
          part.fieldname,
          file ? 'only one file may be sent' : `is not a part of a ${subject}`,
        );
        continue;
      }
      const target = work.file('upload-');
      const hash = createHash('sha256');
      let size = 0;
      file = {
        path: target.path,
        release: target.release,
        fileName: part.filename || `${subject}.bin`,
        size: 0,
        sha256: '',
        content: null,
      };
      await pipeline(
        part.file,
        new Transform({
          transform(chunk: Buffer, _encoding, done) {
            hash.update(chunk);
            size += chunk.length;
            done(null, chunk);
          },
        }),
        createWriteStream(target.path),
      );
      file.size = size;
      file.sha256 = hash.digest('hex');
      if (part.file.truncated)
        problem ??= fieldProblem(fileField, `is larger than the limit of ${maxBytes} bytes`);
      else if (size === 0) problem ??= fieldProblem(fileField, 'is empty');
    }
  } catch (error) {
    await cleanUp();
    throw multipartFailure(error);
  }
  if (problem) {
    await cleanUp();
    throw problem;
  }
  if (file) {
    if (file.fileName.length > 200) file.fileName = file.fileName.slice(-200);
    if (options.zipContent) {
      const content = await readZipContent(file.path, VERSION_CONTENT_MAX_ENTRIES).catch(() => null);
      if (content?.unsafeName) {
        await cleanUp();
        throw fieldProblem(
          fileField,
          `holds a file named outside the archive (${content.unsafeName.slice(0, 100)}): devices would unpack it there`,
        );
      }
      file.content = content && { entries: content.entries, truncated: content.truncated };
    }
  }
  return { fields, file };
}
