import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './shell-layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

/** The first tab stop of every signed-in page: hidden until focused, it moves the focus past the top bar. */
export function SkipLink() {
  const { t } = useTranslation();
  // The focus moves by script: a plain `#main-content` link would also write the hash into the route.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skip}>
      {t('app.skip_link.main')}
    </a>
  );
}
