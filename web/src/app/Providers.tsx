import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ScanButton } from '../features/scan/ScanButton.tsx';
import { GlobalSearch } from '../features/search/GlobalSearch.tsx';
import { HeaderActionsContext } from '../layout/HeaderActions.ts';
import { LayoutPrefsProvider } from '../layout/LayoutPrefs.tsx';
import { PageTitleProvider } from '../layout/PageTitle.tsx';
import { theme } from '../layout/theme.ts';
import { ComponentsHostProvider } from './ComponentsHostProvider.tsx';
import { Toasts } from './Toasts.tsx';

const headerActions = (
  <>
    <GlobalSearch />
    <ScanButton />
  </>
);

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <LayoutPrefsProvider>
          <PageTitleProvider>
            <ComponentsHostProvider>
              <HeaderActionsContext.Provider value={headerActions}>{children}</HeaderActionsContext.Provider>
            </ComponentsHostProvider>
          </PageTitleProvider>
        </LayoutPrefsProvider>
        <Toasts />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
