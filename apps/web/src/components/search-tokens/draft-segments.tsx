import { hasOperatorChoice, type TokenSegment } from '@fleet/contract';
import { useTranslation } from 'react-i18next';
import classes from './draft-segments.module.css';
import { operatorLabel, type TokenDraft } from './token-draft';

interface DraftSegmentsProps {
  draft: TokenDraft;
  onSegment: (segment: TokenSegment) => void;
}

/**
 * The title and operator of the token being written, before the input that serves its active segment;
 * a click on either makes it the active segment (a required token keeps its type).
 */
export function DraftSegments({ draft, onSegment }: DraftSegmentsProps) {
  const { t } = useTranslation();
  const label = t(draft.definition.label);
  const segment = (name: 'title' | 'operator', text: string, disabled = false) => (
    <button
      type="button"
      className={classes.segment}
      data-segment={name}
      data-active={draft.segment === name || undefined}
      aria-pressed={draft.segment === name}
      aria-label={t(`list.token_bar.change_${name}`, { label, value: text })}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={(event) => {
        event.stopPropagation();
        onSegment(name);
      }}
    >
      {text}
    </button>
  );
  return (
    <span className={classes.draft} data-testid="token-draft">
      {segment('title', label, draft.definition.required)}
      {hasOperatorChoice(draft.definition) && segment('operator', operatorLabel(draft.operator, t))}
    </span>
  );
}
