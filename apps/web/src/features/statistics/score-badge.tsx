import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const SCORE_COLOURS = ['red', 'orange', 'yellow', 'lime', 'green'] as const;

/** A score from 1 to 5, coloured from poor to excellent. */
export function ScoreBadge({ score }: { score: number }) {
  const { t } = useTranslation();
  return (
    <Badge color={SCORE_COLOURS[score - 1]} variant="light" miw="max-content">
      {t('statistics.score_value', { score })}
    </Badge>
  );
}
