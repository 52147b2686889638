import {
  allCamerasLow,
  MIN_WEBCAM_RESOLUTION,
  preferredCamera,
  TIMING,
  type UserConfiguration,
} from '@fleet/contract';
import { Alert, Loader, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browserIdentity } from '../../lib/browser-identity';
import { camerasQueryOptions } from './webcams';

interface WebcamFieldProps {
  value: UserConfiguration['webcam'];
  onChange: (value: UserConfiguration['webcam']) => void;
}

/** The camera used on this machine; the configuration keeps one choice per browser. */
export function WebcamField({ value, onChange }: WebcamFieldProps) {
  const { t } = useTranslation();
  const [browser] = useState(browserIdentity);
  const cameras = useQuery(camerasQueryOptions);
  const list = cameras.data ?? [];
  const lowResolution = allCamerasLow(list.map((camera) => camera.verdict));
  const [warningExpired, setWarningExpired] = useState(false);

  useEffect(() => {
    if (!lowResolution) return;
    const timer = setTimeout(() => setWarningExpired(true), TIMING.webcamWarningMs);
    return () => clearTimeout(timer);
  }, [lowResolution]);

  if (cameras.isPending)
    return <Loader size="sm" role="status" aria-label={t('settings.webcam.searching')} />;
  if (cameras.isError) return <Alert color="red">{t('settings.webcam.no_enumerate_devices')}</Alert>;
  if (list.length === 0) return <Text c="dimmed">{t('settings.webcam.none')}</Text>;

  const selectedId = value?.[browser] ?? preferredCamera(list)?.deviceId ?? null;
  const selected = list.find((camera) => camera.deviceId === selectedId);
  return (
    <Stack gap="sm">
      <Select
        label={t('settings.webcam.label')}
        description={t('settings.webcam.description')}
        data={list.map((camera, index) => ({
          value: camera.deviceId,
          label: camera.label || t('settings.webcam.unnamed', { number: index + 1 }),
        }))}
        value={selected ? selected.deviceId : null}
        onChange={(deviceId) => deviceId && onChange({ ...value, [browser]: deviceId })}
        allowDeselect={false}
        maw={420}
      />
      {selected?.verdict === 'unknown' && (
        <Text size="sm" c="dimmed">
          {t('settings.webcam.unknown_resolution')}
        </Text>
      )}
      {lowResolution && !warningExpired && (
        <Alert color="yellow" role="alert">
          {t('settings.webcam.low_resolution', MIN_WEBCAM_RESOLUTION)}
        </Alert>
      )}
    </Stack>
  );
}
