import {
  JOB_TYPES,
  VIN_CHECK_DIGIT_POSITION,
  WARRANTY_MAX_CLAIM,
  encodeWarrantyCode,
  vinCheckDigit,
  type JobReport,
  type JobResult,
} from '@fleet/contract';
import { SeededRandom } from './random.ts';
import { TECHNICIANS, derivedSeed } from './demo-fleet.ts';

/**
 * The jobs the demo fleet produces, derived from the seed and the job's index alone: the seed writes
 * them, and the device simulator makes new ones with the same generator. What the tags mean is in
 * docs/jobs.md.
 */
type JobTypeName = (typeof JOB_TYPES)[number];

interface Workflow {
  name: string;
  type: JobTypeName;
  /** Run on a vehicle: VIN, make, model, year and repair order. */
  vehicle: boolean;
  /** A battery test: battery code, part number, rating and the battery level result. */
  battery?: boolean;
  /** The rating tag (CR) of this kind of job: a unit and a range. */
  rating?: { unit: string; min: number; max: number; step: number };
}

const WORKFLOWS: Record<string, readonly Workflow[]> = {
  'TPMS-TOOL': [
    {
      name: 'TPMS-CHECK',
      type: 'Check',
      vehicle: true,
      rating: { unit: 'kPa', min: 200, max: 280, step: 10 },
    },
    { name: 'TPMS-PROGRAM', type: 'Programming', vehicle: true },
    { name: 'TPMS-RELEARN', type: 'Relearn', vehicle: true },
  ],
  'TORQUE-WRENCH': [
    {
      name: 'WHEEL-TORQUE',
      type: 'Test',
      vehicle: true,
      rating: { unit: 'Nm', min: 90, max: 180, step: 10 },
    },
    {
      name: 'TORQUE-AUDIT',
      type: 'Check',
      vehicle: false,
      rating: { unit: 'Nm', min: 20, max: 200, step: 20 },
    },
  ],
  'BATTERY-TESTER': [
    {
      name: 'BATTERY-TEST',
      type: 'Test',
      vehicle: true,
      battery: true,
      rating: { unit: 'CCA', min: 400, max: 900, step: 20 },
    },
    { name: 'STARTER-TEST', type: 'Test', vehicle: true },
    { name: 'CHARGING-TEST', type: 'Test', vehicle: true },
  ],
  'WHEEL-ALIGNER': [{ name: 'ALIGNMENT', type: 'Calibration', vehicle: true }],
  'SCAN-TOOL': [
    { name: 'DTC-SCAN', type: 'Diagnosis', vehicle: true },
    { name: 'ADAS-CALIBRATION', type: 'Calibration', vehicle: true },
  ],
  'TPMS-SENSOR-PROGRAMMER': [
    { name: 'SENSOR-PROGRAM', type: 'Programming', vehicle: true },
    { name: 'SENSOR-CLONE', type: 'Programming', vehicle: true },
  ],
  'TREAD-DEPTH-SCANNER': [
    { name: 'TREAD-SCAN', type: 'Check', vehicle: true, rating: { unit: 'mm', min: 2, max: 8, step: 1 } },
  ],
  'INFLATION-STATION': [
    { name: 'INFLATION', type: 'Test', vehicle: true, rating: { unit: 'kPa', min: 200, max: 280, step: 10 } },
  ],
  'TPMS-RELEARN-TOOL': [{ name: 'TPMS-RELEARN', type: 'Relearn', vehicle: true }],
};

/** Self-tests and reference runs: synthetic jobs. */
const SELF_TEST: Workflow = { name: 'SELF-TEST', type: 'Check', vehicle: false };

/** Makes, models and their world manufacturer identifier (the first three characters of a VIN). */
const VEHICLES = [
  { make: 'VOLKSWAGEN', models: ['GOLF', 'POLO', 'PASSAT'], wmi: 'WVW' },
  { make: 'RENAULT', models: ['CLIO', 'MEGANE', 'CAPTUR'], wmi: 'VF1' },
  { make: 'PEUGEOT', models: ['208', '308', '3008'], wmi: 'VF3' },
  { make: 'FORD', models: ['F-150', 'FOCUS', 'TRANSIT'], wmi: '1FT' },
  { make: 'TOYOTA', models: ['COROLLA', 'RAV4', 'YARIS'], wmi: 'JTD' },
  { make: 'BMW', models: ['320I', 'X3', '118D'], wmi: 'WBA' },
  { make: 'HONDA', models: ['CIVIC', 'CR-V', 'ACCORD'], wmi: '2HG' },
  { make: 'SEAT', models: ['LEON', 'IBIZA', 'ATECA'], wmi: 'VSS' },
  { make: 'BYD', models: ['ATTO 3', 'DOLPHIN', 'SEAL'], wmi: 'LGX' },
] as const;
const VIN_CHARACTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** What the generator needs of a device: its serial number and its kind. */
export interface JobDevice {
  serialNumber: string;
  deviceType: string;
}

