import { parentPort } from 'node:worker_threads';
import { readTableRecords, TableFileProblem, type RecordLimits } from './table-records.ts';

/** A worker thread of the file reader pool (`file-readers.ts`): one file at a time. */
parentPort!.on('message', (message: { file: Uint8Array; limits: RecordLimits }) => {
  readTableRecords(
    Buffer.from(message.file.buffer, message.file.byteOffset, message.file.byteLength),
    message.limits,
  )
    .then((records) => parentPort!.postMessage({ records }))
    .catch((error: unknown) =>
      parentPort!.postMessage(
        error instanceof TableFileProblem
          ? { problem: error.message }
          : { failure: (error as Error).message ?? String(error) },
      ),
    );
});
