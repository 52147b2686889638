import { Pill } from '@mantine/core';
import type { KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §5 and §9: a token shows at most 48 characters; the full text is in its title. */
export const TOKEN_MAX_WIDTH_CH = 48;

interface TokenPillProps {
  text: string;
  removable: boolean;
  /** A click (or Enter) opens the token for editing in place. */
  onEdit: () => void;
  onRemove: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  ref: Ref<HTMLDivElement>;
}

export function TokenPill({ text, removable, onEdit, onRemove, onKeyDown, ref }: TokenPillProps) {
  const { t } = useTranslation();
  return (
    <Pill
      ref={ref}
      tabIndex={-1}
      title={text}
      withRemoveButton={removable}
      onRemove={onRemove}
      removeButtonProps={{ 'aria-hidden': false, 'aria-label': t('list.token_bar.remove', { token: text }) }}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        event.stopPropagation();
        onEdit();
      }}
      style={{ cursor: 'pointer' }}
      maw={`${TOKEN_MAX_WIDTH_CH}ch`}
    >
      {text}
    </Pill>
  );
}
