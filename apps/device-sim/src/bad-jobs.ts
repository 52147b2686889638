import { JOB_TYPES, type JobReport } from '@fleet/contract';

/**
 * Now and then a real device sends a job badly (docs/company-tools.md "Corrupted jobs"): its body cut off
 * when the connection drops, a job of a type only a newer firmware knows, or the same job twice when it
 * got no answer the first time. A device of an unknown serial number is not one of them: the server
 * cannot tell whose job it is, and refuses it before reading it.
 */
export const BAD_JOB_KINDS = ['truncated', 'newer-type', 'duplicate'] as const;
export type BadJobKind = (typeof BAD_JOB_KINDS)[number];

/** The share of jobs a device sends badly: a few in a hundred, as a real fleet does. */
export const BAD_JOB_CHANCE = 0.02;

/** Whether this job is sent badly, and how: one draw for the chance, one for the kind. */
export function badJobKind(random: () => number, chance: number): BadJobKind | null {
  if (random() >= chance) return null;
  return BAD_JOB_KINDS[Math.floor(random() * BAD_JOB_KINDS.length)]!;
}

/**
 * The bodies sent for a job of this kind, in order: a body cut off somewhere between a fifth and four
 * fifths of it, a job of the first type this server does not know, or the same body twice.
 */
export function badJobBodies(kind: BadJobKind, report: JobReport, random: () => number): string[] {
  const body = JSON.stringify(report);
  switch (kind) {
    case 'truncated':
      return [body.slice(0, Math.floor(body.length * (0.2 + random() * 0.6)))];
    case 'newer-type':
      return [JSON.stringify({ ...report, jobType: JOB_TYPES.length })];
    case 'duplicate':
      return [body, body];
  }
}
