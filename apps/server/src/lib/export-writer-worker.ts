import { parentPort } from 'node:worker_threads';
import { longDateFormatter, zoneOffsetMinutes } from '@fleet/contract';
import { WRITERS } from './export-writers/index.ts';
import type { FromWriterThread, ToWriterThread } from './export-writers/thread.ts';
import type { RowWriter } from './export-writers/writer.ts';

/** The thread of one export's file writer (`export-writers/thread.ts`): messages handled one at a time. */
const port = parentPort!;
const answer = (message: FromWriterThread) => port.postMessage(message);
let writer: RowWriter | undefined;
let queue = Promise.resolve();

async function handle(message: ToWriterThread): Promise<FromWriterThread> {
  switch (message.kind) {
    case 'open': {
      const { type, timeZone, ...options } = message.options;
      writer = await WRITERS[type]({
        ...options,
        formatDate: longDateFormatter({ locale: options.language, timeZone }),
        zoneOffsetMinutes: zoneOffsetMinutes(timeZone),
      });
      return { kind: 'opened' };
    }
    case 'rows':
      await writer!.write(message.rows);
      return { kind: 'written' };
    case 'end':
      await writer!.end();
      return { kind: 'ended' };
  }
}

port.on('message', (message: ToWriterThread) => {
  queue = queue.then(() =>
    handle(message).then(answer, (error: unknown) =>
      answer({ kind: 'failed', message: (error as Error).message ?? String(error) }),
    ),
  );
});
