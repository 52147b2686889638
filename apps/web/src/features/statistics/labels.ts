import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** A question's text in the user's language; a question the console has no text for shows its code. */
export function useQuestionLabel(): (code: string) => string {
  const { t } = useTranslation();
  return useCallback((code: string) => t(`statistics.questions.${code}`, { defaultValue: code }), [t]);
}
