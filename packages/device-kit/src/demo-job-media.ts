import { encodePng } from './png.ts';
import { derivedSeed } from './demo-fleet.ts';
import { SeededRandom } from './random.ts';

/**
 * The graph files and pictures devices of the demo fleet record during a job (docs/job-detail.md): the
 * seed stores them for recent jobs, the device simulator uploads them with the jobs it makes.
 */
export interface DemoGraph {
  fileName: string;
  csv: string;
}

export interface DemoPicture {
  fileName: string;
  png: Buffer;
  metadata: Record<string, string>;
}

/** What the generators need of a job. */
export interface MediaJob {
  workflow: string;
  beginDate: Date;
  data: Record<string, unknown>;
  userName: string | null;
}

type Curve = { name: string; at: (t: number, random: SeededRandom) => number; decimals: number };

/** A recording: `seconds` long at `hertz`, a line per sample, each curve in its column. */
function recording(random: SeededRandom, seconds: number, hertz: number, curves: readonly Curve[]): string {
  const samples = Math.round(seconds * hertz);
  const lines = new Array<string>(samples + 1);
  lines[0] = ['Time (s)', ...curves.map((curve) => curve.name)].join(',');
  for (let i = 0; i < samples; i++) {
    const t = i / hertz;
    lines[i + 1] = [
      t.toFixed(4).replace(/\.?0+$/, '') || '0',
      ...curves.map((curve) => curve.at(t, random).toFixed(curve.decimals)),
    ].join(',');
  }
  return lines.join('\n');
}

const noise = (random: SeededRandom, amplitude: number) => (random.next() - 0.5) * 2 * amplitude;

/** A wrench tightening bolt after bolt: torque climbs to the target, the angle turns while it climbs. */
function torqueCurves(target: number, bolts: number, perBolt: number): Curve[] {
  const phase = (t: number) => (t % perBolt) / perBolt;
  return [
    {
      name: 'Torque (Nm)',
      decimals: 2,
      at: (t, random) => {
        const p = phase(t);
        const bolt = Math.floor(t / perBolt) % bolts;
        const peak = target * (0.97 + 0.04 * Math.sin(bolt * 1.7));
        return p < 0.7
          ? peak * (p / 0.7) ** 2 + noise(random, 0.4)
          : p < 0.8
            ? peak + noise(random, 0.6)
            : noise(random, 0.2);
      },
    },
    {
      name: 'Angle (deg)',
      decimals: 1,
      at: (t) => {
        const p = phase(t);
        return p < 0.7 ? 90 * (p / 0.7) : p < 0.8 ? 90 : 0;
      },
    },
  ];
}

/** The graph files of a job's workflow; `long` points for the torque audits that record a whole run. */
export function demoGraphs(seed: number, key: string | number, job: MediaJob, long = 0): DemoGraph[] {
  const random = new SeededRandom(
    derivedSeed(seed, 'job-graphs', Number(String(key).replace(/\D/g, '').slice(-9)) || 1),
  );
  const id = String(job.data.JID ?? key).replace(/[^A-Za-z0-9-]/g, '');
  const file = (name: string, csv: string) => ({ fileName: `${name}_${id}.csv`, csv });
  switch (job.workflow) {
    case 'WHEEL-TORQUE':
      return [file('TORQUE', recording(random, 20 * 0.8, 500, torqueCurves(120, 20, 0.8)))];
    case 'TORQUE-AUDIT': {
      // A run of `long` points over two curves (a sample a millisecond), else a short check.
      const seconds = long > 0 ? long / 2 / 1000 : 12;
      return [
        file('AUDIT', recording(random, seconds, 1000, torqueCurves(60 + random.int(0, 14) * 10, 12, 1))),
      ];
    }
    case 'BATTERY-TEST':
    case 'STARTER-TEST':
      return [
        file(
          job.workflow === 'BATTERY-TEST' ? 'BATTERY' : 'STARTER',
          recording(random, 10, 200, [
            {
              name: 'Voltage (V)',
              decimals: 3,
              at: (t, r) =>
                (t < 2
                  ? 12.6
                  : t < 6
                    ? 9.8 + 0.4 * Math.exp(-(t - 2)) + 0.15 * Math.sin(t * 40)
                    : 12.1 + 0.5 * (1 - Math.exp(-(t - 6)))) + noise(r, 0.02),
            },
            {
              name: 'Current (A)',
              decimals: 1,
              at: (t, r) =>
                t >= 2 && t < 6 ? 180 + 60 * Math.exp(-(t - 2) * 3) + noise(r, 4) : noise(r, 0.5),
            },
          ]),
        ),
      ];
    case 'CHARGING-TEST':
      return [
        file(
          'CHARGING',
          recording(random, 30, 50, [
            {
              name: 'Voltage (V)',
              decimals: 3,
              at: (t, r) => 13.6 + 0.5 * Math.min(1, t / 10) + noise(r, 0.03),
            },
            {
              name: 'Engine speed (rpm)',
              decimals: 0,
              at: (t, r) => (t < 10 ? 800 : t < 20 ? 2000 : 3000) + noise(r, 25),
            },
          ]),
        ),
      ];
    case 'TPMS-CHECK':
    case 'INFLATION':
      return [
        file(
          'PRESSURE',
          recording(
            random,
            60,
            20,
            ['FL', 'FR', 'RL', 'RR'].map((wheel, w) => {
              const start = 170 + w * 8;
              const end = 235 + w * 3;
              return {
                name: `${wheel} (kPa)`,
                decimals: 1,
                at: (t: number, r: SeededRandom) =>
                  start + (end - start) * Math.min(1, t / (30 + w * 5)) + noise(r, 0.8),
              };
            }),
          ),
        ),
      ];
    case 'ALIGNMENT':
      return [
        file(
          'ALIGNMENT',
          recording(random, 30, 50, [
            {
              name: 'Camber FL (deg)',
              decimals: 3,
              at: (t, r) => -1.4 + 0.9 * Math.min(1, t / 20) + noise(r, 0.01),
            },
            {
              name: 'Toe FL (deg)',
              decimals: 3,
              at: (t, r) => 0.45 - 0.4 * Math.min(1, t / 25) + noise(r, 0.005),
            },
          ]),
        ),
      ];
    default:
      return [];
  }
}