/** A job as the device produces it (the seed adds where it belongs; the simulator sends it). */
export interface DemoJob {
  workflow: string;
  jobType: number;
  jobStatus: number;
  synthetic: boolean;
  beginDate: Date;
  postedDate: Date;
  userName: string | null;
  data: Record<string, unknown>;
  validCal: number;
  validChk: number;
  gresst: number | null;
}

function characters(random: SeededRandom, alphabet: string, length: number): string {
  return Array.from({ length }, () => alphabet[random.int(0, alphabet.length - 1)]).join('');
}

/**
 * A VIN of a maker's identifier and 14 drawn characters, its position 9 the ISO 3779 check digit: the
 * VIN database refuses a wrong one on North American and Chinese VINs. The drawing is as it was before,
 * so the rest of the job stays the same.
 */
function demoVin(random: SeededRandom, wmi: string): string {
  const drawn = `${wmi}${characters(random, VIN_CHARACTERS, 14)}`;
  const at = VIN_CHECK_DIGIT_POSITION - 1;
  return `${drawn.slice(0, at)}${vinCheckDigit(drawn)}${drawn.slice(at + 1)}`;
}

/** The tags a device writes for a workflow (docs/jobs.md names them). */
function tagsOf(random: SeededRandom, workflow: Workflow, device: JobDevice, jobNumber: number) {
  const data: Record<string, unknown> = { JID: `${device.serialNumber.slice(-6)}-${jobNumber}` };
  if (workflow.vehicle) {
    const vehicle = random.pick(VEHICLES);
    data.VIN = demoVin(random, vehicle.wmi);
    data.MK = vehicle.make;
    data.MD = random.pick(vehicle.models);
    data.YE = String(random.int(2010, 2026));
    if (random.chance(0.8)) data.RO = `RO-${random.int(100000, 999999)}`;
  }
  if (workflow.rating) {
    const { unit, min, max, step } = workflow.rating;
    data.CR = `${min + step * random.int(0, Math.floor((max - min) / step))} ${unit}`;
  }
  if (workflow.battery) {
    data.BAC = characters(random, '0123456789ABCDEF', 12);
    data.PN = `BAT-${random.int(10, 99)}${random.pick(['H5', 'H6', 'H7', 'H8'])}`;
    data.VOLTAGE = Math.round(random.int(1150, 1290)) / 100;
  }
  return data;
}

/**
 * One job of a device at an instant. `index` makes it reproducible; the same index gives the same job.
 * Synthetic jobs (about 1 in 20) are self-tests without a vehicle.
 */
export function demoJob(seed: number, index: number, device: JobDevice, beginDate: Date): DemoJob {
  const random = new SeededRandom(derivedSeed(seed, 'job', index));
  const synthetic = random.chance(0.05);
  const workflow = synthetic ? SELF_TEST : random.pick(WORKFLOWS[device.deviceType] ?? [SELF_TEST]);
  const data = tagsOf(random, workflow, device, index % 100000);
  const failed = random.chance(0.1);
  const jobStatus = random.weighted([
    [0, 85],
    [1, 8],
    [2, 3],
    [3, 4],
  ] as const);
  const result: JobResult = {
    validCal: random.weighted([
      [1, 80],
      [2, 8],
      [0, 12],
    ] as const),
    validChk: failed ? 2 : random.chance(0.9) ? 1 : 0,
    sn: device.serialNumber,
    gresst: workflow.battery
      ? random.weighted([
          [1, 70],
          [2, 20],
          [3, 10],
        ] as const)
      : null,
  };
  // A failed battery goes back under warranty: the device gives the claim's code.
  if (workflow.battery && result.gresst === 3 && random.chance(0.7)) {
    // Drawn as before the codes were real ones, so that the rest of the job stays the same.
    characters(random, VIN_CHARACTERS, 9);
    data.WARRANTYCODE = encodeWarrantyCode(device.serialNumber, beginDate, index % (WARRANTY_MAX_CLAIM + 1));
  }
  // The workshop's temperature while measuring (°C), from a stream of its own: the other tags stay as
  // they were before it was added.
  if (!synthetic) data.TEMP = new SeededRandom(derivedSeed(seed, 'job-temperature', index)).int(50, 350) / 10;
  // Tables of readings, from a stream of their own too (docs/jobs.md).
  Object.assign(
    data,
    readingsOf(new SeededRandom(derivedSeed(seed, 'job-readings', index)), workflow.name, failed),
  );
  return {
    workflow: workflow.name,
    jobType: JOB_TYPES.indexOf(workflow.type),
    jobStatus,
    synthetic,
    beginDate,
    postedDate: new Date(beginDate.getTime() + random.int(60, 1800) * 1000),
    userName: random.chance(0.9) ? random.pick(TECHNICIANS) : null,
    data,
    validCal: result.validCal,
    validChk: result.validChk,
    gresst: result.gresst,
  };
}

