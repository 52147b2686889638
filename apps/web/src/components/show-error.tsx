import { TIMING } from '@fleet/contract';
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { ApiError, apiErrorText } from '../lib/api';
import { currentUser } from '../lib/current-user';
import { errorDetailRecord, type ErrorDetailRecord } from '../lib/error-details';
import { i18n } from '../lib/i18n';
import { openModal } from './dialogs/open-dialog';
import { ErrorDetailsDialog } from './error-details-dialog';

/** The translated text for any error: API errors by status, anything else the default message. */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? apiErrorText(error, i18n.t) : i18n.t('errors.api.default');
}

export function openErrorDetails(record: ErrorDetailRecord): void {
  openModal({
    title: i18n.t('errors.details.title'),
    size: 'lg',
    children: <ErrorDetailsDialog record={record} />,
  });
}

function ErrorToastBody({ text, record }: { text: string; record: ErrorDetailRecord }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">{text}</Text>
      <Button size="compact-xs" variant="light" color="red" onClick={() => openErrorDetails(record)}>
        {t('errors.toast.details')}
      </Button>
    </Group>
  );
}

/**
 * The one way screens show an error: a toast that hides after 10 s, with a Details button
 * opening the error record. `action` names what the user was doing, e.g. `settings.save`;
 * `titleKey` gives the toast a title of its own instead of the general one.
 */
export function showError(
  error: unknown,
  action = 'unknown',
  options: { titleKey?: string; titleValues?: Record<string, string>; detail?: string } = {},
): void {
  // `detail` says which record the failure is about (a task's request id, say).
  const text = options.detail ? `${options.detail} ${errorText(error)}` : errorText(error);
  const record = errorDetailRecord(error, {
    action,
    message: text,
    user: currentUser()?.name ?? null,
    location: `${window.location.pathname}${window.location.search}`,
    date: new Date(),
  });
  notifications.show({
    color: 'red',
    title: i18n.t(options.titleKey ?? 'errors.toast.title', options.titleValues),
    message: <ErrorToastBody text={text} record={record} />,
    autoClose: TIMING.errorToastMs,
  });
}
