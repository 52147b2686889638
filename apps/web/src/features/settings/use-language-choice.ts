import type { UserConfiguration } from '@fleet/contract';
import { useState } from 'react';
import { showError } from '../../components/show-error';
import { useSaveUserConfiguration } from '../../hooks/use-save-user-configuration';
import { changeLanguage } from '../../lib/i18n';

/**
 * The language applies as soon as it is chosen and is saved at once, on its own (the other settings wait
 * for Save). A save that fails says so and brings the previous language back, on screen and in the field.
 */
export function useLanguageChoice(saved: UserConfiguration) {
  const save = useSaveUserConfiguration();
  const [language, setLanguage] = useState(saved.current_language);
  const [restored, setRestored] = useState<string | null>(null);

  const choose = (next: string) => {
    const previous = language;
    if (next === previous) return;
    setLanguage(next);
    setRestored(null);
    // A language that cannot be loaded at all leaves the one on screen: there is nothing else to show.
    const applied = changeLanguage(next).catch(() => null);
    save.mutate(
      { ...saved, current_language: next },
      {
        onError: (error) => {
          setLanguage(previous);
          setRestored(previous);
          showError(error, 'settings.language');
          // After the chosen language is in place, or it could arrive last and stay.
          void applied.then(() => changeLanguage(previous)).catch(() => null);
        },
      },
    );
  };

  return { language, choose, saving: save.isPending, restored };
}
