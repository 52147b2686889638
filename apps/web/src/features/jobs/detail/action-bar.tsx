import { Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './action-bar.module.css';

/** The job detail's floating action bar (jobs spec §2): at the bottom of the window while the page scrolls. */
export function ActionBar({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper
      className={classes.bar}
      withBorder
      shadow="sm"
      p="xs"
      role="toolbar"
      aria-label={t('job_detail.actions.label')}
    >
      <Group gap="xs" wrap="wrap">
        {children}
      </Group>
    </Paper>
  );
}
