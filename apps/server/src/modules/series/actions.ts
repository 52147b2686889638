import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  DEVICE_ACTIONS,
  DEVICE_STATUSES,
  SERIES_USER_EMAIL_ROLES,
  canDoInState,
  ACTIVATION_DATE_MIN,
  checkActivationDate,
  fromPartOf,
  partNumberOf,
  hasAnyRole,
  mayDo,
  statusAfter,
  type AuditAction,
  type DeviceAction,
  type BulkActionAnswer,
  type DeviceStatusCode,
  type SeriesDetail,
  type StoreAttachment,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { accessories, series, seriesUsers } from '../../db/schema.ts';
import type { SignedInUser } from '../../lib/signed-in-user.ts';
import {
  badRequest,
  conflict,
  forbidden,
  HttpError,
  invalid,
  notFound,
  type FieldProblem,
} from '../../lib/errors.ts';
import { companyScope } from '../../lib/scope.ts';
import { UNIQUE_VIOLATION, databaseErrorOf } from '../../lib/database-errors.ts';
import { recordAudit } from '../audit/service.ts';
import { findSeriesCard } from './repository.ts';
import { toCard, visibilityFor } from './service.ts';

type Device = NonNullable<Awaited<ReturnType<typeof findSeriesCard>>>;

const ACTION_NAMES: Record<DeviceAction, string> = {
  editDescription: 'edit the description of',
  setEarlyAccess: 'change early access of',
  deactivate: 'deactivate',
  reactivate: 'reactivate',
  blacklist: 'blacklist',
  unblacklist: 'take off the blacklist',
  discard: 'discard',
  undoDiscard: 'undo the discard of',
  refurbish: 'refurbish',
  deassociate: 'de-associate',
  delete: 'delete',
  setActivationDate: 'set the activation date of',
  resetActivation: 'reset the activation of',
  editStore: 'change the store of',
  associateUser: 'associate a user with',
};

export async function deviceInScope(db: Db, user: SignedInUser, serialNumber: string): Promise<Device> {
  const device = await findSeriesCard(db, companyScope(user, series.companyId), serialNumber);
  if (!device) throw notFound(`No device ${serialNumber}`);
  return device;
}

/** 403 when the user may not do it at all, 409 when the device cannot in its present state. */
export function ensureAllowed(action: DeviceAction, user: SignedInUser, device: Device): void {
  if (!mayDo(action, user.roles)) throw forbidden(`You may not ${ACTION_NAMES[action]} a device`);
  const status = device.deviceStatus as DeviceStatusCode;
  if (!canDoInState(action, status)) {
    throw conflict(
      `Cannot ${ACTION_NAMES[action]} device ${device.serialNumber}: it is ${DEVICE_STATUSES[status].toLowerCase()}`,
    );
  }
}

/** A device's change in the audit log, with its serial number (the id stays when it is renumbered). */
export async function auditSeries(
  db: Db,
  user: SignedInUser,
  device: { id: number; serialNumber: string },
  action: AuditAction,
  details: Record<string, unknown> = {},
): Promise<void> {
  await recordAudit(db, user, {
    action,
    subjectType: 'series',
    subjectId: String(device.id),
    details: { serialNumber: device.serialNumber, ...details },
  });
}

function allowedActions(user: SignedInUser, device: Device): DeviceAction[] {
  return DEVICE_ACTIONS.filter(
    (action) => mayDo(action, user.roles) && canDoInState(action, device.deviceStatus as DeviceStatusCode),
  );
}

/** One device as its page shows it, with only the parts this user may see. */
export async function seriesDetail(db: Db, user: SignedInUser, serialNumber: string): Promise<SeriesDetail> {
  const device = await deviceInScope(db, user, serialNumber);
  const visibility = visibilityFor(user);
  const withEmail = hasAnyRole(SERIES_USER_EMAIL_ROLES, user.roles);
  const [users, attached] = await Promise.all([
    visibility.users
      ? db.select().from(seriesUsers).where(eq(seriesUsers.seriesId, device.id)).orderBy(seriesUsers.username)
      : null,
    visibility.accessories
      ? db
          .select()
          .from(accessories)
          .where(eq(accessories.seriesId, device.id))
          .orderBy(accessories.serialNumber)
      : null,
  ]);
  return {
    ...toCard(device, visibility),
    productDescriptions: device.productDescriptions,
    ...(users && {
      serieUsers: users.map((u) => ({
        username: u.username,
        userUID: u.userUid,
        ...(withEmail ? { email: u.email } : {}),
      })),
    }),
    ...(attached && {
      accessories: attached.map((a) => ({
        id: a.id,
        serialNumber: a.serialNumber,
        partNumber: a.partNumber,
        description: a.description,
        seriesSerialNumber: device.serialNumber,
        registrationDate: a.registrationDate.toISOString(),
      })),
    }),
    ...(visibility.storeAddress && { storeAttachment: storeAttachmentOf(device) }),
    allowedActions: allowedActions(user, device),
  };
}

