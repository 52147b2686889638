import { AppShell } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { LanguageSwitcher } from './language-switcher';
import { SessionEffects } from './session-effects';
import { ShellFooter } from './shell-footer';
import { ShellOverlays } from './shell-overlays';
import classes from './shell-layout.module.css';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';
import { VersionNotice } from './version-notice';

const HEADER_HEIGHT = 60;

export function ShellLayout() {
  return (
    <>
      <ShellOverlays />
      <SessionEffects />
      <VersionNotice />
      <SkipLink />
      <AppShell
        header={{ height: HEADER_HEIGHT }}
        padding={{ base: 'xs', sm: 'md' }}
        className={classes.shell}
      >
        <AppShell.Header>
          <TopBar />
        </AppShell.Header>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
        <ShellFooter />
      </AppShell>
      <LanguageSwitcher />
    </>
  );
}
