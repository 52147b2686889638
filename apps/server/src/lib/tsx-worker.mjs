// Starts a TypeScript worker when the server runs from its sources (tests, `npm run dev`); the bundle
// (`npm start`) has the worker built beside it instead.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
