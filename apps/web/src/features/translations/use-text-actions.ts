import type { TranslationEntry, TranslationTarget } from '@fleet/contract';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../components/dialogs';
import { showError } from '../../components/show-error';
import { showSuccess } from '../../components/show-success';
import { useTargetLabel } from './language-target-bar';
import { openTextDialog } from './text-dialog';

type Shown = Pick<TranslationEntry, 'english' | 'bundled' | 'override' | 'inherited'>;

/**
 * Editing a text in a dialog and removing its override, for a language and target: `save` and `removal` are
 * the page's changes, which reload the lists.
 */
export function useTextActions(language: string, target: TranslationTarget) {
  const { t } = useTranslation();
  const where = { language, target: useTargetLabel()(target) };

  const edit = async (name: string, entry: Shown, save: (text: string) => Promise<unknown>) => {
    const saved = await openTextDialog(t('translations.dialog.title', { name, ...where }), {
      entry,
      languageLabel: language,
      save,
    });
    if (!saved) return;
    showSuccess(t('translations.saved', { name, ...where }));
  };

  const remove = async (name: string, removal: () => Promise<unknown>) => {
    const confirmed = await confirm({
      title: t('translations.remove.title'),
      message: t('translations.remove.message', { name, ...where }),
      confirmLabel: t('translations.remove.confirm'),
      danger: true,
    });
    if (!confirmed) return;
    try {
      await removal();
      showSuccess(t('translations.removed', { name, ...where }));
    } catch (error) {
      showError(error, 'translations.remove');
    }
  };

  return { edit, remove };
}