/** The device's store attachment, with the store's dealer code as a suggestion when it differs. */
function storeAttachmentOf(device: Device): StoreAttachment | null {
  if (device.storeId === null || device.officialStoreCode === null) return null;
  const suggestion = device.storeDealerCode;
  return {
    storeCode: device.storeCode,
    officialStoreCode: device.officialStoreCode,
    dealerCodeSuggestion: suggestion && suggestion !== device.dealerCode ? suggestion : null,
  };
}

/** Moves a device along the status transitions of docs/device-statuses.md. */
export async function changeStatus(
  db: Db,
  user: SignedInUser,
  serialNumber: string,
  action: 'deactivate' | 'reactivate' | 'blacklist' | 'unblacklist' | 'discard' | 'undoDiscard',
) {
  const device = await deviceInScope(db, user, serialNumber);
  ensureAllowed(action, user, device);
  const status = device.deviceStatus as DeviceStatusCode;
  const next = statusAfter(action, (device.statusBeforeDiscard as DeviceStatusCode | null) ?? null)!;
  await db.transaction(async (tx) => {
    await tx
      .update(series)
      .set({
        deviceStatus: next,
        ...(action === 'discard' ? { statusBeforeDiscard: status } : {}),
        ...(action === 'undoDiscard' ? { statusBeforeDiscard: null } : {}),
      })
      .where(eq(series.id, device.id));
    await auditSeries(tx, user, device, 'series.status', { action, from: status, to: next });
  });
  return seriesDetail(db, user, serialNumber);
}

/** Back from the factory: deactivated, with no owner, store, users, activation or early access. */
export async function refurbish(db: Db, user: SignedInUser, serialNumber: string) {
  const device = await deviceInScope(db, user, serialNumber);
  ensureAllowed('refurbish', user, device);
  await db.transaction(async (tx) => {
    await tx.delete(seriesUsers).where(eq(seriesUsers.seriesId, device.id));
    await tx
      .update(series)
      .set({
        deviceStatus: 'E',
        statusBeforeDiscard: null,
        companyId: null,
        storeId: null,
        storeCode: null,
        dealerCode: null,
        activationDate: null,
        earlyAccess: false,
      })
      .where(eq(series.id, device.id));
    await auditSeries(tx, user, device, 'series.refurbish', {
      from: { deviceStatus: device.deviceStatus, companyId: device.companyId, storeId: device.storeId },
    });
  });
  return seriesDetail(db, user, serialNumber);
}

/** The device changes owner: company, store and device users removed; status unchanged. */
export async function deassociate(db: Db, user: SignedInUser, serialNumber: string) {
  const device = await deviceInScope(db, user, serialNumber);
  ensureAllowed('deassociate', user, device);
  await db.transaction(async (tx) => {
    await tx.delete(seriesUsers).where(eq(seriesUsers.seriesId, device.id));
    await tx.update(accessories).set({ companyId: null }).where(eq(accessories.seriesId, device.id));
    await tx
      .update(series)
      .set({ companyId: null, storeId: null, storeCode: null, dealerCode: null })
      .where(eq(series.id, device.id));
    await auditSeries(tx, user, device, 'series.deassociate', {
      from: { companyId: device.companyId, storeId: device.storeId },
    });
  });
}

export async function deleteDevice(db: Db, user: SignedInUser, serialNumber: string) {
  const device = await deviceInScope(db, user, serialNumber);
  ensureAllowed('delete', user, device);
  await db.transaction(async (tx) => {
    await tx.update(accessories).set({ seriesId: null }).where(eq(accessories.seriesId, device.id));
    await tx.delete(series).where(eq(series.id, device.id));
    await auditSeries(tx, user, device, 'series.delete', { deviceStatus: device.deviceStatus });
  });
}

export async function editDescription(
  db: Db,
  user: SignedInUser,
  serialNumber: string,
  description: string,
  product?: string,
) {
  const device = await deviceInScope(db, user, serialNumber);
  ensureAllowed('editDescription', user, device);
  const change = product
    ? { productDescriptions: { ...device.productDescriptions, [product]: description } }
    : { description: description === '' ? null : description };
  await db.transaction(async (tx) => {
    await tx.update(series).set(change).where(eq(series.id, device.id));
    await auditSeries(tx, user, device, 'series.description', {
      ...(product ? { product } : {}),
      from: product ? (device.productDescriptions[product] ?? null) : device.description,
      to: description,
    });
  });
  return seriesDetail(db, user, serialNumber);
}

export async function setEarlyAccess(db: Db, user: SignedInUser, serialNumber: string, earlyAccess: boolean) {
  const device = await deviceInScope(db, user, serialNumber);
  ensureAllowed('setEarlyAccess', user, device);
  await db.transaction(async (tx) => {
    await tx.update(series).set({ earlyAccess }).where(eq(series.id, device.id));
    await auditSeries(tx, user, device, 'series.early-access', { from: device.earlyAccess, to: earlyAccess });
  });
  return seriesDetail(db, user, serialNumber);
}

/**
 * Early access for a selection of devices: each device as the single action would treat it (not
 * found outside the user's scope, refused in a state that does not allow it), in one answer.
 */
