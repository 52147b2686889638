import { useTranslation } from 'react-i18next';

const keyOf = (name: string) => name.replace(/[.-]/g, '_');

/** The names of the audit log's actions and kinds of record, in the user's language. */
export function useAuditLabels() {
  const { t } = useTranslation();
  return {
    action: (action: string) => t(`audit.actions.${keyOf(action)}`, { defaultValue: action }),
    subject: (subject: string) => t(`audit.subjects.${keyOf(subject)}`, { defaultValue: subject }),
  };
}
