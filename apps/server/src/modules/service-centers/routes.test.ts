import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InternalStepsAnswer, ServiceCenter } from '@fleet/contract';
import { orders } from '../../db/schema.ts';
import { seedDemoOrders } from '../../demo/seed-orders.ts';
import { startTestServer, type TestServer } from '../../../test/helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemoOrders(server.database.db, server.app.media);
});
afterAll(async () => server?.close());

const call: TestServer['call'] = (...args) => server.call(...args);

const NANTES = {
  code: 'NANTES',
  name: 'Nantes service center',
  address: {
    organization: 'Fleet Instruments',
    addressLines: ['5 Quai de la Fosse'],
    postalCode: '44000',
    locality: 'Nantes',
    regionCode: 'FR',
  },
  email: 'nantes@example.com',
  deviceTypes: ['TPMS-TOOL', 'TPMS-TOOL', 'TORQUE-WRENCH'],
  active: true,
  staff: ['external-calibrator'],
};

async function centers(user: string): Promise<ServiceCenter[]> {
  const answer = await call(user, 'GET', '/api/ServiceCenters');
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().serviceCenters;
}

describe('service centers', () => {
  it('opens a center with its staff, who then reach it, and refuses an unknown user', async () => {
    const unknown = await call('administrator', 'POST', '/api/ServiceCenters', {
      ...NANTES,
      staff: ['external-calibrator', 'nobody-here'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('staff.1');
    const noAddress = await call('administrator', 'POST', '/api/ServiceCenters', {
      ...NANTES,
      address: { organization: 'x' },
    });
    expect(noAddress.json().message).toContain('address.locality');

    const opened = await call('administrator', 'POST', '/api/ServiceCenters', NANTES);
    expect(opened.statusCode, opened.body).toBe(201);
    const nantes = (await centers('administrator')).find((center) => center.code === 'NANTES')!;
    expect(nantes.deviceTypes).toEqual(['TPMS-TOOL', 'TORQUE-WRENCH']);
    expect(nantes.staff.map((member) => member.username)).toEqual(['external-calibrator']);
    expect((await call('administrator', 'POST', '/api/ServiceCenters', NANTES)).statusCode).toBe(409);
    // An external manager runs their own centers and opens none.
    expect(
      (await call('external-service-center-manager', 'POST', '/api/ServiceCenters', NANTES)).statusCode,
    ).toBe(403);
  });

  it('keeps external managers to their own centers', async () => {
    const all = await centers('administrator');
    const own = await centers('external-service-center-manager');
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(all.length);
    const other = all.find((center) => !own.some((mine) => mine.id === center.id))!;
    const { id: _id, stepCount: _s, openOrderCount: _o, ...body } = own[0]!;
    const staff = own[0]!.staff.map((member) => member.username!);
    const renamed = await call(
      'external-service-center-manager',
      'PUT',
      `/api/ServiceCenters/${own[0]!.id}`,
      {
        ...body,
        address: { ...body.address, label: undefined },
        name: `${body.name} (Birmingham)`,
        staff,
      },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const elsewhere = await call(
      'external-service-center-manager',
      'PUT',
      `/api/ServiceCenters/${other.id}`,
      {
        ...NANTES,
        code: other.code,
      },
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(
      (await call('external-service-center-manager', 'GET', `/api/ServiceCenters/${other.id}/InternalSteps`))
        .statusCode,
    ).toBe(404);
  });

  it('reorders, renames, adds and stops internal steps, but not a step orders are at', async () => {
    const [inService] = await server.database.db
      .select({ centerId: orders.serviceCenterId, stepId: orders.internalStepId })
      .from(orders)
      .where(eq(orders.status, 'in-service'));
    expect(inService?.stepId).toBeTruthy();
    const path = `/api/ServiceCenters/${inService!.centerId}/InternalSteps`;
    const before = (await call('administrator', 'GET', path)).json() as InternalStepsAnswer;
    const busy = before.steps.find((step) => step.id === inService!.stepId)!;
    expect(busy.orderCount).toBeGreaterThan(0);

    const withoutBusy = before.steps.filter((step) => step.active && step.id !== busy.id);
    const refused = await call('administrator', 'PUT', path, {
      steps: withoutBusy.map((step) => ({ id: step.id, name: step.name })),
    });
    expect(refused.statusCode).toBe(409);

    const idle = withoutBusy.find((step) => step.orderCount === 0)!;
    const steps = [
      { id: busy.id, name: `${busy.name} (bench 2)` },
      { id: null, name: 'Cleaning' },
      ...withoutBusy.filter((step) => step.id !== idle.id).map((step) => ({ id: step.id, name: step.name })),
    ];
    const saved = await call('administrator', 'PUT', path, { steps });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = saved.json() as InternalStepsAnswer;
    expect(after.steps.filter((step) => step.active).map((step) => step.name)).toEqual(
      steps.map((s) => s.name),
    );
    expect(after.steps.find((step) => step.id === idle.id)?.active).toBe(false);

    const foreign = await call('administrator', 'PUT', path, { steps: [{ id: 999_999, name: 'x' }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain('steps.0.id');
  });

  it('lists the center’s orders in service, each at its step, the last one to ship', async () => {
    const [inService] = await server.database.db
      .select({ id: orders.id, centerId: orders.serviceCenterId, stepId: orders.internalStepId })
      .from(orders)
      .where(eq(orders.status, 'in-service'));
    const path = `/api/ServiceCenters/${inService!.centerId}/InternalSteps`;
    const answer = (await call('support-manager', 'GET', path)).json() as InternalStepsAnswer;
    const order = answer.orders.find((candidate) => candidate.id === inService!.id);
    expect(order).toMatchObject({ stepId: inService!.stepId, company: 'Atelier Durand Automobiles' });
    expect(order!.deviceCount).toBeGreaterThan(0);
    // Every order listed is one in service here, and the step counts agree with the list.
    for (const step of answer.steps.filter((candidate) => candidate.active))
      expect(answer.orders.filter((candidate) => candidate.stepId === step.id)).toHaveLength(step.orderCount);
    const active = answer.steps.filter((step) => step.active);
    const moved = await call('support-manager', 'POST', `/api/Shop/Orders/${order!.id}/NextStep`, {});
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await call('support-manager', 'GET', path)).json() as InternalStepsAnswer;
    const next = after.orders.find((candidate) => candidate.id === order!.id)!;
    const position = active.findIndex((step) => step.id === next.stepId);
    expect(position).toBe(active.findIndex((step) => step.id === order!.stepId) + 1);
    expect(next.atLastStep).toBe(position === active.length - 1);
  });
});