type Colour = readonly [number, number, number];

const WIDTH = 320;
const HEIGHT = 240;

function image(base: Colour, paint: (x: number, y: number) => Colour | null): Buffer {
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3);
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const light = 0.7 + 0.4 * (1 - Math.hypot(x - 110, y - 70) / 330);
      const c = paint(x, y) ?? base;
      rgb[(y * WIDTH + x) * 3] = Math.max(0, Math.min(255, c[0] * light));
      rgb[(y * WIDTH + x) * 3 + 1] = Math.max(0, Math.min(255, c[1] * light));
      rgb[(y * WIDTH + x) * 3 + 2] = Math.max(0, Math.min(255, c[2] * light));
    }
  return encodePng(WIDTH, HEIGHT, rgb);
}

/** A tyre seen from the side: rubber, rim, hub. */
const tyre = () =>
  image([96, 98, 104], (x, y) => {
    const r = Math.hypot(x - 160, y - 120);
    if (r < 16) return [60, 60, 66];
    if (r < 62) return (Math.atan2(y - 120, x - 160) * 5) % 1.2 < 0.35 ? [70, 72, 78] : [196, 198, 204];
    if (r < 100) return Math.floor(r / 6) % 2 ? [30, 30, 32] : [40, 40, 44];
    return null;
  });

/** A licence plate on a car's back. */
const plate = (text: string) =>
  image([40, 70, 130], (x, y) => {
    if (x < 70 || x > 250 || y < 95 || y > 145) return null;
    if (x < 88) return [30, 60, 170];
    const column = Math.floor((x - 95) / 20);
    const code = text.charCodeAt(column % text.length) || 65;
    const on = x >= 95 && (x - 95) % 20 < 14 && y > 105 && y < 135 && ((code >> ((y - 105) >> 3)) & 1) === 1;
    return on ? [20, 20, 20] : [236, 236, 230];
  });

/** A battery's label, its barcode across. */
const batteryLabel = (code: string) =>
  image([50, 52, 58], (x, y) => {
    if (x < 60 || x > 260 || y < 60 || y > 180) return null;
    if (y > 140 && y < 170 && x > 80 && x < 240)
      return (code.charCodeAt(((x - 80) >> 3) % code.length) >> ((x - 80) & 7)) & 1
        ? [15, 15, 15]
        : [245, 245, 245];
    return y < 90 ? [220, 40, 40] : [245, 245, 245];
  });

/** The pictures a device takes during a job: the vehicle's plate, its tyres, the battery's label. */
export function demoPictures(seed: number, key: string | number, job: MediaJob): DemoPicture[] {
  if (typeof job.data.VIN !== 'string') return [];
  const random = new SeededRandom(
    derivedSeed(seed, 'job-pictures', Number(String(key).replace(/\D/g, '').slice(-9)) || 1),
  );
  const taken = (offsetSeconds: number) =>
    new Date(job.beginDate.getTime() + offsetSeconds * 1000).toISOString();
  const common = (camera: string, offset: number): Record<string, string> => ({
    Camera: camera,
    Resolution: '320x240',
    TakenAt: taken(offset),
    Operator: job.userName ?? 'unknown',
    Location: `Workshop bay ${random.int(1, 6)}, lift ${random.int(1, 3)}`,
  });
  const pictures: DemoPicture[] = [
    {
      fileName: 'plate.png',
      png: plate(String(job.data.VIN).slice(-6)),
      metadata: { ...common('rear', 5), VIN: String(job.data.VIN) },
    },
  ];
  if (Array.isArray(job.data.TYRES) || Array.isArray(job.data.TREAD) || Array.isArray(job.data.TORQUES))
    for (const [index, wheel] of ['FL', 'FR', 'RL', 'RR'].entries())
      pictures.push({
        fileName: `tyre_${wheel}.png`,
        png: tyre(),
        metadata: { ...common('handheld', 30 + index * 20), Position: wheel },
      });
  if (typeof job.data.BAC === 'string')
    pictures.push({
      fileName: 'battery_label.png',
      png: batteryLabel(job.data.BAC),
      metadata: { ...common('handheld', 12), BatteryCode: job.data.BAC },
    });
  return pictures;
}
