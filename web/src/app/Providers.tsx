import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LayoutPrefsProvider } from '../layout/LayoutPrefs.tsx';
import { PageTitleProvider } from '../layout/PageTitle.tsx';
import { theme } from '../layout/theme.ts';
import { ComponentsHostProvider } from './ComponentsHostProvider.tsx';
import { Toasts } from './Toasts.tsx';

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <LayoutPrefsProvider>
          <PageTitleProvider>
            <ComponentsHostProvider>{children}</ComponentsHostProvider>
          </PageTitleProvider>
        </LayoutPrefsProvider>
        <Toasts />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
