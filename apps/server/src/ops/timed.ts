import { performance } from 'node:perf_hooks';

export interface Step {
  step: string;
  ms: number;
}

/** Runs the steps of a command one by one, keeping how long each took. */
export function stepClock() {
  const steps: Step[] = [];
  return {
    steps,
    async run<T>(step: string, work: () => Promise<T>): Promise<T> {
      const began = performance.now();
      try {
        return await work();
      } finally {
        steps.push({ step, ms: Math.round(performance.now() - began) });
      }
    },
  };
}

/** `12.3 s`, `450 ms`. */
export const duration = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`);

/** Each step's time, then the whole command's since `started` (a performance.now()). */
export function printSteps(steps: Step[], started: number): void {
  const width = Math.max(...steps.map(({ step }) => step.length), 6) + 2;
  for (const { step, ms } of steps) console.log(`  ${step.padEnd(width)} ${duration(ms)}`);
  console.log(`  ${'in all'.padEnd(width)} ${duration(Math.round(performance.now() - started))}`);
}
