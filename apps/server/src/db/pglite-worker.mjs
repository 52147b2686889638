// The embedded database on its own thread: PGlite runs each statement synchronously (WebAssembly)
// on the thread that owns it, so it lives here and the server's thread only posts messages.
//
// Plain JavaScript on purpose: a Worker's file is loaded by Node itself, not by whatever runs the
// caller (tsx under `npm start` and the bench, Vite's module runner under vitest), so a TypeScript
// worker would need `--import tsx` in every one of those and a slower start. This file imports only
// PGlite. The protocol is described in pglite-worker-client.ts, the thread's other end.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, messages } from '@electric-sql/pglite';

const identity = (value) => value;
/** Thrown from a transaction's callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

/** @type {PGlite} */
let pg;
/** Set when PGlite failed in a way that leaves the instance unusable (a WebAssembly trap or abort). */
let broken = null;
/** Open transactions: PGlite's own, held open until the main thread says commit or rollback. */
const transactions = new Map();
let nextTransactionId = 1;
/** The transaction that is open: while there is one, only its own operations run. */
let activeTransaction = null;
/** Operations waiting their turn, first come first served: `{ message }`. */
const queue = [];
let running = false;

function isFatal(error) {
  if (error instanceof WebAssembly.RuntimeError) return true;
  const message = error instanceof Error ? error.message : String(error);
  return /\baborted\b|unreachable|out of bounds|out of memory/i.test(message) && !isDatabaseError(error);
}

function isDatabaseError(error) {
  return error instanceof messages.DatabaseError;
}

function cloneable(value) {
  try {
    structuredClone(value);
    return true;
  } catch {
    return false;
  }
}

/** Every own field that can cross the thread (code, detail, constraint, table…), not the parsers. */
function serializeError(error) {
  if (typeof error !== 'object' || error === null) return { message: String(error), fields: {} };
  const fields = {};
  for (const key of Object.getOwnPropertyNames(error)) {
    if (key === 'stack' || key === 'message' || key === 'queryOptions') continue;
    const value = error[key];
    if (value === undefined || typeof value === 'function' || !cloneable(value)) continue;
    fields[key] = value;
  }
  return {
    message: String(error.message),
    name: String(error.name),
    stack: typeof error.stack === 'string' ? error.stack : undefined,
    database: isDatabaseError(error),
    fields,
  };
}

function queryOptions(message) {
  const options = {};
  if (message.rowMode) options.rowMode = message.rowMode;
  if (message.paramTypes) options.paramTypes = message.paramTypes;
  if (message.identityParsers?.length) {
    options.parsers = Object.fromEntries(message.identityParsers.map((oid) => [oid, identity]));
  }
  return options;
}

function withoutBlob(result) {
  if (!result || typeof result !== 'object' || !('blob' in result)) return result;
  const { blob: _blob, ...rest } = result;
  return rest;
}

/** The connection a message runs on: the open transaction it names, else PGlite itself. */
function target(message) {
  if (message.transactionId === undefined) return pg;
  const transaction = transactions.get(message.transactionId);
  if (!transaction?.tx) throw new Error(`Transaction ${message.transactionId} is not open`);
  return transaction.tx;
}

/**
 * Opens a transaction through PGlite's own `transaction()`, so that it is exclusive exactly as there:
 * queries outside it wait on PGlite's transaction mutex until it ends.
 */
function begin() {
  const id = nextTransactionId++;
  return new Promise((resolveBegin, rejectBegin) => {
    const entry = { tx: null, decide: null, outcome: null };
    const decision = new Promise((resolve) => (entry.decide = resolve));
    entry.outcome = pg
      .transaction(async (tx) => {
        entry.tx = tx;
        transactions.set(id, entry);
        activeTransaction = id;
        resolveBegin(id);
        if ((await decision) === 'rollback') throw ROLLBACK;
      })
      .then(
        () => undefined,
        (error) => {
          if (error !== ROLLBACK) throw error;
        },
      );
    const ended = () => {
      transactions.delete(id);
      if (activeTransaction === id) activeTransaction = null;
    };
    entry.outcome.then(ended, (error) => {
      ended();
      rejectBegin(error);
    });
  });
}

