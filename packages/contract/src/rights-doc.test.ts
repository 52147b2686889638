import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canUseFeature } from './features.ts';
import { HUB_METHOD_FEATURES, ejectFeature, mayCallHubMethod, type HubMethod } from './hub.ts';
import { ROLE_CODES } from './roles.ts';
import { TASK_KINDS, mayStartTask, taskStartAccess } from './tasks.ts';

const RIGHTS_DOC = readFileSync(new URL('../../../docs/rights.md', import.meta.url), 'utf8');

/** The cells of each row of the one table under a `## heading` of docs/rights.md, header row first. */
function tableOf(heading: string): string[][] {
  const section = RIGHTS_DOC.split(/^## /m).find((part) => part.startsWith(`${heading}\n`));
  if (!section) throw new Error(`docs/rights.md has no section ${heading}`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('|---'))
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

const method = (cell: string) => /`(\w+)`/.exec(cell)![1] as HubMethod;

/** Whether the role may do what a row of the hub table says: an eject is of one's own device or another's. */
function mayOnHub(cell: string, role: string): boolean {
  const name = method(cell);
  if (name === 'ejectDevice') return canUseFeature(ejectFeature(cell.includes('own tool')), [role]);
  return mayCallHubMethod(name, [role]);
}

describe('docs/rights.md, against the contract', () => {
  it('says who may ask for each kind of task', () => {
    const [, ...rows] = tableOf('Tasks');
    expect(rows.map(([kind]) => kind)).toEqual(
      expect.arrayContaining(TASK_KINDS.map((kind) => `\`${kind}\``)),
    );
    expect(rows).toHaveLength(TASK_KINDS.length);
    for (const [cell, feature, who] of rows) {
      const kind = /`([\w-]+)`/.exec(cell!)![1] as (typeof TASK_KINDS)[number];
      expect(feature, kind).toBe(taskStartAccess(kind).feature);
      expect(who, kind).toBe(ROLE_CODES.filter((role) => mayStartTask(kind, [role])).join(', '));
    }
  });

  it('says which role does what on the live hub, for every role that does anything there', () => {
    const [header, ...rows] = tableOf('The live hub');
    const methods = (Object.keys(HUB_METHOD_FEATURES) as HubMethod[]).filter(
      (name) => HUB_METHOD_FEATURES[name] !== null,
    );
    const onHub = ROLE_CODES.filter((role) => methods.some((name) => mayCallHubMethod(name, [role])));
    expect(header!.slice(2)).toEqual(onHub);
    // Every method, and eject twice: of one's own tool's device and of another's.
    expect(rows.map(([cell]) => method(cell!)).sort()).toEqual([...methods, 'ejectDevice'].sort());
    for (const [cell, , ...answers] of rows)
      expect(answers, cell).toEqual(onHub.map((role) => (mayOnHub(cell!, role) ? 'yes' : 'no')));
  });
});
