import type { UserConfiguration } from '@fleet/contract';

function sameWebcams(a: UserConfiguration['webcam'], b: UserConfiguration['webcam']): boolean {
  if (a === null || b === null) return a === b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

/** Spec §4: language, time zone, webcam or print settings differ from what is saved. */
export function isChanged(saved: UserConfiguration, draft: UserConfiguration): boolean {
  return (
    saved.current_language !== draft.current_language ||
    saved.timezone !== draft.timezone ||
    saved.print_settings.format !== draft.print_settings.format ||
    saved.print_settings.margins !== draft.print_settings.margins ||
    !sameWebcams(saved.webcam, draft.webcam)
  );
}

/** The Save button is enabled only for a change, and not while a save is under way. */
export function canSave(saved: UserConfiguration, draft: UserConfiguration, saving: boolean): boolean {
  return !saving && isChanged(saved, draft);
}
