import { ERROR_BODY_APPEND_LIMIT } from '@fleet/contract';
import { ApiError } from './api';
import { toBase64 } from './base64';

/** Spec §3: the record a user can copy from an error's Details dialog for support. */
export interface ErrorDetailRecord {
  context: {
    action: string;
    date: string;
    user: string | null;
    location: string;
    status: number | null;
    statusText: string;
  };
  res: { message: string; serviceMessage: string | null; fullMessage: string | null };
  req: { url: string | null; type: string | null; payload: string | null };
}

export interface ErrorDetailInput {
  /** What the user was doing, such as `settings.save`. */
  action: string;
  /** The translated message shown in the toast. */
  message: string;
  user: string | null;
  location: string;
  date: Date;
}

const SERVICE_MESSAGE_LIMIT = ERROR_BODY_APPEND_LIMIT;

function fullMessageOf(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.body === null) return null;
    return typeof error.body === 'string' ? error.body : JSON.stringify(error.body);
  }
  if (error instanceof Error) return error.stack ?? error.message;
  return error === undefined ? null : String(error);
}

/** Payloads and long messages are base64-encoded so they survive copy and paste into tickets intact. */
export function errorDetailRecord(error: unknown, input: ErrorDetailInput): ErrorDetailRecord {
  const api = error instanceof ApiError ? error : null;
  const serviceMessage = api?.serviceMessage ?? null;
  const fullMessage = fullMessageOf(error);
  return {
    context: {
      action: input.action,
      date: input.date.toISOString(),
      user: input.user,
      location: input.location,
      status: api?.status ?? null,
      statusText: api?.statusText ?? '',
    },
    res: {
      message: input.message,
      serviceMessage: serviceMessage && serviceMessage.slice(0, SERVICE_MESSAGE_LIMIT),
      fullMessage:
        fullMessage && fullMessage.length > SERVICE_MESSAGE_LIMIT ? toBase64(fullMessage) : fullMessage,
    },
    req: {
      url: api?.request.url ?? null,
      type: api?.request.method ?? null,
      payload: api?.request.payload ? toBase64(api.request.payload) : null,
    },
  };
}