const WHEELS = ['FL', 'FR', 'RL', 'RR'] as const;
const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/** DTC codes a scan finds, with what they mean. */
const TROUBLE_CODES = [
  ['P0301', 'Cylinder 1 misfire detected'],
  ['P0420', 'Catalyst system efficiency below threshold'],
  ['C0750', 'Tire pressure monitor sensor 1 fault'],
  ['U0100', 'Lost communication with ECM/PCM'],
  ['B1318', 'Battery voltage low'],
  ['C1145', 'Right front wheel speed sensor circuit'],
] as const;

/**
 * The tables a workflow records (docs/jobs.md): tyres per wheel, bolt torques, alignment angles, trouble
 * codes, the battery's health. A failed job has a reading out of its limits.
 */
function readingsOf(random: SeededRandom, workflow: string, failed: boolean): Record<string, unknown> {
  const bad = failed ? random.pick(WHEELS) : null;
  const verdict = (wheel: string) => (wheel === bad ? 'FAIL' : 'PASS');
  switch (workflow) {
    case 'TPMS-CHECK':
    case 'INFLATION':
    case 'TPMS-PROGRAM':
      return {
        TYRES: WHEELS.map((wheel) => ({
          POSITION: wheel,
          PRESSURE: wheel === bad ? random.int(150, 190) : random.int(225, 255),
          TEMP: round(15 + random.next() * 20, 1),
          SENSOR: random.int(0x10000000, 0x7fffffff).toString(16).toUpperCase(),
          STATUS: verdict(wheel),
        })),
      };
    case 'TREAD-SCAN':
      return {
        TREAD: WHEELS.map((wheel) => ({
          POSITION: wheel,
          DEPTH: wheel === bad ? round(0.8 + random.next(), 1) : round(3 + random.next() * 5, 1),
          STATUS: verdict(wheel),
        })),
      };
    case 'WHEEL-TORQUE':
      return {
        TORQUES: WHEELS.flatMap((wheel, w) =>
          Array.from({ length: 5 }, (_, bolt) => {
            const torque =
              wheel === bad && bolt === 2 ? random.int(60, 95) : round(118 + random.next() * 6, 1);
            return [w * 5 + bolt + 1, wheel, torque, torque < 110 ? 'FAIL' : 'PASS'];
          }),
        ),
      };
    case 'ALIGNMENT':
      return {
        ALIGNMENT: Object.fromEntries(
          WHEELS.map((wheel) => [
            wheel,
            {
              CAMBER: round(-1.5 + random.next() * (wheel === bad ? 3 : 1), 2),
              CASTER: round(3 + random.next() * 4, 2),
              TOE: round(-0.2 + random.next() * (wheel === bad ? 1 : 0.4), 2),
            },
          ]),
        ),
      };
    case 'DTC-SCAN':
      return {
        DTC: Array.from({ length: random.int(failed ? 1 : 0, failed ? 4 : 2) }, () => {
          const [code, description] = random.pick(TROUBLE_CODES);
          return {
            CODE: code,
            DESCRIPTION: description,
            STATUS: random.pick(['ACTIVE', 'PENDING', 'HISTORY']),
          };
        }),
      };
    case 'BATTERY-TEST':
      return { SOH: random.int(failed ? 30 : 70, failed ? 60 : 100), SOC: random.int(40, 100) };
    default:
      return {};
  }
}

/** The job as the device protocol carries it (`POST /api/devices/jobs`). */
export function jobReportOf(job: DemoJob): JobReport {
  return {
    workflow: job.workflow,
    jobType: job.jobType,
    jobStatus: job.jobStatus,
    synthetic: job.synthetic,
    beginDate: job.beginDate.toISOString(),
    user: job.userName,
    data: job.data,
    result: { validCal: job.validCal, validChk: job.validChk, gresst: job.gresst },
  };
}
