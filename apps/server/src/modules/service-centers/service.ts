import { and, asc, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { serviceCenterBodySchema } from '@fleet/contract';
import {
  OPEN_ORDER_STATUSES,
  type InternalStepsAnswer,
  type InternalStepsBody,
  type ServiceCenter,
} from '@fleet/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  companies,
  internalSteps,
  orderLines,
  orders,
  serviceCenterStaff,
  serviceCenters,
  users,
} from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import { recordAudit } from '../audit/service.ts';
import { uniqueCode } from '../../lib/unique-code.ts';
import { centerScope } from '../commerce/orders/scope.ts';
import { atLastStep } from '../commerce/orders/service.ts';

type ServiceCenterBody = z.output<typeof serviceCenterBodySchema>;

export async function listServiceCenters(
  db: Db,
  user: SignedInUser,
): Promise<{ serviceCenters: ServiceCenter[] }> {
  const steps = db
    .select({ centerId: internalSteps.serviceCenterId, n: count().as('step_count') })
    .from(internalSteps)
    .where(eq(internalSteps.active, true))
    .groupBy(internalSteps.serviceCenterId)
    .as('steps');
  const open = db
    .select({ centerId: orders.serviceCenterId, n: count().as('open_count') })
    .from(orders)
    .where(inArray(orders.status, [...OPEN_ORDER_STATUSES]))
    .groupBy(orders.serviceCenterId)
    .as('open');
  const rows = await db
    .select({
      center: serviceCenters,
      stepCount: sql<number>`coalesce(${steps.n}, 0)::int`,
      openOrderCount: sql<number>`coalesce(${open.n}, 0)::int`,
    })
    .from(serviceCenters)
    .leftJoin(steps, eq(steps.centerId, serviceCenters.id))
    .leftJoin(open, eq(open.centerId, serviceCenters.id))
    .where(centerScope(user))
    .orderBy(asc(serviceCenters.name));
  const staff = rows.length
    ? await db
        .select({
          centerId: serviceCenterStaff.serviceCenterId,
          id: users.id,
          username: users.username,
          name: users.name,
        })
        .from(serviceCenterStaff)
        .innerJoin(users, eq(users.id, serviceCenterStaff.userId))
        .where(
          inArray(
            serviceCenterStaff.serviceCenterId,
            rows.map((row) => row.center.id),
          ),
        )
        .orderBy(asc(users.name))
    : [];
  return {
    serviceCenters: rows.map(({ center, stepCount, openOrderCount }) => ({
      ...center,
      staff: staff
        .filter((member) => member.centerId === center.id)
        .map(({ id, username, name }) => ({ id, username, name })),
      stepCount,
      openOrderCount,
    })),
  };
}

/** A center the user reaches, locked for a change; another's is a 404. */
async function centerInScope(tx: Db, user: SignedInUser, id: number) {
  const [center] = await tx
    .select()
    .from(serviceCenters)
    .where(and(eq(serviceCenters.id, id), centerScope(user)))
    .for('update');
  if (!center) throw notFound(`No service center ${id}`);
  return center;
}

/** The staff's users by username; an unknown one is a 400 naming its place in the list. */
async function staffIds(tx: Db, usernames: readonly string[]): Promise<string[]> {
  if (usernames.length === 0) return [];
  const found = await tx
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, [...usernames]));
  const missing = usernames.findIndex((username) => !found.some((user) => user.username === username));
  if (missing >= 0)
    throw invalid([{ field: `body.staff.${missing}`, message: 'is no user', rule: { kind: 'unknown' } }]);
  return [...new Set(found.map((user) => user.id))];
}

export async function saveServiceCenter(
  db: Db,
  user: SignedInUser,
  id: number | null,
  body: ServiceCenterBody,
) {
  return db.transaction(async (tx) => {
    const before = id === null ? null : await centerInScope(tx, user, id);
    const members = await staffIds(tx, body.staff);
    const { staff, ...fields } = body;
    const values = { ...fields, deviceTypes: [...new Set(fields.deviceTypes)] };
    const [saved] = await uniqueCode(body.code, () =>
      id === null
        ? tx.insert(serviceCenters).values(values).returning()
        : tx.update(serviceCenters).set(values).where(eq(serviceCenters.id, id)).returning(),
    );
    await tx.delete(serviceCenterStaff).where(eq(serviceCenterStaff.serviceCenterId, saved!.id));
    if (members.length)
      await tx
        .insert(serviceCenterStaff)
        .values(members.map((userId) => ({ serviceCenterId: saved!.id, userId })));
    await recordAudit(tx, user, {
      action: id === null ? 'service-center.create' : 'service-center.update',
      subjectType: 'service-center',
      subjectId: String(saved!.id),
      details: before ? { from: { ...before }, to: { ...values, staff } } : { ...values, staff },
    });
    return { id: saved!.id };
  });
}

