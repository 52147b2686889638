import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  gmtOffsetMinutes,
  isKnownTimeZone,
  localDayStart,
  notificationMessage,
  type FleetEventType,
  type NotificationWriting,
} from '@fleet/contract';
import type { Db } from '../../db/client.ts';
import { fleetEvents, notifications, userConfigurations, users } from '../../db/schema.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { translator } from '../../lib/translations.ts';
import { fleetEventOf, type FleetEventRow } from './events.ts';

/** A user's digest goes out once their local clock passed this hour. */
export const DIGEST_HOUR = 7;
const BATCH = 50;

interface Reader {
  userId: string;
  email: string;
  language: string;
  timeZone: string;
}

/** The language and time zone a user chose in the console's settings (English and UTC until they do). */
function readerOf(row: { userId: string; email: string; content: string | null }): Reader {
  let settings: { current_language?: unknown; timezone?: unknown } = {};
  try {
    settings = row.content ? (JSON.parse(row.content) as typeof settings) : {};
  } catch {
    // Settings the console could not read are its defaults here too.
  }
  const language =
    typeof settings.current_language === 'string' ? settings.current_language : DEFAULT_LANGUAGE;
  const zone =
    typeof settings.timezone === 'string' && isKnownTimeZone(settings.timezone) ? settings.timezone : 'UTC';
  return { userId: row.userId, email: row.email, language, timeZone: zone };
}

async function writingFor(reader: Reader): Promise<{
  writing: NotificationWriting;
  t: (key: string, values?: Record<string, string | number>) => string;
}> {
  const [t, orders] = await Promise.all([
    translator(reader.language, 'notifications'),
    translator(reader.language, 'orders'),
  ]);
  const locale = reader.language === 'jp' ? 'ja' : reader.language;
  const instant = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: reader.timeZone,
  });
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: reader.timeZone });
  return {
    t,
    writing: {
      instant: (iso) => instant.format(new Date(iso)),
      day: (iso) => day.format(new Date(iso)),
      orderStatus: (status) => orders(`status.${status.replaceAll('-', '_')}`),
    },
  };
}

async function readers(db: Db, userIds: readonly string[]): Promise<Map<string, Reader>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: users.id, email: users.email, content: userConfigurations.content })
    .from(users)
    .leftJoin(userConfigurations, eq(userConfigurations.userId, users.id))
    .where(inArray(users.id, [...userIds]));
  return new Map(
    rows.flatMap((row) => (row.email ? [[row.userId, readerOf({ ...row, email: row.email })] as const] : [])),
  );
}

/**
 * Takes due notifications off the list before sending them: an e-mail goes at most once. One that cannot be
 * sent is put back for the next turn; a server stopped between the two loses that e-mail, never the
 * notification, which the console still shows.
 */
async function take(db: Db, where: ReturnType<typeof and>, limit: number) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notifications.id, userId: notifications.userId, event: fleetEvents })
      .from(notifications)
      .innerJoin(fleetEvents, eq(fleetEvents.id, notifications.eventId))
      .where(where)
      .orderBy(asc(notifications.id))
      .limit(limit)
      .for('update', { of: notifications, skipLocked: true });
    if (due.length)
      await tx
        .update(notifications)
        .set({ emailedAt: sql`now()` })
        .where(
          inArray(
            notifications.id,
            due.map((row) => row.id),
          ),
        );
    return due;
  });
}

async function putBack(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length)
    await db
      .update(notifications)
      .set({ emailedAt: null })
      .where(inArray(notifications.id, [...ids]));
}

function lines(
  t: (key: string, values?: Record<string, string | number>) => string,
  writing: NotificationWriting,
  events: readonly FleetEventRow[],
) {
  return events.map((event) => {
    const message = notificationMessage(
      { type: event.type as FleetEventType, data: fleetEventOf(event).data },
      writing,
    );
    return t(message.key, message.values);
  });
}

/** Sends the e-mail of each notification whose rule says "e-mail each". Answers how many went. */
export async function sendEachMail(db: Db, mailer: Mailer, consoleUrl: string): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await take(
      db,
      and(eq(notifications.channel, 'email'), isNull(notifications.emailedAt)),
      BATCH,
    );
    if (due.length === 0) return sent;
    const byUser = await readers(db, [...new Set(due.map((row) => row.userId))]);
    const failed: number[] = [];
    for (const row of due) {
      const reader = byUser.get(row.userId);
      if (!reader) continue;
      const { t, writing } = await writingFor(reader);
      const [text] = lines(t, writing, [row.event]);
      try {
        await mailer.send({
          to: [reader.email],
          cc: [],
          subject: t('mail.subject_one', { text: text! }),
          text: [text, '', t('mail.open', { url: consoleUrl }), '', t('mail.why')].join('\n'),
        });
        sent += 1;
      } catch {
        failed.push(row.id);
      }
    }
    await putBack(db, failed);
    if (failed.length) return sent;
  }
}

/** That hour of the local day `at` falls in, in a zone (a day whose clocks change before it keeps its hour). */
function localHour(zone: string, at: Date, hour: number): Date {
  const date = new Date(at.getTime() + gmtOffsetMinutes(zone, at) * 60_000).toISOString().slice(0, 10);
  const start = localDayStart(zone, date);
  const guess = new Date(start.getTime() + hour * 3_600_000);
  return new Date(guess.getTime() + (gmtOffsetMinutes(zone, start) - gmtOffsetMinutes(zone, guess)) * 60_000);
}

/** The users whose digest is due: they have digest notifications from before their last local 7:00. */
async function digestsDue(db: Db, now: Date): Promise<Reader[]> {
  const waiting = await db
    .select({
      userId: notifications.userId,
      first: sql<Date>`min(${notifications.createdAt})`.mapWith(notifications.createdAt),
    })
    .from(notifications)
    .where(and(eq(notifications.channel, 'digest'), isNull(notifications.emailedAt)))
    .groupBy(notifications.userId);
  const byUser = await readers(
    db,
    waiting.map((row) => row.userId),
  );
  return waiting.flatMap((row) => {
    const reader = byUser.get(row.userId);
    if (!reader) return [];
    const today = localHour(reader.timeZone, now, 0);
    const sevenToday = localHour(reader.timeZone, now, DIGEST_HOUR);
    const lastSeven =
      sevenToday > now
        ? localHour(reader.timeZone, new Date(today.getTime() - 3_600_000), DIGEST_HOUR)
        : sevenToday;
    return row.first < lastSeven ? [reader] : [];
  });
}

/** Sends each user's daily digest once their 7:00 passed. Answers how many digests went. */
export async function sendDigests(
  db: Db,
  mailer: Mailer,
  consoleUrl: string,
  now = new Date(),
): Promise<number> {
  let sent = 0;
  for (const reader of await digestsDue(db, now)) {
    const due = await take(
      db,
      and(
        eq(notifications.userId, reader.userId),
        eq(notifications.channel, 'digest'),
        isNull(notifications.emailedAt),
      ),
      500,
    );
    if (due.length === 0) continue;
    const { t, writing } = await writingFor(reader);
    const body = lines(
      t,
      writing,
      due.map((row) => row.event),
    ).map((line) => `- ${line}`);
    try {
      await mailer.send({
        to: [reader.email],
        cc: [],
        subject: t('mail.subject_digest', { count: due.length }),
        text: [
          t('mail.digest_intro'),
          '',
          ...body,
          '',
          t('mail.open', { url: consoleUrl }),
          '',
          t('mail.why'),
        ].join('\n'),
      });
      sent += 1;
    } catch {
      await putBack(
        db,
        due.map((row) => row.id),
      );
    }
  }
  return sent;
}