async function end(message, decision) {
  const transaction = transactions.get(message.transactionId);
  if (!transaction) throw new Error(`Transaction ${message.transactionId} is not open`);
  transaction.decide(decision);
  await transaction.outcome;
}

async function handle(message) {
  switch (message.op) {
    case 'query':
      return withoutBlob(await target(message).query(message.sql, message.params, queryOptions(message)));
    case 'exec':
      return (await target(message).exec(message.sql, queryOptions(message))).map(withoutBlob);
    case 'begin':
      return begin();
    case 'commit':
      return end(message, 'commit');
    case 'rollback':
      return end(message, 'rollback');
    case 'dump': {
      // A copy opened from a checkpointed dump starts without replaying the log.
      await pg.exec('checkpoint');
      const file = await pg.dumpDataDir(message.compression);
      const bytes = new Uint8Array(await file.arrayBuffer());
      return { bytes, name: file.name, type: file.type };
    }
    case 'close':
      if (!pg.closed) await pg.close();
      return undefined;
    default:
      throw new Error(`Unknown database worker operation ${String(message.op)}`);
  }
}

/**
 * The dump as PGlite reads it (its bytes and type). Not a Blob: Node's Blob hands a 70 MB dump back
 * in small chunks it then joins, which took half of a test database's start.
 */
function dumpBytes(bytes) {
  const whole =
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes.buffer
      : bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return { type: '', size: whole.byteLength, arrayBuffer: async () => whole };
}

function reply(id, result) {
  const transfer = result?.bytes instanceof Uint8Array ? [result.bytes.buffer] : [];
  try {
    parentPort.postMessage({ id, ok: true, result }, transfer);
  } catch (error) {
    parentPort.postMessage({ id, ok: false, error: serializeError(error) });
  }
}

function fail(id, error) {
  if (isFatal(error)) broken ??= error instanceof Error ? error.message : String(error);
  parentPort.postMessage({ id, ok: false, error: serializeError(error) });
}

function onMessage(message) {
  if (message.op === 'ping') {
    // Answered at once, not behind PGlite's query mutex: this measures whether the thread responds
    // (it cannot while a statement runs: PGlite holds the thread until the statement ends).
    if (pg.closed) fail(message.id, new Error('The embedded database is closed'));
    else if (broken) fail(message.id, new Error(`The embedded database is broken: ${broken}`));
    else reply(message.id, undefined);
    return;
  }
  queue.push(message);
  pump();
}

/**
 * Runs the queued operations one at a time, giving the event loop a turn before each. PGlite's own
 * mutex hands a released lock to the next waiter through promise callbacks only, so with queries
 * waiting on it this thread would never read its messages, pings included, until all were done.
 * While a transaction is open only its operations run (those outside wait, as in PGlite); the
 * operations of a transaction are the ones that carry a transaction id.
 */
function pump() {
  if (running) return;
  const index = queue.findIndex((m) => m.transactionId !== undefined || activeTransaction === null);
  if (index < 0) return;
  const [message] = queue.splice(index, 1);
  running = true;
  setImmediate(() => {
    handle(message)
      .then(
        (result) => reply(message.id, result),
        (error) => fail(message.id, error),
      )
      .finally(() => {
        running = false;
        pump();
      });
  });
}

try {
  const { dataDir, loadDataDir, sharedBuffersMb } = workerData ?? {};
  pg = await PGlite.create({
    dataDir,
    loadDataDir: loadDataDir ? dumpBytes(loadDataDir) : undefined,
    ...(sharedBuffersMb
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`] }
      : {}),
  });
  parentPort.on('message', onMessage);
  parentPort.postMessage({ ready: true });
} catch (error) {
  // The main thread terminates the worker on this answer.
  parentPort.postMessage({ ready: false, error: serializeError(error) });
}