async function stepsWithOrders(db: Db, serviceCenterId: number) {
  const atStep = db
    .select({ stepId: orders.internalStepId, n: count().as('order_count') })
    .from(orders)
    .where(and(eq(orders.serviceCenterId, serviceCenterId), eq(orders.status, 'in-service')))
    .groupBy(orders.internalStepId)
    .as('at_step');
  return db
    .select({
      id: internalSteps.id,
      name: internalSteps.name,
      position: internalSteps.position,
      active: internalSteps.active,
      orderCount: sql<number>`coalesce(${atStep.n}, 0)::int`,
    })
    .from(internalSteps)
    .leftJoin(atStep, eq(atStep.stepId, internalSteps.id))
    .where(eq(internalSteps.serviceCenterId, serviceCenterId))
    .orderBy(sql`${internalSteps.active} desc`, asc(internalSteps.position), asc(internalSteps.id));
}

export async function internalStepsOf(db: Db, user: SignedInUser, id: number): Promise<InternalStepsAnswer> {
  const [center] = await db
    .select({ id: serviceCenters.id, code: serviceCenters.code, name: serviceCenters.name })
    .from(serviceCenters)
    .where(and(eq(serviceCenters.id, id), centerScope(user)));
  if (!center) throw notFound(`No service center ${id}`);
  return stepsAnswer(db, center);
}

/** A center's steps with the orders at each. */
async function stepsAnswer(
  db: Db,
  center: { id: number; code: string; name: string },
): Promise<InternalStepsAnswer> {
  const [steps, inService] = await Promise.all([
    stepsWithOrders(db, center.id),
    ordersInService(db, center.id),
  ]);
  const active = steps.filter((step) => step.active);
  const positionOf = (stepId: number | null) => active.findIndex((step) => step.id === stepId);
  return {
    serviceCenter: center,
    steps,
    orders: inService
      .map((order) => ({ ...order, atLastStep: atLastStep(active, order.stepId) }))
      .sort((a, b) => positionOf(a.stepId) - positionOf(b.stepId) || a.number.localeCompare(b.number)),
  };
}

/** The center's orders in service with the step each is at. */
async function ordersInService(db: Db, serviceCenterId: number) {
  const devices = db
    .select({ orderId: orderLines.orderId, n: count().as('device_count') })
    .from(orderLines)
    .where(eq(orderLines.kind, 'calibration'))
    .groupBy(orderLines.orderId)
    .as('devices');
  return db
    .select({
      id: orders.id,
      number: orders.number,
      company: companies.name,
      deviceCount: sql<number>`coalesce(${devices.n}, 0)::int`,
      stepId: orders.internalStepId,
    })
    .from(orders)
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .leftJoin(devices, eq(devices.orderId, orders.id))
    .where(and(eq(orders.serviceCenterId, serviceCenterId), eq(orders.status, 'in-service')));
}

/**
 * A center's steps in the order given: listed steps are renamed and reordered, new ones added, the others
 * stopped (kept for the orders' history). A step orders are at now is not stopped (409).
 */
export async function saveInternalSteps(db: Db, user: SignedInUser, id: number, body: InternalStepsBody) {
  return db.transaction(async (tx) => {
    const center = await centerInScope(tx, user, id);
    const current = await stepsWithOrders(tx, id);
    const kept = body.steps.flatMap((step) => (step.id === null ? [] : [step.id]));
    const foreign = body.steps.findIndex(
      (step) => step.id !== null && !current.some((known) => known.id === step.id),
    );
    if (foreign >= 0)
      throw invalid([
        {
          field: `body.steps.${foreign}.id`,
          message: 'is no step of this center',
          rule: { kind: 'unknown' },
        },
      ]);
    const busy = current.find((step) => step.active && !kept.includes(step.id) && step.orderCount > 0);
    if (busy) throw conflict(`${busy.orderCount} orders are at the step ${busy.name}: move them on first`);
    await tx
      .update(internalSteps)
      .set({ active: false })
      .where(
        and(
          eq(internalSteps.serviceCenterId, id),
          kept.length ? notInArray(internalSteps.id, kept) : undefined,
        ),
      );
    for (const [position, step] of body.steps.entries()) {
      if (step.id === null)
        await tx
          .insert(internalSteps)
          .values({ serviceCenterId: id, position, name: step.name, active: true });
      else
        await tx
          .update(internalSteps)
          .set({ position, name: step.name, active: true })
          .where(eq(internalSteps.id, step.id));
    }
    await recordAudit(tx, user, {
      action: 'service-center.steps',
      subjectType: 'service-center',
      subjectId: String(id),
      details: {
        center: center.code,
        from: current.filter((step) => step.active).map((step) => step.name),
        to: body.steps.map((step) => step.name),
      },
    });
    return stepsAnswer(tx, { id: center.id, code: center.code, name: center.name });
  });
}
