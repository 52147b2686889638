import { TIMING } from '@fleet/contract';
import { Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../hooks/use-countdown';

export interface CountdownScreenProps {
  title: string;
  message: string;
  onDone: () => void;
  seconds?: number;
}

export function CountdownScreen({
  title,
  message,
  onDone,
  seconds = TIMING.countdownSeconds,
}: CountdownScreenProps) {
  const { t } = useTranslation();
  const left = useCountdown(seconds, onDone);
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Title order={1}>{title}</Title>
        <Text>{message}</Text>
        <Text c="dimmed" role="timer" aria-live="polite">
          {t('common.countdown.returning', { seconds: left })}
        </Text>
      </Stack>
    </Center>
  );
}
