import { AppShell } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '../../components/full-page-loader';
import { LanguageSwitcher } from './language-switcher';
import { SessionEffects } from './session-effects';
import { ShellFooter } from './shell-footer';
import { TopBar } from './top-bar';
import { VersionNotice } from './version-notice';

const HEADER_HEIGHT = 60;
const FOOTER_HEIGHT = 56;

export function ShellLayout() {
  return (
    <ModalsProvider>
      <Notifications position="top-right" />
      <SessionEffects />
      <VersionNotice />
      <AppShell header={{ height: HEADER_HEIGHT }} footer={{ height: FOOTER_HEIGHT }} padding="md">
        <AppShell.Header>
          <TopBar />
        </AppShell.Header>
        <AppShell.Main>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
        <AppShell.Footer>
          <ShellFooter />
        </AppShell.Footer>
      </AppShell>
      <LanguageSwitcher />
    </ModalsProvider>
  );
}
