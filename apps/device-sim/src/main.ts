// Simulated devices: they beat like real ones, with the keys of the demo fleet, over the device protocol.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { VARIANTS } from '@fleet/contract';
import { BAD_JOB_CHANCE } from './bad-jobs.ts';
import { FLAKY_SHARE, FLAKY_UPDATE_FAILURE_CHANCE, PROFILES, UPDATE_FAILURE_CHANCE } from './behaviour.ts';
import { DeviceRunner } from './device.ts';
import { demoRoster } from './roster.ts';
import { TECHNICIAN_USERS, Technician } from './technician.ts';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: process.env.DEVICE_SIM_SERVER ?? 'http://localhost:8080' },
    devices: { type: 'string', default: process.env.DEVICE_SIM_DEVICES ?? '50' },
    seed: { type: 'string', default: process.env.SEED ?? '20250801' },
    fleet: { type: 'string', default: process.env.SEED_DEVICES ?? '2000' },
    profile: { type: 'string', default: process.env.DEVICE_SIM_PROFILE ?? 'realistic' },
    quiet: { type: 'boolean', default: false },
    // Technicians connecting devices to the live hub through their desktop tools (0: none).
    technicians: { type: 'string', default: process.env.DEVICE_SIM_TECHNICIANS ?? '0' },
    'technician-users': { type: 'string', default: TECHNICIAN_USERS.join(',') },
    // The chance that any update fails, instead of the usual few flaky devices (tests ask for 0).
    'update-failures': { type: 'string', default: process.env.DEVICE_SIM_UPDATE_FAILURES },
    // The chance that a job is sent badly (cut off, of a newer type, twice); tests that count jobs ask for 0.
    'bad-jobs': { type: 'string', default: process.env.DEVICE_SIM_BAD_JOBS ?? String(BAD_JOB_CHANCE) },
    'roster-file': { type: 'string' },
    // Written by the server in demo mode: the demo fleet's private keys.
    keys: {
      type: 'string',
      default: path.join(process.env.DATA_DIR ?? './data', 'demo-device-keys.json'),
    },
  },
});

const profile = PROFILES[values.profile];
const count = Number(values.devices);
const technicianCount = Number(values.technicians);
const technicianUsers = values['technician-users']
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
if (
  !profile ||
  !Number.isInteger(count) ||
  count < 0 ||
  !Number.isInteger(technicianCount) ||
  technicianCount < 0 ||
  !technicianUsers.length
) {
  console.error(
    `Usage: device-sim [--server URL] [--devices N] [--seed S] [--fleet N] [--keys FILE] [--profile ${Object.keys(PROFILES).join('|')}] [--technicians N] [--technician-users a,b,c] [--update-failures P] [--bad-jobs P] [--quiet]`,
  );
  process.exit(2);
}

function readKeys(file: string): Record<string, string> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    console.error(
      `device-sim: no device keys in ${file}. The server writes them there in demo mode; point --keys (or DATA_DIR) at its data directory.`,
    );
    process.exit(2);
  }
}

const variant = VARIANTS.find((name) => name === process.env.VARIANT) ?? 'tool-equipment';
const { devices: roster, keyless } = demoRoster(
  Number(values.seed),
  count,
  Number(values.fleet),
  readKeys(values.keys),
  variant,
);
if (keyless > 0) console.warn(`device-sim: ${keyless} devices have no key in ${values.keys} and stay silent`);
// Tests read which devices are simulated (serial numbers only, never keys).
if (values['roster-file'])
  writeFileSync(values['roster-file'], JSON.stringify(roster.map((device) => device.serialNumber)));
const fixedFailureChance = values['update-failures'] === undefined ? null : Number(values['update-failures']);
if (fixedFailureChance !== null && !(fixedFailureChance >= 0 && fixedFailureChance <= 1)) {
  console.error('device-sim: --update-failures is a chance from 0 to 1');
  process.exit(2);
}
const badJobChance = Number(values['bad-jobs']);
if (!(badJobChance >= 0 && badJobChance <= 1)) {
  console.error('device-sim: --bad-jobs is a chance from 0 to 1');
  process.exit(2);
}
/** A few devices fail updates often, so that rollouts have real failures to stop on. */
const updateFailureChance = () =>
  fixedFailureChance ?? (Math.random() < FLAKY_SHARE ? FLAKY_UPDATE_FAILURE_CHANCE : UPDATE_FAILURE_CHANCE);
let failures = 0;
/** Calls that failed, by kind and answer (or reason for no answer): told on stop. */
const failed = new Map<string, number>();
const noteFailure = (kind: string, status: number, reason?: string) => {
  const key = `${kind} ${status || `no answer (${reason ?? 'unknown'})`}`;
  failed.set(key, (failed.get(key) ?? 0) + 1);
};
const log = (line: string) => {
  if (!values.quiet) console.log(`device-sim: ${line}`);
};
const runners = roster.map(
  (device) =>
    new DeviceRunner(
      device,
      values.server,
      profile,
      Math.random,
      {
        onHeartbeat: (serialNumber, ok, status, reason) => {
          if (!ok) noteFailure('heartbeat', status, reason);
          if (!ok && failures++ % 50 === 0)
            console.warn(`device-sim: heartbeat of ${serialNumber} refused (${status || 'no answer'})`);
        },
        onPhase: (serialNumber, online) => {
          if (!values.quiet) console.log(`device-sim: ${serialNumber} ${online ? 'online' : 'offline'}`);
        },
        onJob: (serialNumber, status, reason) => {
          // 200: a job sent again that the server already had.
          const taken = status === 201 || status === 200;
          if (!taken) noteFailure('job', status, reason);
          if (!taken && failures++ % 50 === 0)
            console.warn(`device-sim: job of ${serialNumber} refused (${status || 'no answer'})`);
        },
        onUpdate: (serialNumber, version, outcome, details) => {
          if (!values.quiet)
            console.log(
              `device-sim: ${serialNumber} update to ${version} ${outcome}${details ? ` (${details})` : ''}`,
            );
        },
        onConfiguration: (serialNumber, ok) => {
          if (!values.quiet || !ok)
            console.log(
              `device-sim: ${serialNumber} took its new configuration${ok ? '' : ' (report refused)'}`,
            );
        },
      },
      updateFailureChance(),
      badJobChance,
    ),
);
console.log(`device-sim: ${runners.length} devices beating to ${values.server} (${values.profile})`);
runners.forEach((runner, index) =>
  setTimeout(() => runner.start(), (index * 2000) / Math.max(1, runners.length)),
);
// Each technician takes every N-th device of the roster to their bench.
const technicians = Array.from(
  { length: technicianCount },
  (_, index) =>
    new Technician(
      technicianUsers[index % technicianUsers.length]!,
      runners.filter((_runner, at) => at % technicianCount === index),
      {
        server: values.server,
        profile,
        random: Math.random,
        log,
        warn: (line) => console.warn(`device-sim: ${line}`),
      },
    ),
);
if (technicians.length)
  console.log(`device-sim: technicians on the live hub: ${technicians.map((t) => t.username).join(', ')}`);
technicians.forEach((technician) => void technician.start());
const stop = () => {
  technicians.forEach((technician) => technician.stop());
  runners.forEach((runner) => runner.stop());
  for (const [key, count] of failed) console.warn(`device-sim: ${count} failed: ${key}`);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
