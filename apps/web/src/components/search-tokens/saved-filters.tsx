import {
  SavedFilterProblem,
  UnknownSearchItem,
  removeFilterList,
  renameFilterList,
  saveFilterList,
  savedFilterTokens,
  type SavedFilterList,
  type SavedFilterListKind,
  type SearchToken,
  type SearchTokenDefinition,
} from '@fleet/contract';
import { Alert, Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveUserConfiguration } from '../../hooks/use-save-user-configuration';
import { useUserConfiguration } from '../../hooks/use-user-configuration';
import { confirm } from '../dialogs/confirm-dialog';
import { prompt } from '../dialogs/prompt-dialog';
import { showError } from '../show-error';

interface SavedFiltersProps {
  list: SavedFilterListKind;
  definitions: readonly SearchTokenDefinition[];
  /** The list's filters now, as saving would keep them. */
  filters: Record<string, string[]>;
  onApply: (tokens: SearchToken[]) => void;
}

/**
 * Saved filter lists (jobs §5): the user keeps the list's filters under a name, applies a saved list,
 * renames and deletes them. They are kept on the server with the user's configuration. A saved list
 * naming a filter that no longer exists, or that the user may no longer use, is not applied at all.
 */
export function SavedFilters({ list, definitions, filters, onApply }: SavedFiltersProps) {
  const { t } = useTranslation();
  const { data: configuration } = useUserConfiguration();
  const save = useSaveUserConfiguration();
  const [refused, setRefused] = useState<string | null>(null);
  if (!configuration) return null;
  const all = configuration.saved_filters;
  const mine = all.filter((saved) => saved.list === list);

  const store = async (next: SavedFilterList[]) => {
    try {
      await save.mutateAsync({ ...configuration, saved_filters: next });
      return true;
    } catch (error) {
      showError(error, 'saved_filters.save');
      return false;
    }
  };
  const nameProblem = (change: () => unknown) => {
    try {
      change();
      return null;
    } catch (error) {
      if (error instanceof SavedFilterProblem)
        return { error: t(`list.saved_filters.problems.${error.problem}`) };
      throw error;
    }
  };

  const saveCurrent = async () => {
    const answer = await prompt({
      title: t('list.saved_filters.save_title'),
      label: t('list.saved_filters.name'),
      confirmLabel: t('list.saved_filters.save'),
      validate: (name) => nameProblem(() => saveFilterList(all, { name, list, filters })),
    });
    if (answer) await store(saveFilterList(all, { name: answer.value, list, filters }));
  };
  const apply = (saved: SavedFilterList) => {
    try {
      onApply(savedFilterTokens(saved, definitions));
      setRefused(null);
    } catch (error) {
      if (!(error instanceof UnknownSearchItem)) throw error;
      setRefused(t('list.saved_filters.refused', { name: saved.name, item: error.message }));
    }
  };
  const rename = async (saved: SavedFilterList) => {
    const answer = await prompt({
      title: t('list.saved_filters.rename_title', { name: saved.name }),
      label: t('list.saved_filters.name'),
      initialValue: saved.name,
      confirmLabel: t('list.saved_filters.rename'),
      validate: (name) => nameProblem(() => renameFilterList(all, list, saved.name, name)),
    });
    if (answer) await store(renameFilterList(all, list, saved.name, answer.value));
  };
  const remove = async (saved: SavedFilterList) => {
    const sure = await confirm({
      title: t('list.saved_filters.delete_title'),
      message: t('list.saved_filters.delete_message', { name: saved.name }),
      confirmLabel: t('list.saved_filters.delete'),
      danger: true,
    });
    if (sure) await store(removeFilterList(all, list, saved.name));
  };

  return (
    <>
      <Menu position="bottom-start" withinPortal>
        <Menu.Target>
          <Button
            variant="light"
            size="compact-sm"
            loading={save.isPending}
            // Its own width in the list's column of controls, not the column's.
            style={{ alignSelf: 'flex-start' }}
          >
            {t('list.saved_filters.button', { count: mine.length })}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {mine.length > 0 && <Menu.Label>{t('list.saved_filters.apply')}</Menu.Label>}
          {mine.map((saved) => (
            <Menu.Item key={saved.name} onClick={() => apply(saved)}>
              {saved.name}
            </Menu.Item>
          ))}
          {mine.length > 0 && <Menu.Divider />}
          <Menu.Item onClick={() => void saveCurrent()}>{t('list.saved_filters.save_current')}</Menu.Item>
          {mine.length > 0 && (
            <>
              <Menu.Divider />
              <Menu.Label>{t('list.saved_filters.manage')}</Menu.Label>
              {mine.flatMap((saved) => [
                <Menu.Item key={`rename:${saved.name}`} onClick={() => void rename(saved)}>
                  {t('list.saved_filters.rename_one', { name: saved.name })}
                </Menu.Item>,
                <Menu.Item key={`delete:${saved.name}`} color="red" onClick={() => void remove(saved)}>
                  {t('list.saved_filters.delete_one', { name: saved.name })}
                </Menu.Item>,
              ])}
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {refused && (
        <Alert color="red" role="alert" withCloseButton onClose={() => setRefused(null)}>
          {refused}
        </Alert>
      )}
    </>
  );
}