export async function setEarlyAccessOfSelection(
  db: Db,
  user: SignedInUser,
  serialNumbers: string[],
  earlyAccess: boolean,
): Promise<BulkActionAnswer> {
  const results: BulkActionAnswer['results'] = [];
  for (const serialNumber of [...new Set(serialNumbers)]) {
    try {
      await setEarlyAccess(db, user, serialNumber, earlyAccess);
      results.push({ serialNumber, outcome: 'done' });
    } catch (error) {
      if (!(error instanceof HttpError) || ![404, 409].includes(error.status)) throw error;
      results.push({
        serialNumber,
        outcome: error.status === 404 ? 'notFound' : 'refused',
        message: error.message,
      });
    }
  }
  return { results };
}

async function setActivation(db: Db, user: SignedInUser, device: Device, date: Date, how: 'set' | 'reset') {
  await db.transaction(async (tx) => {
    await tx.update(series).set({ activationDate: date }).where(eq(series.id, device.id));
    await auditSeries(tx, user, device, 'series.activation', {
      how,
      from: device.activationDate ?? null,
      to: date.toISOString(),
    });
  });
}

const ACTIVATION_DATE_PROBLEMS = {
  format: { message: 'must be a date written YYYY-MM-DD', rule: { kind: 'format' } },
  before_minimum: {
    message: `must be on or after ${ACTIVATION_DATE_MIN}`,
    rule: { kind: 'too_early', date: ACTIVATION_DATE_MIN },
  },
  after_today: { message: 'must not be after today', rule: { kind: 'future' } },
} satisfies Record<string, Omit<FieldProblem, 'field'>>;

/** Spec §7: `{resetWarranty: true}` resets the activation to now; `{UtcActivationDateTime, enforceNewDate: true}` sets it. */
export async function changeActivation(
  db: Db,
  user: SignedInUser,
  serialNumber: string,
  body: { resetWarranty: true } | { UtcActivationDateTime: string; enforceNewDate: true },
) {
  const device = await deviceInScope(db, user, serialNumber);
  if ('resetWarranty' in body) {
    ensureAllowed('resetActivation', user, device);
    await setActivation(db, user, device, new Date(), 'reset');
  } else {
    ensureAllowed('setActivationDate', user, device);
    const problem = checkActivationDate(body.UtcActivationDateTime);
    if (problem) {
      const { message, rule } = ACTIVATION_DATE_PROBLEMS[problem];
      throw badRequest(`UtcActivationDateTime: ${message}`, [
        { field: 'body.UtcActivationDateTime', message, rule },
      ]);
    }
    await setActivation(db, user, device, new Date(`${body.UtcActivationDateTime}T00:00:00Z`), 'set');
  }
  return seriesDetail(db, user, serialNumber);
}

/** Spec §7: the body may name the device's part number and 'from' part; they must be this device's. */
function checkDeviceParts(
  serialNumber: string,
  body: { seriePN?: string | undefined; from?: string | undefined },
) {
  const problems: (FieldProblem | null)[] = [
    body.seriePN !== undefined && body.seriePN !== partNumberOf(serialNumber)
      ? {
          field: 'body.seriePN',
          message: `is not the part number of ${serialNumber} (${partNumberOf(serialNumber)})`,
          rule: { kind: 'invalid' },
        }
      : null,
    body.from !== undefined && body.from !== fromPartOf(serialNumber)
      ? {
          field: 'body.from',
          message: `is not the 'from' part of ${serialNumber} (${fromPartOf(serialNumber)})`,
          rule: { kind: 'invalid' },
        }
      : null,
  ];
  const refused = problems.filter((problem) => problem !== null);
  if (refused.length > 0) throw invalid(refused);
}

export async function associateUsers(
  db: Db,
  user: SignedInUser,
  serialNumber: string,
  body: { seriePN?: string | undefined; from?: string | undefined; userNames: string[] },
) {
  const { userNames } = body;
  const device = await deviceInScope(db, user, serialNumber);
  ensureAllowed('associateUser', user, device);
  checkDeviceParts(device.serialNumber, body);
  const existing = new Set(
    (
      await db
        .select({ username: seriesUsers.username })
        .from(seriesUsers)
        .where(eq(seriesUsers.seriesId, device.id))
    ).map((r) => r.username),
  );
  const already = userNames.filter((name) => existing.has(name));
  const alreadyAssociated = (names: string[]) =>
    conflict(`Already associated with ${serialNumber}: ${names.join(', ')}`);
  if (already.length > 0) throw alreadyAssociated(already);
  try {
    await db.transaction(async (tx) => {
      const names = [...new Set(userNames)];
      await tx
        .insert(seriesUsers)
        .values(
          names.map((username) => ({ seriesId: device.id, username, userUid: randomUUID(), email: null })),
        );
      await auditSeries(tx, user, device, 'series.users', { added: names });
    });
  } catch (error) {
    // Another request associated one of them in between.
    if (databaseErrorOf(error)?.code === UNIQUE_VIOLATION) throw alreadyAssociated(userNames);
    throw error;
  }
  return seriesDetail(db, user, serialNumber);
}
