import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenOptions } from '../../components/search-tokens/token-options';
import { esatOptionsQuery } from './api';
import { useQuestionLabel } from './labels';

/** The values the ESAT filters offer: the service centers, the questions, the scores. */
export function useEsatTokenOptions(): TokenOptions {
  const { t } = useTranslation();
  const label = useQuestionLabel();
  const options = useQuery(esatOptionsQuery);
  return useCallback<TokenOptions>(
    (definition) => {
      switch (definition.type) {
        case 'ServiceCenter':
          return options.data?.serviceCenters.map((center) => ({
            value: String(center.id),
            label: center.name,
          }));
        case 'Question':
          return options.data?.questions.map((question) => ({
            value: question.code,
            label: label(question.code),
          }));
        case 'Score':
          return definition.choices?.map((score) => ({
            value: score,
            label: t('statistics.score_value', { score }),
          }));
        default:
          return undefined;
      }
    },
    [options.data, label, t],
  );
}
