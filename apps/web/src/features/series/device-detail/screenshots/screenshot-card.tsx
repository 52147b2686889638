import { displayImageDate, imageDateInstant, type Screenshot } from '@fleet/contract';
import { Card, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../../../components/action-button';
import { CardImage } from '../../../../components/card-image';
import { confirm } from '../../../../components/dialogs';
import { showError } from '../../../../components/show-error';
import { showSuccess } from '../../../../components/show-success';
import { useDateFormat } from '../../../../hooks/use-date-format';
import { deleteScreenshotMutation } from '../../api/screenshots';

interface ScreenshotCardProps {
  serialNumber: string;
  screenshot: Screenshot;
  mayDelete: boolean;
  onOpen: () => void;
}

/** One screenshot: the image (a click shows it full screen), its date and tool version, and Delete. */
export function ScreenshotCard({ serialNumber, screenshot, mayDelete, onOpen }: ScreenshotCardProps) {
  const { t } = useTranslation();
  const deletion = useMutation(deleteScreenshotMutation(serialNumber));
  const date = useDateFormat();
  const { name } = screenshot;
  // Devices write the date in UTC with dashes in the time; shown like every other date.
  const taken = imageDateInstant(screenshot.date);
  const remove = async () => {
    try {
      await deletion.mutateAsync(name);
    } catch (error) {
      showError(error, 'series.screenshots.delete');
      throw error;
    }
    showSuccess(t('series.detail.screenshots.deleted', { name }));
  };

  return (
    <Card component="article" aria-label={name} withBorder radius="md" padding="sm">
      <CardImage
        src={screenshot.mediaLink}
        alt={name}
        openLabel={t('series.detail.screenshots.open', { name })}
        onOpen={onOpen}
      />
      <Group justify="space-between" align="flex-end" wrap="nowrap" mt="sm" gap="xs">
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={600}>
            {taken ? date.long(taken) : displayImageDate(screenshot.date)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {screenshot.toolVersion
              ? t('series.detail.screenshots.tool_version', { version: screenshot.toolVersion })
              : name}
          </Text>
        </Stack>
        {mayDelete && (
          <ActionButton
            size="compact-sm"
            variant="light"
            color="red"
            ask={() =>
              confirm({
                title: t('series.detail.screenshots.delete_title'),
                message: t('series.detail.screenshots.delete_question', { name }),
                danger: true,
              })
            }
            onAction={remove}
          >
            {t('series.detail.screenshots.delete')}
          </ActionButton>
        )}
      </Group>
    </Card>
  );
}
