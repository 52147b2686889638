import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useJobMode } from './use-job-mode';

/** Normal or synthetic jobs, for users holding the synthetic-jobs feature. */
export function JobModeSwitch() {
  const { t } = useTranslation();
  const { synthetic, mayChoose, choose } = useJobMode();
  if (!mayChoose) return null;
  return (
    <SegmentedControl
      aria-label={t('jobs.mode.label')}
      style={{ alignSelf: 'flex-start' }}
      value={synthetic ? 'synthetic' : 'normal'}
      onChange={(value) => choose(value === 'synthetic')}
      data={[
        { value: 'normal', label: t('jobs.mode.normal') },
        { value: 'synthetic', label: t('jobs.mode.synthetic') },
      ]}
    />
  );
}
