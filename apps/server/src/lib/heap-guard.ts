import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Garbage a long task may leave on the heap before it is collected. */
const HEADROOM_BYTES = 48 * 1024 * 1024;

let collect: (() => void) | undefined;
/** V8's full collection, exposed once (Node's documented V8 flag, set at run time). */
function fullCollection(): () => void {
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  return collect;
}

/**
 * For a task that streams millions of rows: V8 lets the old generation grow to several times the live
 * heap before collecting it, and a batch that lives across a few awaits is promoted there, so a
 * million-row export took the server from 250 to 410 MB. Called after each batch, this collects once the
 * heap has grown by the headroom since the last collection: memory stays flat, for a few milliseconds
 * every few dozen batches (measured in `npm run bench:exports`).
 */
export function heapGuard(headroom = HEADROOM_BYTES): () => void {
  const ceiling = () => getHeapStatistics().used_heap_size + headroom;
  let limit = ceiling();
  return () => {
    if (getHeapStatistics().used_heap_size < limit) return;
    fullCollection()();
    limit = ceiling();
  };
}
