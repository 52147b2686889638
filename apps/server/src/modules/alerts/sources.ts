import { sql, type SQL } from 'drizzle-orm';
import {
  FLEET_EVENT_VERSION,
  JOB_STATUSES,
  ORDER_STATUSES_NEEDING_STAFF,
  TASK_CANCELLED,
  TASK_STATUS,
  type FleetEventType,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';

/**
 * Where events come from (docs/notifications.md). Each source is one statement the database runs over
 * what changed in a window of time, `(from, to]`, writing an event per fact into `fleet_events`; the
 * fact's dedupe key makes a window read twice (the overlap, a run retried) write nothing twice.
 */
export interface SourceWindow {
  from: Date;
  to: Date;
  /** Event types somebody listens to: the others are not written. */
  wanted: ReadonlySet<FleetEventType>;
  /** Distinct thresholds of the rules that have one, by event type. */
  thresholds: ReadonlyMap<FleetEventType, readonly number[]>;
}

export interface EventSource {
  name: string;
  /** The event types it writes: a source none of them is wanted for does not run. */
  types: readonly FleetEventType[];
  run(db: Db, window: SourceWindow): Promise<number>;
}

const VERSION = FLEET_EVENT_VERSION;
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const ERROR_STATUS = JOB_STATUSES.indexOf('Error');

async function written(db: Db, statement: SQL): Promise<number> {
  const result = (await db.execute(statement)) as unknown as { rowCount?: number | null; rows?: unknown[] };
  return result.rowCount ?? result.rows?.length ?? 0;
}

const insertEvents = sql`insert into fleet_events
  (type, version, occurred_at, company_id, owner_id, threshold, record_type, record_id, data, dedupe_key)`;
const onConflict = sql`on conflict (dedupe_key) do nothing`;

/** A device silent for a rule's minutes: its last heartbeat crossed `now − threshold` in the window. */
const offline: EventSource = {
  name: 'device.offline',
  types: ['device.offline'],
  async run(db, { from, to, thresholds }) {
    let count = 0;
    for (const minutes of thresholds.get('device.offline') ?? []) {
      const shift = sql`make_interval(mins => ${minutes})`;
      count += await written(
        db,
        sql`with silent as (
          select s.id, s.serial_number, s.company_id, h.last_heartbeat
          from heartbeats h join series s on s.id = h.series_id
          where h.last_heartbeat > ${from}::timestamptz - ${shift}
            and h.last_heartbeat <= ${to}::timestamptz - ${shift}
            and s.device_status = 'A'
        ), told as (
          ${insertEvents}
          select 'device.offline', ${VERSION}, silent.last_heartbeat + ${shift}, silent.company_id, null,
            ${minutes}, 'series', silent.serial_number,
            jsonb_build_object('serialNumber', silent.serial_number, 'companyId', silent.company_id,
              'lastHeartbeat', ${iso(sql`silent.last_heartbeat`)}, 'minutes', ${minutes}::int),
            'device.offline:' || silent.id || ':' || ${minutes} || ':' || ${iso(sql`silent.last_heartbeat`)}
          from silent
          ${onConflict}
          returning id, record_id
        )
        insert into device_alert_states (series_id, silent_since, event_id)
        select silent.id, silent.last_heartbeat, min(told.id)
        from silent join told on told.record_id = silent.serial_number
        group by silent.id, silent.last_heartbeat
        on conflict (series_id) do nothing`,
      );
    }
    return count;
  },
};

/** A device whose silence was told, beating again: told once, whatever the window. */
const online: EventSource = {
  name: 'device.online',
  types: ['device.online'],
  async run(db) {
    return written(
      db,
      sql`with back as (
        delete from device_alert_states d using heartbeats h
        where h.series_id = d.series_id and h.last_heartbeat > d.silent_since
        returning d.series_id, d.silent_since, h.last_heartbeat
      )
      ${insertEvents}
      select 'device.online', ${VERSION}, back.last_heartbeat, s.company_id, null, null, 'series', s.serial_number,
        jsonb_build_object('serialNumber', s.serial_number, 'companyId', s.company_id,
          'offlineSince', ${iso(sql`back.silent_since`)}, 'backAt', ${iso(sql`back.last_heartbeat`)}),
        'device.online:' || s.id || ':' || ${iso(sql`back.silent_since`)}
      from back join series s on s.id = back.series_id
      ${onConflict}`,
    );
  },
};

/** The device's latest certificate that counts (as its calibration status reads it). */
const latestCertificate = sql`c.series_id is not null and c.quality <> 'rejected'
  and not exists (select 1 from certificates n where n.series_id = c.series_id and n.quality <> 'rejected'
    and (n.calibration_date, n.id) > (c.calibration_date, c.id))`;

/** Calibration ending within a rule's days: `now + days` passed the end of validity in the window. */
const calibrationExpiring: EventSource = {
  name: 'calibration.expiring',
  types: ['calibration.expiring'],
  async run(db, { from, to, thresholds }) {
    let count = 0;
    for (const days of thresholds.get('calibration.expiring') ?? []) {
      const shift = sql`make_interval(days => ${days})`;
      count += await written(
        db,
        sql`${insertEvents}
        select 'calibration.expiring', ${VERSION}, c.end_of_validity_date - ${shift}, s.company_id, null, ${days},
          'series', s.serial_number,
          jsonb_build_object('serialNumber', s.serial_number, 'companyId', s.company_id,
            'certificateNumber', c.number, 'endOfValidity', ${iso(sql`c.end_of_validity_date`)}, 'days', ${days}::int),
          'calibration.expiring:' || c.id || ':' || ${days}
        from certificates c join series s on s.id = c.series_id
        where c.end_of_validity_date > ${from}::timestamptz + ${shift}
          and c.end_of_validity_date <= ${to}::timestamptz + ${shift}
          and ${latestCertificate}
        ${onConflict}`,
      );
    }
    return count;
  },
};

const calibrationExpired: EventSource = {
  name: 'calibration.expired',
  types: ['calibration.expired'],
  async run(db, { from, to }) {
    return written(
      db,
      sql`${insertEvents}
      select 'calibration.expired', ${VERSION}, c.end_of_validity_date, s.company_id, null, null, 'series',
        s.serial_number,
        jsonb_build_object('serialNumber', s.serial_number, 'companyId', s.company_id,
          'certificateNumber', c.number, 'endOfValidity', ${iso(sql`c.end_of_validity_date`)}),
        'calibration.expired:' || c.id
      from certificates c join series s on s.id = c.series_id
      where c.end_of_validity_date > ${from} and c.end_of_validity_date <= ${to} and ${latestCertificate}
      ${onConflict}`,
    );
  },
};

/** Jobs received in the window: each one (for webhooks), and those that failed. */
const jobsReceived: EventSource = {
  name: 'jobs',
  types: ['job.created', 'job.failed'],
  async run(db, { from, to, wanted }) {
    const window = sql`j.posted_date > ${from} and j.posted_date <= ${to} and j.synthetic in (false, true)`;
    const fields = sql`'serialNumber', s.serial_number, 'companyId', j.company_id, 'jobId', j.id,
      'workflow', j.workflow, 'beginDate', ${iso(sql`j.begin_date`)}`;
    let count = 0;
    if (wanted.has('job.created'))
      count += await written(
        db,
        sql`${insertEvents}
        select 'job.created', ${VERSION}, j.posted_date, j.company_id, null, null, 'job', j.id::text,
          jsonb_build_object(${fields}, 'jobType', j.job_type, 'jobStatus', j.job_status,
            'synthetic', j.synthetic),
          'job.created:' || j.id
        from jobs j join series s on s.id = j.series_id
        where ${window}
        ${onConflict}`,
      );
    if (wanted.has('job.failed'))
      count += await written(
        db,
        sql`${insertEvents}
        select 'job.failed', ${VERSION}, j.posted_date, j.company_id, null, null, 'job', j.id::text,
          jsonb_build_object(${fields},
            'reason', case when j.job_status = ${ERROR_STATUS} then 'result' else 'calibration-check' end),
          'job.failed:' || j.id
        from jobs j join series s on s.id = j.series_id
        where ${window} and (j.job_status = ${ERROR_STATUS} or j.valid_chk = 2)
        ${onConflict}`,
      );
    return count;
  },
};

const corruptedJobs: EventSource = {
  name: 'job.corrupted',
  types: ['job.corrupted'],
  async run(db, { from, to }) {
    return written(
      db,
      sql`${insertEvents}
      select 'job.corrupted', ${VERSION}, c.received_at, s.company_id, null, null, 'corrupted-job', c.id::text,
        jsonb_build_object('serialNumber', s.serial_number, 'companyId', s.company_id, 'corruptedJobId', c.id,
          'receivedAt', ${iso(sql`c.received_at`)}),
        'job.corrupted:' || c.id
      from corrupted_jobs c join series s on s.id = c.series_id
      where c.status = 'open' and c.received_at > ${from} and c.received_at <= ${to}
      ${onConflict}`,
    );
  },
};

const rolloutsEnded: EventSource = {
  name: 'rollouts',
  types: ['rollout.stopped', 'rollout.finished'],
  async run(db, { from, to }) {
    return written(
      db,
      sql`${insertEvents}
      select case r.state when 'stopped' then 'rollout.stopped' else 'rollout.finished' end, ${VERSION}, r.ended_at,
        null, null, null, 'rollout', r.id::text,
        jsonb_build_object('rolloutId', r.id, 'deviceType', r.device_type, 'version', r.version)
          || case when r.state = 'stopped' then jsonb_build_object('reason', r.reason) else '{}'::jsonb end,
        'rollout.' || r.state || ':' || r.id
      from rollouts r
      where r.state in ('stopped', 'done') and r.ended_at > ${from} and r.ended_at <= ${to}
      ${onConflict}`,
    );
  },
};

const tasksEnded: EventSource = {
  name: 'tasks',
  types: ['task.finished', 'task.failed'],
  async run(db, { from, to }) {
    return written(
      db,
      sql`${insertEvents}
      select case t.status when ${TASK_STATUS.DONE} then 'task.finished' else 'task.failed' end, ${VERSION},
        t.finished_at, u.company_id, t.user_id, null, 'task', t.id::text,
        jsonb_build_object('taskId', t.id, 'description', t.description)
          || case when t.status = ${TASK_STATUS.DONE} then '{}'::jsonb else jsonb_build_object('error', t.error) end,
        'task:' || t.id || ':' || t.status
      from tasks t join users u on u.id = t.user_id
      where t.finished_at > ${from} and t.finished_at <= ${to}
        and (t.status = ${TASK_STATUS.DONE} or (t.status = ${TASK_STATUS.ENDED} and coalesce(t.error, '') <> ${TASK_CANCELLED}))
      ${onConflict}`,
    );
  },
};

/** Each change of an order's status; and, for the staff, the statuses that wait on them. */
const ordersChanged: EventSource = {
  name: 'orders',
  types: ['order.status-changed', 'order.needs-action'],
  async run(db, { from, to }) {
    const needing = sql.join(
      ORDER_STATUSES_NEEDING_STAFF.map((status) => sql`${status}`),
      sql`, `,
    );
    const fields = sql`jsonb_build_object('orderId', o.id, 'number', o.number, 'status', e.status,
      'companyId', o.company_id)`;
    // A step inside a status (the service's next step) is no change; an order's first status is its
    // placing, which its customer did: the staff hear of it when it waits on them.
    const previous = sql`(select p.status from order_events p where p.order_id = e.order_id and p.id < e.id
      order by p.id desc limit 1)`;
    const window = sql`e.at > ${from} and e.at <= ${to} and e.status is distinct from ${previous}`;
    return (
      (await written(
        db,
        sql`${insertEvents}
        select 'order.status-changed', ${VERSION}, e.at, o.company_id, null, null, 'order', o.id::text, ${fields},
          'order.status-changed:' || e.id
        from order_events e join orders o on o.id = e.order_id
        where ${window} and ${previous} is not null
        ${onConflict}`,
      )) +
      (await written(
        db,
        sql`${insertEvents}
        select 'order.needs-action', ${VERSION}, e.at, o.company_id, null, null, 'order', o.id::text, ${fields},
          'order.needs-action:' || e.id
        from order_events e join orders o on o.id = e.order_id
        where ${window} and e.status in (${needing})
        ${onConflict}`,
      ))
    );
  },
};

export const EVENT_SOURCES: readonly EventSource[] = [
  offline,
  online,
  calibrationExpiring,
  calibrationExpired,
  jobsReceived,
  corruptedJobs,
  rolloutsEnded,
  tasksEnded,
  ordersChanged,
];
